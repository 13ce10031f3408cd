import { ROLE, isPlatformRole, type RoleName } from './roles';

/**
 * Which roles an actor may give (the rule the server applies on register and update):
 * the Super Admin every role, a Sub Admin every role but Super Admin, a Customer Admin only Customer Admin and
 * User, the plain User none.
 */
export function mayGiveRole(actor: RoleName, role: RoleName): boolean {
  switch (actor) {
    case ROLE.superAdmin:
      return true;
    case ROLE.subAdmin:
      return role !== ROLE.superAdmin;
    case ROLE.customerAdmin:
      return role === ROLE.customerAdmin || role === ROLE.user;
    default:
      return false;
  }
}

/** A company user never becomes Super or Sub Admin, nor the other way round. */
export const sameRoleClass = (a: RoleName, b: RoleName): boolean => isPlatformRole(a) === isPlatformRole(b);
