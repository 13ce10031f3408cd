import path from 'node:path';
import { APP_VERSION } from '../src/domain';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { outboxDirOf } from './plugins/mail';

/** Entry point: `tsx server/main.ts`. Reads the environment, starts, and stops cleanly on a signal. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Invalid configuration:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }

  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  const seeded = app.seedResult;
  const relative = (dir: string) => {
    const rel = path.relative(process.cwd(), dir);
    return rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
  };
  const lines = [
    '',
    `RPA Control Room ${APP_VERSION} is running at ${config.publicUrl} (listening on ${config.host}:${config.port})`,
    `  API docs:    ${config.publicUrl}/api/docs`,
    `  Database:    ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${relative(path.join(config.dataDir, 'pglite'))}`}`,
    `  Mail:        ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `written to ${relative(outboxDirOf(config))}`}`,
    `  Realtime:    ${config.redisUrl ? 'socket.io with the Redis adapter (REDIS_URL)' : 'socket.io, this node only'}`,
    seeded.adminCreated
      ? `  Super Admin: ${seeded.adminEmail} / ${config.adminPassword}  (created now; change the password after logging in)`
      : `  Super Admin: ${seeded.adminEmail}  (password as set when it was created; use "Forgot password" if lost)`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting without waiting\n`);
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`The server could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
