import { sql } from 'drizzle-orm';
import { decide, messages, BOT_TYPE, type Actor } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations/messages';
import {
  nextFire,
  nextFires,
  parseDuration,
  serializeDuration,
  type ScheduleDuration,
  type ScheduleStatus,
} from '../../src/domain/schedule';
import type { RunParameter } from '../../src/domain/agentProtocol';
import type { Database } from '../db/client';
import { fieldError, HttpError } from '../http/errors';
import { checkRunParameters } from './processes';
import type { BotForRun } from './runSql';

/** A schedule's bot as its checks need it. */
export interface ScheduleBot {
  id: string;
  companyId: string;
  userId: string;
  name: string;
  type: number;
  status: string;
  parameters: BotForRun['parameters'];
  /** Its creator and the members of its groups: a plain User schedules the bots they see. */
  viewerIds: string[];
  /** Its company holds no licence that has not ended. */
  expired: boolean;
}

/** A schedule's agent as its checks need it. */
export interface ScheduleAgent {
  id: string;
  companyId: string;
  name: string;
}

/**
 * The bot and the agent of a schedule in one statement, on the write's transaction (PGlite
 * serves one transaction at a time: a query on the app's own handle would wait for it).
 */
export async function scheduleSubjects(
  db: Database,
  botId: string | null,
  agentId: string | null,
): Promise<{ bot: ScheduleBot | null; agent: ScheduleAgent | null }> {
  const result = (await db.execute(sql`select
    (select row_to_json(x) from (
       select b.id::text as "id", b.company_id::text as "companyId", b.user_id::text as "userId", b.name, b.type,
         b.status, b.parameters,
         array(select b.user_id::text union select ug.user_id::text from bot_groups bg
               join user_groups ug on ug.group_id = bg.group_id where bg.bot_id = b.id) as "viewerIds",
         not exists (select 1 from company_licences l where l.company_id = b.company_id and l.end_date >= current_date)
           as "expired"
       from bots b where b.id = ${botId}::uuid) x) as "bot",
    (select row_to_json(y) from (
       select a.id::text as "id", a.company_id::text as "companyId", a.name from agents a where a.id = ${agentId}::uuid
     ) y) as "agent"`)) as unknown as { rows: { bot: ScheduleBot | null; agent: ScheduleAgent | null }[] };
  const [row] = result.rows;
  return { bot: row?.bot ?? null, agent: row?.agent ?? null };
}

/**
 * What a schedule needs of its bot and agent, checked as a run checks them, in this order: the
 * bot exists and the actor sees it, in the schedule's company (else 404, as another company's
 * record); it is an Automated bot and active (400); the agent is one of the bot's company (400);
 * the run's parameters are all given and fit their types (400); the bot's licence has not ended (403). Answers the
 * values the schedule keeps of them (the parameters without the empty values of optional arguments).
 */
export function checkScheduleSubjects(
  actor: Actor,
  subjects: { bot: ScheduleBot | null; agent: ScheduleAgent | null },
  parameters: readonly RunParameter[],
  companyId?: string,
): { companyId: string; botName: string; agentName: string; parameters: RunParameter[] } {
  const { bot, agent } = subjects;
  const seen =
    bot && decide(actor, 'show', 'bots', { companyId: bot.companyId, ownerId: bot.userId, memberIds: bot.viewerIds });
  if (!bot || seen !== 'allow' || (companyId !== undefined && bot.companyId !== companyId))
    throw new HttpError(404, 'NOT_FOUND', messages.noActiveBot);
  if (bot.type !== BOT_TYPE.automated)
    throw fieldError('botId', resourceMessages.scheduleBotNotAutomated, 400, 'BOT_NOT_AUTOMATED');
  if (bot.status !== 'active') throw fieldError('botId', messages.noActiveBot, 400, 'BOT_INACTIVE');
  if (!agent || agent.companyId !== bot.companyId)
    throw fieldError('agentId', resourceMessages.scheduleAgentOfOtherCompany, 400, 'AGENT_OF_OTHER_COMPANY');
  const kept = checkRunParameters(bot.parameters, parameters);
  if (bot.expired) throw new HttpError(403, 'LICENCE_EXPIRED', messages.botExpired);
  return { companyId: bot.companyId, botName: bot.name, agentName: agent.name, parameters: kept };
}

/** A body's duration (validated before), as the model's object. */
export function durationOf(value: unknown): ScheduleDuration {
  const duration = parseDuration(value);
  if (!duration) throw new HttpError(400, 'VALIDATION_FAILED', messages.selectFrequencyOrRepeat);
  return duration;
}

/** The stored columns a duration gives: its canonical JSON string and what the list filters by. */
export const durationColumns = (duration: ScheduleDuration) => ({
  duration: serializeDuration(duration),
  frequency: duration.frequency,
  timezone: duration.timezone,
});

/**
 * A schedule's state from `now`: a disabled one waits with no next fire; otherwise its next fire
 * at or after now, or `completed` when none remains (its end date has passed).
 */
export function timingOf(
  duration: ScheduleDuration,
  wanted: 'active' | 'disabled',
  now: Date,
): { status: ScheduleStatus; nextFireAt: Date | null } {
  if (wanted === 'disabled') return { status: 'disabled', nextFireAt: null };
  const next = nextFire(duration, now);
  return next ? { status: 'active', nextFireAt: next } : { status: 'completed', nextFireAt: null };
}

/** The next `count` fires at or after `from`, as ISO instants in UTC. */
export const firesFrom = (duration: ScheduleDuration, from: Date, count: number): string[] =>
  nextFires(duration, from, count).map((d) => d.toISOString());
