import { groups } from '../../domain/declarations';
import { schemaResource } from '../schema';
import { GroupMembers } from './GroupMembers';
import { GroupUsersInput } from './GroupUsersInput';

/**
 * Groups: the schema's list (a plain User sees the groups they belong to, with View only),
 * registration and update with the one-company users multi-select, details with its members.
 */
export const groupsResource = schemaResource(groups, {
  inputs: { userIds: GroupUsersInput },
  tabs: [{ label: 'resources.groups.members', content: GroupMembers }],
});
