// The demo companies' agents, schedules and non-working days. The agents are rows with known
// device ids: `npm run demo` starts reference agents with those device ids, and registering a
// known device keeps its row, so the seeded schedules and history are theirs. Each part finds
// itself in place on a second run.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AGENT_STATUS } from '../../src/domain/status';
import {
  instantToLocal,
  nextFire,
  serializeDuration,
  validateDuration,
  type ScheduleDuration,
} from '../../src/domain/schedule';
import { newSecret, sha256Hex } from '../crypto/dataKey';
import type { Database } from './client';
import { DEMO_AUTOMATED_BOTS } from './demoBots';
import { agents, bots, schedules } from './schema';

/** A demo agent: its row is seeded; `npm run demo` runs the Acme ones for real. */
export interface DemoAgent {
  company: 'acme' | 'globex';
  name: string;
  deviceId: string;
  /** `npm run demo` starts a reference agent with this device id. */
  live: boolean;
}

export const DEMO_AGENTS: readonly DemoAgent[] = [
  { company: 'acme', name: 'Demo Robot 1', deviceId: 'demo-robot-1', live: true },
  { company: 'acme', name: 'Demo Robot 2', deviceId: 'demo-robot-2', live: true },
  { company: 'globex', name: 'Globex Desk', deviceId: 'globex-desk-1', live: false },
];

export interface SeededAgent {
  id: string;
  name: string;
  deviceId: string;
}

/**
 * The company's demo agents, disconnected until an agent with their device id registers. Their
 * secret is random and thrown away: registration gives the real agent a new one.
 */
export async function demoAgents(
  db: Database,
  companyKey: DemoAgent['company'],
  companyId: string,
  userId: string,
): Promise<SeededAgent[]> {
  const wanted = DEMO_AGENTS.filter((a) => a.company === companyKey);
  await db
    .insert(agents)
    .values(
      wanted.map((a) => ({
        name: a.name,
        deviceId: a.deviceId,
        companyId,
        userId,
        status: AGENT_STATUS.disconnected,
        secretHash: sha256Hex(newSecret('ag_', 32)),
        platform: 'linux-x64',
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: agents.id, name: agents.name, deviceId: agents.deviceId })
    .from(agents)
    .where(
      and(
        eq(agents.companyId, companyId),
        inArray(
          agents.deviceId,
          wanted.map((a) => a.deviceId),
        ),
      ),
    );
  return wanted.flatMap((a) => rows.filter((r) => r.deviceId === a.deviceId));
}

/** The demo schedules' zone: Acme is in Pune. */
export const DEMO_TIMEZONE = 'Asia/Kolkata';

type Timing = Omit<ScheduleDuration, 'timezone' | 'startDate'>;
interface DemoSchedule {
  bot: keyof typeof DEMO_AUTOMATED_BOTS;
  /** Index in the company's demo agents. */
  agent: number;
  timing: Timing;
  parameters: { name: string; value: string }[];
  skipNonWorkingDays?: boolean;
}

const region = [{ name: 'in_Region', value: 'West' }];
const warehouse = [{ name: 'in_Warehouse', value: 'Pune-1' }];

/**
 * One schedule of every frequency on Acme's two agents. The minutely ones skip a fire while
 * the previous run is still queued (as it is while the agents are offline), so an idle demo
 * does not pile up runs.
 */
export const DEMO_SCHEDULES: readonly DemoSchedule[] = [
  { bot: 'report', agent: 0, timing: { frequency: 'minutely', every: 1 }, parameters: region },
  { bot: 'stock', agent: 1, timing: { frequency: 'minutely', every: 2 }, parameters: warehouse },
  { bot: 'report', agent: 1, timing: { frequency: 'hourly', every: 1 }, parameters: region },
  {
    bot: 'report',
    agent: 0,
    timing: { frequency: 'daily', time: '08:30' },
    parameters: region,
    skipNonWorkingDays: true,
  },
  {
    bot: 'stock',
    agent: 0,
    timing: { frequency: 'weekly', time: '18:00', weekDays: [1, 3, 5] },
    parameters: warehouse,
  },
  {
    bot: 'report',
    agent: 1,
    timing: {
      frequency: 'monthly',
      time: '06:00',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      mode: 'dateWise',
      dates: [1, 15],
    },
    parameters: region,
  },
  {
    bot: 'stock',
    agent: 1,
    timing: {
      frequency: 'monthly',
      time: '17:00',
      months: [3, 6, 9, 12],
      mode: 'dayWise',
      days: [{ week: 'last', weekDay: 5 }],
    },
    parameters: warehouse,
  },
];

const two = (n: number) => String(n).padStart(2, '0');

/** The schedules of DEMO_SCHEDULES the company lacks (one per bot, agent and frequency and mode). */
export async function demoSchedules(
  db: Database,
  companyId: string,
  userId: string,
  agentsOfCompany: readonly SeededAgent[],
  now: Date,
): Promise<void> {
  const local = instantToLocal(now, DEMO_TIMEZONE);
  const startDate = `${local.y}-${two(local.m)}-${two(local.d)}T${two(local.hh)}:${two(local.mm)}`;
  const botRows = await db.select({ id: bots.id, name: bots.name }).from(bots).where(eq(bots.companyId, companyId));
  const existing = await db
    .select({ botId: schedules.botId, agentId: schedules.agentId, duration: schedules.duration })
    .from(schedules)
    .where(eq(schedules.companyId, companyId));
  for (const s of DEMO_SCHEDULES) {
    const bot = botRows.find((b) => b.name === DEMO_AUTOMATED_BOTS[s.bot].name);
    const agent = agentsOfCompany[s.agent];
    if (!bot || !agent) throw new Error(`the demo schedule of ${DEMO_AUTOMATED_BOTS[s.bot].name} has no bot or agent`);
    const duration: ScheduleDuration = { ...s.timing, timezone: DEMO_TIMEZONE, startDate };
    const problems = validateDuration(duration);
    if (problems.length > 0) throw new Error(`a demo schedule is refused: ${JSON.stringify(problems)}`);
    const same = (stored: string) => {
      const parsed = JSON.parse(stored) as Partial<ScheduleDuration>;
      return parsed.frequency === s.timing.frequency && parsed.mode === s.timing.mode;
    };
    if (existing.some((e) => e.botId === bot.id && e.agentId === agent.id && same(e.duration))) continue;
    await db.insert(schedules).values({
      companyId,
      botId: bot.id,
      botName: bot.name,
      agentId: agent.id,
      agentName: agent.name,
      userId,
      duration: serializeDuration(duration),
      frequency: duration.frequency,
      timezone: duration.timezone,
      parameters: s.parameters,
      overlap: 'skip',
      skipNonWorkingDays: s.skipNonWorkingDays ?? false,
      status: 'active',
      nextFireAt: nextFire(duration, now) ?? null,
    });
  }
}

/** Each company's holidays: yearly ones by month and day, one-off ones by date. */
export const DEMO_NON_WORKING_DAYS: Record<DemoAgent['company'], { name: string; day: string; yearly: boolean }[]> = {
  acme: [
    { name: 'Republic Day', day: '2026-01-26', yearly: true },
    { name: 'Independence Day', day: '2026-08-15', yearly: true },
    { name: 'Diwali', day: '2026-11-08', yearly: false },
    { name: 'Christmas', day: '2026-12-25', yearly: true },
  ],
  globex: [
    { name: 'Independence Day', day: '2026-07-04', yearly: true },
    { name: 'Thanksgiving', day: '2026-11-26', yearly: false },
    { name: 'Christmas', day: '2026-12-25', yearly: true },
  ],
};

/** The company's demo non-working days it lacks, found by name. */
export async function demoNonWorkingDays(
  db: Database,
  company: DemoAgent['company'],
  companyId: string,
): Promise<void> {
  const rows = DEMO_NON_WORKING_DAYS[company];
  await db.execute(sql`insert into non_working_days (name, day, yearly, company_id)
    select d.name, d.day::date, d.yearly, ${companyId}::uuid
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(name text, day text, yearly boolean)
    where not exists (select 1 from non_working_days n where n.company_id = ${companyId}::uuid and n.name = d.name)`);
}
