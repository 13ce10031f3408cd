import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { authProvider } from '../../../src/authProvider/authProvider';
import { onLogout } from '../../../src/authProvider/logout';
import { getSessionUser, subscribeSession } from '../../../src/authProvider/session';
import { HttpError } from '../../../src/dataProvider/httpError';
import { ACTIONS, ROLE, decide, targetOf } from '../../../src/domain';
import { DECLARATIONS } from '../../../src/domain/declarations/registry';
import { server, withFakeApi } from './helpers/msw';
import { makeJwt, makeUser, storeSession } from './helpers/session';

withFakeApi();

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('authProvider.login', () => {
  it('posts the credentials and stores token, session and first-login flag', async () => {
    const user = makeUser();
    const token = makeJwt(Date.now() + 60_000);
    let body: unknown;
    server.use(
      http.post('*/api/user/login', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'ok', payload: { token, isFirstLogin: true, user } });
      }),
    );
    const result: unknown = await authProvider.login({ email: 'ada@example.com', password: 'Secret#123' });
    expect(body).toEqual({ email: 'ada@example.com', password: 'Secret#123' });
    expect(result).toEqual({ redirectTo: '/controlroom/account/reset-password' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('isFirstLogin')).toBe('true');
    expect(getSessionUser()).toEqual(user);
    expect(Number(localStorage.getItem('lastActivity'))).toBeGreaterThan(0);
  });

  it('rejects with the server message and keeps no session on bad credentials', async () => {
    const toHome = vi.fn();
    server.use(
      http.post('*/api/user/login', () =>
        HttpResponse.json({ message: 'Invalid email or password!', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    const error = await authProvider.login({ email: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Invalid email or password!', status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(toHome).not.toHaveBeenCalled();
  });
});

describe('authProvider.logout', () => {
  it('clears storage except the language, runs cleanups (socket) and broadcasts to other tabs', async () => {
    storeSession();
    localStorage.setItem('resetToken', 'r');
    localStorage.setItem('lastActivity', '1');
    localStorage.setItem('RaStore.sidebar.open', 'true');
    localStorage.setItem('language', 'fr');
    const disconnect = vi.fn();
    const unregister = onLogout(disconnect);
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);

    await expect(authProvider.logout({})).resolves.toBe('/');

    expect(Object.keys(localStorage).sort()).toEqual(['language', 'logoutAt']);
    expect(localStorage.getItem('language')).toBe('fr');
    expect(Number(localStorage.getItem('logoutAt'))).toBeGreaterThan(0);
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalled();
    unregister();
    unsubscribe();
  });

  it('a logout broadcast from another tab notifies this tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    window.dispatchEvent(new StorageEvent('storage', { key: 'logoutAt', newValue: String(Date.now()) }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('authProvider.checkAuth', () => {
  it('rejects towards / without a token', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/' });
  });

  it('logs out and rejects towards / when the JWT has expired', async () => {
    storeSession(makeUser(), makeJwt(Date.now() - 1_000));
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('session')).toBeNull();
  });

  it('resolves with a live token', async () => {
    storeSession();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});

describe('authProvider.checkError', () => {
  it('a 401 clears the session and rejects towards /', async () => {
    storeSession();
    await expect(authProvider.checkError(new HttpError(401, 'Please log in again.'))).rejects.toMatchObject({
      redirectTo: '/',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('other errors keep the session', async () => {
    storeSession();
    await expect(
      authProvider.checkError(new HttpError(403, 'You are not allowed to do this.')),
    ).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError(409, 'Agent is busy!'))).resolves.toBeUndefined();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});

describe('identity and permissions', () => {
  it('getIdentity answers the stored user', async () => {
    storeSession(makeUser({ fullName: 'Grace Hopper', email: 'grace@example.com', companyName: 'Navy' }));
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      id: 'u-1',
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      companyName: 'Navy',
      avatar: undefined,
    });
  });

  it('canAccess follows the domain permission table', async () => {
    storeSession(makeUser({ role: ROLE.user }));
    const can = (action: string, resource: string, record?: Record<string, unknown>) =>
      authProvider.canAccess?.({ action, resource, record });
    await expect(can('list', 'companies')).resolves.toBe(false);
    await expect(can('list', 'bots')).resolves.toBe(true);
    await expect(can('edit', 'users', { id: 'u-1', companyId: 'c-1' })).resolves.toBe(true);
    await expect(can('edit', 'users', { id: 'u-2', companyId: 'c-1' })).resolves.toBe(false);
    await expect(can('delete', 'bots', { id: 'b', companyId: 'c-1', userId: 'u-1' })).resolves.toBe(true);

    localStorage.clear();
    storeSession(makeUser({ role: ROLE.superAdmin, companyId: null }));
    await expect(can('list', 'companies')).resolves.toBe(true);
  });

  it('reads whose record it is from the declaration, as the server does (ownerField, membership)', async () => {
    storeSession(makeUser({ id: 'u-1', role: ROLE.user, companyId: 'c-1' }));
    const can = (action: string, resource: string, record?: Record<string, unknown>) =>
      authProvider.canAccess?.({ action, resource, record });
    // A bot is its creator's (`ownerField: 'userId'`): a field named createdBy says nothing.
    await expect(can('delete', 'bots', { id: 'b', companyId: 'c-1', userId: 'u-1' })).resolves.toBe(true);
    await expect(can('delete', 'bots', { id: 'b', companyId: 'c-1', userId: 'u-2', createdBy: 'u-1' })).resolves.toBe(
      false,
    );
    // Another company's bot is not found, whoever made it.
    await expect(can('delete', 'bots', { id: 'b', companyId: 'c-2', userId: 'u-1' })).resolves.toBe(false);
    // A process (and its history) is its starter's.
    await expect(can('update', 'processes', { id: 'p', companyId: 'c-1', userId: 'u-1' })).resolves.toBe(true);
    await expect(can('update', 'processHistory', { id: 'p', companyId: 'c-1', userId: 'u-2' })).resolves.toBe(false);
    // A user account is its own (`ownerField: 'id'`).
    await expect(can('edit', 'users', { id: 'u-1', companyId: 'c-1', userId: 'u-2' })).resolves.toBe(true);
    // A group is its members' (`membership: 'userIds'`), and nobody else's of the company.
    await expect(can('show', 'groups', { id: 'g', companyId: 'c-1', userIds: ['u-3', 'u-1'] })).resolves.toBe(true);
    await expect(
      can('show', 'groups', { id: 'g', companyId: 'c-1', userIds: ['u-3'], memberIds: ['u-1'] }),
    ).resolves.toBe(false);
  });

  it('decides as the server for every declared resource, role and record', async () => {
    const records = [
      { id: 'u-1', companyId: 'c-1', userId: 'u-1', userIds: ['u-1'] },
      { id: 'x', companyId: 'c-1', userId: 'u-2', userIds: ['u-2'] },
      { id: 'y', companyId: 'c-2', userId: 'u-1', userIds: ['u-1'] },
    ];
    for (const role of Object.values(ROLE)) {
      const user = makeUser({ id: 'u-1', role, companyId: 'c-1' });
      localStorage.clear();
      storeSession(user);
      const actor = { id: user.id, role, companyId: user.companyId };
      for (const def of DECLARATIONS) {
        for (const action of ACTIONS) {
          for (const record of records) {
            const server = decide(actor, action, def, targetOf(def, record)) === 'allow';
            const raAction = action === 'update' ? 'edit' : action;
            await expect(
              authProvider.canAccess?.({ action: raAction, resource: def.name, record }),
              `${role} ${action} ${def.name} ${record.id}`,
            ).resolves.toBe(server);
          }
        }
      }
    }
  });
});
