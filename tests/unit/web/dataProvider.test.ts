import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { dataProvider } from '../../../src/dataProvider/dataProvider';
import { setUnauthorizedHandler } from '../../../src/dataProvider/apiFetch';
import { HttpError } from '../../../src/dataProvider/httpError';
import { recordJson, server, withFakeApi } from './helpers/msw';

withFakeApi();

const rows = [
  { id: 'a', fullName: 'Ada' },
  { id: 'b', fullName: 'Bob' },
];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'jwt-token');
});

describe('dataProvider over the /api contract', () => {
  it('getList sends paging, sort, order, q and field filters, and unwraps {count, rows}', async () => {
    const seen = recordJson('get', '/user/all', { message: 'ok', payload: { count: 42, rows } });
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'fullName', order: 'DESC' },
      filter: { q: 'ad', companyId: 'c-1', status: 1, empty: '' },
    });
    expect(result).toEqual({ data: rows, total: 42, meta: { countCapped: false } });
    expect(seen[0].query).toEqual({
      page: ['2'],
      limit: ['10'],
      sort: ['fullName'],
      order: ['DESC'],
      q: ['ad'],
      companyId: ['c-1'],
      status: ['1'],
    });
    expect(seen[0].auth).toBe('Token jwt-token');
  });

  it('uses the per-resource list path (groups → /groups/by-pagination)', async () => {
    const seen = recordJson('get', '/groups/by-pagination', { message: 'ok', payload: { count: 0, rows: [] } });
    await dataProvider.getList('groups', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(seen).toHaveLength(1);
    expect(seen[0].query.order).toEqual(['ASC']);
  });

  it('getOne and getMany read /x/details/:id', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/bot/details/:id', ({ params }) => {
        seen.push(String(params.id));
        return HttpResponse.json({ message: 'ok', payload: { id: params.id, name: `bot ${String(params.id)}` } });
      }),
    );
    expect((await dataProvider.getOne('bots', { id: 'x1' })).data).toEqual({ id: 'x1', name: 'bot x1' });
    expect((await dataProvider.getMany('bots', { ids: ['x2', 'x3'] })).data.map((b) => b.id)).toEqual(['x2', 'x3']);
    expect(seen).toEqual(['x1', 'x2', 'x3']);
  });

  it('getManyReference filters the list by the target field', async () => {
    const seen = recordJson('get', '/process/all', { message: 'ok', payload: { count: 1, rows: [{ id: 'p1' }] } });
    const result = await dataProvider.getManyReference('processes', {
      target: 'botId',
      id: 'b-7',
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: { status: 0 },
    });
    expect(result.total).toBe(1);
    expect(seen[0].query.botId).toEqual(['b-7']);
    expect(seen[0].query.status).toEqual(['0']);
  });

  it('create POSTs to /x/create and returns the created payload', async () => {
    const seen = recordJson('post', '/company/create', {
      message: 'Company created',
      payload: { id: 'c9', name: 'Initech' },
    });
    const result = await dataProvider.create('companies', { data: { name: 'Initech' } });
    expect(seen[0].body).toEqual({ name: 'Initech' });
    expect(result.data).toEqual({ id: 'c9', name: 'Initech' });
  });

  it('update PUTs to /x/update/:id; updateMany once per id', async () => {
    const seen = recordJson('put', '/user/update/:id', {
      message: 'User updated successfully!',
      payload: { id: 'a', fullName: 'Ada L' },
    });
    const one = await dataProvider.update('users', { id: 'a', data: { fullName: 'Ada L' }, previousData: { id: 'a' } });
    expect(one.data).toEqual({ id: 'a', fullName: 'Ada L' });
    expect(seen[0]).toMatchObject({ method: 'PUT', path: '/api/user/update/a', body: { fullName: 'Ada L' } });
    const many = await dataProvider.updateMany('users', { ids: ['b', 'c'], data: { fullName: 'X' } });
    expect(many.data).toEqual(['b', 'c']);
    expect(seen.map((s) => s.path)).toEqual(['/api/user/update/a', '/api/user/update/b', '/api/user/update/c']);
  });

  it('delete and deleteMany call DELETE /x/delete/:id (schedules use their own path)', async () => {
    const seen = recordJson('delete', '/process/schedule/:id', { message: 'deleted' });
    const one = await dataProvider.delete('schedules', { id: 's1', previousData: { id: 's1', name: 'nightly' } });
    expect(one.data).toEqual({ id: 's1', name: 'nightly' });
    const users = recordJson('delete', '/user/delete/:id', { message: 'User deleted successfully!' });
    expect((await dataProvider.deleteMany('users', { ids: ['u1', 'u2'] })).data).toEqual(['u1', 'u2']);
    expect(seen[0].path).toBe('/api/process/schedule/s1');
    expect(users.map((s) => s.path)).toEqual(['/api/user/delete/u1', '/api/user/delete/u2']);
  });

  it('carries the server message, status and body into the thrown HttpError', async () => {
    recordJson('post', '/agent/create', { message: 'Agent is busy!', code: 'conflict' }, 409);
    const error = await dataProvider.create('agents', { data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Agent is busy!', status: 409, body: { code: 'conflict' } });
  });

  it('sends the reset-token rather than the token when one is stored', async () => {
    localStorage.setItem('resetToken', 'reset-123');
    const seen = recordJson('get', '/role/all', { message: 'ok', payload: { count: 0, rows: [] } });
    await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen[0].auth).toBe('Token reset-123');
  });

  it('a 401 clears the stored session and sends the user to /', async () => {
    const toHome = vi.fn();
    setUnauthorizedHandler(toHome);
    localStorage.setItem('session', '{}');
    localStorage.setItem('language', 'fr');
    recordJson('get', '/user/all', { message: 'Please log in again.', code: 'unauthorized' }, 401);
    const error = await dataProvider
      .getList('users', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('language')).toBe('fr');
    expect(toHome).toHaveBeenCalledTimes(1);
  });
});

describe('endpoint table', () => {
  it('follows the domain declarations (prefix and path overrides) and the bespoke routes', async () => {
    const { endpointsFor } = await import('../../../src/dataProvider/endpoints');
    expect(endpointsFor('groups').list).toBe('/groups/by-pagination');
    expect(endpointsFor('users')).toMatchObject({
      create: '/user/register',
      update: '/user/update/:id',
      details: '/user/details/:id',
    });
    expect(endpointsFor('registrationTokens').create).toBe('/registrationToken/generate');
    expect(endpointsFor('licences').create).toBe('/companyLicense/create');
    expect(endpointsFor('schedules')).toMatchObject({
      list: '/process/schedule/log/all',
      update: '/process/schedule/:id',
    });
    expect(endpointsFor('somethingNew').list).toBe('/somethingNew/all');
  });
});

describe('dataProvider for the schema screens', () => {
  it('says when the API capped the total (countCapped → meta)', async () => {
    recordJson('get', '/company/all', { message: 'ok', payload: { count: 10000, countCapped: true, rows } });
    const result = await dataProvider.getList('companies', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(result).toMatchObject({ total: 10000, meta: { countCapped: true } });
  });

  it('reads a page larger than the API limit (an export) as consecutive API pages of 100', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/user/all', ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        seen.push(`${page}x${url.searchParams.get('limit')}`);
        const size = page < 3 ? 100 : 40;
        return HttpResponse.json({
          message: 'ok',
          payload: { count: 240, rows: Array.from({ length: size }, (_, i) => ({ id: `${page}-${i}` })) },
        });
      }),
    );
    const result = await dataProvider.getList('users', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'fullName', order: 'ASC' },
      filter: {},
    });
    expect(seen).toEqual(['1x100', '2x100', '3x100']);
    expect(result.data).toHaveLength(240);
    expect(result.total).toBe(240);
  });

  it('reads roles (no details route) from /role/all', async () => {
    recordJson('get', '/role/all', {
      message: 'ok',
      payload: {
        count: 2,
        rows: [
          { id: 'r1', name: 'Super Admin' },
          { id: 'r4', name: 'User' },
        ],
      },
    });
    expect((await dataProvider.getMany('roles', { ids: ['r4'] })).data).toEqual([{ id: 'r4', name: 'User' }]);
    expect((await dataProvider.getOne('roles', { id: 'r1' })).data).toEqual({ id: 'r1', name: 'Super Admin' });
  });

  it("turns the API's field errors into react-admin's {field: message} for the forms", async () => {
    recordJson(
      'post',
      '/user/register',
      {
        message: 'This e-mail is already registered!',
        code: 'EMAIL_TAKEN',
        errors: [{ field: 'email', message: 'This e-mail is already registered!' }],
      },
      409,
    );
    const error = await dataProvider.create('users', { data: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'This e-mail is already registered!',
      status: 409,
      body: { errors: { email: 'This e-mail is already registered!' } },
    });
  });
});
