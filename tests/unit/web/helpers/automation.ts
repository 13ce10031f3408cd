import { http, HttpResponse } from 'msw';
import { server } from './msw';
import { list, ok, seen, type Seen } from './shell';

/**
 * Bots and agents of the people world (helpers/people.ts): Acme's, created by Ada (u-1) and Uma (u-2).
 * Ada's bot is shared with a group Uma belongs to: both see it (its `viewerIds`, as the server computes them).
 */
export const PARAMETERS = [
  { name: 'inputPath', direction: 'In', type: 'String' },
  { name: 'total', direction: 'Out', type: 'Int32' },
];

const bot = (id: string, name: string, userId: string, userName: string, extra: object = {}) => ({
  id,
  name,
  description: 'Reads the invoices of the day',
  type: 1,
  status: 'active',
  companyId: 'c-1',
  companyName: 'Acme Corp',
  userId,
  userName,
  groupIds: [],
  viewerIds: [userId],
  fileName: `${id}.xaml`,
  fileSize: 2048,
  parameters: PARAMETERS,
  expired: false,
  createdAt: '2025-04-01T10:00:00.000Z',
  updatedAt: '2025-04-01T10:00:00.000Z',
  ...extra,
});

export const BOTS = [
  bot('b-1', 'Invoice Bot', 'u-1', 'Ada Lovelace', { groupIds: ['g-1'], viewerIds: ['u-1', 'u-2'] }),
  bot('b-2', 'Payroll Bot', 'u-2', 'Uma User', { type: 2, status: 'inactive', expired: true }),
];

const agent = (id: string, name: string, status: number, extra: object = {}) => ({
  id,
  name,
  deviceId: `DEVICE-${id}`,
  companyId: 'c-1',
  companyName: 'Acme Corp',
  userId: 'u-2',
  userName: 'Uma User',
  status,
  isBusy: false,
  isError: false,
  platform: 'win32',
  version: '6.0.0',
  lastSeenAt: '2025-05-01T10:00:00.000Z',
  createdAt: '2025-05-01T09:00:00.000Z',
  updatedAt: '2025-05-01T10:00:00.000Z',
  ...extra,
});

export const AGENTS = [agent('a-1', 'Finance PC', 1), agent('a-2', 'Back Office PC', 0, { isBusy: true })];

/** GET /bot/all and /bot/details/:id (every list request recorded). */
export function botsApi(rows = BOTS): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.get('*/api/bot/all', async ({ request }) => {
      requests.push(await seen(request));
      return list(rows);
    }),
    http.get('*/api/bot/details/:id', ({ params }) => {
      const found = rows.find((b) => b.id === params.id);
      return found ? ok(found) : HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
  return requests;
}

/** GET /agent/all and /agent/details/:id, PUT /agent/update(/:id) (every request recorded). */
export function agentsApi(rows = AGENTS): Seen[] {
  const requests: Seen[] = [];
  const record = async (request: Request) => requests.push(await seen(request));
  server.use(
    http.get('*/api/agent/all', async ({ request }) => {
      await record(request);
      return list(rows);
    }),
    http.get('*/api/agent/details/:id', ({ params }) => ok(rows.find((a) => a.id === params.id))),
    http.put('*/api/agent/update/:id', async ({ request, params }) => {
      await record(request);
      const body = (await request.json()) as object;
      return ok({ ...rows.find((a) => a.id === params.id), ...body }, 'Agent updated successfully!');
    }),
    http.put('*/api/agent/update', async ({ request }) => {
      await record(request);
      return ok(null, 'Agents updated successfully!');
    }),
  );
  return requests;
}

/** A multipart request's parts: text fields as strings, files as {name, text}. */
export async function multipartOf(
  request: Request,
): Promise<{ contentType: string; parts: Record<string, string | { name: string; text: string }> }> {
  const form = await request.formData();
  const parts: Record<string, string | { name: string; text: string }> = {};
  for (const [key, value] of form.entries()) {
    parts[key] = typeof value === 'string' ? value : { name: value.name, text: await value.text() };
  }
  return { contentType: request.headers.get('content-type') ?? '', parts };
}

/** A workflow file as a user picks it. */
export const xaml = (name = 'workflow.xaml') =>
  new File(['<Activity x:Class="Invoice"><x:Members/></Activity>'], name, { type: 'application/xml' });
