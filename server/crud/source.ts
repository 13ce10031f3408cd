import { and, eq, getTableColumns, is, or, sql, type SQL } from 'drizzle-orm';
import { alias, getTableConfig, PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Actor, Scope } from '../../src/domain';
import type { ResourceDef } from '../../src/domain/resource';
import { filterParamOf } from './schemas';

/** A many-to-many link table behind a `references` field (e.g. user_groups behind users.groupIds). */
export interface Relation {
  table: PgTable;
  /** The link column that points at this resource's row. */
  self: PgColumn;
  /** The link column that points at the related row. */
  other: PgColumn;
}

/**
 * A field read from the row that one of this table's columns points at (the company's name of
 * a user): one LEFT JOIN per query, where a correlated sub-select would scan the other table
 * once per row — on PGlite each such scan also asks the file system for the table's size.
 */
export interface Lookup {
  /** The table pointed at; its key is its `id`. */
  table: PgTable;
  /** The key (property name) of the column to read from it. */
  column: string;
  /** This table's column holding the id. */
  via: PgColumn;
}

export type CrudRecord = Record<string, unknown> & { id: string };

export interface PresentContext {
  app: FastifyInstance;
  actor: Actor;
}

/** Where a resource's records live and how its derived fields are computed. */
export interface CrudSource {
  table: PgTable;
  /** Derived fields: field → SQL expression over the table (correlated sub-selects, CASE…). */
  computed?: Record<string, SQL>;
  /** Fields read through a LEFT JOIN on another table's id (names of what a row points at). */
  lookups?: Record<string, Lookup>;
  relations?: Record<string, Relation>;
  /**
   * Extra condition of every list and names answer, given which filters were asked for (e.g.
   * hide soft-deleted users unless a status is). Their names only, not their values: the list
   * SQL is rendered once per combination.
   */
  baseWhere?: (given: ReadonlySet<string>) => SQL | undefined;
  /**
   * The rows `member` (a bound user id) is a member of, as a condition of the list: for a
   * membership computed through another table (a run's viewers are its bot's), where testing
   * the computed list row by row would run its sub-select on every row of the company.
   */
  memberWhere?: (member: unknown) => SQL;
  /**
   * Fields computed in JS after reading (decrypting, formatting with domain functions); runs on every answered record.
   */
  present?: (record: CrudRecord, ctx: PresentContext) => CrudRecord;
  /**
   * Fields `present` adds. They are read as null with the row, so that it sets a property the
   * driver's row object already has: adding one to each of 25 driver-made rows costs more CPU
   * than the rest of a page's JS work (docs/BENCHMARKS.md).
   */
  presented?: readonly string[];
}

export type Selection = Record<string, PgColumn | SQL>;

export function columnsOf(source: CrudSource): Record<string, PgColumn> {
  return getTableColumns(source.table) as Record<string, PgColumn>;
}

export function idColumn(source: CrudSource): PgColumn {
  const id = columnsOf(source).id;
  if (!id) throw new Error('A CRUD table needs an id column');
  return id;
}

interface JoinedLookup {
  column: PgColumn;
  join: SQL;
}

const joinedLookups = new WeakMap<CrudSource, Record<string, JoinedLookup>>();

/** Each lookup's column under an alias of its own (two lookups may read one table) and its join. */
function lookupsOf(source: CrudSource): Record<string, JoinedLookup> {
  let found = joinedLookups.get(source);
  if (!found) {
    found = {};
    for (const [name, lookup] of Object.entries(source.lookups ?? {})) {
      const aliasName = `${name}_lookup`;
      const aliased = alias(lookup.table, aliasName) as unknown as Record<string, PgColumn>;
      const column = aliased[lookup.column];
      if (!column || !aliased.id) throw new Error(`Lookup ${name}: no column ${lookup.column} or id`);
      found[name] = {
        column,
        join: sql`left join ${sql.identifier(getTableConfig(lookup.table).name)} as ${sql.identifier(aliasName)} on ${aliased.id} = ${lookup.via}`,
      };
    }
    joinedLookups.set(source, found);
  }
  return found;
}

/** What a read selects from: the table and its lookups' joins (PostgreSQL drops those a query does not use). */
export function fromOf(source: CrudSource): SQL {
  const joins = Object.values(lookupsOf(source)).map((l) => l.join);
  return joins.length === 0 ? sql`${source.table}` : sql.join([sql`${source.table}`, ...joins], sql` `);
}

/** Field → column or expression, for every non-secret field the source can produce. */
export function selectionOf(def: ResourceDef, source: CrudSource): Selection {
  const columns = columnsOf(source);
  const id = idColumn(source);
  const lookups = lookupsOf(source);
  const out: Selection = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.secret || field.virtual) continue;
    const computed = source.computed?.[name];
    const relation = source.relations?.[name];
    const lookup = lookups[name];
    // Nested one level: Drizzle strips the table from the top-level columns of a single-table
    // select, which would make a correlated sub-select's outer reference ambiguous.
    if (computed) out[name] = sql`${computed}`;
    else if (lookup) out[name] = lookup.column;
    else if (relation) {
      // text[] rather than uuid[]: both drivers parse it into a string array.
      out[name] =
        sql`${sql`coalesce((select array_agg(${relation.other}::text order by ${relation.other}) from ${relation.table} where ${relation.self} = ${id}), '{}'::text[])`}`;
    } else if (columns[name]) out[name] = columns[name];
  }
  return out;
}

/** Never equal to a real id: a company-scoped rule for an actor without company matches nothing. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * How a condition carries a value: inline as a query parameter, or as a named placeholder
 * (`placeholders()`) so that the SQL text is the same for every request of one shape.
 */
export type Bind = (name: string, value: unknown) => unknown;
export const inline: Bind = (_name, value) => value;

/** A Bind that names each value and keeps it for fillPlaceholders. */
export function placeholders(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  return {
    values,
    bind: (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    },
  };
}

/**
 * A WHERE condition, and the columns of the resource's own table it pins to one value each
 * (`column = value`), as the code that builds it knows them: null when it does anything else
 * as well (a search, a sub-select, a lookup's column). The planner (plans.ts) reads `pins`.
 */
export interface Condition {
  sql: SQL | undefined;
  pins: readonly PgColumn[] | null;
}

const NOTHING: Condition = { sql: undefined, pins: [] };
const opaque = (condition: SQL | undefined): Condition =>
  condition === undefined ? NOTHING : { sql: condition, pins: null };
/** `column = value` on a column of the resource's table: a condition that pins it. */
export const pin = (column: PgColumn, value: unknown): Condition => ({ sql: eq(column, value), pins: [column] });

/** Every condition at once (SQL `and`, nested as given). */
export function allOf(...parts: Condition[]): Condition {
  const pins: PgColumn[] = [];
  for (const part of parts) {
    if (!part.pins) return { sql: and(...parts.map((p) => p.sql)), pins: null };
    pins.push(...part.pins);
  }
  return { sql: and(...parts.map((p) => p.sql)), pins };
}

/** The rows an actor may see at all, by the scope the permission table gives them. */
export function scopeWhere(
  def: ResourceDef,
  source: CrudSource,
  scope: Scope,
  actor: Actor,
  bind: Bind = inline,
): Condition {
  if (scope === 'all') return NOTHING;
  if (scope === 'none') return opaque(sql`false`);
  const columns = columnsOf(source);
  const companyId = bind('scopeCompany', actor.companyId ?? NO_ID);
  const company =
    def.tenancy === 'company'
      ? pin(columns.companyId, companyId)
      : def.tenancy === 'self'
        ? pin(idColumn(source), companyId)
        : undefined;
  if (scope === 'company') return company ?? opaque(sql`false`);
  if (scope === 'own') {
    const owner = def.ownerField ? columns[def.ownerField] : undefined;
    return owner ? allOf(company ?? NOTHING, pin(owner, bind('scopeOwner', actor.id))) : opaque(sql`false`);
  }
  const relation = def.membership ? source.relations?.[def.membership] : undefined;
  // Members computed in SQL (a bot's creator and its groups' members): the actor is one of them.
  const computed = def.membership ? source.computed?.[def.membership] : undefined;
  if (source.memberWhere) return allOf(company ?? NOTHING, opaque(source.memberWhere(bind('scopeMember', actor.id))));
  if (computed)
    return allOf(company ?? NOTHING, opaque(sql`${bind('scopeMember', actor.id)}::text = any(${computed})`));
  return relation
    ? allOf(company ?? NOTHING, opaque(memberOf(source, relation, bind('scopeMember', actor.id))))
    : opaque(sql`false`);
}

function memberOf(source: CrudSource, relation: Relation, other: unknown): SQL {
  return sql`exists (select 1 from ${relation.table} where ${relation.self} = ${idColumn(source)} and ${relation.other} = ${other})`;
}

const escapeLike = (q: string): string => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The filters and text search of a list query, all in SQL. */
export function filterWhere(
  def: ResourceDef,
  source: CrudSource,
  selection: Selection,
  query: Record<string, unknown>,
  bind: Bind = inline,
): Condition {
  const parts: Condition[] = [];
  const given = new Set<string>();
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.filter) continue;
    const value = query[filterParamOf(def, name)];
    if (value === undefined || value === '') continue;
    given.add(name);
    const relation = source.relations?.[name];
    const expr = selection[name];
    if (relation) parts.push(opaque(memberOf(source, relation, bind(`filter_${name}`, String(value)))));
    // A column of this table pins it; a lookup's or a computed value is a condition like every other.
    else if (is(expr, PgColumn) && expr.table === source.table) parts.push(pin(expr, bind(`filter_${name}`, value)));
    else if (expr) parts.push(opaque(sql`${expr} = ${bind(`filter_${name}`, value)}`));
  }
  for (const [name, field] of Object.entries(def.fields)) {
    const expr = selection[name];
    if (!field.rangeFilter || !expr) continue;
    const from = query[field.rangeFilter.from];
    const to = query[field.rangeFilter.to];
    if (typeof from === 'string' && from !== '')
      parts.push(opaque(sql`${expr} >= ${bind(`range_${name}_from`, from)}::timestamptz`));
    if (typeof to === 'string' && to !== '')
      parts.push(opaque(sql`${expr} < ${bind(`range_${name}_to`, to)}::timestamptz`));
  }
  const q = typeof query.q === 'string' ? query.q.trim() : '';
  if (q !== '') {
    const pattern = bind('search', `%${escapeLike(q)}%`);
    const searchable = Object.entries(def.fields)
      .filter(([name, f]) => f.searchable && selection[name])
      .map(([name]) => sql`${selection[name]}::text ilike ${pattern}`);
    parts.push(opaque(searchable.length > 0 ? or(...searchable) : sql`false`));
  }
  parts.push(opaque(source.baseWhere?.(given)));
  return allOf(...parts);
}
