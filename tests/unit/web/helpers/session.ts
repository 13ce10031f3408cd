import { ROLE, type RoleName, type SessionUser } from '../../../../src/domain';

export const makeUser = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u-1',
  role: ROLE.customerAdmin as RoleName,
  roleId: 'r-3',
  email: 'ada@example.com',
  companyId: 'c-1',
  companyName: 'Acme Corp',
  fullName: 'Ada Lovelace',
  enabledEmailSchedule: false,
  associatedToGroups: [],
  ...overrides,
});

/** A JWT-shaped token (unsigned: the web app only reads `exp`). */
export function makeJwt(expiresAtMs: number): string {
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: 'u-1', exp: Math.floor(expiresAtMs / 1000) })}.signature`;
}

export function storeSession(
  user: SessionUser = makeUser(),
  token = makeJwt(Date.now() + 3_600_000),
  firstLogin = false,
): void {
  localStorage.setItem('token', token);
  localStorage.setItem('session', JSON.stringify(user));
  localStorage.setItem('isFirstLogin', String(firstLogin));
}

/** One person of each role, as the screen tests sign in (the two admins of the platform have no company). */
export const ACTORS = {
  superAdmin: makeUser({ id: 'u-9', role: ROLE.superAdmin, companyId: null, companyName: null }),
  subAdmin: makeUser({ id: 'u-8', role: ROLE.subAdmin, companyId: null, companyName: null }),
  customerAdmin: makeUser({ id: 'u-1', role: ROLE.customerAdmin, companyId: 'c-1' }),
  plainUser: makeUser({ id: 'u-2', role: ROLE.user, companyId: 'c-1', fullName: 'Uma User' }),
};
