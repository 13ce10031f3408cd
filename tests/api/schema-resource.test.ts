import { count as countAll, sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, nameRules } from '../../src/domain';
import { defineResource } from '../../src/domain/resource';
import { crudRoutes } from '../../server/crud/routes';
import { COUNT_CAP } from '../../src/domain/constants';
import { CAPPED_COUNT_TTL_MS } from '../../server/crud/counts';
import { auditLog } from '../../server/db/schema';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Envelope, type ListPayload, type Who, type World } from './world';

// A resource that exists only in this test: a table made with raw SQL and one declaration.
const gadgets = pgTable('test_gadgets', {
  id: uuid('id').primaryKey().defaultRandom(),
  companyId: uuid('company_id').notNull(),
  name: text('name').notNull(),
  colour: text('colour').notNull(),
  weight: integer('weight').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const gadgetDef = defineResource({
  name: 'gadgets',
  apiPrefix: 'gadget',
  // Admins manage; a User lists the company's and changes their own.
  access: {
    superAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'all' },
    subAdmin: { list: 'all', show: 'all', create: 'all', update: 'all', delete: 'none' },
    customerAdmin: { list: 'company', show: 'company', create: 'company', update: 'company', delete: 'company' },
    user: { list: 'company', show: 'company', create: 'company', update: 'own', delete: 'own' },
  },
  ownerField: 'createdBy',
  tenancy: 'company',
  recordRepresentation: 'name',
  defaultSort: { field: 'createdAt', order: 'DESC' },
  fields: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true, rules: nameRules, list: true, searchable: true, maxLength: 60, trim: true },
    colour: { type: 'enum', choices: ['red', 'green', 'blue'], required: true, list: true, filter: true },
    weight: { type: 'integer', min: 0, max: 1000, list: true },
    active: { type: 'boolean', list: true, filter: true, defaultValue: true },
    companyId: { type: 'reference', reference: 'companies', filter: true, createOnly: true },
    createdBy: { type: 'reference', reference: 'users', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true, list: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
});

type Gadget = {
  id: string;
  name: string;
  colour: string;
  weight: number;
  active: boolean;
  companyId: string;
  createdBy: string;
};

describe('a resource declared once gets the whole CRUD API', () => {
  let server: TestServer;
  let w: World;
  const as = <T = Gadget>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api/gadget${url}`, { token: w.people[who].token, body });
  const list = (who: Who, query = '') => as<ListPayload<Gadget>>(who, 'GET', `/all${query}`);
  const count = async () => (await server.app.database.db.select({ n: countAll() }).from(gadgets))[0].n;

  beforeAll(async () => {
    server = await startServer({ plugins: [crudRoutes({ def: gadgetDef, source: { table: gadgets } })] });
    await server.app.database.db.execute(sql`create table test_gadgets (
      id uuid primary key default gen_random_uuid(), company_id uuid not null references companies(id),
      name text not null, colour text not null, weight integer not null default 0, active boolean not null default true,
      created_by uuid, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    w = await buildWorld(server, 'g');
    // 24 gadgets in company A (names Gadget 01..24, weights 24..1), 3 in company B.
    await server.app.database.db
      .execute(sql`insert into test_gadgets (company_id, name, colour, weight, active, created_at)
      select ${w.companyA}::uuid, 'Gadget ' || lpad(i::text, 2, '0'), (array['red','green','blue'])[1 + i % 3], 25 - i, i % 4 <> 0, now() - make_interval(mins => i)
      from generate_series(1, 24) i`);
    await server.app.database.db.execute(
      sql`insert into test_gadgets (company_id, name, colour) select ${w.companyB}::uuid, 'Other ' || i, 'red' from generate_series(1, 3) i`,
    );
  });
  afterAll(() => server?.close());

  it('lists newest first, 10 a page by default, with the total', async () => {
    const res = await list('caA');
    expect(res.status).toBe(200);
    expect(res.body.payload.count).toBe(24);
    expect(res.body.payload.countCapped).toBe(false);
    expect(res.body.payload.rows.map((r) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Gadget ${String(i + 1).padStart(2, '0')}`),
    );
    const last = await list('caA', '?page=3');
    expect(last.body.payload.rows).toHaveLength(4);
    expect(last.body.payload.count).toBe(24);
    const beyond = await list('caA', '?page=9');
    expect(beyond.body.payload).toMatchObject({ count: 24, rows: [] });
  });

  it('sorts by every list column both ways, ties broken by id', async () => {
    const byName = await list('caA', '?sort=name&order=ASC&limit=100');
    expect(byName.body.payload.rows[0].name).toBe('Gadget 01');
    const byWeight = await list('caA', '?sort=weight&order=DESC&limit=3');
    expect(byWeight.body.payload.rows.map((r) => r.weight)).toEqual([24, 23, 22]);
    const byColour = await list('caA', '?sort=colour&order=asc&limit=100');
    const colours = byColour.body.payload.rows.map((r) => r.colour);
    expect(colours).toEqual([...colours].sort());
    const ids = byColour.body.payload.rows.filter((r) => r.colour === 'blue').map((r) => r.id);
    expect(ids).toEqual([...ids].sort());
    const bad = await list('caA', '?sort=secretThing');
    expect(bad.status).toBe(400);
  });

  it('filters and searches in SQL', async () => {
    const red = await list('caA', '?colour=red&limit=100');
    expect(red.body.payload.count).toBe(8);
    expect(red.body.payload.rows.every((r) => r.colour === 'red')).toBe(true);
    const inactive = await list('caA', '?active=false&limit=100');
    expect(inactive.body.payload.rows.map((r) => r.name).sort()).toEqual([
      'Gadget 04',
      'Gadget 08',
      'Gadget 12',
      'Gadget 16',
      'Gadget 20',
      'Gadget 24',
    ]);
    const search = await list('caA', '?q=GADGET%201&limit=100');
    expect(search.body.payload.rows.map((r) => r.name).sort()).toEqual([
      'Gadget 10',
      'Gadget 11',
      'Gadget 12',
      'Gadget 13',
      'Gadget 14',
      'Gadget 15',
      'Gadget 16',
      'Gadget 17',
      'Gadget 18',
      'Gadget 19',
    ]);
    const percent = await list('caA', '?q=%25');
    expect(percent.body.payload.count).toBe(0);
    expect((await list('caA', '?colour=pink')).status).toBe(400);
  });

  it('bounds the page size: at most 100', async () => {
    expect((await list('caA', '?limit=100')).body.payload.rows).toHaveLength(24);
    const tooMany = await list('caA', '?limit=101');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('limit must be <= 100');
    expect((await list('caA', '?page=0')).status).toBe(400);
  });

  it('scopes lists and names to the company; platform roles see all and may filter', async () => {
    const b = await list('caB', '?limit=100');
    expect(b.body.payload.rows.map((r) => r.name).sort()).toEqual(['Other 1', 'Other 2', 'Other 3']);
    const sneaky = await list('caB', `?companyId=${w.companyA}`);
    expect(sneaky.body.payload.count).toBe(0);
    expect((await list('super')).body.payload.count).toBe(27);
    expect((await list('sub', `?companyId=${w.companyB}`)).body.payload.count).toBe(3);
    const names = await as<{ id: string; name: string }[]>('userB', 'GET', '/names');
    expect(names.body.payload.map((n) => n.name)).toEqual(['Other 1', 'Other 2', 'Other 3']);
    expect(Object.keys(names.body.payload[0]).sort()).toEqual(['id', 'name']);
  });

  it('creates with domain validation, defaults, the owner and the actor’s company', async () => {
    const before = await count();
    for (const [body, message] of [
      [{ name: '', colour: 'red' }, messages.nameRequired],
      [{ name: 'Bad$name', colour: 'red' }, messages.nameLettersNumbers],
      [{ name: 'Two  spaces', colour: 'red' }, messages.consecutiveSpaces],
      [{ name: 'Ok name', colour: 'pink' }, 'colour must be one of: red, green, blue'],
      [{ name: 'Ok name', colour: 'red', weight: -1 }, 'weight must be >= 0'],
      [{ name: 'Ok name' }, 'colour is required'],
    ] as const) {
      const res = await as('userA', 'POST', '/create', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await count()).toBe(before);
    const created = await as('userA', 'POST', '/create', { name: 'New gadget', colour: 'green', weight: 7 });
    expect(created.status).toBe(200);
    expect(created.body.payload).toMatchObject({
      name: 'New gadget',
      colour: 'green',
      weight: 7,
      active: true,
      companyId: w.companyA,
      createdBy: w.people.userA.id,
    });
    const noCompany = await as('super', 'POST', '/create', { name: 'Homeless', colour: 'red' });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body).toMatchObject({
      message: messages.selectCompany,
      errors: [{ field: 'companyId', message: messages.selectCompany }],
    });
    const elsewhere = await as('caA', 'POST', '/create', { name: 'Smuggled', colour: 'red', companyId: w.companyB });
    expect(elsewhere.status).toBe(404);
    expect(
      (await as('super', 'POST', '/create', { name: 'Placed', colour: 'red', companyId: w.companyB })).body.payload
        .companyId,
    ).toBe(w.companyB);
    expect(await count()).toBe(before + 2);
  });

  it('trims the fields declared so on create and update, and writes the trimmed value to the audit log', async () => {
    const created = await as('caA', 'POST', '/create', { name: ' Padded gadget ', colour: 'red' });
    expect(created.body.payload.name).toBe('Padded gadget');
    const updated = await as('caA', 'PUT', `/update/${created.body.payload.id}`, { name: ' Padded again ' });
    expect(updated.body.payload.name).toBe('Padded again');
    const trail = await server.app.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.recordId} = ${created.body.payload.id}`);
    expect(trail.map((e) => (e.changes as { name?: string } | null)?.name).sort()).toEqual([
      'Padded again',
      'Padded gadget',
    ]);
  });

  it('shows, updates and deletes by the permission table; another company answers 404', async () => {
    const mine = (await as('userA', 'POST', '/create', { name: 'Mine', colour: 'red' })).body.payload;
    const theirs = (await as('caA', 'POST', '/create', { name: 'Theirs', colour: 'blue' })).body.payload;
    expect((await as('userA', 'GET', `/details/${theirs.id}`)).status).toBe(200);
    expect((await as('caB', 'GET', `/details/${theirs.id}`)).status).toBe(404);
    expect((await as('caA', 'GET', '/details/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await as('caA', 'GET', '/details/nope')).status).toBe(400);

    const renamed = await as('userA', 'PUT', `/update/${mine.id}`, { name: 'Mine renamed', weight: 3 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.payload).toMatchObject({ name: 'Mine renamed', weight: 3, colour: 'red' });
    expect((await as('userA', 'PUT', `/update/${theirs.id}`, { name: 'Not mine' })).status).toBe(403);
    expect((await as('caB', 'PUT', `/update/${theirs.id}`, { name: 'Not mine' })).status).toBe(404);
    const invalid = await as('caA', 'PUT', `/update/${theirs.id}`, { name: 'x' });
    expect(invalid.body.message).toBe(messages.nameMin);
    const nothing = await as('caA', 'PUT', `/update/${theirs.id}`, {});
    expect([nothing.status, nothing.body.message]).toEqual([400, 'Nothing to change: send at least one field.']);
    expect((await as('caA', 'GET', `/details/${theirs.id}`)).body.payload.name).toBe('Theirs');

    expect((await as('sub', 'DELETE', `/delete/${theirs.id}`)).status).toBe(403);
    expect((await as('userA', 'DELETE', `/delete/${theirs.id}`)).status).toBe(403);
    expect((await as('caB', 'DELETE', `/delete/${theirs.id}`)).status).toBe(404);
    expect((await as('userA', 'DELETE', `/delete/${mine.id}`)).body).toMatchObject({ payload: { id: mine.id } });
    expect((await as('userA', 'GET', `/details/${mine.id}`)).status).toBe(404);
    expect((await as('caA', 'DELETE', `/delete/${theirs.id}`)).status).toBe(200);

    const trail = await server.app.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.recordId} = ${mine.id}`);
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(trail.find((e) => e.action === 'update')).toMatchObject({
      resource: 'gadgets',
      actorId: w.people.userA.id,
      actorEmail: w.people.userA.email,
      changes: { name: 'Mine renamed', weight: 3 },
    });
  });

  it('refuses a field it may not write, naming each one, and writes nothing', async () => {
    const trailOf = async (id: string) =>
      server.app.database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.recordId} = ${id}`);
    const before = await count();
    const typo = await as('caA', 'POST', '/create', { nmae: 'Typo', name: 'Typo gadget', colour: 'red' });
    expect([typo.status, typo.body.code, typo.body.message]).toEqual([400, 'VALIDATION_FAILED', 'Unknown field: nmae']);
    expect(typo.body.errors).toEqual([{ field: 'nmae', message: 'Unknown field: nmae' }]);
    const stamped = await as('caA', 'POST', '/create', {
      name: 'Stamped',
      colour: 'red',
      createdAt: '2020-01-01T00:00:00.000Z',
      createdBy: w.people.userA.id,
      wieght: 3,
    });
    expect(stamped.status).toBe(400);
    expect(stamped.body.errors).toEqual([
      { field: 'createdAt', message: 'createdAt cannot be changed' },
      { field: 'createdBy', message: 'createdBy cannot be changed' },
      { field: 'wieght', message: 'Unknown field: wieght' },
    ]);
    expect(await count()).toBe(before);

    const mine = (await as('caA', 'POST', '/create', { name: 'Kept', colour: 'green', weight: 5 })).body.payload;
    const record = async () => (await as('caA', 'GET', `/details/${mine.id}`)).body.payload;
    const original = await record();
    const trailBefore = (await trailOf(mine.id)).length;
    for (const [body, errors] of [
      [{ nmae: 'x' }, [{ field: 'nmae', message: 'Unknown field: nmae' }]],
      [{ name: 'Renamed', nmae: 'x' }, [{ field: 'nmae', message: 'Unknown field: nmae' }]],
      [
        { createdAt: '2020-01-01T00:00:00.000Z', id: '00000000-0000-4000-8000-000000000000' },
        [
          { field: 'createdAt', message: 'createdAt cannot be changed' },
          { field: 'id', message: 'id cannot be changed' },
        ],
      ],
      [{ companyId: w.companyB, weight: 9 }, [{ field: 'companyId', message: 'companyId cannot be changed' }]],
      [{ constructor: 'x' }, [{ field: 'constructor', message: 'Unknown field: constructor' }]],
    ] as const) {
      const res = await as('caA', 'PUT', `/update/${mine.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBe(errors[0].message);
      expect(res.body.errors).toEqual(errors);
    }
    expect(await record()).toEqual(original);
    expect((await trailOf(mine.id)).length).toBe(trailBefore);
  });

  it('documents every route in OpenAPI from the declaration', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { parameters?: { name: string }[] }>> }>(
      server,
      'GET',
      '/api/docs/json',
    );
    const paths = doc.body.paths;
    for (const [path, method] of [
      ['/api/gadget/all', 'get'],
      ['/api/gadget/names', 'get'],
      ['/api/gadget/details/{id}', 'get'],
      ['/api/gadget/create', 'post'],
      ['/api/gadget/update/{id}', 'put'],
      ['/api/gadget/delete/{id}', 'delete'],
    ]) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const params = paths['/api/gadget/all'].get.parameters?.map((p) => p.name) ?? [];
    expect(params).toEqual(
      expect.arrayContaining(['page', 'limit', 'sort', 'order', 'q', 'colour', 'active', 'companyId']),
    );
  });

  it('caps the count past 10000 matching rows', async () => {
    await server.app.database.db.execute(
      sql`insert into test_gadgets (company_id, name, colour) select ${w.companyB}::uuid, 'Bulk ' || i, 'green' from generate_series(1, ${COUNT_CAP + 50}) i`,
    );
    const res = await list('caB', '?colour=green&limit=5');
    expect(res.body.payload).toMatchObject({ count: COUNT_CAP, countCapped: true });
    expect(res.body.payload.rows).toHaveLength(5);
    expect((await list('caB', '?colour=green&q=Bulk%2010049')).body.payload).toMatchObject({
      count: 1,
      countCapped: false,
    });
  });

  it('recounts an expired capped count once for the pages asked for meanwhile', async () => {
    const database = server.app.database;
    const queryRows = database.queryRows;
    let counts = 0;
    // Slow counts, so that the pages below all arrive while the first recount runs.
    database.queryRows = async (text, params, statement) => {
      if (!text.startsWith('select count(*)')) return queryRows(text, params, statement);
      counts += 1;
      await new Promise((done) => setTimeout(done, 300));
      return queryRows(text, params, statement);
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect((await list('caB', '?colour=green&limit=5')).body.payload).toMatchObject({
        count: COUNT_CAP,
        countCapped: true,
      });
      counts = 0;
      expect((await list('caB', '?colour=green&limit=5')).body.payload.countCapped).toBe(true);
      expect(counts).toBe(0);
      vi.setSystemTime(Date.now() + CAPPED_COUNT_TTL_MS + 1000);
      const pages = await Promise.all(Array.from({ length: 4 }, () => list('caB', '?colour=green&limit=5')));
      expect(pages.map((p) => p.body.payload.count)).toEqual([COUNT_CAP, COUNT_CAP, COUNT_CAP, COUNT_CAP]);
      expect(counts).toBe(1);
      expect((await list('caB', '?colour=green&limit=5')).body.payload.countCapped).toBe(true);
      expect(counts).toBe(1);
    } finally {
      vi.useRealTimers();
      database.queryRows = queryRows;
    }
  });
});
