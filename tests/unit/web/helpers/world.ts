import { http, HttpResponse } from 'msw';
import { AGENTS, BOTS, agentsApi, botsApi } from './automation';
import { dashboardApi } from './dashboard';
import { MAIL_TEXTS, mailApi } from './mail';
import { LOG_LINES, historyApi, processesApi } from './processes';
import { COMPANIES, GROUPS, USERS, peopleApi } from './people';
import { SCHEDULING_TEXTS, schedulingApi } from './scheduling';
import { server } from './msw';
import { list, ok } from './shell';

/** Registration tokens and audit entries of the people world (helpers/people.ts). */
export const TOKENS = [
  {
    id: 't-1',
    companyId: 'c-1',
    companyName: 'Acme Corp',
    type: 'studio',
    status: 'active',
    reusable: true,
    expiresAt: '2026-11-23T16:13:17.000Z',
    usedAt: null,
    useCount: 2,
    createdAt: '2025-06-01T10:00:00.000Z',
  },
];

export const AUDIT = [
  {
    id: 'au-1',
    actorId: 'u-2',
    actorEmail: 'uma@acme.com',
    actorRole: 'User',
    action: 'update',
    resource: 'users',
    recordId: 'u-2',
    changes: { change: 'password', via: 'reset link' },
    createdAt: '2026-11-23T16:13:17.000Z',
  },
  {
    id: 'au-2',
    actorId: 'u-1',
    actorEmail: 'ada@acme.com',
    actorRole: 'Customer Admin',
    action: 'update',
    resource: 'users',
    recordId: 'u-3',
    changes: { status: 'blocked', enabledEmailSchedule: true, updatedAt: '2026-11-23T16:13:17.000Z' },
    createdAt: '2026-11-22T09:00:00.000Z',
  },
  {
    id: 'au-3',
    actorId: 'a-1',
    actorEmail: '',
    actorRole: 'agent',
    action: 'create',
    resource: 'agents',
    recordId: 'a-1',
    changes: { deviceId: 'DEVICE-a-1', name: 'Finance PC', registrationTokenId: 't-1' },
    createdAt: '2026-11-21T09:00:00.000Z',
  },
];

export const LICENCE = {
  id: 'l-1',
  companyId: 'c-1',
  companyName: 'Acme Corp',
  tenure: 'Annually',
  currency: 'USD',
  amount: 1249500,
  displayAmount: '15000.00',
  maxBots: 5,
  maxAgents: 3,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  status: 'active',
};

export const STUDIO = {
  id: 's-1',
  companyId: 'c-1',
  companyName: 'Acme Corp',
  seats: 1200,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  status: 'active',
};

const notFound = () => HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
const byCompany = <T extends { companyId: string | null }>(rows: readonly T[], companyId: unknown) =>
  rows.filter((row) => row.companyId === companyId);

/** Every read of the API the screens make, over one small world; writes answer like the API does. */
export function worldApi(): void {
  peopleApi();
  botsApi();
  agentsApi();
  processesApi();
  historyApi();
  schedulingApi();
  mailApi();
  dashboardApi();
  server.use(
    http.get('*/api/public/config', () =>
      ok({
        supportEmail: 'support@openrpa.test',
        userManualUrl: 'https://docs.openrpa.test',
        companyName: 'OpenRPA',
        contactEmail: 'hello@openrpa.test',
      }),
    ),
    http.get('*/api/company/details/:id', ({ params }) => {
      const company = COMPANIES.find((c) => c.id === params.id);
      return company
        ? ok({
            ...company,
            licence: company.id === 'c-1' ? LICENCE : null,
            studioSubscription: company.id === 'c-1' ? STUDIO : null,
          })
        : notFound();
    }),
    http.get('*/api/company/:id/bots', ({ params }) => list(byCompany(BOTS, params.id))),
    http.get('*/api/company/:id/agents', ({ params }) => list(byCompany(AGENTS, params.id))),
    http.get('*/api/registrationToken/all', ({ request }) => {
      const companyId = new URL(request.url).searchParams.get('companyId');
      return list(companyId ? byCompany(TOKENS, companyId) : TOKENS);
    }),
    http.get('*/api/registrationToken/details/:id', ({ params }) => {
      const token = TOKENS.find((t) => t.id === params.id);
      return token ? ok(token) : notFound();
    }),
    http.get('*/api/audit/all', () => list(AUDIT)),
    http.get('*/api/audit/details/:id', ({ params }) => {
      const entry = AUDIT.find((a) => a.id === params.id);
      return entry ? ok(entry) : notFound();
    }),
  );
}

/**
 * The free texts of the world's records (names, e-mails, descriptions, file names): what a
 * screen shows of them is data, whatever words it holds. Role names, statuses and other
 * values the product must translate are not in this list.
 */
export const DATA_TEXTS: readonly string[] = [
  ...COMPANIES.flatMap((c) => [c.name, c.address, c.email, c.phone]),
  ...USERS.flatMap((u) => [u.fullName, u.email]),
  ...GROUPS.flatMap((g) => [g.name, g.description]),
  ...BOTS.flatMap((b) => [b.name, b.description, b.fileName]),
  ...AGENTS.flatMap((a) => [a.name, a.deviceId, a.platform]),
  ...AUDIT.flatMap((a) => [a.actorEmail, a.recordId]),
  ...Object.values(LOG_LINES).flatMap((lines) => lines.map((l) => l.text)),
  ...SCHEDULING_TEXTS,
  ...MAIL_TEXTS,
  'support@openrpa.test',
  'hello@openrpa.test',
  'OpenRPA',
].filter((text) => text !== '');
