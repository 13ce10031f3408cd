import { describe, expect, it } from 'vitest';
import { ROLE, canAccessRoute, menuFor, type MenuNode, type RoleName } from '../../../src/domain';

const keys = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.key, ...(n.children ? keys(n.children) : [])]);
const menu = (role: RoleName, enabledEmailSchedule = false) => keys(menuFor({ role, enabledEmailSchedule }));

describe('sidebar', () => {
  it('shows Companies only to Super Admin and Sub Admin', () => {
    expect(menu(ROLE.superAdmin)).toContain('companies');
    expect(menu(ROLE.subAdmin)).toContain('companies');
    expect(menu(ROLE.customerAdmin)).not.toContain('companies');
    expect(menu(ROLE.customerAdmin)).toEqual(expect.arrayContaining(['manageUsers', 'users', 'groups']));
  });

  it('gives the plain User no Manage Users menu', () => {
    expect(menu(ROLE.user)).not.toContain('manageUsers');
    expect(menu(ROLE.user)).not.toContain('users');
  });

  it('shows Email Configurations to Super/Sub Admin and users with enabledEmailSchedule', () => {
    expect(menu(ROLE.superAdmin)).toContain('emailConfigurations');
    expect(menu(ROLE.subAdmin)).toContain('emailConfigurations');
    expect(menu(ROLE.customerAdmin)).not.toContain('emailConfigurations');
    expect(menu(ROLE.user)).not.toContain('emailConfigurations');
    expect(menu(ROLE.user, true)).toContain('emailConfigurations');
  });

  it('hides items whose screens are not in the build, and empty groups with them', () => {
    const available = new Set(['/controlroom', '/controlroom/profile/userdetails']);
    expect(keys(menuFor({ role: ROLE.superAdmin, enabledEmailSchedule: false }, available))).toEqual([
      'dashboard',
      'userProfile',
      'userDetails',
    ]);
  });

  it('guards the admin and platform routes', () => {
    const user = { role: ROLE.user, enabledEmailSchedule: false } as const;
    const ca = { role: ROLE.customerAdmin, enabledEmailSchedule: false } as const;
    expect(canAccessRoute(user, '/controlroom/user/view')).toBe(false);
    expect(canAccessRoute(user, '/controlroom/group/registration')).toBe(false);
    expect(canAccessRoute(user, '/controlroom/groups')).toBe(true);
    expect(canAccessRoute(ca, '/controlroom/user/view')).toBe(true);
    expect(canAccessRoute(ca, '/controlroom/company/view')).toBe(false);
    expect(canAccessRoute({ role: ROLE.subAdmin, enabledEmailSchedule: false }, '/controlroom/company/details/1')).toBe(
      true,
    );
  });
});
