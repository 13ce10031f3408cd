import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SQL } from '../../scripts/bench/list-bare.mjs';
import { createCompany } from './fixtures';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, login, startServer, type TestServer } from './helpers';

// `npm run bench` compares the users list with a bare handler that runs only its page query;
// the comparison means something only while that query is the one the server sends.
describe('the list benchmark’s bare handler', () => {
  let server: TestServer;
  const sent: { text: string; params: unknown[]; generic?: boolean }[] = [];

  beforeAll(async () => {
    server = await startServer();
    const queryRows = server.app.database.queryRows.bind(server.app.database);
    server.app.database.queryRows = (text, params, statement) => {
      sent.push({ text, params, generic: statement?.generic });
      return queryRows(text, params, statement);
    };
  });
  afterAll(() => server?.close());

  it('runs the very page query the server sends for the benchmarked list', async () => {
    const companyId = await createCompany(server, 'Bench Sql Co');
    const { token } = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    sent.length = 0;
    const res = await call(
      server,
      'GET',
      `/api/user/all?companyId=${companyId}&status=active&sort=createdAt&order=DESC&limit=25`,
      { token },
    );
    expect(res.status).toBe(200);
    // Planned once for all values (an index serves the shape), as the prepared bare handler does.
    expect(sent[0]).toEqual({ text: PAGE_SQL, params: [companyId, 'active', 25, 0], generic: true });
  });
});
