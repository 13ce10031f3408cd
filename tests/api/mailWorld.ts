import { expect } from 'vitest';
import { buildScheduleScene, type ScheduleScene } from './schedulesWorld';
import type { TestServer } from './helpers';
import type { Who } from './world';

/**
 * The cast of the e-mail configuration suites: the schedules' scene (companies A and B, bots and
 * agents of each), with e-mail scheduling enabled for caA, userA and caB; userB has it off.
 */
export type MailScene = ScheduleScene;

export const ENABLED: readonly Who[] = ['caA', 'userA', 'caB'];

export async function buildMailScene(server: TestServer, tag: string): Promise<MailScene> {
  const s = await buildScheduleScene(server, tag);
  for (const who of ENABLED) {
    const res = await s.api('super', 'PUT', `/user/update/${s.w.people[who].id}`, { enabledEmailSchedule: true });
    expect(res.status, res.text).toBe(200);
  }
  return s;
}

/** A valid body for company A's Gmail mailbox (the caller adds or changes fields). */
export const gmailBody = (s: MailScene, extra: Record<string, unknown> = {}) => ({
  host: 'gmail',
  email: 'robot.inbox@gmail.com',
  secret: 'abcd efgh ijkl mnop',
  botId: s.bots.caA,
  agentId: s.agents.A,
  operation: 'contains',
  criteria: 'subject',
  criteriaValue: 'invoice',
  subjectLine: 'Your invoice was processed',
  text: 'The bot has run on your mail.',
  recipients: ['ops@acme.test'],
  ...extra,
});
