import { http, HttpResponse } from 'msw';
import { server } from './msw';
import { list, ok } from './shell';

/**
 * Schedules of the people world (helpers/people.ts and automation.ts): Ada's weekly plan of the
 * Invoice Bot on the Finance PC, its fires (one run, one skipped on a non-working day), and
 * Acme's non-working day.
 */
export const SCHEDULES = [
  {
    id: 'sc-1',
    companyId: 'c-1',
    companyName: 'Acme Corp',
    botId: 'b-1',
    botName: 'Invoice Bot',
    agentId: 'a-1',
    agentName: 'Finance PC',
    userId: 'u-1',
    userName: 'Ada Lovelace',
    viewerIds: ['u-1', 'u-2'],
    duration: JSON.stringify({
      frequency: 'weekly',
      time: '09:00',
      weekDays: [1, 2, 3, 4, 5],
      timezone: 'Asia/Kolkata',
      startDate: '2027-01-04T00:00',
    }),
    frequency: 'weekly',
    timezone: 'Asia/Kolkata',
    parameters: [
      { name: 'inputPath', value: 'C:/invoices' },
      { name: 'apiKey', value: 'U2FsdGVkX1+c2VjcmV0', encrypted: true },
    ],
    recipients: ['ada@acme.com'],
    overlap: 'queue',
    skipNonWorkingDays: true,
    status: 'active',
    nextFireAt: '2027-01-04T03:30:00.000Z',
    lastFireAt: '2026-11-20T03:30:00.000Z',
    lastOutcome: 'skipped',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
];

const NEXT_FIRES = ['2027-01-04', '2027-01-05', '2027-01-06', '2027-01-07', '2027-01-08'].map(
  (day) => `${day}T03:30:00.000Z`,
);

export const SCHEDULE_HISTORY = [
  {
    id: 'sh-1',
    companyId: 'c-1',
    companyName: 'Acme Corp',
    scheduleId: 'sc-1',
    botId: 'b-1',
    botName: 'Invoice Bot',
    agentId: 'a-1',
    agentName: 'Finance PC',
    userId: 'u-1',
    viewerIds: ['u-1', 'u-2'],
    dueAt: '2026-11-19T03:30:00.000Z',
    firedAt: '2026-11-19T03:30:01.000Z',
    outcome: 'fired',
    reason: null,
    reasonKey: null,
    processId: '11111111-aaaa-4aaa-8aaa-000000000001',
    processStatus: 2,
    createdAt: '2026-11-19T03:30:01.000Z',
  },
  {
    id: 'sh-2',
    companyId: 'c-1',
    companyName: 'Acme Corp',
    scheduleId: 'sc-1',
    botId: 'b-1',
    botName: 'Invoice Bot',
    agentId: 'a-1',
    agentName: 'Finance PC',
    userId: 'u-1',
    viewerIds: ['u-1', 'u-2'],
    dueAt: '2026-11-20T03:30:00.000Z',
    firedAt: '2026-11-20T03:30:01.000Z',
    outcome: 'skipped',
    reason: 'skipped: non-working day',
    reasonKey: 'nonWorkingDay',
    processId: null,
    processStatus: null,
    createdAt: '2026-11-20T03:30:01.000Z',
  },
];

export const NON_WORKING_DAYS = [
  {
    id: 'nw-1',
    name: 'Founders Day',
    day: '2026-11-20',
    yearly: true,
    companyId: 'c-1',
    companyName: 'Acme Corp',
    createdAt: '2026-10-01T10:00:00.000Z',
  },
];

const notFound = () => HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });
const find = <T extends { id: string }>(rows: readonly T[], id: unknown) => rows.find((r) => r.id === id);

/** The reads of Scheduled Plans, Scheduled History and Non-working days; the preview of a plan. */
export function schedulingApi(): void {
  server.use(
    http.get('*/api/process/schedule/log/all', () => list(SCHEDULES)),
    http.get('*/api/process/schedule/details/:id', ({ params }) => {
      const plan = find(SCHEDULES, params.id);
      return plan ? ok({ ...plan, nextFires: NEXT_FIRES }) : notFound();
    }),
    http.get('*/api/process/schedule/history', ({ request }) => {
      const scheduleId = new URL(request.url).searchParams.get('scheduleId');
      return list(scheduleId ? SCHEDULE_HISTORY.filter((h) => h.scheduleId === scheduleId) : SCHEDULE_HISTORY);
    }),
    http.get('*/api/process/schedule/history/details/:id', ({ params }) => {
      const row = find(SCHEDULE_HISTORY, params.id);
      return row ? ok(row) : notFound();
    }),
    http.post('*/api/process/schedule/preview', () => ok(NEXT_FIRES)),
    http.get('*/api/non-working-day/all', () => list(NON_WORKING_DAYS)),
    http.get('*/api/non-working-day/details/:id', ({ params }) => {
      const day = find(NON_WORKING_DAYS, params.id);
      return day ? ok(day) : notFound();
    }),
  );
}

/** What the scheduling screens show of these records that is data, not the product's words. */
export const SCHEDULING_TEXTS: readonly string[] = [
  ...NON_WORKING_DAYS.map((d) => d.name),
  ...SCHEDULES.flatMap((s) => [s.timezone, ...s.parameters.map((p) => p.name), ...s.recipients]),
  'C:/invoices',
];
