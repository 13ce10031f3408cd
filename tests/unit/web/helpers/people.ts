import { http, HttpResponse } from 'msw';
import { list, ok, seen, type Seen } from './shell';
import { server } from './msw';

/** A small world of two companies, their users and groups, answered like the API does. */
export const ROLES = [
  { id: 'r-1', name: 'Super Admin' },
  { id: 'r-2', name: 'Sub Admin' },
  { id: 'r-3', name: 'Customer Admin' },
  { id: 'r-4', name: 'User' },
];

export const COMPANIES = [
  {
    id: 'c-1',
    name: 'Acme Corp',
    address: '12 Main Street, Pune',
    email: 'info@acme.com',
    phone: '+91 98765 43210',
    status: 'active',
    userCount: 2,
    groupCount: 1,
    createdAt: '2025-01-01T10:00:00.000Z',
  },
  {
    id: 'c-2',
    name: 'Globex Ltd',
    address: '1 Industrial Road, Mumbai',
    email: 'hi@globex.com',
    phone: '+91 22 1234 5678',
    status: 'active',
    userCount: 1,
    groupCount: 0,
    createdAt: '2025-01-02T10:00:00.000Z',
  },
];

const user = (
  id: string,
  fullName: string,
  email: string,
  role: string,
  companyId: string | null,
  extra: object = {},
) => ({
  id,
  fullName,
  email,
  role,
  roleId: ROLES.find((r) => r.name === role)?.id,
  companyId,
  companyName: COMPANIES.find((c) => c.id === companyId)?.name ?? null,
  groupIds: [],
  status: 'active',
  enabledEmailSchedule: false,
  createdAt: '2025-02-01T10:00:00.000Z',
  ...extra,
});

export const USERS = [
  user('u-1', 'Ada Lovelace', 'ada@acme.com', 'Customer Admin', 'c-1'),
  user('u-2', 'Uma User', 'uma@acme.com', 'User', 'c-1', { groupIds: ['g-1'] }),
  user('u-3', 'Gil Globex', 'gil@globex.com', 'User', 'c-2'),
  user('u-9', 'Root Admin', 'root@rpa.local', 'Super Admin', null),
];

export const GROUPS = [
  {
    id: 'g-1',
    name: 'Finance Team',
    description: 'People who run finance bots',
    companyId: 'c-1',
    companyName: 'Acme Corp',
    userIds: ['u-2'],
    userCount: 1,
    createdAt: '2025-03-01T10:00:00.000Z',
  },
];

/** The read side of the people API; every request is recorded in the answer. */
export function peopleApi(overrides: { users?: typeof USERS } = {}): Seen[] {
  const requests: Seen[] = [];
  const users = overrides.users ?? USERS;
  const record = async (request: Request) => requests.push(await seen(request));
  const byQuery = <T extends Record<string, unknown>>(rows: T[], query: URLSearchParams) =>
    rows.filter(
      (row) =>
        ['companyId', 'status', 'roleId'].every((key) => !query.get(key) || row[key] === query.get(key)) &&
        (!query.get('groupId') || (Array.isArray(row.groupIds) && row.groupIds.includes(query.get('groupId')))),
    );
  server.use(
    http.get('*/api/role/all', () => list(ROLES)),
    http.get('*/api/company/all', async ({ request }) => {
      await record(request);
      return list(COMPANIES);
    }),
    http.get('*/api/company/details/:id', ({ params }) => {
      const company = COMPANIES.find((c) => c.id === params.id);
      return company
        ? ok({ ...company, licence: null, studioSubscription: null })
        : HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.get('*/api/user/all', async ({ request }) => {
      await record(request);
      const rows = byQuery(users, new URL(request.url).searchParams);
      return list(rows);
    }),
    http.get('*/api/user/details/:id', ({ params }) => ok(users.find((u) => u.id === params.id))),
    http.get('*/api/groups/by-pagination', async ({ request }) => {
      await record(request);
      return list(byQuery(GROUPS, new URL(request.url).searchParams));
    }),
    http.get('*/api/groups/details/:id', ({ params }) => ok(GROUPS.find((g) => g.id === params.id))),
  );
  return requests;
}
