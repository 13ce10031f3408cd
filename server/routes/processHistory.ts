import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { COUNT_CAP, decide, DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, messages, scopeOf } from '../../src/domain';
import { HttpError } from '../http/errors';
import { Envelope, errorResponses } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { rowsOf } from '../runtime/sql';
import { memberOf, processVisibleTo } from '../runtime/visibility';

const Uuid = Type.String({ format: 'uuid' });
const Query = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
    q: Type.Optional(Type.String({ maxLength: 200 })),
    companyId: Type.Optional(Uuid),
    botId: Type.Optional(Uuid),
    agentId: Type.Optional(Uuid),
    processId: Type.Optional(Uuid),
    userId: Type.Optional(Uuid),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
  },
  // Other query parameters are ignored, as on every list: the web app's list sends a sort.
);
const Row = Type.Object({
  id: Type.String(),
  processId: Type.String(),
  seq: Type.Integer(),
  at: Type.String(),
  stream: Type.String(),
  text: Type.String(),
  botName: Type.String(),
  agentName: Type.String(),
  status: Type.Integer(),
});
const Page = Type.Object({ count: Type.Integer(), countCapped: Type.Boolean(), rows: Type.Array(Row) });

/** `%` and `_` in a search are the letters themselves. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * History Logs: the log lines of finished processes, newest first, searchable and filtered by
 * company, bot, agent, process, user and time. Scoped like the processes themselves: a company
 * admin sees their company's runs, a plain User the runs of the bots they see. The total is
 * counted up to the list cap.
 */
export const processHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/process/transaction-logs',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Log lines of finished processes (History Logs)',
        querystring: Query,
        response: { 200: Envelope(Page), ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (decide(actor, 'list', 'processes') !== 'allow') throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
      const { page = 1, limit = DEFAULT_PAGE_SIZE, q, botId, agentId, processId, userId, from, to } = request.query;
      // Platform roles see every company unless they name one; a company user sees their own.
      const companyId = actor.companyId ?? request.query.companyId ?? null;
      const params: unknown[] = [
        companyId,
        botId ?? null,
        agentId ?? null,
        processId ?? null,
        userId ?? null,
        from ?? null,
        to ?? null,
        q ? likeOf(q) : null,
        memberOf(actor, scopeOf(actor.role, 'list', 'processes')),
      ];
      const where = `p.status >= 2
      and ($1::uuid is null or p.company_id = $1::uuid)
      and ($2::uuid is null or p.bot_id = $2::uuid)
      and ($3::uuid is null or p.agent_id = $3::uuid)
      and ($4::uuid is null or p.id = $4::uuid)
      and ($5::uuid is null or p.user_id = $5::uuid)
      and ($6::timestamptz is null or l.at >= $6::timestamptz)
      and ($7::timestamptz is null or l.at <= $7::timestamptz)
      and ($8::text is null or l.text ilike $8::text or p.bot_name ilike $8::text)
      and ($9::uuid is null or ${processVisibleTo('p', '$9::uuid')})`;
      const rows = await rowsOf<Static<typeof Row>>(
        app.database,
        `select p.id::text || ':' || l.seq as "id", p.id::text as "processId", l.seq,
         to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at", l.stream, l.text,
         p.bot_name as "botName", p.agent_name as "agentName", p.status
       from process_logs l join processes p on p.id = l.process_id
       where ${where}
       order by l.at desc, l.process_id, l.seq desc
       limit $10 offset $11`,
        [...params, limit, (page - 1) * limit],
      );
      const [counted] = await rowsOf<{ n: number }>(
        app.database,
        `select count(*)::int as "n" from (select 1 from process_logs l join processes p on p.id = l.process_id where ${where} limit ${COUNT_CAP + 1}) capped`,
        params,
      );
      const n = counted?.n ?? 0;
      return { message: 'History logs', payload: { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP, rows } };
    },
  );
};
