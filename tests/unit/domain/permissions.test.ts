import { describe, expect, it } from 'vitest';
import { ROLE, decide, scopeOf, type Actor, type RoleName } from '../../../src/domain';

const A = 'company-a';
const B = 'company-b';
const actor = (role: RoleName, companyId: string | null = A, id = 'me'): Actor => ({ id, role, companyId });
const superAdmin = actor(ROLE.superAdmin, null, 'sa');
const subAdmin = actor(ROLE.subAdmin, null, 'sub');
const customerAdmin = actor(ROLE.customerAdmin);
const user = actor(ROLE.user);

describe('permission table', () => {
  it('Super Admin is unrestricted', () => {
    for (const resource of ['companies', 'users', 'groups', 'bots', 'agents', 'emailConfigurations'] as const) {
      for (const action of ['list', 'show', 'create', 'update', 'delete'] as const) {
        expect(decide(superAdmin, action, resource, { companyId: B })).toBe('allow');
      }
    }
    // The audit log is read-only, even for the Super Admin.
    expect(decide(superAdmin, 'show', 'audit')).toBe('allow');
    expect(decide(superAdmin, 'delete', 'audit')).toBe('forbidden');
  });

  it('Sub Admin cannot delete a bot, user, agent, group or e-mail configuration', () => {
    for (const resource of ['bots', 'users', 'agents', 'groups', 'emailConfigurations'] as const) {
      expect(decide(subAdmin, 'delete', resource, { companyId: A })).toBe('forbidden');
      expect(decide(subAdmin, 'update', resource, { companyId: A })).toBe('allow');
    }
  });

  it('Sub Admin cannot update a Super Admin', () => {
    expect(decide(subAdmin, 'update', 'users', { companyId: null, ownerId: 'sa', role: ROLE.superAdmin })).toBe(
      'forbidden',
    );
    expect(decide(subAdmin, 'update', 'users', { companyId: A, ownerId: 'u1', role: ROLE.user })).toBe('allow');
  });

  it('Customer Admin manages users, groups and tokens of their own company only', () => {
    for (const resource of ['users', 'groups', 'registrationTokens'] as const) {
      expect(decide(customerAdmin, 'create', resource, { companyId: A })).toBe('allow');
      expect(decide(customerAdmin, 'delete', resource, { companyId: A })).toBe('allow');
      expect(decide(customerAdmin, 'show', resource, { companyId: B })).toBe('notFound');
    }
    expect(decide(customerAdmin, 'list', 'companies')).toBe('forbidden');
  });

  it('a User acts on their own record only, and has no user management', () => {
    expect(decide(user, 'show', 'users', { companyId: A, ownerId: 'me' })).toBe('allow');
    expect(decide(user, 'update', 'users', { companyId: A, ownerId: 'me' })).toBe('allow');
    expect(decide(user, 'show', 'users', { companyId: A, ownerId: 'someone-else' })).toBe('notFound');
    expect(decide(user, 'create', 'users')).toBe('forbidden');
    expect(decide(user, 'delete', 'users', { companyId: A, ownerId: 'me' })).toBe('forbidden');
    expect(decide(user, 'list', 'registrationTokens')).toBe('forbidden');
  });

  it('only admins and the creator update or delete a bot', () => {
    expect(decide(user, 'update', 'bots', { companyId: A, ownerId: 'me' })).toBe('allow');
    expect(decide(user, 'delete', 'bots', { companyId: A, ownerId: 'other' })).toBe('forbidden');
    expect(decide(customerAdmin, 'delete', 'bots', { companyId: A, ownerId: 'other' })).toBe('allow');
  });

  it('a User sees the groups they belong to', () => {
    expect(decide(user, 'show', 'groups', { companyId: A, memberIds: ['me'] })).toBe('allow');
    expect(decide(user, 'show', 'groups', { companyId: A, memberIds: ['x'] })).toBe('notFound');
    expect(scopeOf(ROLE.user, 'list', 'groups')).toBe('member');
  });

  it('another company’s record is never revealed', () => {
    expect(decide(user, 'show', 'bots', { companyId: B })).toBe('notFound');
    expect(decide(customerAdmin, 'update', 'agents', { companyId: B })).toBe('notFound');
  });

  it('only the Super Admin reads the audit log', () => {
    expect(decide(superAdmin, 'list', 'audit')).toBe('allow');
    expect(decide(subAdmin, 'list', 'audit')).toBe('forbidden');
  });
});
