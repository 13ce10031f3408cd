import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ResourceDef } from '../../src/domain/resource';
import type { Database } from '../db/client';
import { columnsOf, idColumn, selectionOf, type CrudSource } from './source';

export type CrudRecord = Record<string, unknown> & { id: string };

/**
 * An exact count is capped: past this many matching rows the list says "10,000+" instead of
 * paying for a full count(*) over millions of rows on every page.
 */
export const COUNT_CAP = 10_000;

export interface ListArgs {
  where: SQL | undefined;
  sort: string;
  order: 'ASC' | 'DESC';
  page: number;
  limit: number;
}

export interface ListResult {
  count: number;
  countCapped: boolean;
  rows: CrudRecord[];
}

/** Generic reads and writes of one resource's table; the routes add permissions and hooks. */
export function createStore(def: ResourceDef, source: CrudSource) {
  const selection = selectionOf(def, source);
  const columns = columnsOf(source);
  const id = idColumn(source);
  const relationNames = Object.keys(source.relations ?? {});

  async function list(db: Database, args: ListArgs): Promise<ListResult> {
    const sortExpr = selection[args.sort] ?? selection[def.defaultSort.field] ?? id;
    const direction = args.order === 'ASC' ? asc : desc;
    const rows = await db
      .select(selection)
      .from(source.table)
      .where(args.where)
      .orderBy(direction(sortExpr), direction(id))
      .limit(args.limit)
      .offset((args.page - 1) * args.limit);
    const capped = db.select({ one: sql`1` }).from(source.table).where(args.where).limit(COUNT_CAP + 1).as('capped');
    const [{ n }] = await db.select({ n: count() }).from(capped);
    return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP, rows: rows as CrudRecord[] };
  }

  async function names(db: Database, where: SQL | undefined): Promise<{ id: string; name: string }[]> {
    const label = selection[def.recordRepresentation];
    return db
      .select({ id: sql<string>`${id}::text`, name: sql<string>`${label}::text` })
      .from(source.table)
      .where(where)
      .orderBy(asc(label))
      .limit(1000);
  }

  async function findById(db: Database, recordId: string): Promise<CrudRecord | undefined> {
    const [row] = await db.select(selection).from(source.table).where(eq(id, recordId)).limit(1);
    return row as CrudRecord | undefined;
  }

  /** Splits a body into table columns and relation id lists. */
  function split(values: Record<string, unknown>) {
    const row: Record<string, unknown> = {};
    const links: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(values)) {
      if (relationNames.includes(name)) links[name] = Array.isArray(value) ? value.map(String) : [];
      else if (columns[name]) row[name] = value;
    }
    return { row, links };
  }

  async function syncLinks(db: Database, recordId: string, links: Record<string, string[]>): Promise<void> {
    for (const [name, ids] of Object.entries(links)) {
      const relation = source.relations![name];
      await db.delete(relation.table).where(eq(relation.self, recordId));
      const unique = [...new Set(ids)];
      if (unique.length > 0) {
        await db.insert(relation.table).values(unique.map((other) => ({ [relation.self.name]: recordId, [relation.other.name]: other })) as never);
      }
    }
  }

  async function insert(db: Database, values: Record<string, unknown>): Promise<string> {
    const { row, links } = split(values);
    return db.transaction(async (tx) => {
      const [created] = await tx.insert(source.table).values(row as never).returning({ id });
      const newId = String(created.id);
      await syncLinks(tx, newId, links);
      return newId;
    });
  }

  async function update(db: Database, recordId: string, values: Record<string, unknown>): Promise<void> {
    const { row, links } = split(values);
    if (columns.updatedAt) row.updatedAt = new Date();
    await db.transaction(async (tx) => {
      if (Object.keys(row).length > 0) await tx.update(source.table).set(row as never).where(eq(id, recordId));
      await syncLinks(tx, recordId, links);
    });
  }

  async function remove(db: Database, recordId: string): Promise<void> {
    if (def.softDelete && columns[def.softDelete]) {
      const set: Record<string, unknown> = { [def.softDelete]: true };
      if (columns.updatedAt) set.updatedAt = new Date();
      await db.update(source.table).set(set as never).where(and(eq(id, recordId)));
      return;
    }
    await db.delete(source.table).where(eq(id, recordId));
  }

  return { list, names, findById, insert, update, remove, selection };
}

export type Store = ReturnType<typeof createStore>;
