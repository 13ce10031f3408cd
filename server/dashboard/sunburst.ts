import type { PeriodRange, SunburstRow } from '../../src/domain/dashboard';
import type { DatabaseHandle } from '../db/client';
import { readRows } from './read';
import { periodSeries } from './settled';
import { seriesCountsAtOnce, type SeriesCounts, type SettledPeriod } from './series';
import { added, byName, finished } from './sums';

/*
 * The whole platform's sunburst: every company's bots with finished runs in the period, by company
 * name (the database's order), then bot name, at most SUNBURST_ROWS. The settled period's series
 * are put in that order once per period, generation and version of the companies' names (kept
 * per node, company_names_version); a request then walks the order, adding the log's changes to
 * the few series they touch and placing the series only they have (by binary search), and stops
 * at the answer's last row.
 */

const SUNBURST_ROWS = 1000;

interface Placed {
  key: string;
  rank: number;
  row: SunburstRow;
  /** The row as JSON, made when first sent. */
  json?: string;
}

/**
 * A report's rows already written as a JSON array: the route sends them as they are. The same
 * object comes back while the answer is the same, so what the route makes of it can be kept.
 */
export class JsonRows {
  constructor(readonly json: string) {}
}
interface SunburstOrder {
  /** The companies' names and places it was made with. */
  companies: Companies;
  placed: Placed[];
  /** The answer while the log has no changes. */
  answer: JsonRows;
  /** The last answer with the log's changes, and those changes (a few rows, written out). */
  withLog?: { changes: string; rows: JsonRows };
}
const orders = new WeakMap<SettledPeriod, SunburstOrder>();

const order = (a: Placed, b: Placed) =>
  a.rank - b.rank || byName(a.row.botName, b.row.botName) || byName(a.row.botId ?? '', b.row.botId ?? '');

interface Company {
  name: string;
  rank: number;
}

function placedOf(s: SeriesCounts, company: Company): Placed {
  const { companyId, botId, botName, successful, failed, terminated } = s;
  return {
    key: s.key,
    rank: company.rank,
    row: { companyId, companyName: company.name, botId, botName, successful, failed, terminated },
  };
}

/** Where `p` goes in `sorted`: the first place whose series comes after it. */
function placeOf(sorted: Placed[], p: Placed): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order(sorted[mid], p) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The answer (a JSON array) from the settled order, with the log's changes and the series only
 * they have: each unchanged row is written once per order and reused.
 */
function answerOf(placed: Placed[], changes: Map<string, SeriesCounts>, fresh: Placed[]): string {
  const rows: string[] = [];
  const at = fresh.map((p) => placeOf(placed, p));
  let f = 0;
  const take = (row: SunburstRow, json?: () => string) => {
    if (finished(row) > 0) rows.push(json ? json() : JSON.stringify(row));
    return rows.length === SUNBURST_ROWS;
  };
  for (let i = 0; i <= placed.length; i++) {
    while (f < fresh.length && at[f] === i) if (take(fresh[f++].row)) return `[${rows.join(',')}]`;
    if (i === placed.length) break;
    const p = placed[i];
    const change = changes.get(p.key);
    const done = change ? take(added(p.row, change)) : take(p.row, () => (p.json ??= JSON.stringify(p.row)));
    if (done) break;
  }
  return `[${rows.join(',')}]`;
}

/**
 * The settled period's series in order: the order the fold before had, where this node made it
 * with the same company names (a fold changes counts, seldom which series there are), the series
 * it lacks placed by binary search; otherwise sorted.
 */
function placedFrom(settled: SettledPeriod, companies: Companies, place: (s: SeriesCounts) => Placed[]): Placed[] {
  const before = settled.previous ? orders.get(settled.previous) : undefined;
  if (!before || before.companies !== companies) return settled.rows.flatMap(place).sort(order);
  const placed: Placed[] = [];
  for (const p of before.placed) {
    const now = settled.byKey.get(p.key);
    if (now) placed.push(...place(now));
  }
  const known = new Set(before.placed.map((p) => p.key));
  for (const p of settled.rows.filter((s) => !known.has(s.key)).flatMap(place)) placed.splice(placeOf(placed, p), 0, p);
  return placed;
}

/** The companies' names and places (by name, the database's order, then id) of one version. */
type Companies = ReadonlyMap<string, Company>;
const companiesKept = new WeakMap<DatabaseHandle, { version: number; companies: Promise<Companies> }>();

/**
 * Every company's name and place, kept per node while the version of the names read with the
 * log's changes stays the same (read again when it moves, or when it was not read).
 */
function companiesOf(db: DatabaseHandle, version: number | null): Promise<Companies> {
  const kept = companiesKept.get(db);
  if (kept && version !== null && kept.version === version) return kept.companies;
  const companies = readRows<{ id: string; name: string; rank: number }>(
    db,
    `select id::text as "id", name, (row_number() over (order by name, id))::int as "rank" from companies`,
    [],
  ).then((rows) => new Map(rows.map((c) => [c.id, { name: c.name, rank: c.rank }])));
  if (version !== null) {
    const entry = { version, companies };
    companiesKept.set(db, entry);
    companies.catch(() => companiesKept.get(db) === entry && companiesKept.delete(db));
  }
  return companies;
}

export async function platformSunburst(db: DatabaseHandle, range: PeriodRange): Promise<JsonRows> {
  const { settled, live, names } = await periodSeries(db, range);
  if (settled.rows.length === 0 && live.length === 0) return new JsonRows('[]');
  const companies = await companiesOf(db, names);
  const place = (s: SeriesCounts): Placed[] => {
    const company = companies.get(s.companyId);
    return company ? [placedOf(s, company)] : [];
  };
  let kept = orders.get(settled);
  if (!kept || kept.companies !== companies) {
    const placed = placedFrom(settled, companies, place);
    kept = { companies, placed, answer: new JsonRows(answerOf(placed, new Map(), [])) };
    orders.set(settled, kept);
  }
  if (live.length === 0) return kept.answer;
  // The log changes a few times a second and is read many more: the same changes, the same answer.
  const written = live
    .map((s) => `${s.key}\t${s.successful}\t${s.failed}\t${s.terminated}`)
    .sort()
    .join('\n');
  if (kept.withLog?.changes === written) return kept.withLog.rows;
  const changes = new Map(live.map((s) => [s.key, s]));
  const fresh = live
    .filter((s) => !settled.byKey.has(s.key))
    .flatMap(place)
    .sort(order);
  kept.withLog = { changes: written, rows: new JsonRows(answerOf(kept.placed, changes, fresh)) };
  return kept.withLog.rows;
}

/** One company's sunburst, read in one statement (a few rows per bot): its bots by name. */
export async function companySunburst(
  db: DatabaseHandle,
  range: PeriodRange,
  companyId: string,
): Promise<SunburstRow[]> {
  const [series, [company]] = await Promise.all([
    seriesCountsAtOnce(db, range, companyId),
    readRows<{ name: string }>(db, 'select name from companies where id = $1::uuid', [companyId]),
  ]);
  if (!company) return [];
  const place: Company = { name: company.name, rank: 0 };
  return series
    .map((s) => placedOf(s, place))
    .filter((p) => finished(p.row) > 0)
    .sort(order)
    .slice(0, SUNBURST_ROWS)
    .map((p) => p.row);
}
