// Seeding of scripts/bench/list.mjs: users made by generate_series in one statement, spread
// over companies; the first company is the big one the bench lists (10 % deleted, 10 % blocked).

/** The statements, for either driver; `big` users go to company 1, the rest round-robin. */
export function seedStatements({ companies, users, big }) {
  return [
    `insert into companies (name, status) select 'Bench Company ' || i, 'active' from generate_series(1, ${companies}) i`,
    `with c as (select id, row_number() over (order by name) as rn from companies where name like 'Bench Company %'),
          r as (select id from roles where name = 'User')
     insert into users (email, full_name, password_hash, role_id, company_id, is_deleted, is_blocked, created_at, updated_at)
     select 'bench' || i || '@bench.test', 'Bench User ' || i, 'not-a-usable-hash', r.id, c.id, i % 10 = 0, i % 10 = 1,
            now() - make_interval(secs => i), now() - make_interval(secs => i)
     from generate_series(1, ${users}) as g(i)
     cross join r
     join c on c.rn = case when i <= ${big} then 1 else 2 + (i % ${companies - 1}) end`,
    // Every table, as autovacuum leaves a running database: the planner then knows that roles
    // and user_groups are small, not the ten pages it assumes of a table never analyzed.
    'vacuum analyze',
  ];
}

/** Id of the big company. */
export const BIG_COMPANY_SQL = `select id from companies where name = 'Bench Company 1'`;
