import { fileURLToPath } from 'node:url';
import type { PgTable } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import { allTables } from './db/schema/declared';
import { setupAudit } from './plugins/audit';
import { setupAuth } from './plugins/auth';
import { setupDashboardTotals } from './plugins/dashboardTotals';
import { setupDatabase } from './plugins/database';
import { setupInputGuard } from './http/inputGuard';
import { lazySchemas } from './http/lazySchemas';
import { clientErrorHandler, frameworkErrorHandler, setupErrorHandling } from './plugins/errors';
import { setupMail } from './plugins/mail';
import { setupRealtime } from './plugins/realtime';
import { setupMetrics } from './plugins/metrics';
import { setupRuntime } from './plugins/runtime';
import { setupMailWatcher } from './plugins/mailWatcher';
import { setupScheduler } from './plugins/scheduler';
import { DEFAULT_RATE_LIMITS, securityHeadersFor, setupSecurity, type RateLimits } from './plugins/security';
import { setupWeb } from './plugins/web';
import { registerRoutes } from './routes';
import './types';

export interface BuildOptions {
  /** Overrides of the per-address limits (tests use small numbers). */
  rateLimits?: Partial<RateLimits>;
  /** The reference agent's one-file build served by /api/agent/download; default dist-server/rpa-agent.mjs. */
  agentBundle?: string;
  /** Folder of the built web app; default dist/ at the repository root. */
  webRoot?: string;
  /**
   * PGlite in memory instead of DATA_DIR/pglite (ignored with DATABASE_URL): empty, or started
   * from a migrated image (`pgliteImage`, server/db/client.ts).
   */
  inMemoryDatabase?: boolean | { image: Blob };
  /** Prefix of Redis keys and channels; nodes of one deployment must share it. */
  redisKey?: string;
  /**
   * Extra route plugins registered under /api behind authentication, next to the product's
   * resources (e.g. a test's own `crudRoutes({def, source})`).
   */
  plugins?: readonly FastifyPluginAsync[];
  /**
   * The tables and columns the migrated database must have, or the start is refused
   * (SchemaMismatchError); default allTables(): those written in server/db/schema and those
   * derived from the registry's declarations. A test adds a declaration's table to see it refused.
   */
  tables?: Readonly<Record<string, PgTable>>;
}

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../dist', import.meta.url));
/** Built by `npm run build` next to the compiled server (scripts/lib/build.mjs). */
export const DEFAULT_AGENT_BUNDLE = fileURLToPath(new URL('../dist-server/rpa-agent.mjs', import.meta.url));

/**
 * The whole server as a Fastify instance, ready but not listening. Order: error handling and
 * the input guard (JSON depth, NUL, non-finite numbers: one rule for every route), external
 * plugins (headers, rate limits, docs, static files), app plugins (database, auth, mail,
 * realtime), then the routes.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const headers = securityHeadersFor(config);
  const schemas = lazySchemas();
  const app = Fastify({
    schemaController: { compilersFactory: schemas.compilersFactory },
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A property a schema does not allow (additionalProperties: false) is refused with 400 naming
    // it, not silently dropped: a typo must never answer "updated" while changing nothing.
    ajv: { customOptions: { removeAdditional: false } },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  try {
    setupErrorHandling(app);
    setupInputGuard(app);
    // The schemas no request has used yet are compiled once the server answers, not before.
    app.decorate('routeSchemas', schemas);
    app.addHook('onListen', (done) => {
      void schemas.compileAll(app);
      done();
    });
    app.decorate('appConfig', config);
    const redisKey = options.redisKey ?? 'rpa';
    await setupSecurity(app, config, redisKey, headers);
    await setupWeb(app, options.webRoot ?? DEFAULT_WEB_ROOT);
    await setupDatabase(app, config, options.inMemoryDatabase ?? false, options.tables ?? allTables());
    await setupAuth(app, config);
    setupAudit(app);
    setupMail(app, config);
    await setupRealtime(app, config, redisKey);
    setupRuntime(app, config);
    setupScheduler(app, config);
    setupMailWatcher(app, config);
    setupDashboardTotals(app, config);
    setupMetrics(app);
    await registerRoutes(
      app,
      {
        rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
        agentBundle: options.agentBundle ?? DEFAULT_AGENT_BUNDLE,
      },
      options.plugins ?? [],
    );
    await app.ready();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
