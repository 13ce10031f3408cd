import type { FastifyInstance } from 'fastify';
import { isEmail, PROCESS_STATUS_LABELS, type ProcessStatusCode } from '../../src/domain';
import { SCHEDULE_RECIPIENTS_MAX } from '../../src/domain/schedule';
import { scheduleResultMail } from '../mail/templates';
import { onRunsEnded } from '../runtime/endedJobs';
import { rowsOf } from '../runtime/sql';

/** How many of a run's last log lines its result mail quotes. */
export const RESULT_MAIL_LINES = 20;

interface EndedRun {
  botName: string;
  agentName: string;
  status: number;
  startedAt: string | null;
  endedAt: string | null;
  seconds: number | null;
  recipients: unknown[];
  lines: string[];
}

const utc = (column: string): string => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS "UTC"')`;

/** The run its schedule fired, with the schedule's recipients and its last lines; null when no schedule fired it. */
const ENDED_RUN = `select p.bot_name as "botName", p.agent_name as "agentName", p.status,
       ${utc('p.started_at')} as "startedAt", ${utc('p.ended_at')} as "endedAt",
       extract(epoch from (p.ended_at - p.started_at))::float8 as "seconds",
       s.recipients,
       array(select l.text from (select seq, text from process_logs where process_id = p.id order by seq desc limit ${RESULT_MAIL_LINES}) l
             order by l.seq) as "lines"
     from processes p
       join schedule_history h on h.process_id = p.id
       join schedules s on s.id = h.schedule_id
     where p.id = $1`;

/** "1 h 2 min 5 s", "42 s"; empty without a start. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const parts: string[] = [];
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) parts.push(`${h} h`);
  if (m > 0) parts.push(`${m} min`);
  parts.push(`${total % 60} s`);
  return parts.join(' ');
}

function labelOf(status: number): string {
  return PROCESS_STATUS_LABELS[status as ProcessStatusCode] ?? String(status);
}

/** Mails the result of a run a schedule fired to the schedule's recipients, one mail each. */
export async function mailResult(app: FastifyInstance, processId: string): Promise<void> {
  const [run] = await rowsOf<EndedRun>(app.database, ENDED_RUN, [processId]);
  // The routes keep recipients to at most 10 addresses; a row written otherwise mails no more.
  const recipients = (Array.isArray(run?.recipients) ? run.recipients : [])
    .filter((to): to is string => typeof to === 'string' && isEmail(to))
    .slice(0, SCHEDULE_RECIPIENTS_MAX);
  if (!run || recipients.length === 0) return;
  const content = scheduleResultMail(app.mailContext, {
    botName: run.botName,
    agentName: run.agentName,
    status: labelOf(run.status),
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    duration: formatDuration(run.seconds),
    lines: run.lines,
  });
  for (const to of recipients) app.mailer.queue({ to, ...content }, 'schedule result');
}

/**
 * When a run a schedule fired ends on this node, its result goes to the schedule's recipients,
 * after the end is stored and without making the report wait. Answers what waits for the mails
 * being prepared (the node's close).
 */
export const attachResultMail = (app: FastifyInstance): (() => Promise<void>) =>
  onRunsEnded(app, 'schedule', 'schedule result mail', (processId) => mailResult(app, processId));
