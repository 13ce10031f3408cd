import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, pgliteImage } from '../../server/db/client';
import { pgliteDirOf } from '../../server/db/backup';

/**
 * Once per run of the API tests: the database every test server starts from, migrated once.
 * Without TEST_DATABASE_URL, an image of a migrated PGlite (loading it takes a fraction of an
 * initdb plus every migration); with it, a migrated PostgreSQL database that each test database
 * is created from (`CREATE DATABASE … TEMPLATE`, a file copy instead of every migration). The
 * migrations still run from zero in the tests that start on an empty database or data folder.
 *
 * Both runs also make one migrated PGlite data folder (TEST_PGLITE_FOLDER): the server processes
 * the tests start on a data folder use PGlite whatever the run, and each would otherwise create its
 * database (initdb, about 6 s of CPU) and migrate it. A test copies it in (tests/api/dataFolder.ts)
 * unless it is about a first start.
 *
 * What it made is named in the environment (TEST_PGLITE_IMAGE, TEST_PGLITE_FOLDER,
 * TEST_DATABASE_TEMPLATE, TEST_DATABASE_PREFIX), which the test processes inherit, and so do the
 * test runs a test starts itself (tests/api/adding-a-resource.test.ts): those use this run's
 * image or template, and the server that starts on it applies whatever migration they add.
 */
export async function setup(): Promise<() => Promise<void>> {
  const teardowns = [await migratedFolder()];
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    if (!process.env.TEST_DATABASE_TEMPLATE) teardowns.push(await template(adminUrl));
  } else if (!existsSync(process.env.TEST_PGLITE_IMAGE ?? '')) {
    const folder = await mkdtemp(path.join(tmpdir(), 'rpa-api-run-'));
    const image = path.join(folder, 'pglite.tar');
    await writeFile(image, Buffer.from(await (await pgliteImage()).arrayBuffer()));
    process.env.TEST_PGLITE_IMAGE = image;
    teardowns.push(() => rm(folder, { recursive: true, force: true }));
  }
  return async () => {
    for (const teardown of teardowns) await teardown();
  };
}

/**
 * A data folder's PGlite database, created and migrated by the server's own code (the same
 * child process and settings as a first start), closed cleanly so that a copy opens as it does.
 */
async function migratedFolder(): Promise<() => Promise<void>> {
  if (existsSync(process.env.TEST_PGLITE_FOLDER ?? '')) return async () => undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rpa-api-folder-'));
  const database = await openDatabase({ url: null, pgliteDir: pgliteDirOf(dataDir) });
  try {
    await database.prepare(async () => undefined);
  } finally {
    await database.close();
  }
  process.env.TEST_PGLITE_FOLDER = pgliteDirOf(dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}

/** A migrated template database, and at the end of the run the drop of every database of the run. */
async function template(adminUrl: string): Promise<() => Promise<void>> {
  const prefix = `rpa_t${randomBytes(4).toString('hex')}_`;
  const name = `${prefix}template`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: null });
  try {
    await database.prepare(async () => undefined);
  } finally {
    await database.close();
  }
  process.env.TEST_DATABASE_TEMPLATE = name;
  process.env.TEST_DATABASE_PREFIX = prefix;
  return () => dropRun(adminUrl, prefix);
}

async function adminQuery(adminUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/**
 * Drops every database of the run at once. Each DROP DATABASE waits for a checkpoint (0.4–2 s
 * here); dropped together, they share a few, instead of each test file waiting for its own.
 */
async function dropRun(adminUrl: string, prefix: string): Promise<void> {
  const { rows } = await adminQuery(adminUrl, 'SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
    prefix,
  ]);
  const names = rows.map((row: { datname: string }) => row.datname);
  const lanes = 8;
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      for (let i = lane; i < names.length; i += lanes) {
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${names[i]}" WITH (FORCE)`);
      }
    }),
  );
}
