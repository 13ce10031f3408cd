/*
 * The dashboard's figures counted straight from the runs, in JavaScript: each run's local day
 * and hour read with Intl, its outcome from its status. Independent of the server's SQL and of
 * its kept counts, so a report that disagrees is wrong.
 */

export interface Run {
  id: string;
  companyId: string;
  botId: string | null;
  botName: string;
  userId: string;
  status: number;
  createdAt: Date;
}

export interface Counts {
  successful: number;
  failed: number;
  terminated: number;
}

const OUTCOME: Record<number, keyof Counts | undefined> = {
  2: 'successful',
  3: 'failed',
  4: 'terminated',
  5: 'terminated',
};

const formatters = new Map<string, Intl.DateTimeFormat>();
/** The run's local `YYYY-MM-DD` and `YYYY-MM-DDTHH:00` in a zone. */
export function localOf(at: Date, timeZone: string): { day: string; hour: string } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((part) => [part.type, part.value]));
  const day = `${p.year}-${p.month}-${p.day}`;
  return { day, hour: `${day}T${p.hour}:00` };
}

const add = (to: Counts, status: number) => {
  const outcome = OUTCOME[status];
  if (outcome) to[outcome] += 1;
};
const zero = (): Counts => ({ successful: 0, failed: 0, terminated: 0 });

/** The runs whose local day is one of `days`. */
export const inDays = (runs: Run[], days: string[], timeZone: string) =>
  runs.filter((r) => days.includes(localOf(r.createdAt, timeZone).day));

export function summaryOf(runs: Run[]) {
  const counts = zero();
  for (const r of runs) add(counts, r.status);
  return { runs: runs.length, ...counts };
}

/** Finished runs by key; keys with no finished run are left out (the reports only list outcomes). */
function grouped(runs: Run[], keyOf: (r: Run) => string): Map<string, Counts> {
  const out = new Map<string, Counts>();
  for (const r of runs) {
    if (!OUTCOME[r.status]) continue;
    const key = keyOf(r);
    const counts = out.get(key) ?? zero();
    add(counts, r.status);
    out.set(key, counts);
  }
  return out;
}

export const byBot = (runs: Run[]) => grouped(runs, (r) => `${r.botId ?? '-'}|${r.botName}`);
export const byCompanyBot = (runs: Run[]) => grouped(runs, (r) => `${r.companyId}|${r.botId ?? '-'}|${r.botName}`);

/** The line graph's buckets: every local hour of one day, or every day. */
export function lineOf(runs: Run[], days: string[], timeZone: string): ({ bucket: string } & Counts)[] {
  const hourly = days.length === 1;
  const found = grouped(runs, (r) =>
    hourly ? localOf(r.createdAt, timeZone).hour : localOf(r.createdAt, timeZone).day,
  );
  const buckets = hourly ? Array.from({ length: 24 }, (_, h) => `${days[0]}T${String(h).padStart(2, '0')}:00`) : days;
  return buckets.map((bucket) => ({ bucket, ...(found.get(bucket) ?? zero()) }));
}

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
export function randomOf(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
