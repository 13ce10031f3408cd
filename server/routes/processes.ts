import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DECLARED_PARAMETER_NAME_MAX,
  decide,
  fillTemplate,
  messages,
  notificationTexts,
  processMessages,
  PROCESS_STATUS,
  RUN_PARAMETER_VALUE_MAX,
} from '../../src/domain';
import { HttpError, notFound } from '../http/errors';
import { Envelope, errorResponses, List } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { rowsOf } from '../runtime/sql';
import { cancelPending, createProcess, stopRunning } from '../services/processes';
import { parameterKeyOf } from '../runtime/keys';
import { processTarget, processViewersOf } from '../runtime/visibility';
import { readLogPage } from '../services/processLog';
import { LOG_LEVELS } from '../../src/domain/agentProtocol';

const Uuid = Type.String({ format: 'uuid' });
const RunParameter = Type.Object(
  {
    // A name a person types has at most 15 characters; one read from a workflow keeps its length.
    name: Type.String({ minLength: 1, maxLength: DECLARED_PARAMETER_NAME_MAX }),
    // Plain values have at most 30 characters (2000 for JSON); the ciphertext of one is longer.
    value: Type.String({ maxLength: RUN_PARAMETER_VALUE_MAX }),
    encrypted: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const CreateBody = Type.Object(
  {
    botId: Uuid,
    agentId: Uuid,
    parameters: Type.Optional(Type.Array(RunParameter, { maxItems: 50 })),
    // The person chose to wait: on an agent busy running a process, the run joins its queue.
    queue: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Created = Type.Object({
  id: Type.String(),
  status: Type.Integer(),
  botName: Type.String(),
  deviceId: Type.String(),
});
const Ids = Type.Object({ ids: Type.Array(Type.String()) });
const LogRow = Type.Object({
  seq: Type.Integer(),
  at: Type.String(),
  stream: Type.String(),
  text: Type.String(),
  level: Type.Union([Type.Enum([...LOG_LEVELS]), Type.Null()], {
    description: "A workflow line's level; null for a script's output and the agent's own lines",
  }),
  fields: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()], {
    description: "A workflow line's custom log fields (Add Log Fields), name → text; null when it has none",
  }),
});
const LogQuery = Type.Object(
  {
    processId: Uuid,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  },
  // Other query parameters are ignored, as on every list.
);
const QueueRow = Type.Object({
  agentId: Type.String(),
  agentName: Type.String(),
  deviceId: Type.String(),
  processes: Type.Array(
    Type.Object({
      id: Type.String(),
      botName: Type.String(),
      position: Type.Integer(),
      priority: Type.Integer(),
      createdAt: Type.String(),
    }),
  ),
});

/** Runs, their cancel and Stop, their logs and the agents' queues. */
export const processRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/process/create',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Run a bot on an agent (a pending process in its queue)',
        body: CreateBody,
        response: { 200: Envelope(Created), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const row = await createProcess(app, actorOf(request), {
        botId: request.body.botId,
        agentId: request.body.agentId,
        parameters: request.body.parameters ?? [],
        queue: request.body.queue === true,
      });
      return {
        message: fillTemplate(notificationTexts.processAdded, { id: row.id.slice(0, 8) }),
        payload: { id: row.id, status: row.status, botName: row.botName, deviceId: row.deviceId },
      };
    },
  );

  app.post(
    '/process/cancel',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Cancel a pending process',
        body: Type.Object({ id: Uuid }, { additionalProperties: false }),
        response: { 200: Envelope(Ids), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => ({
      message: processMessages.processCancelled,
      payload: { ids: await cancelPending(app, actorOf(request), [request.body.id], true) },
    }),
  );

  app.post(
    '/process/bulk-cancel',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Cancel the pending processes among those selected',
        body: Type.Object(
          { ids: Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true }) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Ids), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const ids = await cancelPending(app, actorOf(request), request.body.ids, false);
      return {
        message: fillTemplate(processMessages.processesCancelled, { smart_count: ids.length }),
        payload: { ids },
      };
    },
  );

  app.post(
    '/process/stop',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Stop a running process (its agent kills it: canceled)',
        body: Type.Object({ id: Uuid }, { additionalProperties: false }),
        response: { 200: Envelope(Type.Null()), ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      await stopRunning(app, actorOf(request), request.body.id);
      return { message: processMessages.stopAsked, payload: null };
    },
  );

  app.get(
    '/processExecutionLog',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: "A process's log lines, in order",
        querystring: LogQuery,
        response: { 200: Envelope(List(LogRow)), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { processId, page = 1, limit = 100 } = request.query;
      const process = await readLogPage(app.database, actor, processId, page, limit);
      if (!process || decide(actor, 'show', 'processes', process.target) !== 'allow') throw notFound();
      if (process.status === PROCESS_STATUS.pending)
        throw new HttpError(400, 'PENDING_NO_LOGS', messages.pendingNoLogs);
      return { message: 'Process logs', payload: { count: process.logCount, rows: process.lines } };
    },
  );

  app.get(
    '/queue/queue',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: "Each agent's waiting processes with their position",
        querystring: Type.Object({
          agentId: Type.Optional(Type.String({ format: 'uuid', description: 'Only this agent’s queue' })),
        }),
        response: { 200: Envelope(Type.Array(QueueRow)), ...errorResponses(401, 403, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (decide(actor, 'list', 'processes') !== 'allow') throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
      const scoped = actor.companyId !== null && decide(actor, 'list', 'processes', { companyId: null }) !== 'allow';
      const rows = await rowsOf<{
        agentId: string;
        agentName: string;
        deviceId: string;
        id: string;
        botName: string;
        position: number;
        priority: number;
        createdAt: string;
        companyId: string;
        userId: string;
        viewerIds: string[];
      }>(
        app.database,
        `select p.agent_id::text as "agentId", a.name as "agentName", a.device_id as "deviceId", p.id::text as "id", p.bot_name as "botName",
         p.priority, p.company_id::text as "companyId", p.user_id::text as "userId", ${processViewersOf('p')} as "viewerIds",
         to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
         (row_number() over (partition by p.agent_id order by p.priority desc nulls last, p.created_at, p.id))::int as "position"
       from processes p join agents a on a.id = p.agent_id
       where p.status = 0 and ($1::uuid is null or p.company_id = $1::uuid) and ($2::uuid is null or p.agent_id = $2::uuid)
       order by a.name, "position" limit 5000`,
        [scoped ? actor.companyId : null, request.query.agentId ?? null],
      );
      const byAgent = new Map<
        string,
        {
          agentId: string;
          agentName: string;
          deviceId: string;
          processes: { id: string; botName: string; position: number; priority: number; createdAt: string }[];
        }
      >();
      for (const r of rows) {
        if (decide(actor, 'show', 'processes', processTarget(r)) !== 'allow') continue;
        const entry = byAgent.get(r.agentId) ?? {
          agentId: r.agentId,
          agentName: r.agentName,
          deviceId: r.deviceId,
          processes: [],
        };
        entry.processes.push({
          id: r.id,
          botName: r.botName,
          position: r.position,
          priority: r.priority,
          createdAt: r.createdAt,
        });
        byAgent.set(r.agentId, entry);
      }
      return { message: 'Queue', payload: [...byAgent.values()] };
    },
  );

  app.get(
    '/company/parameter-key',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: "The company's key for encrypting bot parameters in the browser",
        querystring: Type.Object({ companyId: Type.Optional(Uuid) }),
        response: { 200: Envelope(Type.Object({ key: Type.String() })), ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      // A company user names their own company or none; another company's key is not found.
      const companyId = request.query.companyId ?? actor.companyId;
      if (!companyId) throw new HttpError(400, 'VALIDATION_FAILED', 'companyId is required');
      if (decide(actor, 'show', 'companies', { companyId }) !== 'allow') throw notFound();
      const key = await parameterKeyOf(app, companyId);
      if (key === null) throw notFound();
      return { message: 'Parameter key', payload: { key } };
    },
  );
};
