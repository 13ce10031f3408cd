import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources as en } from '../../i18n/en/resources';
import { resources as fr } from '../../i18n/fr/resources';
import { DECLARATIONS } from '../../src/domain/declarations';
import { menuFor, type MenuNode } from '../../src/domain/menu';
import { createCompany } from './fixtures';
import { call, startServer, type TestServer } from './helpers';
import { buildWorld, type Envelope, type ListPayload, type Who, type World } from './world';

/**
 * The resource docs/adding-a-resource.md adds, checked as the doc promises it: its API, OpenAPI
 * entries, permissions, web screens, sidebar entry and labels. It runs only in the copy of the
 * repository where tests/api/adding-a-resource.test.ts has followed the doc
 * (ADDED_RESOURCE_CHECK=1): in the repository itself the resource does not exist.
 */
const ADDED: string = 'holidays';
type Holiday = { id: string; name: string; day: string; companyId: string };
type Labels = Record<string, { name: string; fields: Record<string, string> }>;

describe.runIf(process.env.ADDED_RESOURCE_CHECK === '1')('the resource added as docs/adding-a-resource.md says', () => {
  let server: TestServer;
  let w: World;
  const send = <T = Holiday>(who: Who, method: string, url: string, body?: unknown) =>
    call<Envelope<T>>(server, method, `/api/holiday${url}`, { token: w.people[who].token, body });
  const create = async (who: Who, body: Record<string, unknown>) => {
    const res = await send(who, 'POST', '/create', body);
    expect(res.status, res.text).toBe(200);
    return res.body.payload;
  };

  beforeAll(async () => {
    server = await startServer();
    w = await buildWorld(server, 'holidays');
  });
  afterAll(async () => server?.close());

  it('is declared in the registry', () => {
    expect(DECLARATIONS.map((def) => def.name)).toContain(ADDED);
  });

  it('creates, lists, filters, shows, updates and deletes records through the API', async () => {
    const made = await create('super', { name: ' Christmas Day ', day: '2026-12-25', companyId: w.companyA });
    expect(made).toMatchObject({ name: 'Christmas Day', day: '2026-12-25', companyId: w.companyA });
    await create('super', { name: 'New Year', day: '2027-01-01', companyId: w.companyA });
    const list = await send<ListPayload<Holiday>>('super', 'GET', `/all?companyId=${w.companyA}`);
    expect(list.body.payload.rows.map((r) => r.name)).toEqual(['New Year', 'Christmas Day']);
    const filtered = await send<ListPayload<Holiday>>('super', 'GET', `/all?day=2026-12-25&companyId=${w.companyA}`);
    expect(filtered.body.payload.rows.map((r) => r.id)).toEqual([made.id]);
    expect((await send('super', 'GET', `/details/${made.id}`)).body.payload).toMatchObject({ name: 'Christmas Day' });
    const updated = await send('super', 'PUT', `/update/${made.id}`, { name: 'Xmas' });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.payload).toMatchObject({ name: 'Xmas', day: '2026-12-25' });
    expect((await send('super', 'DELETE', `/delete/${made.id}`)).status).toBe(200);
    expect((await send('super', 'GET', `/details/${made.id}`)).status).toBe(404);
  });

  it('refuses bad input with the domain messages, and asks the platform roles for a company', async () => {
    const noName = await send('caA', 'POST', '/create', { day: '2026-05-01' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'name' }] });
    const noCompany = await send('super', 'POST', '/create', { name: 'Labour Day', day: '2026-05-01' });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.message).toBe('Please select company!');
  });

  it('follows its permission row for each role, and hides another company', async () => {
    const own = await create('caA', { name: 'Founders Day', day: '2026-03-01' });
    expect(own.companyId).toBe(w.companyA);
    const other = await create('sub', { name: 'Harvest', day: '2026-09-01', companyId: w.companyB });
    expect((await send('userA', 'POST', '/create', { name: 'Mine', day: '2026-04-01' })).status).toBe(403);
    for (const who of ['caA', 'userA'] as const) {
      const rows = (await send<ListPayload<Holiday>>(who, 'GET', '/all')).body.payload.rows;
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.companyId === w.companyA)).toBe(true);
      expect((await send(who, 'GET', `/details/${other.id}`)).status).toBe(404);
    }
    expect((await send('userA', 'GET', `/details/${own.id}`)).status).toBe(200);
    expect((await send('userA', 'PUT', `/update/${own.id}`, { name: 'Renamed' })).status).toBe(403);
    expect((await send('caA', 'PUT', `/update/${other.id}`, { name: 'Renamed' })).status).toBe(404);
    expect((await send('sub', 'PUT', `/update/${own.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await send('userA', 'DELETE', `/delete/${own.id}`)).status).toBe(403);
    expect((await send('sub', 'DELETE', `/delete/${own.id}`)).status).toBe(403);
    expect((await send('caA', 'DELETE', `/delete/${other.id}`)).status).toBe(404);
    expect((await send('caA', 'DELETE', `/delete/${own.id}`)).status).toBe(200);
  });

  it('goes with its company when the company is deleted', async () => {
    const company = await createCompany(server, 'Short Lived');
    const made = await create('super', { name: 'Closing Day', day: '2026-06-30', companyId: company });
    const gone = await call(server, 'DELETE', `/api/company/delete/${company}`, { token: w.people.super.token });
    expect(gone.status, gone.text).toBe(200);
    expect((await send('super', 'GET', `/details/${made.id}`)).status).toBe(404);
  });

  it('documents its routes in OpenAPI', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { tags?: string[] }>> }>(
      server,
      'GET',
      '/api/docs/json',
    );
    for (const [path, method] of [
      ['/api/holiday/all', 'get'],
      ['/api/holiday/names', 'get'],
      ['/api/holiday/details/{id}', 'get'],
      ['/api/holiday/create', 'post'],
      ['/api/holiday/update/{id}', 'put'],
      ['/api/holiday/delete/{id}', 'delete'],
    ]) {
      expect(doc.body.paths[path]?.[method]?.tags, `${method} ${path}`).toContain('holidays');
    }
  });

  it('gets the web app’s schema screens, and a sidebar entry for every role that may list it', async () => {
    // Imported here: the web app's modules are needed by this case only.
    const { resources: screens } = await import('../../src/resources');
    const { AVAILABLE_PATHS } = await import('../../src/custom/layout/availablePaths');
    const screen = screens.find((resource) => resource.def.name === ADDED);
    // The declaration itself, with no screen of its own: the schema's List, Create and details.
    expect(screen?.def).toBe(DECLARATIONS.find((def) => def.name === ADDED));
    expect([screen?.list, screen?.create, screen?.details]).toEqual([undefined, undefined, undefined]);
    expect(AVAILABLE_PATHS).toContain('/controlroom/holidays');
    expect(AVAILABLE_PATHS).toContain('/controlroom/holidays/create');
    const flat = (nodes: readonly MenuNode[], parent?: string): { node: MenuNode; parent?: string }[] =>
      nodes.flatMap((node) => [{ node, parent }, ...flat(node.children ?? [], node.key)]);
    for (const who of ['super', 'sub', 'caA', 'userA'] as const) {
      const user = { role: w.people[who].role, enabledEmailSchedule: false };
      const entry = flat(menuFor(user, AVAILABLE_PATHS)).find((e) => e.node.path === '/controlroom/holidays');
      expect(entry, who).toMatchObject({ parent: 'scheduling', node: { label: 'resources.holidays.name' } });
    }
  });

  it('has its labels in English and in French', () => {
    const fields = ['name', 'day', 'companyId', 'createdAt'];
    for (const catalogue of [en, fr] as Labels[]) {
      expect(catalogue.holidays.name).toMatch(/\S \|\|\|\| \S/);
      for (const field of fields) expect(catalogue.holidays.fields[field], field).toMatch(/\S/);
    }
    expect((fr as Labels).holidays.name).not.toBe((en as Labels).holidays.name);
  });
});
