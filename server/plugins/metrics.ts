import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { processStatusName } from '../../src/domain';
import { rowsOf } from '../runtime/sql';
import { replaceCostlyDefaults } from './processMetrics';

/**
 * GET /metrics in the Prometheus text format: HTTP requests by route and status with their
 * latency, processes by status, the queue's length, the agents and browsers connected to this
 * node, dispatch latency, log lines taken in and the lag of the schedules' fires. One registry
 * per app, so that several apps in one process (tests) count apart. Counts read from the
 * database are this deployment's; the connection gauges are this node's.
 */
export function setupMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  replaceCostlyDefaults(registry);
  const registers = [registry];

  const requests = new Counter({
    name: 'rpa_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'rpa_http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL: ids would make one series per record.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'rpa_processes',
    help: 'Processes by status',
    labelNames: ['status'],
    registers,
    async collect() {
      const rows = await rowsOf<{ status: number; n: number }>(
        app.database,
        'select status, count(*)::int as "n" from processes group by status',
        [],
      );
      this.reset();
      for (const row of rows) this.set({ status: processStatusName(row.status) ?? String(row.status) }, row.n);
    },
  });
  new Gauge({
    name: 'rpa_queue_length',
    help: 'Pending processes waiting for their agent',
    registers,
    async collect() {
      const [row] = await rowsOf<{ n: number }>(
        app.database,
        'select count(*)::int as "n" from processes where status = 0',
        [],
      );
      this.set(row?.n ?? 0);
    },
  });
  new Gauge({
    name: 'rpa_agents_connected',
    help: 'Agents connected to this node',
    registers,
    collect() {
      this.set(app.runtime.dispatcher.localCount);
    },
  });
  new Gauge({
    name: 'rpa_browsers_connected',
    help: 'Browser sockets connected to this node',
    registers,
    collect() {
      this.set(app.realtime.io.of('/').sockets.size);
    },
  });
  const dispatch = new Histogram({
    name: 'rpa_dispatch_latency_seconds',
    help: "From a process's claim to its agent's acknowledgement of the start",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
    registers,
  });
  const lines = new Counter({ name: 'rpa_log_lines_total', help: 'Log lines taken in from agents', registers });
  const lag = new Histogram({
    name: 'rpa_schedule_lag_seconds',
    help: "From a schedule's due instant to the fire's handling (its history row's firedAt - dueAt)",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 3600],
    registers,
  });
  app.scheduler.lagObserved = (ms) => lag.observe(Math.max(0, ms) / 1000);
  const stats = app.runtime.dispatcher.stats;
  stats.started = (ms) => dispatch.observe(ms / 1000);
  stats.linesTaken = (count) => lines.inc(count);

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
