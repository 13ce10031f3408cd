import type { ComponentType, ReactNode } from 'react';
import type { Action, Actor } from '../../domain';
import type { ResourceDef } from '../../domain/resource';
import type { RecordLike } from './access';

export type FormMode = 'create' | 'edit';

/** What an input override gets: the same as the schema's own input. */
export interface SchemaInputProps {
  def: ResourceDef;
  name: string;
  mode: FormMode;
}

/** A tab of the details page after the schema-built "Details" one (e.g. a company's users). */
export interface SchemaTab {
  /** i18n key of the tab label. */
  label: string;
  content: ComponentType;
  /** Shown only when this says so (by the signed-in actor and the record). */
  visible?: (actor: Actor, record: RecordLike) => boolean;
}

/**
 * How a record reads as a card on a phone (SchemaCards), where a table would scroll sideways.
 * Each part is a field shown as the list shows it (the resource's `display` included).
 */
export interface CardLayout {
  /** The card's title (default: the list's first column). */
  title?: string;
  /** The record's state, beside the title, as its row's status columns show it (default: `status` when listed). */
  status?: readonly string[];
  /** Lines under the title, each with its field's label (default: the next two columns). */
  lines?: readonly string[];
}

/**
 * A react-admin resource built from its domain declaration. Everything but `def` is optional:
 * the schema gives the List, Create, details (Show) and Update (Edit) screens; a resource sets
 * only what the spec asks to be different.
 */
export interface SchemaResource {
  def: ResourceDef;
  /** Whole screens replacing the schema-built ones. */
  list?: ComponentType;
  create?: ComponentType;
  /** The details page (show and, with ?mode=edit, update). */
  details?: ComponentType;
  /** The update page at the declaration's own edit route (e.g. a schedule's Reschedule, the schedule builder). */
  edit?: ComponentType;
  /** i18n key of the Update action's name where the spec names it otherwise (a schedule's Reschedule). */
  updateLabel?: string;
  /** Which filter fields, in which order (default: the declaration's filter fields in field order). */
  filters?: readonly string[];
  /** Per-field inputs replacing the schema's input in the create and edit forms. */
  inputs?: Partial<Record<string, ComponentType<SchemaInputProps>>>;
  /** Fields left out of the forms (e.g. set from the context). */
  omitInputs?: (mode: FormMode, actor: Actor) => readonly string[];
  /**
   * A list row's actions instead of View, Update, Delete (compose DefaultRowActions, ViewAndUpdate,
   * SchemaDeleteButton).
   */
  rowActions?: ComponentType;
  /**
   * Bulk updates of the selected rows, beside bulk delete (e.g. agents' Mark busy). A row is
   * then selectable when the role may update it, not only delete it.
   */
  bulkActions?: ComponentType;
  /** Extra actions of the details page, beside Update and Delete (e.g. a bot's Download). */
  detailsActions?: ComponentType;
  /**
   * A rule beyond the permission table for a record (e.g. nobody deletes themselves; a deleted user is not updated).
   */
  allows?: (action: Action, actor: Actor, record: RecordLike) => boolean;
  /** How some fields read, in lists and on the details page (e.g. a role name in the chosen language). */
  display?: Partial<Record<string, ComponentType>>;
  /** What a phone's card shows of a record (default: title, status, two lines; see CardLayout). */
  card?: CardLayout;
  /** Tabs after "Details" on the details page. */
  tabs?: readonly SchemaTab[];
  /** Initial values of the create form (e.g. read from the query string). */
  createDefaults?: () => Record<string, unknown>;
  /** false: no create page (e.g. tokens are generated in a dialog, see listActions). */
  createPage?: boolean;
  /** false: no screens of its own (it lives inside another resource's page, like a company's licence). */
  routes?: boolean;
  /** Extra content of the list toolbar (e.g. a generate dialog). */
  listActions?: ReactNode;
  /**
   * What an empty list says when records are not made with its Create (e.g. runs start from a
   * bot's Run): a text of the resource (`resources.<name>.<text>`) and what leads there.
   */
  empty?: { text: string; action?: ReactNode };
  /**
   * true: the list's cells wrap at every width, whole values and headers on several lines,
   * where one-line rows would push a column of a many-column list out of a 1440 px screen.
   */
  wrapCells?: boolean;
}

/**
 * A resource as the shell routes it before its screens are downloaded: its declaration, which
 * pages it has (the same flags as SchemaResource's), and how to load the whole SchemaResource.
 * Its screens then come with their own route, so the shell's first download holds none of them.
 */
export interface LazySchemaResource {
  def: ResourceDef;
  createPage?: boolean;
  routes?: boolean;
  load: () => Promise<SchemaResource>;
}

/** What the shell is given: a resource already loaded (a test's own) or one loaded with its route. */
export type ShellResource = SchemaResource | LazySchemaResource;
