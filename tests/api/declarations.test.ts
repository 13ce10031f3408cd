import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { defineResource, type FieldDef } from '../../src/domain/resource';
import { declarationProblems } from '../../server/crud/check';
import type { CrudOptions } from '../../server/crud/options';
import { crudRoutes } from '../../server/crud/routes';
import { servedResources } from '../../server/crud/served';
import { companyNameOf } from '../../server/crudResources/shared';
import { DECLARATIONS } from '../../src/domain/declarations';
import { CRUD_RESOURCES } from '../../server/routes/resources';
import { startServer } from './helpers';

// The check at start: every declared field, filter, sort, ownerField, membership and lookup
// resolves to something the server reads and writes, or the server does not start.
const widgets = pgTable('test_widgets', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  name: text('name').notNull(),
  size: integer('size').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A declaration over test_widgets; `more` sets what names another field (checked by the compiler otherwise). */
const declare = (
  extra: Record<string, FieldDef> = {},
  more: { ownerField?: string; membership?: string; sameAs?: string } = {},
) => ({
  ...defineResource({
    name: 'widgets',
    apiPrefix: 'widget',
    access: { sameAs: more.sameAs ?? 'bots' },
    tenancy: 'company',
    recordRepresentation: 'name',
    defaultSort: { field: 'createdAt', order: 'DESC' },
    fields: {
      id: { type: 'string', readOnly: true },
      name: { type: 'string', required: true, list: true, searchable: true },
      size: { type: 'integer', list: true, filter: true },
      active: { type: 'boolean', filter: true },
      companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
      createdBy: { type: 'reference', reference: 'users', readOnly: true },
      createdAt: { type: 'datetime', readOnly: true, list: true },
      ...extra,
    },
  }),
  ownerField: more.ownerField,
  membership: more.membership,
});

const problemsOf = (options: Partial<CrudOptions> & Pick<CrudOptions, 'def'>) =>
  declarationProblems({ source: { table: widgets }, ...options });

describe('the check of a declaration against what the server reads and writes', () => {
  it('passes every resource the server serves, and a plain declaration over its table', () => {
    for (const options of CRUD_RESOURCES) expect(declarationProblems(options), options.def.name).toEqual([]);
    expect(problemsOf({ def: declare({}, { ownerField: 'createdBy' }) })).toEqual([]);
  });

  it('names a field that nothing stores', () => {
    expect(problemsOf({ def: declare({ colour: { type: 'string', filter: true, list: true } }) })).toEqual([
      'field colour: no column, lookup, computed value, relation or presented value reads it',
    ]);
  });

  it('names writable fields that cannot be written, and virtual ones no hook consumes', () => {
    const def = declare({ companyName: { type: 'string' }, label: { type: 'string', virtual: true } });
    const source = { table: widgets, lookups: { companyName: companyNameOf(widgets.companyId) } };
    expect(problemsOf({ def, source })).toEqual([
      'field companyName: accepted on create, but a lookup cannot be written (make it readOnly)',
      'field label: virtual and accepted on create, but no beforeCreate hook turns it into stored values',
      'field companyName: accepted on update, but a lookup cannot be written (make it readOnly)',
      'field label: virtual and accepted on update, but no beforeUpdate hook turns it into stored values',
    ]);
    const hooks = { beforeCreate: async (_ctx: unknown, values: Record<string, unknown>) => values };
    expect(problemsOf({ def, source, hooks, skip: ['update'] })).toEqual([
      'field companyName: accepted on create, but a lookup cannot be written (make it readOnly)',
    ]);
  });

  it('names filters, searches and sorts SQL cannot run', () => {
    const def = declare({ shown: { type: 'string', readOnly: true, list: true, filter: true, searchable: true } });
    expect(problemsOf({ def, source: { table: widgets, presented: ['shown'] } })).toEqual([
      'field shown: a filter, but a presented value is not in the SQL',
      'field shown: searchable, but a presented value is not in the SQL',
      'field shown: sortable, but a presented value is not in the SQL',
    ]);
  });

  it('names an ownerField, a membership, a lookup or a permission row that does not resolve', () => {
    expect(problemsOf({ def: declare({}, { ownerField: 'name', membership: 'createdBy' }) })).toEqual([
      'membership createdBy: not a relation (a link table behind a references field) nor a computed id list',
    ]);
    expect(
      problemsOf({
        def: declare({ ownerName: { type: 'string', readOnly: true } }, { ownerField: 'ownerName' }),
        source: { table: widgets, computed: { ownerName: sql`'x'` } },
      }),
    ).toEqual(['ownerField ownerName: not a column of test_widgets']);
    const elsewhere = pgTable('elsewhere', { id: uuid('id').primaryKey(), companyId: uuid('company_id') });
    expect(
      problemsOf({
        def: declare({ companyName: { type: 'string', readOnly: true } }),
        source: {
          table: widgets,
          lookups: { companyName: companyNameOf(elsewhere.companyId), nothing: companyNameOf(widgets.companyId) },
        },
      }),
    ).toEqual([
      'lookup companyName: its via column is not a column of test_widgets',
      'lookup nothing: names no declared field',
    ]);
    expect(problemsOf({ def: declare({}, { sameAs: 'gizmos' }) })).toEqual(['No permission row named gizmos']);
  });

  it('stops the server from starting, naming the resource and the field', async () => {
    const def = declare({ colour: { type: 'enum', choices: ['red', 'green'], filter: true } });
    await expect(startServer({ plugins: [crudRoutes({ def, source: { table: widgets } })] })).rejects.toThrow(
      'The declaration of widgets does not match what the server reads and writes:\n- field colour: no column, lookup, computed value, relation or presented value reads it',
    );
  }, 90_000);
});

describe('the resources the server serves', () => {
  const tableOf = (name: string) => {
    if (name !== 'widgets') throw new Error(`no table ${name}`);
    return widgets;
  };

  it('are exactly the registry, each once, in its order', () => {
    expect(CRUD_RESOURCES.map((options) => options.def)).toEqual([...DECLARATIONS]);
  });

  it('serve a plain declaration by default options: the declaration over its table', () => {
    const def = declare();
    const [users] = CRUD_RESOURCES.filter((options) => options.def.name === 'users');
    expect(servedResources([users.def, def], [users], tableOf)).toEqual([users, { def, source: { table: widgets } }]);
  });

  it('refuse options for no declared resource, for one twice, or with another declaration', () => {
    const def = declare();
    const options: CrudOptions = { def, source: { table: widgets } };
    expect(() => servedResources([], [options], tableOf)).toThrow(
      'widgets: server options for a resource the registry does not declare',
    );
    expect(() => servedResources([def], [options, options], tableOf)).toThrow('widgets: two sets of server options');
    expect(() => servedResources([declare()], [options], tableOf)).toThrow(
      "widgets: its server options take another declaration than the registry's",
    );
    expect(() => servedResources([def, def], [], tableOf)).toThrow('The registry declares a resource twice');
  });
});
