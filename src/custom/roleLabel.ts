import { ROLE, type RoleKey, type RoleName } from '../domain';

const KEY_OF_ROLE = Object.fromEntries(Object.entries(ROLE).map(([key, name]) => [name, key])) as Record<
  RoleName,
  RoleKey
>;

/** i18n key of a role's display name. */
export const roleLabelKey = (role: RoleName): string => `rpa.roles.${KEY_OF_ROLE[role] ?? 'user'}`;
