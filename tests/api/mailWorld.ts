import { expect } from 'vitest';
import { buildScheduleScene, type ScheduleScene } from './schedulesWorld';
import { call, type TestServer } from './helpers';
import type { Who, World } from './world';

/**
 * The cast of the e-mail configuration suites: the schedules' scene (companies A and B, bots and
 * agents of each), with e-mail scheduling enabled for caA, userA and caB; userB has it off.
 */
export type MailScene = ScheduleScene;

export const ENABLED: readonly Who[] = ['caA', 'userA', 'caB'];

/** Turns e-mail scheduling on for these people, as the Super Admin does on their account. */
export async function enableEmailSchedule(server: TestServer, w: World, who: readonly Who[]): Promise<void> {
  for (const person of who) {
    const res = await call(server, 'PUT', `/api/user/update/${w.people[person].id}`, {
      token: w.people.super.token,
      body: { enabledEmailSchedule: true },
    });
    expect(res.status, res.text).toBe(200);
  }
}

export async function buildMailScene(server: TestServer, tag: string): Promise<MailScene> {
  const s = await buildScheduleScene(server, tag);
  await enableEmailSchedule(server, s.w, ENABLED);
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
