import { users } from '../../domain/declarations';
import { DefaultRowActions, schemaResource } from '../schema';
import { UserCompanyInput, UserGroupsInput } from './CompanyAndGroupsInputs';
import { ResetLinkButton } from './ResetLinkButton';
import { RoleInput, RoleValue } from './RoleInput';

/** View, Update, Delete and Reset Link. */
const UserRowActions = () => (
  <>
    <DefaultRowActions />
    <ResetLinkButton />
  </>
);

/**
 * Users: the schema's list (filters Company for Super/Sub Admin, Group, Role, Status and the
 * search), details and forms, with the role, company and groups inputs that follow the role rules.
 */
export const usersResource = schemaResource(users, {
  rowActions: UserRowActions,
  // The filters' order: Company (Super/Sub Admin only), Group, Role, Status.
  filters: ['companyId', 'groupIds', 'roleId', 'status'],
  inputs: { roleId: RoleInput, companyId: UserCompanyInput, groupIds: UserGroupsInput },
  // Nobody deletes themselves, and a deleted user is neither updated nor deleted again (the server refuses both).
  allows: (action, actor, record) =>
    !((action === 'update' || action === 'delete') && (record.isDeleted === true || record.status === 'deleted')) &&
    !(action === 'delete' && record.id === actor.id),
  display: { role: RoleValue },
});
