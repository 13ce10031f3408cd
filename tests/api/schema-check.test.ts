import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLARATIONS } from '../../src/domain/declarations';
import { declarationsShapeProblems } from '../../src/domain/declarationShape';
import { defineResource, type FieldDef, type ResourceDef } from '../../src/domain/resource';
import { crudRoutes } from '../../server/crud/routes';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { writeDeclaredMigration } from '../../server/db/migrationFiles';
import { tablesOfDeclarations } from '../../server/db/schema/declared';
import { createTestDatabase, startServer, type TestDatabase } from './helpers';
import { serverProgram } from './programs';

/*
 * The server refuses to start on a declaration it cannot honour: one whose table or column the
 * migrated database lacks (its migration was never generated), or an invalid one, which
 * `npm run db:generate` refuses too. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STACK_FRAME = /\n\s+at\s+\S.*:\d+:\d+/;

// The resource of docs/adding-a-resource.md, declared without its migration.
const holidays = defineResource({
  name: 'holidays',
  apiPrefix: 'holiday',
  access: { sameAs: 'bots' },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'day', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, list: true },
    day: { type: 'date', required: true, list: true },
    companyId: { type: 'reference', reference: 'companies', createOnly: true, onDelete: 'cascade' },
    createdAt: { type: 'datetime', readOnly: true },
  },
});

/** The files of every migration of `folder` (their text), to see that nothing was written. */
const migrationFiles = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));

/** A declaration of holidays with `fields` added or replaced: typos the compiler would report, cast past it. */
const holidaysWith = (fields: Record<string, unknown>, access: unknown = holidays.access): ResourceDef => ({
  ...holidays,
  access: access as ResourceDef['access'],
  fields: { ...holidays.fields, ...(fields as Record<string, FieldDef>) },
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs the server as `npm start` does (or, with `args`, a script of `cwd` through tsx); answers
 * its exit code and output once it ends, or once the deadline has passed (a server that started is
 * stopped: code null).
 */
async function runMain(
  env: Record<string, string>,
  args?: readonly string[],
  cwd = ROOT,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, args ? ['--import', 'tsx', ...args] : serverProgram(), {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'silent', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const deadline = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(deadline);
  return { code, stderr };
}

describe('the start-up check of the database against the declarations', () => {
  it('refuses a declared resource whose table no migration makes, naming it and npm run db:generate', async () => {
    const started = startServer({ tables: tablesOfDeclarations([...DECLARATIONS, holidays]) });
    await expect(started).rejects.toThrow('declarations of src/domain/declarations):\n  - table holidays\n');
    await expect(started).rejects.toThrow(
      'npm run db:generate -- --name <name> (a name saying what it adds, e.g. holidays)',
    );
    await expect(started).rejects.toThrow('then start the server again');
  }, 60_000);

  describe('a database that lacks a column', () => {
    let database: TestDatabase;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase();
      dataDir = await mkdtemp(path.join(tmpdir(), 'rpa-schema-check-'));
      const first = await startServer({ dataDir, database });
      try {
        await first.app.database.db.execute(sql`alter table users drop column full_name`);
      } finally {
        await first.close();
      }
    }, 60_000);
    afterAll(async () => {
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('is refused, naming table.column', async () => {
      await expect(startServer({ dataDir, database })).rejects.toThrow(
        'declarations of src/domain/declarations):\n  - column users.full_name\n',
      );
    }, 60_000);

    it('stops npm start with status 1 and the message, without a stack trace', async () => {
      const { code, stderr } = await runMain({
        DATA_DIR: dataDir,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      });
      expect(code).toBe(1);
      expect(stderr).toContain('  - column users.full_name\n');
      expect(stderr).toContain('npm run db:generate -- --name <name>');
      expect(stderr).not.toMatch(STACK_FRAME);
    }, 60_000);
  });
});

describe('an invalid declaration', () => {
  const table = pgTable('test_holidays', {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    day: date('day').notNull(),
    open: text('open'),
    companyId: uuid('company_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  });
  const typo = holidaysWith({ open: { type: 'bool' } });

  it('names an unknown field type, an enum without choices, a reference without a target, an incomplete permission row', () => {
    expect(declarationsShapeProblems([typo])).toEqual([
      'holidays: field open: unknown type "bool" (a type is one of string, text, email, phone, boolean, integer, number, date, datetime, enum, reference, references, json)',
    ]);
    const row = {
      superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
      subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', remove: 'all' },
      customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'everything' },
      admin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    };
    const shapes = holidaysWith(
      { kind: { type: 'enum' }, ownerId: { type: 'reference' }, tagIds: { type: 'references', choices: [] } },
      row,
    );
    expect(declarationsShapeProblems([shapes, holidays])).toEqual([
      "holidays: field kind: an enum needs its choices (choices: ['a', 'b'])",
      "holidays: field ownerId: a reference field needs its target resource (reference: '<resource name>')",
      "holidays: field tagIds: a references field needs its target resource (reference: '<resource name>')",
      'holidays: access: subAdmin has no scope for delete',
      'holidays: access: subAdmin.remove is no action (list, show, create, update, delete)',
      'holidays: access: customerAdmin.delete is "everything", not one of all, company, own, member, none',
      'holidays: access: no scopes for user',
      'holidays: access: admin is no role (superAdmin, subAdmin, customerAdmin, user)',
      'holidays: declared twice',
    ]);
    expect(declarationsShapeProblems(DECLARATIONS)).toEqual([]);
  });

  it('stops the server from starting, naming the resource and the field', async () => {
    await expect(startServer({ plugins: [crudRoutes({ def: typo, source: { table } })] })).rejects.toThrow(
      'The declaration of holidays does not match what the server reads and writes:\n- field open: unknown type "bool"',
    );
  }, 60_000);

  it('makes npm run db:generate write nothing', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rpa-migrations-'));
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const before = migrationFiles(folder);
      await expect(writeDeclaredMigration(folder, [...DECLARATIONS, typo], 'holidays')).rejects.toThrow(
        'Invalid resource declarations (src/domain/declarations):\n  - holidays: field open: unknown type "bool"',
      );
      expect(migrationFiles(folder)).toEqual(before);
      // The same declaration without the typo gets its migration.
      expect(await writeDeclaredMigration(folder, [...DECLARATIONS, holidays], 'holidays')).toMatch(/_holidays\.sql$/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('in the registry, stops npm run db:generate and npm start with the list of problems, without a stack trace', async () => {
    // A copy of the sources the two commands load, with a typo in a declaration of the registry.
    const copy = mkdtempSync(path.join(tmpdir(), 'rpa-schema-typo-'));
    try {
      for (const entry of ['server', 'src', 'scripts', 'i18n', 'package.json', 'tsconfig.json'])
        cpSync(path.join(ROOT, entry), path.join(copy, entry), { recursive: true });
      symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
      const declaration = path.join(copy, 'src/domain/declarations/registrationTokens.ts');
      const text = readFileSync(declaration, 'utf8');
      expect(text).toContain("reusable: { type: 'boolean'");
      writeFileSync(declaration, text.replace("reusable: { type: 'boolean'", "reusable: { type: 'bool'"));
      const migrations = path.join(copy, 'server/db/migrations');
      const before = migrationFiles(migrations);
      const problem = '  - registrationTokens: field reusable: unknown type "bool"';

      const generated = await runMain({}, ['scripts/db-generate.ts', '--name', 'tokens'], copy);
      expect(generated.code).toBe(1);
      expect(generated.stderr).toContain(`No migration was written. Invalid resource declarations`);
      expect(generated.stderr).toContain(problem);
      expect(generated.stderr).not.toMatch(STACK_FRAME);
      expect(migrationFiles(migrations)).toEqual(before);

      const started = await runMain({ DATA_DIR: path.join(copy, 'data') }, ['server/main.ts'], copy);
      expect(started.code).toBe(1);
      expect(started.stderr).toContain('The server does not start. Invalid resource declarations');
      expect(started.stderr).toContain(problem);
      expect(started.stderr).not.toMatch(STACK_FRAME);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 90_000);
});
