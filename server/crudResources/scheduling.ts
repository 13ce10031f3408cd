import { sql } from 'drizzle-orm';
import { messages } from '../../src/domain';
import { resourceMessages } from '../../src/domain/declarations/messages';
import { scheduleHistory as scheduleHistoryDef } from '../../src/domain/declarations/scheduleHistory';
import { schedules as schedulesDef } from '../../src/domain/declarations/schedules';
import type { RunParameter } from '../../src/domain/agentProtocol';
import { PREVIEW_DEFAULT, validateDuration, validateScheduleBody } from '../../src/domain/schedule';
import type { CrudOptions, HookContext, Values } from '../crud/options';
import type { CrudRecord, CrudSource } from '../crud/source';
import { scheduleHistory, schedules } from '../db/schema';
import { fieldError, HttpError } from '../http/errors';
import { processViewersOf, processVisibleToSql } from '../runtime/visibility';
import { scheduleChanged } from '../scheduler/signal';
import {
  checkScheduleSubjects,
  durationColumns,
  durationOf,
  firesFrom,
  scheduleSubjects,
  timingOf,
} from '../services/schedules';
import { Instants, SCHEDULE_INPUTS } from '../services/schedulesSchemas';
import { companyNameOf, userNameOf } from './shared';

/*
 * Schedules and their history are seen like runs: a plain User sees those of the bots they see
 * (the bot's creator and its groups' members), or, once the bot is deleted, those they created.
 */

export const schedulesSource: CrudSource = {
  table: schedules,
  lookups: { companyName: companyNameOf(schedules.companyId), userName: userNameOf(schedules.userId) },
  computed: { viewerIds: sql.raw(processViewersOf('"schedules"')) },
  memberWhere: (member) => processVisibleToSql('"schedules"', member),
};

export const scheduleHistorySource: CrudSource = {
  table: scheduleHistory,
  lookups: { companyName: companyNameOf(scheduleHistory.companyId) },
  computed: {
    viewerIds: sql.raw(processViewersOf('"schedule_history"')),
    processStatus: sql`(select p.status from processes p where p.id = ${scheduleHistory.processId})`,
  },
  memberWhere: (member) => processVisibleToSql('"schedule_history"', member),
};

/** The rules of a schedule's own fields, judged together: these are the builder's messages. */
const BODY_FIELDS = ['botId', 'recipients', 'overlap'];

/**
 * A reschedule is judged on what it sends: the bot, recipients and overlap given, and a duration
 * given is judged whole (a duration is never merged with the stored one).
 */
function rescheduleErrors(body: Values) {
  const own = validateScheduleBody(body).filter((e) => BODY_FIELDS.includes(e.field) && Object.hasOwn(body, e.field));
  return Object.hasOwn(body, 'duration') ? [...own, ...validateDuration(body.duration)] : own;
}

const parametersOf = (value: unknown): RunParameter[] =>
  Array.isArray(value) ? (value as RunParameter[]).map((p) => ({ ...p, encrypted: p.encrypted === true })) : [];
const idOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A Super or Sub Admin's schedule belongs to its bot's company. */
async function companyOfBot(ctx: HookContext, values: Values): Promise<string | undefined> {
  const { bot } = await scheduleSubjects(ctx.db, idOrNull(values.botId), null);
  if (!bot) throw new HttpError(404, 'NOT_FOUND', messages.noActiveBot);
  return bot.companyId;
}

/** Create: the bot and agent checked, their names kept, the duration stored and its next fire computed. */
async function completeCreate(ctx: HookContext, values: Values): Promise<Values> {
  if (!values.agentId) throw fieldError('agentId', resourceMessages.scheduleSelectAgent);
  const parameters = parametersOf(values.parameters);
  const subjects = await scheduleSubjects(ctx.db, idOrNull(values.botId), idOrNull(values.agentId));
  const kept = checkScheduleSubjects(ctx.actor, subjects, parameters, String(values.companyId));
  const duration = durationOf(values.duration);
  return {
    ...values,
    ...kept,
    ...durationColumns(duration),
    ...timingOf(duration, values.status === 'disabled' ? 'disabled' : 'active', new Date()),
    recipients: Array.isArray(values.recipients) ? values.recipients : [],
  };
}

/**
 * Reschedule, enable, disable: a new bot, agent or parameters are checked as on create, and so
 * is the bot of a schedule that will fire again with a new duration or once enabled; a new
 * duration or status recomputes the next fire from now. Disabling needs no check (a plan whose
 * bot was deleted or expired can always be stopped).
 */
async function completeUpdate(ctx: HookContext, values: Values, existing: CrudRecord): Promise<Values> {
  const out: Values = { ...values };
  const given = (name: string) => Object.hasOwn(values, name) && values[name] !== undefined;
  const duration = durationOf(given('duration') ? values.duration : existing.duration);
  const wanted = given('status') ? values.status : existing.status === 'disabled' ? 'disabled' : 'active';
  const refires = wanted === 'active' && (given('duration') || given('status'));
  if (given('botId') || given('agentId') || given('parameters') || refires) {
    const parameters = parametersOf(given('parameters') ? values.parameters : existing.parameters);
    const subjects = await scheduleSubjects(
      ctx.db,
      idOrNull(given('botId') ? values.botId : existing.botId),
      idOrNull(given('agentId') ? values.agentId : existing.agentId),
    );
    const kept = checkScheduleSubjects(ctx.actor, subjects, parameters, String(existing.companyId));
    const { botName, agentName } = kept;
    Object.assign(out, { botName, agentName, ...(given('parameters') ? { parameters: kept.parameters } : {}) });
  }
  if (given('duration')) Object.assign(out, durationColumns(duration));
  if (given('duration') || given('status'))
    Object.assign(out, timingOf(duration, wanted === 'disabled' ? 'disabled' : 'active', new Date()));
  if (values.recipients === null) out.recipients = [];
  if (values.parameters === null) out.parameters = [];
  return out;
}

/**
 * Scheduled Plans on the engine: list, details (with the next five fires), delete (a Sub Admin
 * deletes none), and create and reschedule through hooks, with the builder's rules on the body.
 * Every write tells the scheduler (scheduleChanged), whose loop may sleep until a later fire.
 */
export const schedulesCrud: CrudOptions = {
  def: schedulesDef,
  source: schedulesSource,
  bodyRules: { create: validateScheduleBody, update: rescheduleErrors },
  inputSchemas: SCHEDULE_INPUTS,
  hooks: {
    inferCompany: companyOfBot,
    beforeCreate: completeCreate,
    beforeUpdate: completeUpdate,
    afterWrite: async () => scheduleChanged(),
  },
  details: {
    schema: { nextFires: Instants },
    // A disabled or completed plan has no next fire.
    load: async (_ctx, record) => ({
      nextFires: record.status === 'active' ? firesFrom(durationOf(record.duration), new Date(), PREVIEW_DEFAULT) : [],
    }),
  },
  messages: {
    created: resourceMessages.scheduleCreated,
    updated: resourceMessages.scheduleUpdated,
    deleted: resourceMessages.scheduleDeleted,
  },
};

/** Scheduled History: written by the scheduler only; the engine lists, shows and deletes it. */
export const scheduleHistoryCrud: CrudOptions = {
  def: scheduleHistoryDef,
  source: scheduleHistorySource,
  skip: ['create', 'update'],
  messages: { deleted: resourceMessages.scheduleHistoryDeleted },
};
