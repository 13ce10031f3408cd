import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { startTotalsFolder } from '../dashboard/totals';

/**
 * The dashboard's running totals: every node folds the runs' count changes into them once the
 * server is ready (one node at a time does it) and stops before the database closes.
 */
export function setupDashboardTotals(app: FastifyInstance, config: Config): void {
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stop = startTotalsFolder(app, config.dashboardFoldSeconds * 1000);
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
