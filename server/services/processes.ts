import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  check,
  decide,
  messages,
  parameterTypeRules,
  PROCESS_STATUS,
  type Actor,
  type MessageKey,
} from '../../src/domain';
import type { RunParameter } from '../../src/domain/agentProtocol';
import { HttpError, notFound } from '../http/errors';
import { publishProcess } from '../runtime/notify';
import { PROCESS_COLUMNS, rowsOf, type ProcessRow } from '../runtime/sql';

/** Default per-run timeout of a bot that names none (seconds). */
export const DEFAULT_TIMEOUT_SECONDS = 3600;

interface BotForRun {
  id: string;
  companyId: string;
  userId: string;
  name: string;
  status: string;
  parameters: { name: string; direction: string; type: string; startsWith1?: boolean }[];
  expired: boolean;
  timeoutSeconds: number;
  /** Its creator and the members of its groups: a plain User runs the bots they see. */
  viewerIds: string[];
}
interface AgentForRun {
  id: string;
  companyId: string;
  userId: string | null;
  name: string;
  deviceId: string;
  isBusy: boolean;
  running: boolean;
}

const conflict = (message: string, code: string) => new HttpError(409, code, message);
const badRequest = (message: string, code: string) => new HttpError(400, code, message);

const TYPE_ANSWERS: Partial<Record<MessageKey, string>> = {
  integerOnly: 'INTEGER_ONLY',
  startWithOne: 'START_WITH_ONE',
};

/**
 * Checks the values of a run against the bot's parameters: every input parameter has a value,
 * and a plain value follows its parameter's rules (integer-typed, must start with 1). Encrypted
 * values are checked by the browser, which saw them in clear.
 */
export function checkRunParameters(declared: BotForRun['parameters'], given: readonly RunParameter[]): void {
  const byName = new Map(given.map((p) => [p.name, p]));
  for (const parameter of declared.filter((p) => p.direction !== 'Out')) {
    const value = byName.get(parameter.name);
    if (!value || value.value.trim() === '') throw badRequest(messages.parametersMissing, 'PARAMETERS_MISSING');
    const refused = value.encrypted ? undefined : check(value.value, parameterTypeRules(parameter));
    if (refused) throw badRequest(messages[refused], TYPE_ANSWERS[refused] ?? 'INVALID_PARAMETER');
  }
}

async function botForRun(app: FastifyInstance, botId: string): Promise<BotForRun | null> {
  const [bot] = await rowsOf<BotForRun>(
    app.database,
    `select b.id::text as "id", b.company_id::text as "companyId", b.user_id::text as "userId", b.name, b.status, b.parameters,
       b.timeout_seconds as "timeoutSeconds",
       array(select b.user_id::text union select ug.user_id::text from bot_groups bg join user_groups ug on ug.group_id = bg.group_id where bg.bot_id = b.id) as "viewerIds",
       not exists (select 1 from company_licences l where l.company_id = b.company_id and l.end_date >= current_date) as "expired"
     from bots b where b.id = $1`,
    [botId],
  );
  return bot ?? null;
}

async function agentForRun(app: FastifyInstance, agentId: string): Promise<AgentForRun | null> {
  const [agent] = await rowsOf<AgentForRun>(
    app.database,
    `select a.id::text as "id", a.company_id::text as "companyId", a.user_id::text as "userId", a.name, a.device_id as "deviceId", a.is_busy as "isBusy",
       exists (select 1 from processes p where p.agent_id = a.id and p.status = 1) as "running"
     from agents a where a.id = $1`,
    [agentId],
  );
  return agent ?? null;
}

export interface RunRequest {
  botId: string;
  agentId: string;
  parameters: RunParameter[];
}

/**
 * A manual run: a pending process in its agent's queue. Refused when the bot is not active,
 * a parameter has no value, the company's licence ended, or the agent is busy (running or
 * flagged busy); a bot or agent the actor may not see, or an agent of another company than the
 * bot, is not found.
 */
export async function createProcess(app: FastifyInstance, actor: Actor, input: RunRequest): Promise<ProcessRow> {
  const bot = await botForRun(app, input.botId);
  const botDecision = bot
    ? decide(actor, 'show', 'bots', { companyId: bot.companyId, ownerId: bot.userId, memberIds: bot.viewerIds })
    : 'notFound';
  if (!bot || botDecision !== 'allow') throw new HttpError(404, 'NOT_FOUND', messages.noActiveBot);
  if (decide(actor, 'create', 'processes', { companyId: bot.companyId }) !== 'allow')
    throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
  const agent = await agentForRun(app, input.agentId);
  if (
    !agent ||
    agent.companyId !== bot.companyId ||
    decide(actor, 'show', 'agents', { companyId: agent.companyId }) !== 'allow'
  )
    throw notFound();
  if (bot.status !== 'active') throw badRequest(messages.noActiveBot, 'BOT_INACTIVE');
  checkRunParameters(bot.parameters, input.parameters);
  if (bot.expired) throw badRequest(messages.botExpired, 'BOT_EXPIRED');
  if (agent.isBusy || agent.running) throw conflict(messages.agentBusy, 'AGENT_BUSY');

  const row = await app.database.db.transaction(async (tx) => {
    // Both drivers answer `{ rows }`; Drizzle's shared type does not say so.
    const result = (await tx.execute(sqlInsert(bot, agent, actor, input.parameters))) as unknown as {
      rows: ProcessRow[];
    };
    const [created] = result.rows;
    await app.audit.record(
      {
        actor,
        action: 'create',
        resource: 'processes',
        recordId: created.id,
        changes: { botId: bot.id, agentId: agent.id },
      },
      tx,
    );
    return created;
  });
  publishProcess(app, row, 'insert');
  app.runtime.dispatcher.signal(agent.id);
  return row;
}

function sqlInsert(bot: BotForRun, agent: AgentForRun, actor: Actor, parameters: RunParameter[]) {
  return sql`insert into processes as p (company_id, bot_id, agent_id, user_id, bot_name, agent_name, device_id, parameters, timeout_seconds)
    values (${bot.companyId}, ${bot.id}, ${agent.id}, ${actor.id}, ${bot.name}, ${agent.name}, ${agent.deviceId},
            ${JSON.stringify(parameters.map((p) => ({ name: p.name, value: p.value, encrypted: !!p.encrypted })))}::jsonb, ${bot.timeoutSeconds})
    returning ${sql.raw(PROCESS_COLUMNS)}`;
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
  const visible = rows.filter(
    (r) => decide(actor, 'show', 'processes', { companyId: r.companyId, ownerId: r.userId }) === 'allow',
  );
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
    `update processes p set status = 4, ended_at = now(), reason = 'canceled before it ran', updated_at = now()
     where p.id in (select jsonb_array_elements_text($1::jsonb)::uuid) and p.status = 0 returning ${PROCESS_COLUMNS}`,
    [JSON.stringify(pending)],
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

/** Stop: the running process's agent kills its tree and reports it canceled. */
export async function stopRunning(app: FastifyInstance, actor: Actor, id: string): Promise<void> {
  const [row] = await rowsOf<ProcessRow>(app.database, `select ${PROCESS_COLUMNS} from processes p where p.id = $1`, [
    id,
  ]);
  if (!row || decide(actor, 'show', 'processes', { companyId: row.companyId, ownerId: row.userId }) !== 'allow')
    throw notFound();
  const decision = decide(actor, 'update', 'processes', { companyId: row.companyId, ownerId: row.userId });
  if (decision !== 'allow') throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
  if (row.status !== PROCESS_STATUS.running || !row.agentId)
    throw conflict('Only running processes can be stopped!', 'NOT_RUNNING');
  await app.audit.record({ actor, action: 'update', resource: 'processes', recordId: row.id, changes: { stop: true } });
  app.runtime.dispatcher.cancel(row.agentId, { processId: row.id, reason: 'stop' });
}
