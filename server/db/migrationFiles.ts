import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import type { ResourceDef } from '../../src/domain/resource';
import { tablesOfDeclarations } from './schema/declared';

/*
 * The files of a versioned migration, written as `drizzle-kit generate` writes them, so that the
 * server's migrator (drizzle-orm's, server/db/client.ts) applies them: NNNN_<name>.sql (statements
 * separated by `--> statement-breakpoint`), meta/NNNN_snapshot.json (the schema after it) and an
 * entry of meta/_journal.json. The schema is given as tables rather than read from a module's
 * named exports, so that the tables derived from the declarations at run time are part of it.
 */

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}
interface Journal {
  version: string;
  dialect: string;
  entries: JournalEntry[];
}

const BREAKPOINT = '--> statement-breakpoint\n';
/** A migration's name: words of lower-case letters and digits joined by underscores (`gadgets`, `bot_versions`). */
export const MIGRATION_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const journalFile = (folder: string) => path.join(folder, 'meta', '_journal.json');
const snapshotFile = (folder: string, idx: number) =>
  path.join(folder, 'meta', `${String(idx).padStart(4, '0')}_snapshot.json`);

/** The snapshot of the last migration of `folder`: the schema the migrations make. */
export function lastSnapshot(folder: string): DrizzleSnapshotJSON {
  const { entries } = readJson<Journal>(journalFile(folder));
  return readJson<DrizzleSnapshotJSON>(snapshotFile(folder, entries[entries.length - 1].idx));
}

/** The statements a new migration would hold to bring the migrations of `folder` to `tables` (none: up to date). */
export async function pendingStatements(folder: string, tables: Record<string, unknown>): Promise<string[]> {
  const before = lastSnapshot(folder);
  return generateMigration(before, generateDrizzleJson(tables, before.id));
}

/**
 * Writes the next migration of `folder` for `tables` under `name`, and answers its SQL file's
 * path; answers null and writes nothing when the migrations already make these tables.
 */
export async function writeMigration(
  folder: string,
  tables: Record<string, unknown>,
  name: string,
): Promise<string | null> {
  if (!MIGRATION_NAME.test(name))
    throw new Error(`A migration name is lower-case words joined by underscores (e.g. gadgets), not "${name}"`);
  const journal = readJson<Journal>(journalFile(folder));
  const last = journal.entries[journal.entries.length - 1];
  const before = readJson<DrizzleSnapshotJSON>(snapshotFile(folder, last.idx));
  const after = generateDrizzleJson(tables, before.id);
  const statements = await generateMigration(before, after);
  if (statements.length === 0) return null;
  const idx = last.idx + 1;
  const tag = `${String(idx).padStart(4, '0')}_${name}`;
  // drizzle-kit asks in a terminal whether a table or column that disappears was renamed; its
  // API does not answer which, so the snapshot's record of renames stays empty (the migrator
  // does not read it).
  const snapshot = { ...after, _meta: { columns: {}, schemas: {}, tables: {} } };
  writeFileSync(snapshotFile(folder, idx), JSON.stringify(snapshot, null, 2));
  journal.entries.push({ idx, version: after.version, when: Date.now(), tag, breakpoints: true });
  writeFileSync(journalFile(folder), JSON.stringify(journal, null, 2));
  const file = path.join(folder, `${tag}.sql`);
  writeFileSync(file, statements.join(BREAKPOINT));
  return file;
}

/**
 * What `npm run db:generate` writes: the migration of the tables written in server/db/schema and
 * those derived from `declarations` (the registry's). An invalid declaration is refused
 * (InvalidDeclarationError) and nothing is written, rather than a column derived from a typo.
 */
export async function writeDeclaredMigration(
  folder: string,
  declarations: readonly ResourceDef[],
  name: string,
): Promise<string | null> {
  return writeMigration(folder, tablesOfDeclarations(declarations), name);
}
