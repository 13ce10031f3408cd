import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, pgliteImage } from '../../server/db/client';

/**
 * Once per run of the API tests: the database every test server starts from, migrated once.
 * Without TEST_DATABASE_URL, an image of a migrated PGlite (loading it takes a fraction of an
 * initdb plus every migration); with it, a migrated PostgreSQL database that each test database
 * is created from (`CREATE DATABASE … TEMPLATE`, a file copy instead of every migration). The
 * migrations still run from zero in the tests that start on an empty database or data folder.
 *
 * What it made is named in the environment (TEST_PGLITE_IMAGE, TEST_DATABASE_TEMPLATE,
 * TEST_DATABASE_PREFIX), which the test processes inherit, and so do the test runs a test starts
 * itself (tests/api/adding-a-resource.test.ts): those use this run's image or template, and the
 * server that starts on it applies whatever migration they add.
 */
export async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return process.env.TEST_DATABASE_TEMPLATE ? async () => undefined : template(adminUrl);
  const given = process.env.TEST_PGLITE_IMAGE;
  if (given && existsSync(given)) return async () => undefined;
  const folder = await mkdtemp(path.join(tmpdir(), 'rpa-api-run-'));
  const image = path.join(folder, 'pglite.tar');
  await writeFile(image, Buffer.from(await (await pgliteImage()).arrayBuffer()));
  process.env.TEST_PGLITE_IMAGE = image;
  return () => rm(folder, { recursive: true, force: true });
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
