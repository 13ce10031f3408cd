import { sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decide, scopeOf, targetOf, type Action, type Actor, type Decision, type Target } from '../../src/domain';
import { groups as groupsDef } from '../../src/domain/declarations';
import { apiPathsOf, defineResource, type ResourceDef } from '../../src/domain/resource';
import type { CrudOptions } from '../../server/crud/options';
import { crudRoutes } from '../../server/crud/routes';
import { MIGRATIONS_DIR } from '../../server/db/client';
import { pendingStatements } from '../../server/db/migrationFiles';
import * as schema from '../../server/db/schema';
import { allTables } from '../../server/db/schema/declared';
import { tableOf } from '../../server/db/schema/derive';
import { CRUD_RESOURCES } from '../../server/routes/resources';
import { call, startServer, type TestServer } from './helpers';
import { BESPOKE_CASES, OWN_ACCOUNT_ROUTES, type Req, type Role } from './permissionBespoke';
import { ROLE_KEY, expectedRowOf, listStatus, readingStatus } from './permissionExpected';
import { productFixtures, sampleFixture, type Fixture, type Which } from './permissionFixtures';
import { enableEmailSchedule } from './mailWorld';
import { buildWorld, type Envelope, type ListPayload, type World } from './world';

/**
 * The permission table against the API: every route × the four roles × a record (or company)
 * of the actor's own company A and of another company B. The routes of every registered
 * resource come from the server's list (and a test's plugins) and their answers from the
 * domain's permission table (2xx allowed, 403 the role may not, 404 another company's or an
 * unseen record); bespoke routes have their answers written out (permissionBespoke.ts); every
 * authenticated route of the OpenAPI document must be one of them. The product's rules, written
 * apart from the table (tests/permissionExpectations.ts), are asked of the server too.
 */
const ROLES: Role[] = ['super', 'sub', 'caA', 'userA'];

// A plain resource exists only here: its declaration and derived table are all it takes.
const widgetsDef = defineResource({
  name: 'widgets',
  apiPrefix: 'widget',
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'none', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'none', update: 'own', delete: 'none' },
  },
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  ownerField: 'createdBy',
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, list: true, searchable: true, maxLength: 60 },
    size: { type: 'integer', min: 1, list: true, filter: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true, onDelete: 'cascade' },
    createdBy: { type: 'reference', reference: 'users', readOnly: true, required: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
  },
});
const widgets = tableOf(widgetsDef, {
  name: 'test_widgets',
  targets: { companies: schema.companies, users: schema.users },
});
const RESOURCES: readonly CrudOptions[] = [...CRUD_RESOURCES, { def: widgetsDef, source: { table: widgets } }];

/**
 * The DDL of the test's own table, and nothing else: what `npm run db:generate` would write for
 * it beyond what it would write for the schema itself. A table of the registry whose migration
 * was forgotten is left missing here too (the server refuses to start without it).
 */
async function widgetsDdl(): Promise<string[]> {
  const forgotten = new Set(await pendingStatements(MIGRATIONS_DIR, allTables()));
  return (await pendingStatements(MIGRATIONS_DIR, { ...allTables(), widgets })).filter((s) => !forgotten.has(s));
}

const statusOf = (decision: Decision, allowed = 200): number =>
  decision === 'allow' ? allowed : decision === 'forbidden' ? 403 : 404;
const get = (url: string): Req => ({ method: 'GET', url });

interface Case {
  route: string;
  /** What `role` gets for company `which` (got), and what it should get (want). */
  run: (role: Role, which: Which) => Promise<{ got: number; want: number }>;
}

describe('permissions of every route', () => {
  let server: TestServer;
  let w: World;
  let n = 0;
  const next = () => (n += 1);
  let product: ReturnType<typeof productFixtures>;
  const standing = new Map<string, string>();
  const actorOf = (role: Role): Actor => ({
    id: w.people[role].id,
    role: w.people[role].role,
    companyId: w.people[role].companyId,
  });
  const company = (x: Which) => (x === 'A' ? w.companyA : w.companyB);
  const send = async (role: Role, req: Req) =>
    (
      await call(server, req.method, `/api${req.url}`, {
        token: w.people[role].token,
        body: req.body,
        form: req.form?.(),
      })
    ).status;

  /** A resource's fixture: the product's, or one made from its declaration through its create route. */
  function fixtureOf({ def, skip = [] }: CrudOptions): Fixture {
    const known = product.fixtures[def.name];
    if (known) return known;
    if (skip.includes('create'))
      throw new Error(
        `${def.name}: no create route of the engine makes records of it; give it a fixture in tests/api/permissionFixtures.ts`,
      );
    const refs = (x: Which) => ({ companies: company(x), users: (x === 'A' ? w.people.userA : w.people.userB).id });
    const create = async (body: Record<string, unknown>) =>
      (await product.asSuper('POST', apiPathsOf(def).create, body)).id;
    return sampleFixture(def, create, refs, next);
  }

  async function recordOf(options: CrudOptions, x: Which): Promise<string> {
    const { def } = options;
    const key = `${def.name} ${x}`;
    const fixture = fixtureOf(options);
    if (!standing.has(key) && fixture.record) standing.set(key, await fixture.record(x));
    const id = standing.get(key);
    if (!id) throw new Error(`${def.name}: no fixture makes a record`);
    return id;
  }

  /** What the permission table needs of a stored record, read as a Super Admin sees it. */
  async function targetIn(def: ResourceDef, id: string): Promise<Target> {
    return targetOf(
      def,
      await product.asSuper<Record<string, unknown>>('GET', apiPathsOf(def).details.replace(':id', id)),
    );
  }

  function crudCases(options: CrudOptions): Case[] {
    const { def } = options;
    const paths = apiPathsOf(def);
    const skip = new Set(options.skip ?? []);
    const withId = (path: string, id: string) => path.replace(':id', id);
    const listed = (path: string) => async (role: Role, x: Which) => ({
      got: await send(role, get(def.fields.companyId?.filter ? `${path}?companyId=${company(x)}` : path)),
      want: scopeOf(w.people[role].role, 'list', def) === 'none' ? 403 : 200,
    });
    const onRecord =
      (action: Action, req: (id: string) => Req, fresh = false) =>
      async (role: Role, x: Which) => {
        const fixture = fixtureOf(options);
        const id = fresh && fixture.fresh ? await fixture.fresh(x) : await recordOf(options, x);
        const decision = decide(actorOf(role), action, def, await targetIn(def, id));
        return {
          got: await send(role, req(id)),
          want: statusOf(decision, action === 'delete' ? fixture.allowedDelete : 200),
        };
      };
    const cases: Case[] = [];
    if (!skip.has('list')) cases.push({ route: `GET ${paths.list}`, run: listed(paths.list) });
    if (!skip.has('names')) cases.push({ route: `GET ${paths.names}`, run: listed(paths.names) });
    if (!skip.has('details'))
      cases.push({ route: `GET ${paths.details}`, run: onRecord('show', (id) => get(withId(paths.details, id))) });
    if (!skip.has('create')) {
      cases.push({
        route: `POST ${paths.create}`,
        run: async (role, x) => {
          const { create, form, createdIn } = fixtureOf(options);
          if (!create) throw new Error(`${def.name}: no create body`);
          const body = await create(x);
          const companyId = (body.companyId as string | undefined) ?? createdIn?.(x) ?? w.people[role].companyId;
          const target = def.tenancy === 'company' ? { companyId, ownerId: w.people[role].id } : undefined;
          const req: Req = form
            ? { method: 'POST', url: paths.create, form: () => form(body) }
            : { method: 'POST', url: paths.create, body };
          return {
            got: await send(role, req),
            want: statusOf(decide(actorOf(role), 'create', def, target)),
          };
        },
      });
    }
    if (!skip.has('update'))
      cases.push({
        route: `PUT ${paths.update}`,
        run: onRecord('update', (id) => ({
          method: 'PUT',
          url: withId(paths.update, id),
          body: fixtureOf(options).update,
        })),
      });
    if (!skip.has('delete'))
      cases.push({
        route: `DELETE ${paths.delete}`,
        run: onRecord('delete', (id) => ({ method: 'DELETE', url: withId(paths.delete, id) }), true),
      });
    const list = options.companyList;
    if (list) {
      const path = `/${list.companies.apiPrefix}/:id/${list.name}`;
      cases.push({
        route: `GET ${path}`,
        run: async (role, x) => ({
          got: await send(role, get(withId(path, company(x)))),
          want: statusOf(decide(actorOf(role), 'show', list.companies, { companyId: company(x) })),
        }),
      });
    }
    return cases;
  }

  // A server and its world: on a loaded two-core machine this takes more than the default hook time.
  beforeAll(async () => {
    server = await startServer({ plugins: [crudRoutes(RESOURCES[RESOURCES.length - 1])] });
    for (const statement of await widgetsDdl()) await server.app.database.db.execute(sql.raw(statement));
    w = await buildWorld(server, 'perm');
    // E-mail configurations open to company people with e-mail scheduling only (mailAccess.test.ts).
    await enableEmailSchedule(server, w, ['caA', 'userA', 'caB', 'userB']);
    product = productFixtures(server, w, next);
  }, 180_000);
  afterAll(() => server?.close());

  // The routes are known before the server runs; their answers are asked of it per role.
  const CRUD_CASES = RESOURCES.flatMap((options) => crudCases(options));
  const CASES: Case[] = [
    ...CRUD_CASES,
    ...BESPOKE_CASES.map((c): Case => ({
      route: c.route,
      run: async (role, x) => ({
        got: await send(role, await c.request({ server, w, product, next }, x)),
        want: c.expect[role][x === 'A' ? 0 : 1],
      }),
    })),
  ];

  it.each(CASES.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const got: Record<string, [number, number]> = {};
    const want: Record<string, [number, number]> = {};
    for (const role of ROLES) {
      const a = await c.run(role, 'A');
      const b = await c.run(role, 'B');
      got[role] = [a.got, b.got];
      want[role] = [a.want, b.want];
    }
    expect(got).toEqual(want);
  });

  // Cells of the hand-written expectation table (tests/permissionExpectations.ts) against the
  // server's answers, without the table the server enforces: each list, a record of each
  // company, and every write the role may not make at all.
  it.each(CRUD_RESOURCES.map((options) => [options.def.name, options] as const))(
    'expectation table: %s',
    async (name, options) => {
      const row = expectedRowOf(name);
      const paths = apiPathsOf(options.def);
      const skip = new Set(options.skip ?? []);
      const { create, form, update } = fixtureOf(options);
      const withRecord = async (path: string, x: Which) => path.replace(':id', await recordOf(options, x));
      const got: string[] = [];
      const want: string[] = [];
      const check = async (role: Role, what: string, req: Req, status: number | undefined) => {
        if (status === undefined) return;
        got.push(`${role} ${what}: ${await send(role, req)}`);
        want.push(`${role} ${what}: ${status}`);
      };
      for (const role of ROLES) {
        const cells = row[ROLE_KEY[role]];
        if (!skip.has('list')) await check(role, 'list', get(paths.list), listStatus(cells.list));
        for (const x of ['A', 'B'] as const)
          if (!skip.has('details'))
            await check(role, `show ${x}`, get(await withRecord(paths.details, x)), readingStatus(cells.show, x));
        if (!skip.has('create') && cells.create === 'refused' && create) {
          const body = await create('A');
          const req: Req = form
            ? { method: 'POST', url: paths.create, form: () => form(body) }
            : { method: 'POST', url: paths.create, body };
          await check(role, 'create', req, 403);
        }
        if (!skip.has('update') && cells.update === 'refused' && update)
          await check(role, 'update', { method: 'PUT', url: await withRecord(paths.update, 'A'), body: update }, 403);
        if (!skip.has('delete') && cells.delete === 'refused')
          await check(role, 'delete', { method: 'DELETE', url: await withRecord(paths.delete, 'A') }, 403);
      }
      expect(got).toEqual(want);
    },
  );

  it('covers every authenticated route of the API', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      server,
      'GET',
      '/api/docs/json',
    );
    const documented = Object.entries(doc.body.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(documented.length).toBeGreaterThan(40);
    expect(
      documented.filter((route) => !CASES.some((c) => c.route === route) && !OWN_ACCOUNT_ROUTES.includes(route)),
    ).toEqual([]);
  });

  it('never lists another company’s rows to a Customer Admin or a User', async () => {
    let checked = 0;
    const groupB = await recordOf({ def: groupsDef, source: { table: schema.groups } }, 'B');
    for (const { def, source, skip = [] } of RESOURCES) {
      if (def.tenancy === 'none') continue;
      const columns = getTableConfig(source.table).columns;
      const own = columns.find((c) => c.name === (def.tenancy === 'company' ? 'company_id' : 'id')) as PgColumn;
      const id = columns.find((c) => c.name === 'id') as PgColumn;
      const rows = (await server.app.database.db.execute(
        sql`select ${id}::text as id from ${source.table} where ${own} = ${w.companyA}`,
      )) as unknown as { rows: { id: string }[] };
      const idsOfA = rows.rows.map((r) => r.id);
      const paths = apiPathsOf(def);
      const lists = [...(skip.includes('list') ? [] : [paths.list]), ...(skip.includes('names') ? [] : [paths.names])];
      const statuses = def.fields.status?.choices ?? [];
      for (const role of ['caA', 'userA'] as const) {
        for (const path of lists) {
          for (const query of [
            '',
            `?companyId=${w.companyB}`,
            '?limit=100&q=e',
            '?limit=100&status=deleted',
            `?limit=100&groupId=${groupB}`,
          ]) {
            const res = await call<Envelope<ListPayload | { id: string }[]>>(server, 'GET', `/api${path}${query}`, {
              token: w.people[role].token,
            });
            // 403: the role has no such list; 400: deleted is no status of this resource.
            if (
              res.status === 403 ||
              (res.status === 400 && query.includes('status=deleted') && !statuses.includes('deleted'))
            )
              continue;
            expect([path, query, res.status]).toEqual([path, query, 200]);
            const found = Array.isArray(res.body.payload) ? res.body.payload : res.body.payload.rows;
            for (const r of found) expect(idsOfA, `${role} ${path}${query}`).toContain(r.id);
            checked += found.length;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
