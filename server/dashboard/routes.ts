import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import { decide, messages, scopeOf, type Actor } from '../../src/domain';
import { PERIOD_ERRORS, periodRange, successRate, type PeriodRange } from '../../src/domain/dashboard';
import { fieldError, HttpError, notFound } from '../http/errors';
import { errorResponses } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { memberOf } from '../runtime/visibility';
import { botPerformance, lineGraph, sunburst, summary, type ReportScope, type SummaryScope } from './sql';
import { BotRow, LinePoint, ReportQuery, reportOf, SummarySchema, SunburstRowSchema } from './schemas';
import { JsonRows } from './sunburst';
import { acceptsGzip, gzippedOf, writtenAnswer } from './written';

type Query = Static<typeof ReportQuery>;

/**
 * Who reads which runs: every role reads the dashboard. Super and Sub Admin count every company
 * or the one they name; a Customer Admin and a User their own company (naming another answers
 * 404, as another company's record does); a plain User only the runs of the bots they see.
 */
function scopeFor(actor: Actor, query: Query): ReportScope {
  if (decide(actor, 'list', 'dashboard') !== 'allow') throw new HttpError(403, 'FORBIDDEN', messages.forbidden);
  const named = query.companyId ?? null;
  if (named !== null && decide(actor, 'list', 'dashboard', { companyId: named }) !== 'allow') throw notFound();
  const companyId = scopeOf(actor.role, 'list', 'dashboard') === 'all' ? named : actor.companyId;
  return { companyId, memberId: memberOf(actor, scopeOf(actor.role, 'list', 'processes')) };
}

/** The summary's scope: the report's, and the schedules a plain User sees for the next fire. */
const summaryScopeOf = (actor: Actor, scope: ReportScope): SummaryScope => ({
  ...scope,
  scheduleMemberId: memberOf(actor, scopeOf(actor.role, 'list', 'schedules')),
});

function rangeFor(query: Query): PeriodRange {
  const range = periodRange({
    period: query.period,
    timeZone: query.timezone ?? 'UTC',
    now: new Date(),
    from: query.from,
    to: query.to,
  });
  if (typeof range === 'string') throw fieldError(PERIOD_ERRORS[range].field, PERIOD_ERRORS[range].message);
  return range;
}

const periodOf = (range: PeriodRange, query: Query) => ({
  from: range.from.toISOString(),
  to: range.to.toISOString(),
  timezone: query.timezone ?? 'UTC',
  days: range.days,
  bucket: range.bucket,
});

/** A report route's schemas: its rows in the common answer, its errors. */
const optionsOf = <T extends TSchema>(summary: string, rows: T) => ({
  schema: {
    tags: ['dashboard'],
    security: [{ token: [] }],
    summary,
    description:
      'Runs created in the period, in the viewer’s time zone. Successful: Executed; Failed: Error; Terminated: Canceled or Agent Disconnected.',
    querystring: ReportQuery,
    response: { 200: reportOf(rows), ...errorResponses(400, 401, 403, 404, 503) },
  },
});

/** The period and scope of a report's request (its checks: the period first, then who may read what). */
function requestOf(actor: Actor, query: Query) {
  const range = rangeFor(query);
  return { range, scope: scopeFor(actor, query), period: periodOf(range, query) };
}

const SUNBURST_MESSAGE = 'Processes by company and bot';

/**
 * The gzipped answers of requests that take one: the reply's serializer writes the JSON, and the
 * route's onSend swaps in its gzipped bytes (only for that JSON: an error answers as it is).
 */
const gzippedFor = new WeakMap<FastifyRequest, { json: string; gzipped: Buffer }>();

async function sendGzipped(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const kept = gzippedFor.get(request);
  if (!kept || payload !== kept.json) return payload;
  reply.header('content-encoding', 'gzip');
  return kept.gzipped;
}

/**
 * The dashboard's reports, aggregated in SQL over the runs created in the period: the figures
 * above the charts, bot performance, the line graph and the sunburst. Each answers
 * `{ message, data: { period, rows } }`.
 */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dashboard-report/summary', optionsOf('Dashboard figures', SummarySchema), async (request) => {
    const actor = actorOf(request);
    const { range, scope, period } = requestOf(actor, request.query);
    const figures = await summary(app.database, summaryScopeOf(actor, scope), range, period.timezone);
    return { message: 'Dashboard figures', data: { period, rows: { ...figures, successRate: successRate(figures) } } };
  });
  app.get('/dashboard-report/bot-performance', optionsOf('Bot performance', Type.Array(BotRow)), async (request) => {
    const { range, scope, period } = requestOf(actorOf(request), request.query);
    return {
      message: 'Bot performance',
      data: { period, rows: await botPerformance(app.database, scope, range, period.timezone) },
    };
  });
  app.get('/dashboard-report/line-graph', optionsOf('Processes over time', Type.Array(LinePoint)), async (request) => {
    const { range, scope, period } = requestOf(actorOf(request), request.query);
    const rows = await lineGraph(app.database, scope, range, period.timezone);
    return { message: 'Processes over time', data: { period, rows } };
  });
  app.get(
    '/dashboard-report/sunburst-chart',
    {
      ...optionsOf(SUNBURST_MESSAGE, Type.Array(SunburstRowSchema)),
      onSend: sendGzipped,
    },
    async (request, reply) => {
      const { range, scope, period } = requestOf(actorOf(request), request.query);
      const message = SUNBURST_MESSAGE;
      const rows = await sunburst(app.database, scope, range, period.timezone);
      // The platform's rows come written as JSON (up to a thousand), the same object while the
      // answer is the same: its whole answer is written (and gzipped) once per period, and the
      // reply's serializer hands it over instead of writing the schema's.
      if (rows instanceof JsonRows) {
        const answer = writtenAnswer(rows, period, message);
        reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
        const gzipped = acceptsGzip(request.headers['accept-encoding']) ? await gzippedOf(answer) : null;
        if (gzipped) gzippedFor.set(request, { json: answer.json, gzipped });
        return reply.serializer(() => answer.json).send({ message, data: { period, rows: [] } });
      }
      return { message, data: { period, rows } };
    },
  );
};
