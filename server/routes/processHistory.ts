import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { COUNT_CAP, decide, DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, messages, scopeOf } from '../../src/domain';
import type { Actor } from '../../src/domain';
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
type HistoryQuery = Static<typeof Query>;

const Line = Type.Object({
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
const Run = Type.Object({
  id: Type.String(),
  botName: Type.String(),
  agentName: Type.String(),
  userName: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer(),
  startedAt: Type.Union([Type.String(), Type.Null()]),
  endedAt: Type.Union([Type.String(), Type.Null()]),
  /** Every line the run logged. */
  lineCount: Type.Integer(),
  /** The lines the search and the time bounds keep (all of them without either). */
  matchCount: Type.Integer(),
});
const PageOf = <T extends ReturnType<typeof Type.Object>>(row: T) =>
  Type.Object({ count: Type.Integer(), countCapped: Type.Boolean(), rows: Type.Array(row) });

/** `%` and `_` in a search are the letters themselves. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What both History Logs queries share: the finished runs (`p`) the actor may see and the filters
 * on the run itself, with their parameters ($1–$6, and $9: the plain User whose bots bound the
 * runs). Who sees which runs is decided here only, so the runs and their lines can never
 * disagree. Platform roles see every company unless they name one; a company admin sees their
 * own; a plain User the runs of the bots they see.
 */
function runScope(actor: Actor, query: HistoryQuery) {
  const { botId, agentId, processId, userId, q } = query;
  const companyId = actor.companyId ?? query.companyId ?? null;
  const params: unknown[] = [
    companyId,
    botId ?? null,
    agentId ?? null,
    processId ?? null,
    userId ?? null,
    q ? likeOf(q) : null,
  ];
  const where = `p.status >= 2
      and ($1::uuid is null or p.company_id = $1::uuid)
      and ($2::uuid is null or p.bot_id = $2::uuid)
      and ($3::uuid is null or p.agent_id = $3::uuid)
      and ($4::uuid is null or p.id = $4::uuid)
      and ($5::uuid is null or p.user_id = $5::uuid)
      and ($9::uuid is null or ${processVisibleTo('p', '$9::uuid')})`;
  return { where, params };
}

/** A line kept by the search ($6, on its text or its run's bot) and the time bounds ($7, $8). */
const LINE_MATCH = `($6::text is null or l.text ilike $6::text or p.bot_name ilike $6::text)
      and ($7::timestamptz is null or l.at >= $7::timestamptz)
      and ($8::timestamptz is null or l.at <= $8::timestamptz)`;

/** Parameters $7 and $8: the time bounds; $9: the plain User the runs are bounded by, or null. */
const boundsOf = (actor: Actor, query: HistoryQuery) => [
  query.from ?? null,
  query.to ?? null,
  memberOf(actor, scopeOf(actor.role, 'list', 'processes')),
];

const readable = (actor: Actor) => {
  if (decide(actor, 'list', 'processes') !== 'allow') throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
};

/**
 * History Logs, read two ways under one scope: the finished runs (one row each, with their line
 * counts), and the log lines of finished runs (one run's when it is expanded). Both are newest
 * first, searched by line text or bot name, filtered by company, bot, agent, process, user and
 * time, and counted up to the list cap.
 */
export const processHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const counted = async (from: string, where: string, params: unknown[]) => {
    const [row] = await rowsOf<{ n: number }>(
      app.database,
      `select count(*)::int as "n" from (select 1 from ${from} where ${where} limit ${COUNT_CAP + 1}) capped`,
      params,
    );
    const n = row?.n ?? 0;
    return { count: Math.min(n, COUNT_CAP), countCapped: n > COUNT_CAP };
  };

  /** What both History Logs routes start with: the actor may read runs; their scope, time bounds and page. */
  const historyQuery = (actor: Actor, query: HistoryQuery) => {
    readable(actor);
    const scope = runScope(actor, query);
    const { page = 1, limit = DEFAULT_PAGE_SIZE } = query;
    return { page, limit, scope, params: [...scope.params, ...boundsOf(actor, query)] };
  };

  app.get(
    '/process/transaction-runs',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Finished processes with their log line counts (History Logs)',
        querystring: Query,
        response: { 200: Envelope(PageOf(Run)), ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const { page, limit, scope, params } = historyQuery(actorOf(request), request.query);
      // A run is kept when one of its lines is (which every line is without a search or time
      // bounds); a run that logged nothing, when its bot matches the search and it ran inside
      // the bounds.
      const where = `${scope.where}
      and (exists (select 1 from process_logs l where l.process_id = p.id and ${LINE_MATCH})
        or (not exists (select 1 from process_logs l where l.process_id = p.id)
          and ($6::text is null or p.bot_name ilike $6::text)
          and ($7::timestamptz is null or coalesce(p.ended_at, p.created_at) >= $7::timestamptz)
          and ($8::timestamptz is null or coalesce(p.started_at, p.created_at) <= $8::timestamptz)))`;
      const rows = await rowsOf<Static<typeof Run>>(
        app.database,
        `select p.id::text as "id", p.bot_name as "botName", p.agent_name as "agentName", u.full_name as "userName",
         p.status, ${iso('p.started_at')} as "startedAt", ${iso('p.ended_at')} as "endedAt",
         (select count(*)::int from process_logs l where l.process_id = p.id) as "lineCount",
         (select count(*)::int from process_logs l where l.process_id = p.id and ${LINE_MATCH}) as "matchCount"
       from processes p left join users u on u.id = p.user_id
       where ${where}
       order by coalesce(p.ended_at, p.created_at) desc, p.id
       limit $10 offset $11`,
        [...params, limit, (page - 1) * limit],
      );
      return { message: 'History runs', payload: { ...(await counted('processes p', where, params)), rows } };
    },
  );

  app.get(
    '/process/transaction-logs',
    {
      schema: {
        tags: ['processes'],
        security: [{ token: [] }],
        summary: 'Log lines of finished processes (History Logs)',
        querystring: Query,
        response: { 200: Envelope(PageOf(Line)), ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const { page, limit, scope, params } = historyQuery(actorOf(request), request.query);
      const where = `${scope.where} and ${LINE_MATCH}`;
      const rows = await rowsOf<Static<typeof Line>>(
        app.database,
        `select p.id::text || ':' || l.seq as "id", p.id::text as "processId", l.seq,
         ${iso('l.at')} as "at", l.stream, l.text,
         p.bot_name as "botName", p.agent_name as "agentName", p.status
       from process_logs l join processes p on p.id = l.process_id
       where ${where}
       order by l.at desc, l.process_id, l.seq desc
       limit $10 offset $11`,
        [...params, limit, (page - 1) * limit],
      );
      const from = 'process_logs l join processes p on p.id = l.process_id';
      return { message: 'History logs', payload: { ...(await counted(from, where, params)), rows } };
    },
  );
};
