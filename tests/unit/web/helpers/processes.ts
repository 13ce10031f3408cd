import { http, HttpResponse } from 'msw';
import { server } from './msw';
import { list, ok, seen, type Seen } from './shell';

/** Runs of the automation world's bots (helpers/automation.ts) on its agents. */
const run = (id: string, status: number, extra: object = {}) => ({
  id,
  companyId: 'c-1',
  companyName: 'Acme Corp',
  botId: 'b-1',
  botName: 'Invoice Bot',
  agentId: 'a-1',
  agentName: 'Finance PC',
  deviceId: 'DEVICE-a-1',
  userId: 'u-2',
  userName: 'Uma User',
  status,
  priority: 0,
  timeoutSeconds: 3600,
  source: 'manual',
  logCount: 0,
  exitCode: null,
  reason: null as string | null,
  startedAt: null,
  endedAt: null,
  duration: null,
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-06-01T10:00:00.000Z',
  ...extra,
});

export const PROCESSES = [
  run('11111111-aaaa-4aaa-8aaa-000000000001', 2, {
    logCount: 2,
    exitCode: 0,
    startedAt: '2025-06-01T10:00:01.000Z',
    endedAt: '2025-06-01T10:01:06.000Z',
    duration: 65,
  }),
  run('22222222-bbbb-4bbb-8bbb-000000000002', 0),
  run('33333333-cccc-4ccc-8ccc-000000000003', 1, { startedAt: '2025-06-01T11:00:00.000Z', duration: 10, logCount: 1 }),
];

export const LOG_LINES: Record<string, { seq: number; at: string; stream: string; text: string }[]> = {
  [PROCESSES[0].id]: [
    { seq: 1, at: '2025-06-01T10:00:02.000Z', stream: 'stdout', text: 'reading invoices' },
    { seq: 2, at: '2025-06-01T10:01:05.000Z', stream: 'stdout', text: '12 invoices read' },
  ],
  [PROCESSES[2].id]: [{ seq: 1, at: '2025-06-01T11:00:01.000Z', stream: 'stdout', text: 'starting' }],
};

const notFound = () => HttpResponse.json({ message: 'Not found.', code: 'NOT_FOUND' }, { status: 404 });

/** GET /queue/queue: the pending rows, by agent, in order. */
function queueOf(rows: readonly (typeof PROCESSES)[number][]) {
  const byAgent = new Map<string, { agentId: string; agentName: string; deviceId: string; processes: object[] }>();
  for (const p of rows.filter((r) => r.status === 0)) {
    const entry = byAgent.get(p.agentId) ?? {
      agentId: p.agentId,
      agentName: p.agentName,
      deviceId: p.deviceId,
      processes: [],
    };
    entry.processes.push({
      id: p.id,
      botName: p.botName,
      position: entry.processes.length + 1,
      priority: p.priority,
      createdAt: p.createdAt,
    });
    byAgent.set(p.agentId, entry);
  }
  return [...byAgent.values()];
}

/** GET /process/all, /process/details/:id, /processExecutionLog and /queue/queue (every request recorded). */
export function processesApi(rows = PROCESSES, lines = LOG_LINES): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.get('*/api/process/all', async ({ request }) => {
      requests.push(await seen(request));
      return list(rows);
    }),
    http.get('*/api/process/details/:id', ({ params }) => {
      const found = rows.find((p) => p.id === params.id);
      return found ? ok(found) : notFound();
    }),
    http.get('*/api/queue/queue', async ({ request }) => {
      requests.push(await seen(request));
      return ok(queueOf(rows));
    }),
    http.get('*/api/processExecutionLog', async ({ request }) => {
      const req = await seen(request);
      requests.push(req);
      const found = rows.find((p) => p.id === req.query.processId);
      if (!found) return notFound();
      if (found.status === 0)
        return HttpResponse.json(
          { message: "Processes in pending state don't have logs!", code: 'PENDING_NO_LOGS' },
          { status: 400 },
        );
      const all = lines[found.id] ?? [];
      const limit = Number(req.query.limit ?? 100);
      const from = (Number(req.query.page ?? 1) - 1) * limit;
      return ok({ count: all.length, rows: all.filter((l) => l.seq > from).slice(0, limit) });
    }),
  );
  return requests;
}

/** History Logs' runs: the executed run, as GET /process/transaction-runs answers it. */
export const HISTORY_RUNS = [
  {
    id: PROCESSES[0].id,
    botName: 'Invoice Bot',
    agentName: 'Finance PC',
    userName: 'Uma User',
    status: 2,
    startedAt: PROCESSES[0].startedAt,
    endedAt: PROCESSES[0].endedAt,
    lineCount: 2,
    matchCount: 2,
  },
];

/** History Logs' lines: the executed run's, as GET /process/transaction-logs answers them. */
export const HISTORY = (LOG_LINES[PROCESSES[0].id] ?? []).map((line) => ({
  id: `${PROCESSES[0].id}:${line.seq}`,
  processId: PROCESSES[0].id,
  ...line,
  botName: 'Invoice Bot',
  agentName: 'Finance PC',
  status: 2,
}));

/**
 * GET /process/transaction-runs (the given runs) and GET /process/transaction-logs (the given
 * lines of the asked run that contain the search, newest first, paged): every request recorded.
 */
export function historyApi(runs: object[] = HISTORY_RUNS, lines: typeof HISTORY = HISTORY): Seen[] {
  const requests: Seen[] = [];
  server.use(
    http.get('*/api/process/transaction-runs', async ({ request }) => {
      requests.push(await seen(request));
      return list(runs);
    }),
    http.get('*/api/process/transaction-logs', async ({ request }) => {
      const asked = await seen(request);
      requests.push(asked);
      const { processId, q = '', page = '1', limit = '10' } = asked.query;
      const kept = lines
        .filter((l) => l.processId === processId && l.text.toLowerCase().includes(q.toLowerCase()))
        .sort((a, b) => b.seq - a.seq);
      const from = (Number(page) - 1) * Number(limit);
      return list(kept.slice(from, from + Number(limit)), kept.length);
    }),
  );
  return requests;
}
