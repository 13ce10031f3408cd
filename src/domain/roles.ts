/** The four roles. Role names are stored as they read. */
export const ROLE = {
  superAdmin: 'Super Admin',
  subAdmin: 'Sub Admin',
  customerAdmin: 'Customer Admin',
  user: 'User',
} as const;
export type RoleKey = keyof typeof ROLE;
export type RoleName = (typeof ROLE)[RoleKey];
export const ROLE_NAMES: readonly RoleName[] = Object.values(ROLE);

export const isRoleName = (value: unknown): value is RoleName => ROLE_NAMES.includes(value as RoleName);
/** Super Admin and Sub Admin run the platform and see every company. */
export const isPlatformRole = (role: RoleName): boolean => role === ROLE.superAdmin || role === ROLE.subAdmin;
/** Every role but the plain User manages people. */
export const isAdminRole = (role: RoleName): boolean => role !== ROLE.user;
