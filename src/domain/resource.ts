import type { Access } from './access';
import type { MenuEntry } from './menuEntry';
import type { Resource as PermissionResource } from './permissions';
import type { Rule } from './validation';

/**
 * A resource is declared once, here in the domain core, and the declaration drives the
 * server's CRUD routes (TypeBox schemas, SQL, permissions, tenant scoping, OpenAPI) and the web
 * app's default List/Show/Edit/Create screens, validation and i18n keys.
 *
 * Every field type a declaration may give, in one list: the server and `npm run db:generate`
 * refuse a declaration whose field has another (src/domain/declarationShape.ts).
 * `json` is free-form JSON, read-only in practice (e.g. the changed fields of an audit entry).
 */
export const FIELD_TYPES = [
  'string',
  'text',
  'email',
  'phone',
  'boolean',
  'integer',
  'number',
  'date',
  'datetime',
  'enum',
  'reference',
  'references',
  'json',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What deleting a reference's target does to the records pointing at it. */
export const ON_DELETE = ['cascade', 'set null', 'restrict'] as const;
export type OnDelete = (typeof ON_DELETE)[number];

export interface FieldDef {
  type: FieldType;
  /** Rules checked by the web form and by the server before anything is written. */
  rules?: readonly Rule[];
  /**
   * The record always has a value: a writable field is required in a create body, and the
   * column is NOT NULL (also for read-only fields the server fills in, such as a file's name).
   */
  required?: boolean;
  /** For enum fields. */
  choices?: readonly (string | number)[];
  /** For reference(s) fields: the target resource's name. */
  reference?: string;
  /**
   * For reference fields: what deleting the target does to this record (the foreign key's
   * ON DELETE): cascade deletes it too, set null empties the field, restrict (the default)
   * refuses the delete while records point at the target (409 "still in use").
   */
  onDelete?: OnDelete;
  /** Shown as a list column (and sortable, unless sortable is false). */
  list?: boolean;
  sortable?: boolean;
  /** Offered as a list filter and accepted as a query parameter of /x/all. */
  filter?: boolean;
  /** Included in the `q` text search (case-insensitive substring). */
  searchable?: boolean;
  /** Set by the server only (ids, timestamps, counters): never accepted in a body. */
  readOnly?: boolean;
  /** Accepted on create only (e.g. the company of a user cannot move later). */
  createOnly?: boolean;
  /** Write-only: never returned by the API, never written to the audit log. */
  secret?: boolean;
  /** Not part of the create/edit forms (e.g. computed or managed by a bespoke screen). */
  hidden?: boolean;
  /**
   * The API schema's cap on a string's length, in code points (what JSON Schema counts). A field
   * whose rules count graphemes sets it with `codePointCap` (`text.ts`), so that the schema never
   * refuses a name the rules and the form accept.
   */
  maxLength?: number;
  /** Bounds of integer and number fields (checked by the API schema). */
  min?: number;
  max?: number;
  /** Accepted in a body but not stored as such (e.g. expiresInDays, turned into expiresAt by the server). */
  virtual?: boolean;
  /** Optional field's value when a create omits it (shown as the form's default too). */
  defaultValue?: string | number | boolean;
  /** Query parameter name of the filter when it differs from the field (e.g. groupIds → groupId). */
  filterParam?: string;
  /**
   * Datetime fields: the list also filters by a range of instants, with these two query
   * parameters (ISO 8601): `from` keeps records at or after it, `to` those strictly before it,
   * so consecutive ranges never count a record twice.
   */
  rangeFilter?: { from: string; to: string };
  /**
   * Lists filtered by this field are common enough to deserve an index: the table gets one on
   * (company, field, default sort, id) and one on (field, default sort, id).
   */
  indexed?: boolean;
  /**
   * Leading and trailing white space is removed on create and update, before the field's rules
   * run (names, addresses, descriptions: their rules judge the trimmed value).
   */
  trim?: boolean;
  /** No two records share a value (one licence per company): a unique constraint of the table. */
  unique?: boolean;
}

export type Tenancy =
  /** Every record belongs to one company (a `companyId` field). */
  | 'company'
  /** The record is a company itself: a company-scoped actor sees their own company only. */
  | 'self'
  /** Platform-wide records. */
  | 'none';

export interface ResourceRoutes {
  list?: string;
  create?: string;
  show?: string;
  edit?: string;
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** react-admin resource name = folder name = i18n key `resources.<name>`. */
  name: string;
  /** API prefix under /api, e.g. `company` → /api/company/all. */
  apiPrefix: string;
  /**
   * Overrides of the conventional API paths, relative to the prefix: `{ list: 'by-pagination' }`
   * serves the list at /<prefix>/by-pagination, `''` at the prefix itself, `':id'` a record's
   * route at /<prefix>/:id.
   */
  apiPaths?: Partial<Record<keyof ApiPaths, string>>;
  /**
   * Who may do what: the resource's own row of the permission table (scopes of each role for
   * list, show, create, update, delete), or `{ sameAs: '<resource>' }` to follow another row.
   */
  access: Access;
  /** The name of the permission row it follows (its own name, or `access.sameAs`); set by defineResource. */
  permission: PermissionResource;
  tenancy: Tenancy;
  /**
   * Field naming whose record it is, for the `own` scope ('id' for users: their own record;
   * the creator for bots). The engine sets it to the actor on create.
   */
  ownerField?: string;
  /** A `references` field listing the members, for the `member` scope (a group's userIds). */
  membership?: string;
  fields: F;
  /** Field shown when a record is referenced (names endpoint, reference inputs). */
  recordRepresentation: string;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Client routes where they differ from react-admin's conventions. */
  routes?: ResourceRoutes;
  /** Soft delete: a delete sets this boolean field instead of removing the row. */
  softDelete?: string;
  /** Its sidebar entries (none: it is reached from other screens only). */
  menu?: MenuEntry | readonly MenuEntry[];
}

/** The field names a declaration refers to must be its own fields (checked when declared). */
type Declaration<F extends Record<string, FieldDef>, N extends string, T extends Tenancy> = Omit<
  ResourceDef<F>,
  'permission'
> & {
  name: N;
  tenancy: T;
  recordRepresentation: keyof F & string;
  defaultSort: { field: keyof F & string; order: 'ASC' | 'DESC' };
  softDelete?: keyof F & string;
  ownerField?: keyof F & string;
  membership?: keyof F & string;
};

/**
 * Declares a resource. The answer's field names are plain strings, so that every declaration
 * fits the engines that take a ResourceDef of every shape (the key checks happened here); its name and
 * tenancy stay literals, so that the server's table derived from it is typed exactly.
 */
export function defineResource<
  const F extends Record<string, FieldDef>,
  const N extends string,
  const T extends Tenancy,
>(def: Declaration<F, N, T>): ResourceDef<F> & { name: N; tenancy: T } {
  if (!(def.recordRepresentation in def.fields)) throw new Error(`${def.name}: recordRepresentation is not a field`);
  const permission: PermissionResource = 'sameAs' in def.access ? def.access.sameAs : def.name;
  return { ...def, permission };
}

/** The API paths of a resource's routes under /api; `:id` stands for a record's id. */
export interface ApiPaths {
  list: string;
  names: string;
  details: string;
  create: string;
  update: string;
  delete: string;
}

/** Where each route of a declared resource lives: the server registers them there, the web app calls them there. */
export function apiPathsOf(def: Pick<ResourceDef, 'apiPrefix' | 'apiPaths'>): ApiPaths {
  const base = `/${def.apiPrefix}`;
  const at = (route: keyof ApiPaths, conventional: string): string => {
    const relative = def.apiPaths?.[route] ?? conventional;
    return relative === '' ? base : `${base}/${relative}`;
  };
  return {
    list: at('list', 'all'),
    names: at('names', 'names'),
    details: at('details', 'details/:id'),
    create: at('create', 'create'),
    update: at('update', 'update/:id'),
    delete: at('delete', 'delete/:id'),
  };
}

/** The fields a client may send on create or update. */
export function writableFields(def: ResourceDef, mode: 'create' | 'update'): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => !f.readOnly && !(mode === 'update' && f.createOnly))
    .map(([name]) => name);
}

export const listColumns = (def: ResourceDef): string[] =>
  Object.entries(def.fields)
    .filter(([, f]) => f.list && !f.secret)
    .map(([name]) => name);
export const filterFields = (def: ResourceDef): string[] =>
  Object.entries(def.fields)
    .filter(([, f]) => f.filter)
    .map(([name]) => name);
export const searchableFields = (def: ResourceDef): string[] =>
  Object.entries(def.fields)
    .filter(([, f]) => f.searchable)
    .map(([name]) => name);
/** List columns and the default sort field (a list opens sorted by it, shown or not). */
export const isSortable = (def: ResourceDef, field: string): boolean => {
  const f = def.fields[field];
  return !!f && !f.secret && !f.virtual && (f.sortable ?? (!!f.list || field === def.defaultSort.field));
};
export const sortableFields = (def: ResourceDef): string[] =>
  Object.keys(def.fields).filter((name) => isSortable(def, name));
