import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { GetListResult } from 'ra-core';
import {
  type FirstPageRequest,
  FIRST_PAGE_TTL_MS,
  firstPageSettled,
  prefetchFirstPage,
  seedFirstPage,
  takeFirstPage,
} from '../../../src/dataProvider/firstPage';
import { apiFetch } from '../../../src/dataProvider/apiFetch';
import { shellResources } from '../../../src/resources/lazy';
import { firstPageAt } from '../../../src/resources/schema/firstPage';
import { prefetchFirstList } from '../../../src/shell/preload';
import { recordJson, withFakeApi } from './helpers/msw';
import { rowOf, withDomCleanup } from './helpers/dom';
import { peopleApi } from './helpers/people';
import { ACTORS, storeSession } from './helpers/session';
import { renderShell } from './helpers/shell';

vi.mock('../../../src/custom/realtime/socket', () => ({ connectRealtime: () => ({ disconnect: () => undefined }) }));

withFakeApi();
withDomCleanup();
beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

const { superAdmin, plainUser } = ACTORS;
const USERS = { pathname: '/controlroom/user/view', search: '' };
const nothingStored = () => null;
const USERS_FIRST_PAGE: FirstPageRequest = {
  resource: 'users',
  params: { pagination: { page: 1, perPage: 10 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} },
};
const page = (ids: string[]): GetListResult => ({ data: ids.map((id) => ({ id })), total: ids.length });

describe('the first page of a list opened by a full load', () => {
  it('is the default page, sort and filters of the list at that address', () => {
    expect(firstPageAt(shellResources, superAdmin, USERS, nothingStored)).toEqual(USERS_FIRST_PAGE);
  });

  it('is not asked for when the address or the store sets the page, for a details page, or for who may not list', () => {
    expect(firstPageAt(shellResources, superAdmin, { ...USERS, search: '?page=2' }, nothingStored)).toBeNull();
    const stored = (key: string) => (key === 'RaStore.users.listParams' ? '{"page":3}' : null);
    expect(firstPageAt(shellResources, superAdmin, USERS, stored)).toBeNull();
    const details = { pathname: '/controlroom/user/details/u-2', search: '' };
    expect(firstPageAt(shellResources, superAdmin, details, nothingStored)).toBeNull();
    expect(firstPageAt(shellResources, plainUser, USERS, nothingStored)).toBeNull();
  });

  it('answers the one request with the same parameters, once', async () => {
    const getList = vi.fn(() => Promise.resolve(page(['a'])));
    prefetchFirstPage(USERS_FIRST_PAGE, getList);
    await firstPageSettled(1000);
    expect(takeFirstPage('users', { ...USERS_FIRST_PAGE.params, sort: { field: 'email', order: 'ASC' } })).toBe(
      undefined,
    );
    await expect(takeFirstPage('users', USERS_FIRST_PAGE.params)).resolves.toEqual(page(['a']));
    expect(takeFirstPage('users', USERS_FIRST_PAGE.params)).toBeUndefined();
    expect(getList).toHaveBeenCalledTimes(1);
  });

  it('is dropped when it failed or when no list took it in time', async () => {
    prefetchFirstPage(USERS_FIRST_PAGE, () => Promise.reject(new Error('offline')));
    await firstPageSettled(1000);
    await Promise.resolve();
    expect(takeFirstPage('users', USERS_FIRST_PAGE.params)).toBeUndefined();

    vi.useFakeTimers({ now: Date.parse('2026-11-27T10:00:00Z') });
    prefetchFirstPage(USERS_FIRST_PAGE, () => Promise.resolve(page(['b'])));
    vi.setSystemTime(Date.parse('2026-11-27T10:00:00Z') + FIRST_PAGE_TTL_MS + 1);
    expect(takeFirstPage('users', USERS_FIRST_PAGE.params)).toBeUndefined();
  });

  it('is dropped when the app sends a write, so a list read after a save asks the server', async () => {
    storeSession(superAdmin);
    recordJson('post', '/user/register', { message: 'ok', payload: null });
    prefetchFirstPage(USERS_FIRST_PAGE, () => Promise.resolve(page(['a'])));
    await firstPageSettled(1000);
    await apiFetch('/user/register', { method: 'POST', body: { email: 'new@acme.com' } });
    expect(takeFirstPage('users', USERS_FIRST_PAGE.params)).toBeUndefined();
  });

  it("is put in the list's query cache under the key react-admin's list reads", async () => {
    prefetchFirstPage(USERS_FIRST_PAGE, () => Promise.resolve(page(['a', 'b'])));
    await firstPageSettled(1000);
    const client = new QueryClient();
    seedFirstPage(client);
    expect(client.getQueryData(['users', 'getList', { ...USERS_FIRST_PAGE.params, meta: undefined }])).toMatchObject(
      page(['a', 'b']),
    );
    takeFirstPage('users', USERS_FIRST_PAGE.params);
  });

  it(
    'shows the list with its rows from the early answer, without asking a second time',
    { timeout: 30_000 },
    async () => {
      storeSession(superAdmin);
      const requests = peopleApi();
      const pages = () => requests.filter((r) => r.path === '/api/user/all' && r.query.limit === '10');
      prefetchFirstList(USERS);
      await firstPageSettled(5000);
      expect(pages()).toHaveLength(1);
      expect(pages()[0].query).toMatchObject({ page: '1', sort: 'createdAt', order: 'DESC' });
      await renderShell(USERS.pathname);
      await rowOf('uma@acme.com');
      expect(pages()).toHaveLength(1);
    },
  );
});
