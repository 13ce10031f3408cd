import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DECLARATIONS } from '../../src/domain/declarations';
import { defineResource } from '../../src/domain/resource';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { lastSnapshot, pendingStatements, writeMigration } from '../../server/db/migrationFiles';
import * as schema from '../../server/db/schema';
import { allTables, deriveTables, WRITTEN_TABLES, writtenTables } from '../../server/db/schema/declared';
import { tableOf } from '../../server/db/schema/derive';

/** The SQL `npm run db:generate` would write for these tables. */
const pendingMigration = (tables: Record<string, unknown>): Promise<string[]> =>
  pendingStatements(MIGRATIONS_DIR, tables);

const gadgetsDef = defineResource({
  name: 'gadgets',
  apiPrefix: 'gadget',
  access: { sameAs: 'bots' },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  ownerField: 'createdBy',
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, list: true },
    colour: { type: 'enum', choices: ['red', 'green'], required: true, filter: true, indexed: true },
    size: { type: 'enum', choices: [1, 2, 3], defaultValue: 1 },
    weight: { type: 'integer' },
    price: { type: 'number' },
    active: { type: 'boolean', defaultValue: true },
    madeOn: { type: 'date' },
    companyId: { type: 'reference', reference: 'companies', filter: true, onDelete: 'cascade' },
    companyName: { type: 'string', readOnly: true, list: true },
    createdBy: { type: 'reference', reference: 'users', readOnly: true, required: true },
    partIds: { type: 'references', reference: 'parts' },
    discount: { type: 'integer', virtual: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});

describe('the tables derived from the declarations', () => {
  it('are exactly those the committed migrations make', async () => {
    expect(await pendingMigration(allTables())).toEqual([]);
  });

  it('follow the rules for a new resource: columns, constraints and the indexes of its lists', async () => {
    const gadgets = tableOf(gadgetsDef, {
      derived: ['companyName'],
      targets: { companies: schema.companies, users: schema.users },
    });
    const [table, ...rest] = await pendingMigration({ ...allTables(), gadgets });
    // Stored fields only (no lookup, link-table or virtual field); NOT NULL when required, given a
    // default, boolean or the record's company; checks of the enums' choices.
    expect(table.split('\n')).toEqual([
      'CREATE TABLE "gadgets" (',
      '\t"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,',
      '\t"name" text NOT NULL,',
      '\t"colour" text NOT NULL,',
      '\t"size" integer DEFAULT 1 NOT NULL,',
      '\t"weight" integer,',
      '\t"price" numeric,',
      '\t"active" boolean DEFAULT true NOT NULL,',
      '\t"made_on" date,',
      '\t"company_id" uuid NOT NULL,',
      '\t"created_by" uuid NOT NULL,',
      '\t"created_at" timestamp with time zone DEFAULT now() NOT NULL,',
      '\t"updated_at" timestamp with time zone DEFAULT now() NOT NULL,',
      '\tCONSTRAINT "gadgets_colour_check" CHECK ("gadgets"."colour" in (\'red\', \'green\')),',
      '\tCONSTRAINT "gadgets_size_check" CHECK ("gadgets"."size" in (1, 2, 3))',
      ');',
      '',
    ]);
    // References with their ON DELETE rule (none given: the delete is refused while rows point at it);
    // the lists' indexes: the company's, every company's, an indexed filter's with and without the
    // company, each ending with the default sort and the id; a reference no index starts with.
    expect(rest).toEqual([
      'ALTER TABLE "gadgets" ADD CONSTRAINT "gadgets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;',
      'ALTER TABLE "gadgets" ADD CONSTRAINT "gadgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;',
      'CREATE INDEX "gadgets_company_created_idx" ON "gadgets" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE INDEX "gadgets_created_idx" ON "gadgets" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE INDEX "gadgets_colour_created_idx" ON "gadgets" USING btree ("colour","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE INDEX "gadgets_company_colour_created_idx" ON "gadgets" USING btree ("company_id","colour","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE INDEX "gadgets_created_by_idx" ON "gadgets" USING btree ("created_by");',
    ]);
    // Typed as the same table written by hand.
    expectTypeOf<typeof gadgets.$inferInsert>().toEqualTypeOf<{
      id?: string;
      name: string;
      colour: string;
      size?: number;
      weight?: number | null;
      price?: number | null;
      active?: boolean;
      madeOn?: string | null;
      companyId: string;
      createdBy: string;
      createdAt?: Date;
      updatedAt?: Date;
    }>();
  });

  it('take bespoke columns, constraints and a name of their own', async () => {
    const gadgets = tableOf(gadgetsDef, {
      name: 'shop_gadgets',
      derived: ['companyName', 'size', 'weight', 'price', 'active', 'madeOn'],
      targets: { companies: schema.companies, users: schema.users },
      columns: { secretHash: text('secret_hash').notNull(), createdBy: uuid('created_by') },
      unscopedListIndex: false,
      extra: (t) => [uniqueIndex('shop_gadgets_name_unique').on(t.companyId, sql`lower(${t.name})`)],
    });
    expect(await pendingMigration({ ...allTables(), gadgets })).toEqual([
      [
        'CREATE TABLE "shop_gadgets" (',
        '\t"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,',
        '\t"name" text NOT NULL,',
        '\t"colour" text NOT NULL,',
        '\t"company_id" uuid NOT NULL,',
        '\t"created_at" timestamp with time zone DEFAULT now() NOT NULL,',
        '\t"updated_at" timestamp with time zone DEFAULT now() NOT NULL,',
        '\t"secret_hash" text NOT NULL,',
        '\t"created_by" uuid,',
        '\tCONSTRAINT "shop_gadgets_colour_check" CHECK ("shop_gadgets"."colour" in (\'red\', \'green\'))',
        ');',
        '',
      ].join('\n'),
      'ALTER TABLE "shop_gadgets" ADD CONSTRAINT "shop_gadgets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;',
      'CREATE INDEX "shop_gadgets_company_created_idx" ON "shop_gadgets" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE INDEX "shop_gadgets_colour_created_idx" ON "shop_gadgets" USING btree ("colour","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE INDEX "shop_gadgets_company_colour_created_idx" ON "shop_gadgets" USING btree ("company_id","colour","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);',
      'CREATE UNIQUE INDEX "shop_gadgets_name_unique" ON "shop_gadgets" USING btree ("company_id",lower("name"));',
    ]);
  });

  it('refuse a reference without a target table, and an index without a column', () => {
    expect(() => tableOf(gadgetsDef, { derived: ['companyName'], targets: { companies: schema.companies } })).toThrow(
      'gadgets.createdBy: no target table given for references to users',
    );
    const table = tableOf(gadgetsDef, {
      derived: ['companyName', 'colour'],
      targets: { companies: schema.companies, users: schema.users },
    });
    expect(() => getTableConfig(table)).toThrow('gadgets.colour: indexed, but the table has no such column');
  });
});

// A plain declaration: every field stored as a column, nothing written for the server.
const partsDef = defineResource({
  name: 'parts',
  apiPrefix: 'part',
  access: { sameAs: 'bots' },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, list: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true, onDelete: 'cascade' },
  },
});

describe('the tables of the registry and npm run db:generate', () => {
  it('derive the table of each declaration that has no written one', () => {
    const plain = DECLARATIONS.map((def) => def.name).filter((name) => !(name in WRITTEN_TABLES));
    const derived = deriveTables([...DECLARATIONS, partsDef], WRITTEN_TABLES, writtenTables());
    expect(Object.keys(derived)).toEqual([...plain, 'parts']);
    expect(getTableConfig(derived.parts).name).toBe('parts');
    // The registry's plain declarations (none, or those added since, as docs/adding-a-resource.md
    // adds one) have their derived tables, and the committed migrations make each of them.
    const registry = deriveTables(DECLARATIONS, WRITTEN_TABLES, writtenTables());
    expect(Object.keys(registry)).toEqual(plain);
    // The last snapshot's tables, by schema and name: what the committed migrations make.
    const migrated = Object.keys(lastSnapshot(MIGRATIONS_DIR).tables);
    for (const table of Object.values(registry)) expect(migrated).toContain(`public.${getTableConfig(table).name}`);
    const settings = { ...partsDef, name: 'settings' };
    expect(() => deriveTables([settings], WRITTEN_TABLES, writtenTables())).toThrow(
      'settings: its table settings is the name of another table',
    );
  });

  it('writes the files drizzle-kit writes, under the name given, and nothing when nothing changed', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rpa-migrations-'));
    try {
      cpSync(MIGRATIONS_DIR, folder, { recursive: true });
      const derived = deriveTables([partsDef], WRITTEN_TABLES, writtenTables());
      const tables = { ...allTables(), ...derived };
      await expect(writeMigration(folder, tables, 'bumpy shockwave')).rejects.toThrow(
        'A migration name is lower-case words joined by underscores (e.g. gadgets), not "bumpy shockwave"',
      );
      expect(await writeMigration(folder, allTables(), 'nothing')).toBeNull();
      const before = readdirSync(folder).length;
      const next = String(readdirSync(path.join(folder, 'meta')).length - 1).padStart(4, '0');
      const file = await writeMigration(folder, tables, 'parts');
      const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
        entries: { idx: number; tag: string; breakpoints: boolean }[];
      };
      const last = journal.entries[journal.entries.length - 1];
      expect(last).toMatchObject({ idx: Number(next), tag: `${next}_parts`, breakpoints: true });
      expect(file).toBe(path.join(folder, `${next}_parts.sql`));
      expect(readdirSync(folder).length).toBe(before + 1);
      expect(readFileSync(file ?? '', 'utf8').split('--> statement-breakpoint\n')).toEqual([
        [
          'CREATE TABLE "parts" (',
          '\t"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,',
          '\t"name" text NOT NULL,',
          '\t"company_id" uuid NOT NULL',
          ');',
          '',
        ].join('\n'),
        'ALTER TABLE "parts" ADD CONSTRAINT "parts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;',
        'CREATE INDEX "parts_company_name_idx" ON "parts" USING btree ("company_id","name","id");',
        'CREATE INDEX "parts_name_idx" ON "parts" USING btree ("name","id");',
      ]);
      // The snapshot written is the new schema: the same tables make no further migration.
      expect(await pendingStatements(folder, tables)).toEqual([]);
      expect(await writeMigration(folder, tables, 'again')).toBeNull();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
