import { createHash } from 'node:crypto';
import { eq, fillPlaceholders, is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import type { FieldDef, ResourceDef } from '../../src/domain/resource';
import type { Database, DatabaseHandle } from '../db/client';
import { COUNT_CAP } from '../../src/domain/constants';
import { createCappedCounter } from './counts';
import { planFitsAnyValue } from './plans';
import { columnsOf, fromOf, idColumn, selectionOf, type CrudRecord, type CrudSource, type Selection } from './source';

export type { CrudRecord } from './source';

export interface ListArgs {
  where: SQL | undefined;
  /**
   * Set when `where` carries its values as named placeholders (source.ts `placeholders()`):
   * `key` names the SQL's shape, so the page and count queries are rendered once per shape
   * and sort, and run as named prepared statements. `pins` are the columns `where` pins to one
   * value each, or null (source.ts `Condition`): they tell whether one plan fits all values.
   */
  shape?: { key: string; values: Record<string, unknown>; pins: readonly PgColumn[] | null };
  sort: string;
  order: 'ASC' | 'DESC';
  page: number;
  limit: number;
}

export interface ListResult {
  count: number;
  /** True when more than COUNT_CAP rows match: `count` is then COUNT_CAP. */
  countCapped: boolean;
  rows: CrudRecord[];
}

/**
 * One field as the API answers it, whichever driver reads it: timestamps as ISO 8601 UTC
 * strings, dates as YYYY-MM-DD, numerics as numbers (node-postgres and PGlite differ on all three).
 */
function output(field: FieldDef, expr: PgColumn | SQL): SQL {
  switch (field.type) {
    case 'datetime':
      return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'date':
      return sql`${expr}::text`;
    case 'number':
      return sql`${expr}::float8`;
    default:
      return sql`${expr}`;
  }
}

const dialect = new PgDialect();

/** Every answered field as its output expression; the fields `present` adds as null. */
function outputsOf(def: ResourceDef, selection: Selection, presented: readonly string[] = []): [string, SQL][] {
  const outputs: [string, SQL][] = Object.entries(selection).map(([name, expr]) => [
    name,
    output(def.fields[name], expr),
  ]);
  for (const name of presented) if (!selection[name]) outputs.push([name, sql`null`]);
  return outputs;
}

/** Renders a select list to SQL text once: a hot query then renders only its WHERE and ORDER BY per request. */
function renderOnce(def: ResourceDef, list: SQL): SQL {
  const rendered = dialect.sqlToQuery(list);
  if (rendered.params.length > 0) throw new Error(`${def.name}: computed fields must not carry query parameters`);
  return sql.raw(rendered.sql);
}

/** The select list of details and writes: one column per field, keyed by field name. */
const compileSelection = (outputs: [string, SQL][], def: ResourceDef): SQL =>
  renderOnce(
    def,
    sql.join(
      outputs.map(([name, expr]) => sql`${expr} as ${sql.identifier(name)}`),
      sql`, `,
    ),
  );

/** json_build_object takes at most 100 arguments: a name and a value per field. */
const MAX_JSON_FIELDS = 50;

/**
 * The select list of a list page as one JSON object per row (`"row"`), or null past
 * MAX_JSON_FIELDS. Both drivers parse a json column with one JSON.parse; field by field, their
 * JS protocol parsers copied and decoded every value on its own — on PGlite about a third of a
 * users page's time (docs/DECISIONS.md). Same names and JSON types as the columns give.
 */
function compileJsonRow(outputs: [string, SQL][], def: ResourceDef): SQL | null {
  if (outputs.length > MAX_JSON_FIELDS) return null;
  const pairs = outputs.map(([name, expr]) => sql`${sql.raw(`'${name.replace(/'/g, "''")}'`)}, ${expr}`);
  return renderOnce(def, sql`json_build_object(${sql.join(pairs, sql`, `)}) as "row"`);
}

/** A statement rendered once: its text, its name for PostgreSQL, its parameters (some placeholders). */
interface Rendered {
  sql: string;
  name: string;
  params: unknown[];
  /** Planned once for all values (see plans.ts), rather than for each call's. */
  generic: boolean;
}

function render(query: SQL, generic: boolean): Rendered {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, name: `crud_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, params, generic };
}

/** Enough for every scope × filter combination × sort of every resource; a flood only costs re-rendering. */
const MAX_SHAPES = 2000;

async function rowsOf(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  // Both drivers answer a raw query with { rows: [...] } keyed by column alias.
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Generic reads and writes of one resource's table; the routes add permissions, hooks and audit. */
export function createStore(def: ResourceDef, source: CrudSource) {
  const selection = selectionOf(def, source);
  const outputs = outputsOf(def, selection, source.presented);
  const selectList = compileSelection(outputs, def);
  const jsonRow = compileJsonRow(outputs, def);
  const pageRows = (rows: Record<string, unknown>[]) => (jsonRow ? rows.map((r) => r.row) : rows) as CrudRecord[];
  const columns = columnsOf(source);
  const id = idColumn(source);
  const from = fromOf(source);
  const relationNames = Object.keys(source.relations ?? {});
  const where = (condition: SQL | undefined) => condition ?? sql`true`;

  const sortOf = (args: ListArgs) => selection[args.sort] ?? selection[def.defaultSort.field] ?? id;
  const cappedCount = createCappedCounter();
  const shapes = new Map<string, { page: Rendered; count: Rendered }>();
  /** The page and count statements of one shape and sort, rendered on first use. */
  function statementsOf(args: ListArgs, shape: NonNullable<ListArgs['shape']>) {
    const key = `${shape.key}|${args.sort}|${args.order}`;
    let found = shapes.get(key);
    if (!found) {
      const page = pageQuery(args, sql.placeholder('limit'), sql.placeholder('offset'));
      const sortExpr = sortOf(args);
      const generic = is(sortExpr, PgColumn) && planFitsAnyValue(source.table, shape.pins, sortExpr, id, args.order);
      found = { page: render(page, generic), count: render(countQuery(args.where), generic) };
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, found);
    }
    return found;
  }

  function pageQuery(args: ListArgs, limit: unknown, offset: unknown): SQL {
    const sortExpr = sortOf(args);
    const direction = sql.raw(args.order === 'ASC' ? 'asc' : 'desc');
    return sql`select ${jsonRow ?? selectList} from ${from} where ${where(args.where)} order by ${sortExpr} ${direction}, ${id} ${direction} limit ${limit} offset ${offset}`;
  }

  const countQuery = (condition: SQL | undefined) =>
    sql`select count(*)::int as n from (select 1 from ${from} where ${where(condition)} limit ${COUNT_CAP + 1}) as capped`;

  /**
   * One page and the capped total. With `handle` (the app's database, not a transaction) and a
   * `shape`, both run as named prepared statements rendered once per shape; otherwise (e.g. in a
   * transaction) they are rendered for this call.
   */
  async function list(db: Database, args: ListArgs, handle?: Pick<DatabaseHandle, 'queryRows'>): Promise<ListResult> {
    const offset = (args.page - 1) * args.limit;
    if (handle && args.shape) {
      const { page, count } = statementsOf(args, args.shape);
      const values = args.shape.values;
      const rows = pageRows(
        await handle.queryRows(page.sql, fillPlaceholders(page.params, { ...values, limit: args.limit, offset }), page),
      );
      if (rows.length > 0 && rows.length < args.limit) return { count: offset + rows.length, countCapped: false, rows };
      const n = await cappedCount(`${count.name} ${JSON.stringify(values)}`, async () => {
        const [row] = await handle.queryRows(count.sql, fillPlaceholders(count.params, values), count);
        return Number(row.n);
      });
      return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP, rows };
    }
    const rows = pageRows(await rowsOf(db, pageQuery(args, args.limit, offset)));
    // A short page that is not past the end tells the total without counting.
    if (rows.length > 0 && rows.length < args.limit) return { count: offset + rows.length, countCapped: false, rows };
    const query = countQuery(args.where);
    const n = await cappedCount(JSON.stringify(dialect.sqlToQuery(query)), async () =>
      Number((await rowsOf(db, query))[0].n),
    );
    return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP, rows };
  }

  async function names(db: Database, condition: SQL | undefined): Promise<{ id: string; name: string }[]> {
    const label = selection[def.recordRepresentation] ?? id;
    const rows = await rowsOf(
      db,
      sql`select ${id}::text as "id", coalesce(${label}::text, '') as "name" from ${from} where ${where(condition)} order by ${label} asc, ${id} asc limit 1000`,
    );
    return rows as { id: string; name: string }[];
  }

  async function findById(db: Database, recordId: string): Promise<CrudRecord | undefined> {
    const [row] = await rowsOf(db, sql`select ${selectList} from ${from} where ${id} = ${recordId} limit 1`);
    return row as CrudRecord | undefined;
  }

  /** Several records by id in one query (those that exist; no order). */
  async function findMany(db: Database, recordIds: readonly string[]): Promise<CrudRecord[]> {
    if (recordIds.length === 0) return [];
    return (await rowsOf(db, sql`select ${selectList} from ${from} where ${id} in ${recordIds}`)) as CrudRecord[];
  }

  /** Splits a body into table columns and relation id lists; other keys (virtual fields) are dropped. */
  function split(values: Record<string, unknown>) {
    const row: Record<string, unknown> = {};
    const links: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      if (relationNames.includes(name)) links[name] = Array.isArray(value) ? value.map(String) : [];
      else if (columns[name] && !columns[name].generated) row[name] = value;
    }
    return { row, links };
  }

  async function syncLinks(db: Database, recordId: string, links: Record<string, string[]>): Promise<void> {
    for (const [name, ids] of Object.entries(links)) {
      const relation = source.relations![name];
      await db.delete(relation.table).where(eq(relation.self, recordId));
      const unique = [...new Set(ids)];
      if (unique.length > 0) {
        const rows = unique.map((other) => ({
          [keyOf(relation.table, relation.self.name)]: recordId,
          [keyOf(relation.table, relation.other.name)]: other,
        }));
        await db.insert(relation.table).values(rows as never);
      }
    }
  }

  /** Give `db` a transaction: the row and its links are written together. */
  async function insert(db: Database, values: Record<string, unknown>): Promise<string> {
    const { row, links } = split(values);
    const [created] = await db
      .insert(source.table)
      .values(row as never)
      .returning({ id });
    const newId = String(created.id);
    await syncLinks(db, newId, links);
    return newId;
  }

  async function update(db: Database, recordId: string, values: Record<string, unknown>): Promise<void> {
    const { row, links } = split(values);
    if (columns.updatedAt && (Object.keys(row).length > 0 || Object.keys(links).length > 0)) row.updatedAt = new Date();
    if (Object.keys(row).length > 0)
      await db
        .update(source.table)
        .set(row as never)
        .where(eq(id, recordId));
    await syncLinks(db, recordId, links);
  }

  async function remove(db: Database, recordId: string): Promise<void> {
    if (def.softDelete && columns[def.softDelete]) {
      const set: Record<string, unknown> = { [def.softDelete]: true };
      if (columns.updatedAt) set.updatedAt = new Date();
      await db
        .update(source.table)
        .set(set as never)
        .where(eq(id, recordId));
      return;
    }
    await db.delete(source.table).where(eq(id, recordId));
  }

  return { list, names, findById, findMany, insert, update, remove, selection, columns };
}

/** The TypeScript key of a column given its SQL name (insert values are keyed by the former). */
function keyOf(table: CrudSource['table'], sqlName: string): string {
  const entry = Object.entries(columnsOf({ table })).find(([, column]) => column.name === sqlName);
  if (!entry) throw new Error(`No column ${sqlName}`);
  return entry[0];
}

export type Store = ReturnType<typeof createStore>;
