import { readFileSync } from 'node:fs';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { getTableConfig, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineResource } from '../../src/domain/resource';
import * as schema from '../../server/db/schema';
import { tableOf } from '../../server/db/schema/derive';

const MIGRATIONS = new URL('../../server/db/migrations/', import.meta.url);

/** The snapshot of the last migration: the schema the migrations make. */
function lastSnapshot(): DrizzleSnapshotJSON {
  const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', MIGRATIONS), 'utf8')) as {
    entries: { idx: number }[];
  };
  const last = journal.entries[journal.entries.length - 1];
  return JSON.parse(
    readFileSync(new URL(`meta/${String(last.idx).padStart(4, '0')}_snapshot.json`, MIGRATIONS), 'utf8'),
  ) as DrizzleSnapshotJSON;
}

/** The SQL `npm run db:generate` would write for these tables. */
async function pendingMigration(tables: Record<string, unknown>): Promise<string[]> {
  const before = lastSnapshot();
  return generateMigration(before, generateDrizzleJson(tables, before.id));
}

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
    expect(await pendingMigration(schema)).toEqual([]);
  });

  it('follow the rules for a new resource: columns, constraints and the indexes of its lists', async () => {
    const gadgets = tableOf(gadgetsDef, {
      derived: ['companyName'],
      targets: { companies: schema.companies, users: schema.users },
    });
    const [table, ...rest] = await pendingMigration({ ...schema, gadgets });
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
    expect(await pendingMigration({ ...schema, gadgets })).toEqual([
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
