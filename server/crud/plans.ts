import { getTableConfig, IndexedColumn, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';

type Direction = 'asc' | 'desc';
const defaultNulls = (order: Direction) => (order === 'desc' ? 'first' : 'last');

/** 'forward' or 'backward' when an index column yields `order by column <order>` (default nulls), else null. */
function scanOf(column: IndexedColumn, order: Direction): 'forward' | 'backward' | null {
  const own = column.indexConfig.order ?? 'asc';
  const nulls = column.indexConfig.nulls ?? defaultNulls(own);
  if (own === order && nulls === defaultNulls(order)) return 'forward';
  if (own !== order && nulls !== defaultNulls(order)) return 'backward';
  return null;
}

/**
 * Whether a list statement (`where <condition> order by <sort>, <id> limit … offset …`) has one
 * best plan whatever its values, so that PostgreSQL may plan it once and reuse that generic plan:
 * the condition pins the primary key, or a plain b-tree index starts with exactly the pinned
 * columns and continues with the sort and id columns in the asked order. The scan then reads the
 * page's rows in order and stops. `pins` are the columns the condition pins to one value each,
 * null when it does anything else as well (source.ts `Condition`). Any other shape keeps a plan
 * made for each call's values: a generic plan there can pick a seq scan that a rare value would
 * not need (docs/DECISIONS.md).
 */
export function planFitsAnyValue(
  table: PgTable,
  pins: readonly PgColumn[] | null,
  sort: PgColumn,
  id: PgColumn,
  order: 'ASC' | 'DESC',
): boolean {
  // A sort on another table's column (a lookup's) is no index of this one's.
  if (sort.table !== table || !pins || pins.some((column) => column.table !== table)) return false;
  const pinned = new Set(pins.map((column) => column.name));
  if (pinned.has(id.name) && id.primary) return true;
  const direction: Direction = order === 'ASC' ? 'asc' : 'desc';
  const ordering = sort.name === id.name ? [id.name] : [sort.name, id.name];
  return getTableConfig(table).indexes.some(({ config: index }) => {
    if ((index.method ?? 'btree') !== 'btree' || index.where) return false;
    const columns = index.columns;
    if (
      columns.length < pinned.size + ordering.length ||
      !columns.every((c): c is IndexedColumn => c instanceof IndexedColumn)
    )
      return false;
    const leading = new Set(columns.slice(0, pinned.size).map((c) => c.name));
    if (leading.size !== pinned.size || [...pinned].some((name) => !leading.has(name))) return false;
    const scans = ordering.map((name, i) =>
      columns[pinned.size + i].name === name ? scanOf(columns[pinned.size + i], direction) : null,
    );
    return scans[0] !== null && scans.every((scan) => scan === scans[0]);
  });
}
