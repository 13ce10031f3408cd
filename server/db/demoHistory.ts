// Ninety days of finished runs for each demo company, so the process lists, their logs and the
// dashboard are full on first look. Deterministic: a seeded pseudo-random sequence gives the
// same runs (at the same times of day, relative to the seeding day) on every database. The
// rows are written by two set-based inserts (one JSON value each), so seeding stays quick.
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PROCESS_STATUS } from '../../src/domain/status';
import { AGENT_MESSAGES } from '../../src/domain/agentProtocol';
import type { Database } from './client';
import type { SeededAgent } from './demoFleet';
import { demoRun, type RunLine } from './demoRuns';
import { bots, processes } from './schema';

export const HISTORY_DAYS = 90;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long the runtime waits for a disconnected agent before the run fails (the default). */
const GRACE_MS = 30_000;

export interface HistoryCompany {
  key: 'acme' | 'globex';
  companyId: string;
  /** Its UTC offset in minutes, so runs fall in its working hours. */
  utcOffsetMinutes: number;
  runsPerWorkday: number;
  agents: readonly SeededAgent[];
  /** Who starts runs by hand (the plain User, mostly) and whose schedules fire (the admin). */
  user: { id: string; fullName: string };
  admin: { id: string; fullName: string };
}

/** A small fast generator (mulberry32): the same seed gives the same sequence everywhere. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A stable id per company and run number: a second seed finds the same rows. */
const idOf = (key: string, n: number): string => {
  const h = createHash('sha256').update(`rpa-demo-history/${key}/${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** How often each demo bot runs, relative to the others. */
const WEIGHTS: Record<string, number> = {
  'Daily Report': 5,
  'Stock Check': 4,
  'Hello World': 3,
  'Invoice Totals': 3,
  'Supplier Sync': 1,
  'Invoice Reader': 0.5,
  'Payroll Export': 0.5,
};

/** A finished run as the insert reads it (a JSON record, keys as the statement names them). */
interface HistoryRun {
  id: string;
  botId: string;
  botName: string;
  agentId: string;
  agentName: string;
  deviceId: string;
  userId: string;
  status: number;
  timeoutSeconds: number;
  source: 'manual' | 'schedule';
  exitCode: number | null;
  reason: string | null;
  reasonKey: string | null;
  reasonValues: { name: string } | null;
  parameters: { name: string; value: string }[];
  startedAt: Date | null;
  endedAt: Date;
  createdAt: Date;
}
interface HistoryLine {
  processId: string;
  seq: number;
  at: Date;
  stream: string;
  text: string;
}

/** The runs of the company's 90 days before `now`, unless its history is in place; answers how many it wrote. */
export async function demoHistory(db: Database, c: HistoryCompany, now: Date): Promise<number> {
  const botRows = await db
    .select({ id: bots.id, name: bots.name, timeoutSeconds: bots.timeoutSeconds })
    .from(bots)
    .where(eq(bots.companyId, c.companyId));
  const choices = botRows.filter((b) => WEIGHTS[b.name]);
  const totalWeight = choices.reduce((sum, b) => sum + WEIGHTS[b.name], 0);
  const random = generator(c.key === 'acme' ? 20_240_601 : 19_700_101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const pickBot = () => {
    let r = random() * totalWeight;
    for (const b of choices) if ((r -= WEIGHTS[b.name]) < 0) return b;
    return choices[choices.length - 1];
  };

  const runs: HistoryRun[] = [];
  const logs: HistoryLine[] = [];
  const offset = c.utcOffsetMinutes * MINUTE;
  const today = Math.floor((now.getTime() + offset) / DAY) * DAY - offset;
  for (let d = HISTORY_DAYS - 1; d >= 0; d -= 1) {
    const dayStart = today - d * DAY;
    const weekDay = new Date(dayStart + offset).getUTCDay();
    const weekend = weekDay === 0 || weekDay === 6;
    const count = Math.round(c.runsPerWorkday * (weekend ? 0.25 : 0.7 + random() * 0.6));
    const times = Array.from({ length: count }, () => {
      // Mostly working hours (08:00–19:00 local), a few at night.
      const hour = random() < 0.88 ? 8 + random() * 11 : random() * 24;
      return dayStart + Math.floor(hour * HOUR + random() * MINUTE);
    })
      .filter((t) => t < now.getTime() - 5 * MINUTE)
      .sort((a, b) => a - b);
    for (const createdMs of times) {
      const bot = pickBot();
      const agent = pick(c.agents);
      const startedMs = createdMs + 200 + Math.floor(random() * 2500);
      const run = demoRun(bot.name, new Date(startedMs), pick);
      if (!run) continue;
      const scheduled = bot.name === 'Daily Report' || bot.name === 'Stock Check' ? random() < 0.8 : false;
      const actor = scheduled || random() < 0.3 ? c.admin : c.user;
      const roll = random();
      const id = idOf(c.key, runs.length);
      const common = {
        id,
        botId: bot.id,
        botName: bot.name,
        agentId: agent.id,
        agentName: agent.name,
        deviceId: agent.deviceId,
        userId: actor.id,
        timeoutSeconds: bot.timeoutSeconds,
        source: scheduled ? 'schedule' : 'manual',
        parameters: run.parameters,
        createdAt: new Date(createdMs),
        exitCode: null,
      } as const;
      let lines: RunLine[] = run.lines;
      let row: HistoryRun;
      const half = run.lines.slice(0, Math.max(1, Math.floor(run.lines.length / 2)));
      const lastOf = (ls: RunLine[]) => startedMs + (ls.at(-1)?.afterMs ?? 0);
      if (run.failure === null && roll < 0.04) {
        // Stopped by a person while it ran: the agent kills its tree and says so.
        lines = [
          ...half,
          { stream: 'agent', text: AGENT_MESSAGES.canceled, afterMs: (half.at(-1)?.afterMs ?? 0) + 150 },
        ];
        row = {
          ...common,
          status: PROCESS_STATUS.canceled,
          reason: `Stopped by ${actor.fullName}`,
          reasonKey: 'stoppedBy',
          reasonValues: { name: actor.fullName },
          startedAt: new Date(startedMs),
          endedAt: new Date(lastOf(lines) + 50),
        };
      } else if (run.failure === null && roll < 0.07) {
        // Canceled while it waited in its agent's queue: it never ran.
        lines = [];
        row = {
          ...common,
          status: PROCESS_STATUS.canceled,
          reason: `Canceled by ${actor.fullName} before it ran`,
          reasonKey: 'canceledBy',
          reasonValues: { name: actor.fullName },
          startedAt: null,
          endedAt: new Date(createdMs + MINUTE + Math.floor(random() * 20 * MINUTE)),
        };
      } else if (run.failure === null && roll < 0.1) {
        // Its agent went away mid-run and stayed away past the grace period.
        lines = half;
        row = {
          ...common,
          status: PROCESS_STATUS.agentDisconnected,
          reason: 'failed since agent is disconnected',
          reasonKey: 'agentDisconnected',
          reasonValues: null,
          startedAt: new Date(startedMs),
          endedAt: new Date(lastOf(lines) + GRACE_MS + Math.floor(random() * 10_000)),
        };
      } else {
        row = {
          ...common,
          status: run.failure === null ? PROCESS_STATUS.executed : PROCESS_STATUS.failed,
          exitCode: run.exitCode,
          reason: run.failure,
          reasonKey: null,
          reasonValues: null,
          startedAt: new Date(startedMs),
          endedAt: new Date(startedMs + run.tookMs),
        };
      }
      runs.push(row);
      lines.forEach((line, i) =>
        logs.push({
          processId: id,
          seq: i + 1,
          at: new Date(startedMs + line.afterMs),
          stream: line.stream,
          text: line.text,
        }),
      );
    }
  }
  // In place already when any of these runs is (retention deletes the oldest as days pass).
  const ids = runs.map((r) => r.id);
  const [found] = await db.select({ id: processes.id }).from(processes).where(inArray(processes.id, ids)).limit(1);
  if (found || runs.length === 0) return 0;
  // One JSON value each, expanded by the database: a statement of thousands of bound values is
  // many times slower to send and plan, on PGlite above all.
  await db.execute(sql`insert into processes (id, company_id, bot_id, bot_name, agent_id, agent_name, device_id,
      user_id, status, timeout_seconds, source, exit_code, reason, reason_key, reason_values, parameters,
      started_at, ended_at, created_at, updated_at)
    select r.id, ${c.companyId}::uuid, r."botId", r."botName", r."agentId", r."agentName", r."deviceId", r."userId",
      r.status, r."timeoutSeconds", r.source, r."exitCode", r.reason, r."reasonKey", r."reasonValues", r.parameters,
      r."startedAt", r."endedAt", r."createdAt", r."endedAt"
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as r(id uuid, "botId" uuid, "botName" text,
      "agentId" uuid, "agentName" text, "deviceId" text, "userId" uuid, status int, "timeoutSeconds" int,
      source text, "exitCode" int, reason text, "reasonKey" text, "reasonValues" jsonb, parameters jsonb,
      "startedAt" timestamptz, "endedAt" timestamptz, "createdAt" timestamptz)
    on conflict (id) do nothing`);
  await db.execute(sql`insert into process_logs (process_id, seq, at, stream, text)
    select l."processId", l.seq, l.at, l.stream, l.text
    from jsonb_to_recordset(${JSON.stringify(logs)}::jsonb)
      as l("processId" uuid, seq int, at timestamptz, stream text, text text)
    on conflict (process_id, seq) do nothing`);
  return runs.length;
}
