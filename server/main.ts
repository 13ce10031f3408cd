import path from 'node:path';
import { APP_VERSION } from '../src/domain';
import { ConfigError, loadConfig, type Config } from './config';
import { pgliteOf } from './db/backup';
import { openControlChannel, type ControlChannel } from './db/control';
import { DataFolderBusyError, lockDataFolder, shownPath, type DataFolderLock } from './db/dataLock';
import { describeDatabaseFailure, seedDemoData } from './db/demoData';
import { InvalidDeclarationError, SchemaMismatchError } from './db/schemaCheck';
import { outboxDirOf } from './plugins/mail';

const USAGE = 'Usage: npm start [-- --demo]\n  --demo   seed the demo data at start (as DEMO_DATA=true does)\n';

interface StartOptions {
  demo: boolean;
}

/**
 * Options from the command line (`npm start -- --demo`) and the environment (DEMO_DATA). Problems are listed, not
 * thrown one by one.
 */
function readOptions(argv: readonly string[], env: NodeJS.ProcessEnv, problems: string[]): StartOptions {
  let demo = false;
  for (const arg of argv) {
    if (arg === '--demo') demo = true;
    else problems.push(`unknown option "${arg}"`);
  }
  const raw = (env.DEMO_DATA ?? '').trim().toLowerCase();
  if (['true', '1'].includes(raw)) demo = true;
  else if (!['', 'false', '0'].includes(raw)) problems.push(`DEMO_DATA must be true or false (got "${raw}")`);
  return { demo };
}

function fail(message: string): never {
  process.stderr.write(message.endsWith('\n') ? message : `${message}\n`);
  process.exit(1);
}

/**
 * With the embedded database, the data folder is this process's alone (server/db/dataLock.ts),
 * and a backup door is open for `npm run backup` (server/db/control.ts).
 */
async function claimDataFolder(config: Config): Promise<{ lock: DataFolderLock; control: ControlChannel } | null> {
  if (config.databaseUrl) return null;
  const control = await openControlChannel((error) =>
    process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`),
  );
  try {
    return { lock: await lockDataFolder(config.dataDir, 'server', control.address), control };
  } catch (error) {
    await control.close();
    throw error;
  }
}

/**
 * Entry point: `tsx server/main.ts` or the compiled dist-server/main.js. Reads the environment, starts, and stops
 * cleanly on a signal.
 */
async function main(): Promise<void> {
  // Imported here rather than above: the registry's tables are derived as the app's modules load,
  // and an invalid declaration refused there is an expected failure, printed as a message.
  const { buildApp } = await import('./app');
  const problems: string[] = [];
  const options = readOptions(process.argv.slice(2), process.env, problems);
  let config: Config | null = null;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (problems.length > 0 || !config)
    fail(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\n${USAGE}`);

  const folder = await claimDataFolder(config);
  const app = await buildApp(config);
  const pglite = pgliteOf(app.database);
  if (folder && pglite) folder.control.serve(pglite, config.dataDir);

  let demoLines: string[] = [];
  if (options.demo) {
    try {
      demoLines = ['  Demo data is in place:', ...(await seedDemoData(app.database, config, async () => app.dataKey))];
    } catch (error) {
      await app.close();
      throw new Error(`Seeding the demo data failed; no demo data was written: ${describeDatabaseFailure(error)}`);
    }
  }
  await app.listen({ port: config.port, host: config.host });

  const seeded = app.seedResult;
  const lines = [
    '',
    `RPA Control Room ${APP_VERSION} is running at ${config.publicUrl} (listening on ${config.host}:${config.port})`,
    `  API docs:    ${config.publicUrl}/api/docs`,
    `  Database:    ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${shownPath(path.join(config.dataDir, 'pglite'))}`}`,
    `  Mail:        ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `written to ${shownPath(outboxDirOf(config))}`}`,
    `  Realtime:    ${config.redisUrl ? 'socket.io with the Redis adapter (REDIS_URL)' : 'socket.io, this node only'}`,
    seeded.adminCreated
      ? `  Super Admin: ${seeded.adminEmail} / ${config.adminPassword}  (created now; change the password after logging in)`
      : `  Super Admin: ${seeded.adminEmail}  (password as set when it was created; use "Forgot password" if lost)`,
    ...(demoLines.length > 0 ? ['', ...demoLines] : []),
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
    const closed = folder ? folder.control.close().then(() => app.close()) : app.close();
    closed.then(
      () => {
        // After the database has closed its files: only then may another process open them.
        folder?.lock.release();
        process.exit(0);
      },
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
  // Expected refusals: their message says what to do, a stack trace would only hide it.
  if (error instanceof DataFolderBusyError || error instanceof SchemaMismatchError) fail(error.message);
  if (error instanceof InvalidDeclarationError) fail(`The server does not start. ${error.message}`);
  fail(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
});
