import { sql, type BuildExtraConfigColumns, type HasDefault, type NotNull } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef, Tenancy } from '../../../src/domain/resource';
import { createdAt, updatedAt } from './columns';

/*
 * A resource's table derived from its declaration (tableOf). Columns come from the field
 * types, named in snake_case; the rules of columnOf and indexesOf say which are NOT NULL, which
 * have a default, which constraints and indexes the table gets. Bespoke columns, constraints and
 * indexes are added where a resource needs more (users' password hash, a name unique in lower case).
 */

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const idColumn = () => uuid('id').primaryKey().defaultRandom();
const textColumn = (name: string) => text(name);
const integerColumn = (name: string) => integer(name);
const numberColumn = (name: string) => numeric(name, { mode: 'number' });
const booleanColumn = (name: string) => boolean(name);
const dateColumn = (name: string) => date(name);
const datetimeColumn = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const uuidColumn = (name: string) => uuid(name);
const jsonColumn = (name: string) => jsonb(name);

/** The column builder of a field's type, before NOT NULL and defaults. */
type BaseOf<F extends FieldDef> = F['type'] extends 'boolean'
  ? ReturnType<typeof booleanColumn>
  : F['type'] extends 'integer'
    ? ReturnType<typeof integerColumn>
    : F['type'] extends 'number'
      ? ReturnType<typeof numberColumn>
      : F['type'] extends 'date'
        ? ReturnType<typeof dateColumn>
        : F['type'] extends 'datetime'
          ? ReturnType<typeof datetimeColumn>
          : F['type'] extends 'reference'
            ? ReturnType<typeof uuidColumn>
            : F['type'] extends 'json'
              ? ReturnType<typeof jsonColumn>
              : F extends { type: 'enum'; choices: readonly number[] }
                ? ReturnType<typeof integerColumn>
                : ReturnType<typeof textColumn>;

type HasDefaultValue<F extends FieldDef> = F extends { defaultValue: string | number | boolean }
  ? true
  : F['type'] extends 'boolean'
    ? true
    : false;
type IsNotNull<F extends FieldDef, K, T extends Tenancy> = F extends { required: true }
  ? true
  : K extends 'companyId'
    ? T extends 'company'
      ? true
      : false
    : false;

/** The column a field derives, typed as Drizzle types the same column written by hand. */
type ColumnOf<F extends FieldDef, K, T extends Tenancy> = K extends 'id'
  ? ReturnType<typeof idColumn>
  : K extends 'createdAt'
    ? ReturnType<typeof createdAt>
    : K extends 'updatedAt'
      ? ReturnType<typeof updatedAt>
      : HasDefaultValue<F> extends true
        ? HasDefault<NotNull<BaseOf<F>>>
        : IsNotNull<F, K, T> extends true
          ? NotNull<BaseOf<F>>
          : BaseOf<F>;

/** Fields that are no column: `references` (a link table holds them) and virtual ones. */
type NotStored<F extends Record<string, FieldDef>> = {
  [K in keyof F]: F[K] extends { type: 'references' } | { virtual: true } ? K : never;
}[keyof F];

export type DerivedColumns<
  F extends Record<string, FieldDef>,
  T extends Tenancy,
  D extends string,
  C extends Record<string, PgColumnBuilderBase>,
> = {
  [K in Exclude<keyof F & string, NotStored<F> | D | keyof C>]: ColumnOf<F[K], K, T>;
} & C;

export interface TableOptions<D extends string, C extends Record<string, PgColumnBuilderBase>, X> {
  /** The table's name when it is not the resource's name in snake_case (licences → company_licences). */
  name?: string;
  /** Declared fields the table does not store: lookups, and values computed in SQL or in JS. */
  derived?: readonly D[];
  /** The tables reference fields point at, by resource name: `{ companies, roles }`. */
  targets?: Readonly<Record<string, { id: AnyPgColumn }>>;
  /** Columns that are no declared field (a password hash), or that replace a field's derived column. */
  columns?: C;
  /**
   * Whether the list of every company (the platform roles' default page) gets its index:
   * default sort, then id. Yes, unless the table was made without one.
   */
  unscopedListIndex?: boolean;
  /** Constraints and indexes of the table's own (a name unique in lower case, a check between two dates). */
  extra?: (t: X) => PgTableExtraConfigValue[];
}

/** What columnOf asks of a column builder (every Drizzle column builder has these methods). */
interface AnyBuilder extends PgColumnBuilderBase {
  notNull(): AnyBuilder;
  default(value: unknown): AnyBuilder;
  unique(): AnyBuilder;
  references(ref: () => AnyPgColumn, actions: { onDelete?: FieldDef['onDelete'] }): AnyBuilder;
}
type Targets = TableOptions<string, Record<string, PgColumnBuilderBase>, unknown>['targets'];

function baseColumn(field: FieldDef, column: string): AnyBuilder {
  switch (field.type) {
    case 'boolean':
      return booleanColumn(column);
    case 'integer':
      return integerColumn(column);
    case 'number':
      return numberColumn(column);
    case 'date':
      return dateColumn(column);
    case 'datetime':
      return datetimeColumn(column);
    case 'reference':
      return uuidColumn(column);
    case 'json':
      return jsonColumn(column);
    case 'enum':
      return field.choices?.every((c) => typeof c === 'number') ? integerColumn(column) : textColumn(column);
    default:
      return textColumn(column);
  }
}

/**
 * The column of one declared field:
 * - `id` is the uuid primary key; `createdAt` and `updatedAt` are timestamps the database sets;
 * - a reference is a uuid with a foreign key to its target's id, ON DELETE as `onDelete` says;
 * - NOT NULL when the field is required, has a default value, is a boolean, or is the company
 *   of a company-owned record; the default value is the column's default (false for booleans);
 * - a `unique` field gets a unique constraint.
 */
function columnOf(def: ResourceDef, name: string, field: FieldDef, targets: Targets): PgColumnBuilderBase {
  if (name === 'id') return idColumn();
  if (name === 'createdAt') return createdAt();
  if (name === 'updatedAt') return updatedAt();
  const byDefault = field.defaultValue ?? (field.type === 'boolean' ? false : undefined);
  let column = baseColumn(field, snake(name));
  if (byDefault !== undefined || field.required || (name === 'companyId' && def.tenancy === 'company'))
    column = column.notNull();
  if (byDefault !== undefined) column = column.default(byDefault);
  if (field.unique) column = column.unique();
  if (field.type === 'reference') {
    const target = field.reference ? targets?.[field.reference] : undefined;
    if (!target) throw new Error(`${def.name}.${name}: no target table given for references to ${field.reference}`);
    column = column.references(() => target.id, field.onDelete ? { onDelete: field.onDelete } : {});
  }
  return column;
}

/** A check that an enum column holds one of its choices (`<table>_<column>_check`). */
function choicesCheck(table: string, column: ExtraConfigColumn, choices: readonly (string | number)[]) {
  const literals = choices.map((c) => (typeof c === 'number' ? String(c) : `'${c.replace(/'/g, "''")}'`));
  return check(`${table}_${column.name}_check`, sql`${column} in (${sql.raw(literals.join(', '))})`);
}

/** An index's name from its columns: users_company_status_created_idx for (company_id, status, created_at, id). */
const indexName = (table: string, columns: readonly ExtraConfigColumn[]): string =>
  `${table}_${columns
    .filter((c) => c.name !== 'id')
    .map((c) => c.name.replace(/_(id|at)$/, ''))
    .join('_')}_idx`;

/**
 * The indexes a list needs to read its page in order and stop: the equality filters first, then
 * the default sort and the id in the sort's direction (`desc nulls first` is what DESC means).
 * - company-owned records: (company, sort, id), unless a record is unique per company;
 * - every company's list (the platform roles' page): (sort, id), unless `unscopedListIndex` is false;
 * - each `indexed` filter: (filter, sort, id) and, for company-owned records, (company, filter, sort, id);
 * - a reference no index starts with: (reference), so that deleting its target finds the rows at once.
 */
function indexesOf(
  def: ResourceDef,
  table: string,
  t: Record<string, ExtraConfigColumn>,
  derived: ReadonlySet<string>,
  options: { unscopedListIndex?: boolean },
) {
  const sort = t[def.defaultSort.field];
  if (!sort)
    throw new Error(
      `${def.name}: the default sort ${def.defaultSort.field} is no column of the table, so no list index can follow it`,
    );
  // desc() marks the column until an index takes it (.on): order a column for each index anew.
  const ordered = (column: ExtraConfigColumn) =>
    def.defaultSort.order === 'DESC' ? column.desc().nullsFirst() : column;
  const tail = (): Partial<ExtraConfigColumn>[] => (sort === t.id ? [ordered(t.id)] : [ordered(sort), ordered(t.id)]);
  const lists: ExtraConfigColumn[][] = [];
  const company = def.tenancy === 'company' ? t.companyId : undefined;
  if (company && !def.fields.companyId.unique) lists.push([company]);
  if (options.unscopedListIndex !== false) lists.push([]);
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.indexed || name === 'companyId') continue;
    if (!t[name]) throw new Error(`${def.name}.${name}: indexed, but the table has no such column`);
    lists.push([t[name]]);
    if (company) lists.push([company, t[name]]);
  }
  // Every list index ends with the id: the engine breaks ties of the sort by it.
  const indexes = lists.map((leading) => {
    const [first, ...rest] = [...leading, ...tail()];
    return index(indexName(table, [...leading, sort])).on(first, ...rest);
  });
  for (const [name, field] of Object.entries(def.fields)) {
    const column = t[name];
    const led = lists.some((leading) => leading[0] === column) || field.unique;
    if (field.type === 'reference' && derived.has(name) && !led)
      indexes.push(index(indexName(table, [column])).on(column));
  }
  return indexes;
}

/**
 * The table of a declared resource: its stored fields as columns (see columnOf), the checks of
 * its enum columns, the indexes of its lists (see indexesOf), plus `options`' bespoke columns
 * and constraints. Its TypeScript type is what the same table written by hand would have.
 */
export function tableOf<
  F extends Record<string, FieldDef>,
  T extends Tenancy,
  D extends keyof F & string = never,
  C extends Record<string, PgColumnBuilderBase> = Record<never, PgColumnBuilderBase>,
>(
  def: ResourceDef<F> & { tenancy: T },
  options: TableOptions<D, C, BuildExtraConfigColumns<string, DerivedColumns<F, T, D, C>, 'pg'>> = {},
) {
  const name = options.name ?? snake(def.name);
  const bespoke: Record<string, PgColumnBuilderBase> = options.columns ?? {};
  const derived = new Set<string>(options.derived ?? []);
  const columns: Record<string, PgColumnBuilderBase> = {};
  const enums: [string, readonly (string | number)[]][] = [];
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.type === 'references' || field.virtual || derived.has(key) || key in bespoke) continue;
    columns[key] = columnOf(def, key, field, options.targets);
    if (field.type === 'enum' && field.choices) enums.push([key, field.choices]);
  }
  Object.assign(columns, bespoke);
  // The runtime map is built from the declaration as DerivedColumns describes it.
  return pgTable(name, columns as DerivedColumns<F, T, D, C>, (t) => {
    const byKey = t as Record<string, ExtraConfigColumn>;
    return [
      ...enums.map(([key, choices]) => choicesCheck(name, byKey[key], choices)),
      ...indexesOf(def, name, byKey, new Set(Object.keys(columns).filter((key) => !(key in bespoke))), options),
      ...(options.extra?.(t) ?? []),
    ];
  });
}
