import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Envelope, type ListPayload, type Who, type World } from './world';

/** A well-formed uuid that no company has. */
const NO_COMPANY = '00000000-0000-4000-8000-00000000dead';

/**
 * Routes of their own that name a company (in the path or the query): a company that does not
 * exist is not found or has nothing, never a server error; a malformed id is a bad request.
 */
describe('routes that name a company', () => {
  let server: TestServer;
  let w: World;
  const as = <T = Record<string, unknown>>(who: Who, url: string) =>
    call<Envelope<T>>(server, 'GET', `/api${url}`, { token: w.people[who].token });
  const keyOf = async (who: Who, query = '') => {
    const res = await as<{ key: string }>(who, `/company/parameter-key${query}`);
    expect(res.status, `${who} ${query}`).toBe(200);
    return res.body.payload.key;
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'lookups');
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('GET /company/parameter-key', () => {
    it.each(['super', 'sub'] as const)(
      'answers 404 to %s for a company that does not exist, and stores nothing',
      async (who) => {
        const res = await as(who, `/company/parameter-key?companyId=${NO_COMPANY}`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'NOT_FOUND', message: messages.notFound });
        const kept = await server.app.database.queryRows('select 1 from company_keys where company_id = $1', [
          NO_COMPANY,
        ]);
        expect(kept).toEqual([]);
      },
    );

    it.each(['super', 'sub'] as const)('answers 400 to %s without a companyId or with a malformed one', async (who) => {
      const missing = await as(who, '/company/parameter-key');
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/companyId/);
      const malformed = await as(who, '/company/parameter-key?companyId=not-a-uuid');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toMatch(/companyId/);
    });

    it("gives a platform role any existing company's key: one key per company, the same every time", async () => {
      const a = await keyOf('super', `?companyId=${w.companyA}`);
      const b = await keyOf('sub', `?companyId=${w.companyB}`);
      expect(a).not.toBe(b);
      expect(await keyOf('sub', `?companyId=${w.companyA}`)).toBe(a);
    });

    it("gives a company user their own company's key, and another company's or none is not found", async () => {
      const a = await keyOf('super', `?companyId=${w.companyA}`);
      expect(await keyOf('caA')).toBe(a);
      expect(await keyOf('userA', `?companyId=${w.companyA}`)).toBe(a);
      for (const companyId of [w.companyB, NO_COMPANY]) {
        const res = await as('caA', `/company/parameter-key?companyId=${companyId}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(messages.notFound);
      }
    });
  });

  describe('other routes that look a company up, as Super Admin', () => {
    it.each([
      '/companyLicense/company/:company',
      '/botStudio/company/:company',
      '/company/:company/agents',
      '/company/:company/bots',
      '/process/transaction-logs?companyId=:company',
      '/process/transaction-runs?companyId=:company',
    ])('%s: a company that does not exist is not found or has nothing', async (route) => {
      const res = await as<unknown>('super', route.replace(':company', NO_COMPANY));
      expect([200, 404]).toContain(res.status);
      if (res.status === 404) expect(res.body.message).toBe(messages.notFound);
      else {
        const payload = res.body.payload as ListPayload | null;
        expect(payload === null || payload.rows.length === 0).toBe(true);
      }
      const malformed = await as('super', route.replace(':company', 'not-a-uuid'));
      expect(malformed.status).toBe(400);
    });
  });
});
