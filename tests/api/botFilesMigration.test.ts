import { createHash } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { strToU8, zipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { loginTo, tempFolder } from './datafolderProcesses';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestDatabase,
  startServer,
  type TestDatabase,
  type TestServer,
} from './helpers';

/**
 * Bot files written by the code that kept them as text (a workflow or a script as its text, a
 * package as base64) are moved to bytes by the migration that makes them bytes, without one byte
 * changed: on a database migrated to the migration before it and filled as that code filled it,
 * the server's start applies the migration, and each file downloads as the bytes first uploaded,
 * its checksum the sha256 of those bytes.
 */

/** The migration that moved bot files to bytes: the database is made with the ones before it. */
const BYTES_MIGRATION = '0020_bot_files_as_bytes';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const WORKFLOW = `<?xml version="1.0" encoding="utf-8"?>
<Activity x:Class="Main" xmlns="http://schemas.microsoft.com/netfx/2009/xaml/activities" xmlns:x="http://schemas.microsoft.com/winfx/2006/xaml">
  <Sequence DisplayName="Café ✓" />
</Activity>
`;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const PACKAGE = Buffer.from(
  zipSync({ 'project.json': strToU8('{"main":"Main.xaml"}'), 'Main.xaml': strToU8(WORKFLOW) }, { level: 6 }),
);

/** Each file as uploaded, and how the old code kept it in the text column. */
const FILES = [
  { name: 'Bom.xaml', bytes: Buffer.concat([BOM, Buffer.from(WORKFLOW)]) },
  { name: 'Crlf.xaml', bytes: Buffer.from(WORKFLOW.replace(/\n/g, '\r\n')) },
  { name: 'bot.py', bytes: Buffer.from('# Grüße\nprint("ok")\n') },
  { name: 'Project.nupkg', bytes: PACKAGE },
].map((f) => ({
  ...f,
  stored: /\.(zip|nupkg)$/i.test(f.name) ? f.bytes.toString('base64') : f.bytes.toString('utf8'),
}));
/** The previous version an update kept (a package replaced by the BOM workflow). */
const PREVIOUS = { name: 'Old.zip', bytes: PACKAGE, stored: PACKAGE.toString('base64') };

/** A copy of the migrations folder holding only those before the bytes migration. */
async function migrationsBefore(folder: string): Promise<void> {
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === BYTES_MIGRATION);
  if (at < 0) throw new Error(`${BYTES_MIGRATION} is not in the journal`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Rows as the old code wrote them: a company, its user, a bot per file (text columns). */
async function fillAsOldCode(query: Query): Promise<void> {
  const [company] = (await query(`insert into companies (name) values ('Old Files Ltd') returning id`)).rows;
  const [role] = (await query(`insert into roles (name) values ('Old role') returning id`)).rows;
  const [user] = (
    await query(
      `insert into users (full_name, email, role_id, password_hash, company_id)
       values ('Old User', 'old@files.test', $1, 'x', $2) returning id`,
      [role.id, company.id],
    )
  ).rows;
  for (const f of FILES) {
    const previous = f.name === 'Bom.xaml' ? PREVIOUS : null;
    await query(
      `insert into bots (name, description, company_id, user_id, file_name, file_size, file_content, file_checksum,
                         previous_file_name, previous_file_content)
       values ($1, 'written by the old code', $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        `Old ${f.name.split('.')[0]}`,
        company.id,
        user.id,
        f.name,
        f.bytes.length,
        f.stored,
        // The old code's checksum: of the upload's bytes.
        sha256(f.bytes),
        previous?.name ?? null,
        previous?.stored ?? null,
      ],
    );
  }
}

describe('the migration of bot files to bytes', () => {
  let database: TestDatabase;
  let server: TestServer;
  let dataDir: string;
  let migrations: string;

  beforeAll(async () => {
    dataDir = await tempFolder('bytes-migration');
    migrations = await tempFolder('bytes-migrations');
    await migrationsBefore(migrations);
    database = await createTestDatabase({ empty: true });
    if (database.url) {
      const pool = new pg.Pool({ connectionString: database.url });
      try {
        await migratePg(drizzlePg(pool), { migrationsFolder: migrations });
        await fillAsOldCode((text, params) => pool.query(text, params));
      } finally {
        await pool.end();
      }
    } else {
      const client = await PGlite.create(path.join(dataDir, 'pglite'));
      try {
        await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrations });
        await fillAsOldCode((text, params) => client.query(text, params));
      } finally {
        await client.close();
      }
    }
    server = await startServer({ dataDir, database });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await database?.drop();
    await Promise.all([dataDir, migrations].map((dir) => dir && rm(dir, { recursive: true, force: true })));
  });

  const rows = async () =>
    (await server.app.database.queryRows(
      `select id::text as id, file_name as "fileName", file_checksum as "checksum" from bots order by file_name`,
      [],
    )) as { id: string; fileName: string; checksum: string }[];

  const download = async (id: string, previous = false) => {
    const token = await loginTo(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await fetch(`${server.baseUrl}/api/bot/downloadXAML/${id}${previous ? '?version=previous' : ''}`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };

  it('keeps every file byte for byte, a leading byte-order mark and a package included', async () => {
    const found = await rows();
    expect(found.map((r) => r.fileName).sort()).toEqual(FILES.map((f) => f.name).sort());
    for (const f of FILES) {
      const row = found.find((r) => r.fileName === f.name);
      expect(row, f.name).toBeDefined();
      if (!row) continue;
      expect(sha256(await download(row.id)), f.name).toBe(sha256(f.bytes));
      // What an agent checks its download against.
      expect(row.checksum, f.name).toBe(sha256(f.bytes));
    }
  });

  it('keeps the previous version byte for byte', async () => {
    const row = (await rows()).find((r) => r.fileName === 'Bom.xaml');
    expect(row).toBeDefined();
    if (row) expect(sha256(await download(row.id, true))).toBe(sha256(PREVIOUS.bytes));
  });
});
