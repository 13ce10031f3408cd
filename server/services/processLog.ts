import { scopeOf, type Actor, type Target } from '../../src/domain';
import type { LogLevel } from '../../src/domain/agentProtocol';
import type { DatabaseHandle } from '../db/client';
import { logCountOf, rowsOf } from '../runtime/sql';
import { memberOf, processTargetFor, viewerColumn } from '../runtime/visibility';

/** One line of a process's log page. */
export interface LogPageLine {
  seq: number;
  at: string;
  stream: string;
  text: string;
  level: LogLevel | null;
  /** The line's custom log fields (Add Log Fields), name → text; null when it has none. */
  fields: Record<string, string> | null;
}

/** A process's log page with what its access check needs; null when the process does not exist. */
export interface LogPage {
  target: Target;
  status: number;
  logCount: number;
  lines: LogPageLine[];
}

/**
 * The process (read once: materialized, so that its count and its viewer check are not repeated
 * on every line) and a page of its lines, a range of the log table's primary key (lines are
 * numbered 1, 2, 3…), in one statement planned once per connection. Whether the reader sees the
 * run's bot is asked only for a plain User (member scope, $2), and only about them.
 */
const LOG_PAGE = `with p as materialized (
       select p.id, p.company_id::text as "companyId", p.user_id::text as "userId", p.status,
         ${viewerColumn('p', '$2::uuid')}, ${logCountOf('p.id')} as "logCount"
       from processes p where p.id = $1
     )
     select p."companyId", p."userId", p.status, p."isViewer", p."logCount",
       l.seq, to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at", l.stream, l.text, l.level, l.fields
     from p left join lateral (
       select x.seq, x.at, x.stream, x.text, x.level, x.fields from process_logs x
       where x.process_id = p.id and x.seq > $3 order by x.seq limit $4
     ) l on true
     order by l.seq`;

interface LogPageRow {
  companyId: string;
  userId: string;
  status: number;
  isViewer: boolean;
  logCount: number;
  seq: number | null;
  at: string | null;
  stream: string | null;
  text: string | null;
  level: LogLevel | null;
  fields: Record<string, string> | null;
}

/**
 * The page `page` of `limit` lines of the process, read for `actor`. The lines are read with the
 * access check; the caller decides with `target` and returns them only when it allows.
 */
export async function readLogPage(
  database: DatabaseHandle,
  actor: Actor,
  processId: string,
  page: number,
  limit: number,
): Promise<LogPage | null> {
  const rows = await rowsOf<LogPageRow>(
    database,
    LOG_PAGE,
    [processId, memberOf(actor, scopeOf(actor.role, 'show', 'processes')), (page - 1) * limit, limit],
    { name: 'processLog.page' },
  );
  const [first] = rows;
  if (!first) return null;
  const lines: LogPageLine[] = [];
  for (const r of rows)
    if (r.seq !== null)
      lines.push({
        seq: r.seq,
        at: r.at ?? '',
        stream: r.stream ?? '',
        text: r.text ?? '',
        level: r.level,
        fields: r.fields,
      });
  return { target: processTargetFor(actor, first), status: first.status, logCount: first.logCount, lines };
}
