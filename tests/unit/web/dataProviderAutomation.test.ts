import { beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { dataProvider } from '../../../src/dataProvider/dataProvider';
import { attachmentName } from '../../../src/dataProvider/apiFetch';
import { recordJson, server, withFakeApi } from './helpers/msw';

withFakeApi();
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'jwt-token');
});

describe('dataProvider for bots and agents', () => {
  it('updateMany of agents is one PUT /agent/update {ids, ...changes}; update stays PUT /agent/update/:id', async () => {
    const bulk = recordJson('put', '/agent/update', { message: 'Agents updated successfully!', payload: null });
    const one = recordJson('put', '/agent/update/:id', {
      message: 'Agent updated successfully!',
      payload: { id: 'a1', isBusy: true },
    });
    expect((await dataProvider.updateMany('agents', { ids: ['a1', 'a2'], data: { isBusy: true } })).data).toEqual([
      'a1',
      'a2',
    ]);
    expect(bulk.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/api/agent/update', body: { isBusy: true, ids: ['a1', 'a2'] } },
    ]);
    await dataProvider.update('agents', { id: 'a1', data: { isBusy: true }, previousData: { id: 'a1' } });
    expect(one.map((s) => s.path)).toEqual(['/api/agent/update/a1']);
  });

  it("getManyReference by companyId reads the company's own list (/company/:id/agents, /company/:id/bots)", async () => {
    const agents = recordJson('get', '/company/:id/agents', {
      message: 'ok',
      payload: { count: 1, rows: [{ id: 'a1' }] },
    });
    const bots = recordJson('get', '/company/:id/bots', { message: 'ok', payload: { count: 0, rows: [] } });
    const params = {
      target: 'companyId',
      id: 'c 1',
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'name', order: 'ASC' as const },
      filter: { status: 1 },
    };
    expect((await dataProvider.getManyReference('agents', params)).total).toBe(1);
    await dataProvider.getManyReference('bots', params);
    expect(agents[0]).toMatchObject({
      path: '/api/company/c%201/agents',
      query: { page: ['2'], limit: ['5'], sort: ['name'], order: ['ASC'], status: ['1'] },
    });
    expect(agents[0].query.companyId).toBeUndefined();
    expect(bots[0].path).toBe('/api/company/c%201/bots');
  });

  it('create sends multipart/form-data when a value is a file (a bot), JSON otherwise', async () => {
    let seen: { type: string | null; parts: Record<string, string> } | undefined;
    server.use(
      http.post('*/api/bot/create', async ({ request }) => {
        const type = request.headers.get('content-type');
        const form = await request.formData();
        const parts: Record<string, string> = {};
        for (const [key, value] of form.entries())
          parts[key] = typeof value === 'string' ? value : `file:${value.name}:${await value.text()}`;
        seen = { type, parts };
        return HttpResponse.json({ message: 'Bot created successfully!', payload: { id: 'b1' } });
      }),
    );
    const file = new File(['<Activity/>'], 'flow.xaml', { type: 'application/xml' });
    const result = await dataProvider.create('bots', {
      data: { file: { rawFile: file }, name: 'Reader', type: 2, companyId: undefined, description: '' },
    });
    expect(result.data).toEqual({ id: 'b1' });
    expect(seen?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.parts).toEqual({ file: 'file:flow.xaml:<Activity/>', name: 'Reader', type: '2' });
  });
});

describe('downloads', () => {
  it("names a downloaded file after the server's attachment", () => {
    expect(attachmentName('attachment; filename="Invoice_Bot.xaml"')).toBe('Invoice_Bot.xaml');
    expect(attachmentName("attachment; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.xaml")).toBe('Facture été.xaml');
    expect(attachmentName('inline')).toBeUndefined();
    expect(attachmentName(null)).toBeUndefined();
  });
});

describe('endpoint table of bots and agents', () => {
  it("keeps the declaration's paths and adds the bulk update and the company's lists", async () => {
    const { endpointsFor } = await import('../../../src/dataProvider/endpoints');
    expect(endpointsFor('agents')).toMatchObject({
      update: '/agent/update/:id',
      updateMany: '/agent/update',
      byReference: { companyId: '/company/:id/agents' },
    });
    expect(endpointsFor('bots')).toMatchObject({
      create: '/bot/create',
      details: '/bot/details/:id',
      byReference: { companyId: '/company/:id/bots' },
    });
    expect(endpointsFor('users').updateMany).toBeUndefined();
  });
});
