// A demo company's activity: its agents, schedules, non-working days and 90 days of runs.
import type { Database } from './client';
import { DEMO_AGENTS, demoAgents, demoNonWorkingDays, demoSchedules, type DemoAgent } from './demoFleet';
import { demoHistory } from './demoHistory';

interface Person {
  id: string;
  fullName: string;
}

/** Each demo company's working hours' zone and how busy its agents are. */
const PACE: Record<DemoAgent['company'], { utcOffsetMinutes: number; runsPerWorkday: number }> = {
  acme: { utcOffsetMinutes: 330, runsPerWorkday: 14 },
  globex: { utcOffsetMinutes: -420, runsPerWorkday: 8 },
};

/** Seeds what the company lacks of it; answers how many history runs it wrote. */
export async function seedDemoActivity(
  db: Database,
  company: DemoAgent['company'],
  companyId: string,
  people: { user: Person; admin: Person },
  now: Date,
): Promise<number> {
  const agents = await demoAgents(db, company, companyId, people.user.id);
  // Schedules go to the agents `npm run demo` starts, so that they fire for real.
  if (DEMO_AGENTS.some((a) => a.company === company && a.live))
    await demoSchedules(db, companyId, people.admin.id, agents, now);
  await demoNonWorkingDays(db, company, companyId);
  return demoHistory(db, { key: company, companyId, agents, ...people, ...PACE[company] }, now);
}
