import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createTestDatabase, type TestDatabase } from './helpers';

// The named-statement path of DatabaseHandle.queryRows (the list pages' hot query), on the
// driver this run uses: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set.
const PAGE = 'select id, name, tags from things where kind = $1 order by id limit $2';

describe('named statements (queryRows with a statement name)', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, pgliteDir: null });
    await handle.db.execute(
      sql`create table things (id int primary key, name text not null, kind text not null, tags text[] not null default '{}')`,
    );
    await handle.db.execute(
      sql`insert into things values (1, 'one', 'a', '{x,y}'), (2, 'two', 'a', '{}'), (3, 'three', 'b', '{z}')`,
    );
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('answers the same rows as an unnamed query, call after call', async () => {
    const plain = await handle.queryRows(PAGE, ['a', 10]);
    expect(plain).toEqual([
      { id: 1, name: 'one', tags: ['x', 'y'] },
      { id: 2, name: 'two', tags: [] },
    ]);
    for (let i = 0; i < 3; i += 1)
      expect(await handle.queryRows(PAGE, ['a', 10], { name: 'things_page' })).toEqual(plain);
    expect(await handle.queryRows(PAGE, ['b', 10], { name: 'things_page' })).toEqual([
      { id: 3, name: 'three', tags: ['z'] },
    ]);
    expect(await handle.queryRows(PAGE, [null, 10], { name: 'things_page' })).toEqual([]);
  });

  it('reports a bad value as the database error and stays usable', async () => {
    const byId = 'select name from things where id = $1';
    await expect(handle.queryRows(byId, ['not a number'], { name: 'thing_by_id' })).rejects.toMatchObject({
      code: '22P02',
    });
    expect(await handle.queryRows(byId, [3], { name: 'thing_by_id' })).toEqual([{ name: 'three' }]);
  });

  it('reports bad SQL, and the name can be prepared again once the text is right', async () => {
    await expect(handle.queryRows('select nope from things', [], { name: 'broken' })).rejects.toMatchObject({
      code: '42703',
    });
    expect(await handle.queryRows('select count(*)::int as n from things', [], { name: 'broken_fixed' })).toEqual([
      { n: 3 },
    ]);
  });

  it('never runs inside another caller’s open transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((done) => {
      release = done;
    });
    let inserted!: () => void;
    const insertDone = new Promise<void>((done) => {
      inserted = done;
    });
    const tx = handle.db.transaction(async (t) => {
      await t.execute(sql`insert into things values (4, 'four', 'a', '{}')`);
      inserted();
      await held;
      throw new Error('roll back');
    });
    await insertDone;
    // On PGlite the read waits for the transaction to end; on PostgreSQL it runs on another
    // connection. Either way it must not see the uncommitted row.
    const read = handle.queryRows(PAGE, ['a', 10], { name: 'things_page' });
    await new Promise((done) => setTimeout(done, 50));
    release();
    await expect(tx).rejects.toThrow('roll back');
    expect((await read).map((r) => r.id)).toEqual([1, 2]);
    expect((await handle.queryRows(PAGE, ['a', 10], { name: 'things_page' })).map((r) => r.id)).toEqual([1, 2]);
  });

  it('plans a generic statement once for any values, and only that statement', async () => {
    const plans =
      'select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = $1';
    for (const kind of ['a', 'b', 'a', 'c', 'a', 'b', 'a']) {
      expect(
        (await handle.queryRows(PAGE, [kind, 10], { name: 'things_generic', generic: true })).map((r) => r.id),
      ).toEqual(kind === 'a' ? [1, 2] : kind === 'b' ? [3] : []);
    }
    // Calls one after the other reuse one pooled connection: the probe sees that session's statements.
    expect(await handle.queryRows(plans, ['things_generic'], { name: 'plans_probe', generic: true })).toEqual([
      { generic: 7, custom: 0 },
    ]);
    for (let i = 0; i < 3; i += 1) await handle.queryRows(PAGE, ['a', 10], { name: 'things_custom' });
    expect(await handle.queryRows(plans, ['things_custom'], { name: 'plans_probe_custom' })).toEqual([
      { generic: 0, custom: 3 },
    ]);
    // The setting stays with the generic statements: a plain query still plans for its values.
    expect(await handle.queryRows('select current_setting($1) as mode', ['plan_cache_mode'])).toEqual([
      { mode: 'auto' },
    ]);
  });

  it('keeps a failed generic call from changing how later queries are planned', async () => {
    const byId = 'select name from things where id = $1';
    await expect(
      handle.queryRows(byId, ['not a number'], { name: 'thing_by_id_generic', generic: true }),
    ).rejects.toMatchObject({ code: '22P02' });
    expect(await handle.queryRows(byId, [2], { name: 'thing_by_id_generic', generic: true })).toEqual([
      { name: 'two' },
    ]);
    expect(await handle.queryRows('select current_setting($1) as mode', ['plan_cache_mode'])).toEqual([
      { mode: 'auto' },
    ]);
  });
});
