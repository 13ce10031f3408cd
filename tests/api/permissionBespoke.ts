import type { TestServer } from './helpers';
import { LICENCE, type productFixtures, type Which } from './permissionFixtures';
import { botForm } from './workflows';
import type { World } from './world';

export type Role = 'super' | 'sub' | 'caA' | 'userA';

export interface Req {
  method: string;
  url: string;
  body?: unknown;
  /** A multipart body (bot uploads), built afresh for every call. */
  form?: () => FormData;
}

export interface BespokeContext {
  server: TestServer;
  w: World;
  product: ReturnType<typeof productFixtures>;
  next: () => number;
}

/** A route with handlers of its own, and the answers the permission table gives each role for company A and B. */
export interface BespokeCase {
  route: string;
  expect: Record<Role, [own: number, other: number]>;
  request: (ctx: BespokeContext, which: Which) => Promise<Req>;
}

/**
 * Routes of a signed-in user's own account: every role may call them on themselves, so they
 * have no row of the permission table (tests/api/password.test.ts covers them).
 */
export const OWN_ACCOUNT_ROUTES = ['POST /account/reset-password'];

const all = (s: number): [number, number] => [s, s];
const row = (
  sup: [number, number],
  sub: [number, number],
  ca: [number, number],
  user: [number, number],
): Record<Role, [number, number]> => ({ super: sup, sub, caA: ca, userA: user });
const get = (url: string): Req => ({ method: 'GET', url });
const company = ({ w }: BespokeContext, x: Which) => (x === 'A' ? w.companyA : w.companyB);

export const BESPOKE_CASES: readonly BespokeCase[] = [
  {
    route: 'POST /user/resetpassword',
    expect: row(all(200), all(200), [200, 404], all(403)),
    request: async (ctx, x) => ({
      method: 'POST',
      url: '/user/resetpassword',
      body: { id: await ctx.product.member(x) },
    }),
  },
  {
    route: 'GET /role/all',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async () => get('/role/all'),
  },
  {
    route: 'POST /groups/bulk-association',
    expect: row(all(200), all(200), [200, 404], all(403)),
    request: async (ctx, x) => {
      const groupId = await ctx.product.fixtures.groups.fresh?.(x);
      return {
        method: 'POST',
        url: '/groups/bulk-association',
        body: { groupId, userIds: [await ctx.product.member(x)] },
      };
    },
  },
  {
    route: 'GET /registrationToken/download/:id',
    expect: row(all(200), all(200), [200, 404], all(403)),
    request: async (ctx, x) => get(`/registrationToken/download/${await ctx.product.token(x)}`),
  },
  {
    route: 'GET /companyLicense/company/:companyId',
    expect: row(all(200), all(200), [200, 404], all(403)),
    request: async (ctx, x) => get(`/companyLicense/company/${company(ctx, x)}`),
  },
  {
    route: 'GET /botStudio/company/:companyId',
    expect: row(all(200), all(200), [200, 404], all(403)),
    request: async (ctx, x) => get(`/botStudio/company/${company(ctx, x)}`),
  },
  {
    route: 'GET /bot/downloadXAML/:id',
    // The table's bots are their Customer Admin's, shared with no group: a plain User does not see them.
    expect: row(all(200), all(200), [200, 404], all(404)),
    request: async (ctx, x) => get(`/bot/downloadXAML/${await ctx.product.bot(x)}`),
  },
  {
    route: 'POST /bot/getParameters',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async () => ({ method: 'POST', url: '/bot/getParameters', form: () => botForm({}) }),
  },
  {
    route: 'POST /process/create',
    // A plain User runs the bots they see: not the Customer Admin's bot of the table.
    expect: row(all(200), all(200), [200, 404], all(404)),
    request: async (ctx, x) => {
      const companyId = company(ctx, x);
      // The bot may run only while its company holds a licence.
      const held = await ctx.server.app.database.queryRows('select 1 from company_licences where company_id = $1', [
        companyId,
      ]);
      if (held.length === 0) await ctx.product.asSuper('POST', '/companyLicense/create', { ...LICENCE, companyId });
      return {
        method: 'POST',
        url: '/process/create',
        body: {
          botId: await ctx.product.bot(x),
          agentId: await ctx.product.agent(x),
          parameters: [{ name: 'in_Customer', value: 'Table' }],
        },
      };
    },
  },
  // The table's runs are the Customer Admin's, of a bot shared with no group: a plain User does
  // not see them, so nothing about them is found (tests/api/processVisibility.test.ts covers the
  // runs a User sees but did not ask for: 403 on cancel and stop).
  {
    route: 'POST /process/cancel',
    expect: row(all(200), all(200), [200, 404], all(404)),
    request: async (ctx, x) => ({ method: 'POST', url: '/process/cancel', body: { id: await ctx.product.process(x) } }),
  },
  {
    route: 'POST /process/bulk-cancel',
    expect: row(all(200), all(200), [200, 404], all(404)),
    request: async (ctx, x) => ({
      method: 'POST',
      url: '/process/bulk-cancel',
      body: { ids: [await ctx.product.process(x)] },
    }),
  },
  {
    route: 'POST /process/stop',
    expect: row(all(200), all(200), [200, 404], all(404)),
    request: async (ctx, x) => ({
      method: 'POST',
      url: '/process/stop',
      body: { id: await ctx.product.process(x, 1) },
    }),
  },
  {
    route: 'GET /processExecutionLog',
    expect: row(all(200), all(200), [200, 404], all(404)),
    request: async (ctx, x) => get(`/processExecutionLog?processId=${await ctx.product.process(x, 1)}`),
  },
  // Scoped, not refused: a company user asking for another company sees their own company's runs and lines.
  {
    route: 'GET /process/transaction-logs',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async (ctx, x) => get(`/process/transaction-logs?companyId=${company(ctx, x)}`),
  },
  {
    route: 'GET /process/transaction-runs',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async (ctx, x) => get(`/process/transaction-runs?companyId=${company(ctx, x)}`),
  },
  {
    route: 'GET /queue/queue',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async () => get('/queue/queue'),
  },
  {
    route: 'GET /company/parameter-key',
    expect: row(all(200), all(200), [200, 404], [200, 404]),
    request: async (ctx, x) => get(`/company/parameter-key?companyId=${company(ctx, x)}`),
  },
  // The builder's preview reads and writes nothing: every signed-in role may ask it.
  {
    route: 'POST /process/schedule/preview',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async () => ({
      method: 'POST',
      url: '/process/schedule/preview',
      body: { duration: { frequency: 'hourly', every: 2, timezone: 'UTC', startDate: '2030-01-01T00:00' }, count: 2 },
    }),
  },
  // Every role reads the dashboard: Super and Sub Admin any company; a company user their own
  // (naming another company answers 404).
  ...(['summary', 'bot-performance', 'line-graph', 'sunburst-chart'] as const).map((report): BespokeCase => ({
    route: `GET /dashboard-report/${report}`,
    expect: row(all(200), all(200), [200, 404], [200, 404]),
    request: async (ctx, x) => get(`/dashboard-report/${report}?period=monthly&companyId=${company(ctx, x)}`),
  })),
  {
    route: 'PUT /agent/update',
    expect: row(all(200), all(200), [200, 404], [200, 404]),
    request: async (ctx, x) => ({
      method: 'PUT',
      url: '/agent/update',
      body: { ids: [await ctx.product.agent(x)], isError: false },
    }),
  },
  {
    route: 'GET /emailSchedule/all/names',
    expect: row(all(200), all(200), all(200), all(200)),
    request: async () => get('/emailSchedule/all/names'),
  },
  {
    // A check of a stored configuration (its servers refuse at once): who may see it may check it.
    route: 'POST /emailSchedule/check-connection',
    expect: row(all(200), all(200), [200, 404], [200, 404]),
    request: async (ctx, x) => ({
      method: 'POST',
      url: '/emailSchedule/check-connection',
      body: { id: await ctx.product.mailConfiguration(x) },
    }),
  },
];
