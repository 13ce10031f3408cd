import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_STATUS } from '../../src/domain';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Envelope, type ListPayload, type Who, type World } from './world';

interface Run {
  id: string;
  botName: string;
  agentName: string;
  userName: string | null;
  status: number;
  startedAt: string | null;
  endedAt: string | null;
  lineCount: number;
  matchCount: number;
}
interface Line {
  processId: string;
  seq: number;
  text: string;
}

/** Minutes after a fixed start, as an ISO instant. */
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

describe('History Logs: finished runs, one row each, expandable to their lines', () => {
  let server: TestServer;
  let w: World;
  const ids: Record<string, string> = {};
  const get = <T>(who: Who, url: string) =>
    call<Envelope<ListPayload<T>>>(server, 'GET', `/api${url}`, { token: w.people[who].token });
  const runs = async (who: Who, query = '') => {
    const res = await get<Run>(who, `/process/transaction-runs${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload;
  };
  const lines = async (who: Who, query: string) => {
    const res = await get<Line>(who, `/process/transaction-logs${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.payload;
  };

  /** A run as the agent protocol leaves it: its row, then its numbered lines a minute apart. */
  const seed = async (
    key: string,
    run: { company: string; user: Who; bot: string; status: number; start: number | null; end: number },
    texts: string[],
  ) => {
    const [row] = await server.app.database.queryRows(
      `insert into processes (company_id, bot_name, agent_name, device_id, user_id, status, timeout_seconds,
         started_at, ended_at, created_at)
       values ($1, $2, 'Finance PC', 'DEV-1', $3, $4, 60, $5, $6, $7) returning id::text as "id"`,
      [
        run.company,
        run.bot,
        w.people[run.user].id,
        run.status,
        run.start === null ? null : at(run.start),
        at(run.end),
        at(run.start ?? run.end),
      ],
    );
    const id = String((row as { id: string }).id);
    ids[key] = id;
    for (const [i, text] of texts.entries())
      await server.app.database.queryRows(
        `insert into process_logs (process_id, seq, at, stream, text) values ($1, $2, $3, 'stdout', $4)`,
        [id, i + 1, at((run.start ?? 0) + i), text],
      );
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'history');
    const A = w.companyA;
    await seed('invoice', { company: A, user: 'userA', bot: 'Invoice Reader', status: 2, start: 0, end: 3 }, [
      'opening the inbox',
      'total 42.00 EUR',
      'done',
    ]);
    await seed('mailer', { company: A, user: 'caA', bot: 'Mailer', status: 3, start: 10, end: 12 }, [
      'sending 3 mails',
      'SMTP refused the login',
    ]);
    // Canceled before it ran: no line, no start.
    await seed('canceled', { company: A, user: 'userA', bot: 'Invoice Reader', status: 4, start: null, end: 20 }, []);
    // Not finished: not history yet.
    await seed('running', { company: A, user: 'userA', bot: 'Mailer', status: 1, start: 30, end: 30 }, ['busy']);
    await seed('globex', { company: w.companyB, user: 'userB', bot: 'Payroll', status: 2, start: 5, end: 6 }, [
      'payroll total 9',
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists each finished run once, newest first, with who ran it, when, and its line count', async () => {
    const page = await runs('caA');
    expect(page.count).toBe(3);
    expect(
      page.rows.map((r) => [r.id, r.botName, r.agentName, r.userName, r.status, r.lineCount, r.matchCount]),
    ).toEqual([
      [ids.canceled, 'Invoice Reader', 'Finance PC', 'Uma Acme', PROCESS_STATUS.canceled, 0, 0],
      [ids.mailer, 'Mailer', 'Finance PC', 'Carla Acme', PROCESS_STATUS.failed, 2, 2],
      [ids.invoice, 'Invoice Reader', 'Finance PC', 'Uma Acme', PROCESS_STATUS.executed, 3, 3],
    ]);
    const invoice = page.rows[2];
    expect([invoice?.startedAt, invoice?.endedAt]).toEqual([at(0), at(3)]);
    expect(page.rows[0]?.startedAt).toBeNull();
  });

  it('pages the runs and counts them all', async () => {
    const second = await runs('caA', '?limit=2&page=2');
    expect([second.count, second.rows.map((r) => r.id)]).toEqual([3, [ids.invoice]]);
  });

  it('a search keeps the runs with a matching line, and expanding one shows only those lines', async () => {
    const found = await runs('caA', '?q=refused');
    expect(found.rows.map((r) => [r.id, r.lineCount, r.matchCount])).toEqual([[ids.mailer, 2, 1]]);
    const matching = await lines('caA', `?processId=${ids.mailer}&q=refused`);
    expect(matching.rows.map((l) => [l.seq, l.text])).toEqual([[2, 'SMTP refused the login']]);
    // `%` is the letter itself, not a wildcard.
    expect((await runs('caA', '?q=%25')).rows).toEqual([]);
  });

  it("a search on a bot's name keeps its runs, with or without lines", async () => {
    const found = await runs('caA', '?q=invoice%20reader');
    expect(found.rows.map((r) => [r.id, r.matchCount])).toEqual([
      [ids.canceled, 0],
      [ids.invoice, 3],
    ]);
  });

  it("time bounds keep the runs with a line inside them, and expanding shows that run's lines inside them", async () => {
    const found = await runs('caA', `?from=${at(1)}&to=${at(10)}`);
    expect(found.rows.map((r) => [r.id, r.matchCount])).toEqual([
      [ids.mailer, 1],
      [ids.invoice, 2],
    ]);
    const inside = await lines('caA', `?processId=${ids.invoice}&from=${at(1)}&to=${at(10)}`);
    expect(inside.rows.map((l) => l.text)).toEqual(['done', 'total 42.00 EUR']);
  });

  it('expands a run to its lines, newest first, page by page', async () => {
    const first = await lines('caA', `?processId=${ids.invoice}&limit=2`);
    expect([first.count, first.rows.map((l) => l.text)]).toEqual([3, ['done', 'total 42.00 EUR']]);
    const second = await lines('caA', `?processId=${ids.invoice}&limit=2&page=2`);
    expect(second.rows.map((l) => l.text)).toEqual(['opening the inbox']);
  });

  it('is scoped like the runs: a company sees its own, a platform role every company or the one it names', async () => {
    expect((await runs('caB')).rows.map((r) => r.id)).toEqual([ids.globex]);
    expect((await runs('caB', `?processId=${ids.invoice}`)).count).toBe(0);
    expect((await lines('caB', `?processId=${ids.invoice}`)).count).toBe(0);
    // A company user naming another company still sees only their own.
    expect((await runs('caB', `?companyId=${w.companyA}`)).rows.map((r) => r.id)).toEqual([ids.globex]);
    const named = await runs('super', `?companyId=${w.companyA}`);
    expect(named.rows.map((r) => r.id).sort()).toEqual([ids.canceled, ids.mailer, ids.invoice].sort());
    const every = (await runs('super', '?q=total')).rows.map((r) => r.id);
    expect(every.sort()).toEqual([ids.invoice, ids.globex].sort());
  });

  it('refuses bad input with a clear message', async () => {
    for (const query of ['?page=0', '?limit=100000', '?processId=nope', '?from=yesterday']) {
      const res = await get<Run>('caA', `/process/transaction-runs${query}`);
      expect(res.status, query).toBe(400);
      expect(String(res.body.message), query).not.toBe('');
    }
  });
});
