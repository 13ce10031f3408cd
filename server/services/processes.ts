import type { FastifyInstance } from 'fastify';
import {
  check,
  decide,
  fillTemplate,
  messages,
  processMessages,
  startsWithOneRule,
  PROCESS_STATUS,
  type Actor,
} from '../../src/domain';
import type { RunParameter } from '../../src/domain/agentProtocol';
import { typedValueProblem, VALUE_PROBLEM_ANSWER } from '../../src/domain/parameterTypes';
import { HttpError, notFound } from '../http/errors';
import { publishProcess } from '../runtime/notify';
import { PROCESS_COLUMNS, rowsOf, type ProcessRow } from '../runtime/sql';
import { processTarget } from '../runtime/visibility';
import { insertRun, runSubjects, type BotForRun } from './runSql';

/** Default per-run timeout of a bot that names none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 3600;

const conflict = (message: string, code: string) => new HttpError(409, code, message);
const badRequest = (message: string, code: string) => new HttpError(400, code, message);

/**
 * Checks the values of a run against the bot's parameters and answers the values to keep. Every
 * In or InOut argument the bot's file declares may be left empty, as Orchestrator starts a job:
 * the workflow's default applies, else its type's default (src/domain/emptyArgument.ts); an
 * empty value is not kept. A plain value fits its argument's type (src/domain/parameterTypes.ts:
 * the answer names the parameter) and starts with 1 where the workflow says so; encrypted values
 * are checked by the browser, which saw them in clear. A bot that declares no parameter may be
 * given some by name, each with a name and a value ('Some parameters haven't been added!').
 */
export function checkRunParameters(declared: BotForRun['parameters'], given: readonly RunParameter[]): RunParameter[] {
  const inputs = declared.filter((p) => p.direction !== 'Out');
  const blank = (text: string) => text.trim() === '';
  if (given.some((p) => blank(p.name)) || (declared.length === 0 && given.some((p) => blank(p.value))))
    throw badRequest(messages.parametersMissing, 'PARAMETERS_MISSING');
  if (declared.length === 0) return [...given];
  const byName = new Map(given.map((p) => [p.name, p]));
  const leftEmpty = new Set<string>();
  for (const parameter of inputs) {
    const value = byName.get(parameter.name);
    if (!value || blank(value.value)) {
      leftEmpty.add(parameter.name);
      continue;
    }
    if (value.encrypted) continue;
    const problem = typedValueProblem(parameter.type, value.value);
    if (problem) {
      const answer = fillTemplate(processMessages[VALUE_PROBLEM_ANSWER[problem]], { name: parameter.name });
      throw badRequest(answer, problem === 'integer' ? 'INTEGER_ONLY' : 'INVALID_PARAMETER');
    }
    if (check(value.value, parameter.startsWith1 ? [startsWithOneRule] : []))
      throw badRequest(messages.startWithOne, 'START_WITH_ONE');
  }
  return given.filter((p) => !leftEmpty.has(p.name));
}

export interface RunRequest {
  botId: string;
  agentId: string;
  parameters: RunParameter[];
  /** Queue behind the agent's running process instead of being refused as busy. */
  queue?: boolean;
}

/**
 * A manual run: a pending process in its agent's queue. Refused when the bot is not active,
 * a parameter has no value, the company's licence ended, or the agent is busy: running a process
 * (unless the person chose to queue behind it) or reserved by an admin (its flag: a reserved
 * agent takes no run until a person clears it, so a queued one would wait for an unknown time).
 * A bot or agent the actor may not see, or an agent of another company than the bot, is not found.
 */
export async function createProcess(app: FastifyInstance, actor: Actor, input: RunRequest): Promise<ProcessRow> {
  const { bot, agent } = await runSubjects(app.database, input.botId, input.agentId);
  const botDecision = bot
    ? decide(actor, 'show', 'bots', { companyId: bot.companyId, ownerId: bot.userId, memberIds: bot.viewerIds })
    : 'notFound';
  if (!bot || botDecision !== 'allow') throw new HttpError(404, 'NOT_FOUND', messages.noActiveBot);
  if (decide(actor, 'create', 'processes', { companyId: bot.companyId }) !== 'allow')
    throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
  if (
    !agent ||
    agent.companyId !== bot.companyId ||
    decide(actor, 'show', 'agents', { companyId: agent.companyId }) !== 'allow'
  )
    throw notFound();
  if (bot.status !== 'active') throw badRequest(messages.noActiveBot, 'BOT_INACTIVE');
  const parameters = checkRunParameters(bot.parameters, input.parameters);
  // An ended licence refuses a run as it refuses a new bot or a schedule: 403.
  if (bot.expired) throw new HttpError(403, 'LICENCE_EXPIRED', messages.botExpired);
  if (agent.isBusy) throw conflict(messages.agentBusy, 'AGENT_RESERVED');
  if (agent.running && !input.queue) throw conflict(messages.agentBusy, 'AGENT_BUSY');

  const dispatcher = app.runtime.dispatcher;
  const run = {
    bot,
    agent,
    actor,
    parameters: parameters.map((p) => ({ name: p.name, value: p.value, encrypted: !!p.encrypted })),
  };
  // On an idle agent held by this node, the process starts out running: one commit before the
  // agent is told. Otherwise it waits in the queue for the node that holds the agent.
  const within = dispatcher.claimWithin(agent.id, async () => {
    const row = await insertRun(app.database, { ...run, claim: true });
    // Told before the start's own notice, so that browsers hear "added" before "started".
    publishProcess(app, row, 'insert');
    return { result: row as ProcessRow, claimed: row.status === PROCESS_STATUS.running ? row : null };
  });
  const created = within ? await within : await insertRun(app.database, { ...run, claim: false });
  if (!within) publishProcess(app, created, 'insert');
  // Processes queued before it (or an agent held elsewhere): the claim takes the head of the queue.
  if (created.status === PROCESS_STATUS.pending) dispatcher.signal(agent.id);
  return created;
}

/** Cancels pending processes the actor may change; answers the ids canceled. */
export async function cancelPending(
  app: FastifyInstance,
  actor: Actor,
  ids: string[],
  single: boolean,
): Promise<string[]> {
  const rows = await rowsOf<ProcessRow>(
    app.database,
    `select ${PROCESS_COLUMNS} from processes p where p.id in (select jsonb_array_elements_text($1::jsonb)::uuid)`,
    [JSON.stringify(ids)],
  );
  const visible = rows.filter((r) => decide(actor, 'show', 'processes', processTarget(r)) === 'allow');
  if (visible.length < ids.length) throw notFound();
  for (const r of visible) {
    if (decide(actor, 'update', 'processes', { companyId: r.companyId, ownerId: r.userId }) !== 'allow')
      throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
  }
  const pending = visible.filter((r) => r.status === PROCESS_STATUS.pending).map((r) => r.id);
  if (pending.length === 0)
    throw conflict(
      single ? messages.onlyPendingCancel : messages.selectPendingFirst,
      single ? 'NOT_PENDING' : 'NONE_PENDING',
    );
  const canceled = await rowsOf<ProcessRow>(
    app.database,
    `update processes p set status = 4, ended_at = now(), updated_at = now(),
       reason = 'Canceled by ' || u.full_name || ' before it ran',
       reason_key = 'canceledBy', reason_values = jsonb_build_object('name', u.full_name)
     from users u
     where u.id = $2::uuid and p.id in (select jsonb_array_elements_text($1::jsonb)::uuid) and p.status = 0
     returning ${PROCESS_COLUMNS}`,
    [JSON.stringify(pending), actor.id],
  );
  // A process that started meanwhile is no longer pending: said as for a single one.
  if (canceled.length === 0) throw conflict(messages.onlyPendingCancel, 'NOT_PENDING');
  for (const row of canceled) {
    await app.audit.record({
      actor,
      action: 'update',
      resource: 'processes',
      recordId: row.id,
      changes: { status: PROCESS_STATUS.canceled },
    });
    publishProcess(app, row);
  }
  return canceled.map((r) => r.id);
}

/**
 * Stop: the running process's agent kills its tree and reports it canceled. Who stopped it is
 * written on the run at once (its reason while it stops), and kept when it ends canceled.
 */
export async function stopRunning(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const [row] = await rowsOf<ProcessRow>(app.database, `select ${PROCESS_COLUMNS} from processes p where p.id = $1`, [
    id,
  ]);
  if (!row || decide(actor, 'show', 'processes', processTarget(row)) !== 'allow') throw notFound();
  const decision = decide(actor, 'update', 'processes', { companyId: row.companyId, ownerId: row.userId });
  if (decision !== 'allow') throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
  if (row.status !== PROCESS_STATUS.running || !row.agentId)
    throw conflict(processMessages.onlyRunningStop, 'NOT_RUNNING');
  await rowsOf(
    app.database,
    `update processes p set reason = 'Stopped by ' || u.full_name, reason_key = 'stoppedBy',
       reason_values = jsonb_build_object('name', u.full_name), updated_at = now()
     from users u where u.id = $2::uuid and p.id = $1 and p.status = 1`,
    [row.id, actor.id],
  );
  await app.audit.record({ actor, action: 'update', resource: 'processes', recordId: row.id, changes: { stop: true } });
  app.runtime.dispatcher.cancel(row.agentId, { processId: row.id, reason: 'stop' });
}
