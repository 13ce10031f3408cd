import { SelectInput, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { isRoleName, type RoleName } from '../../domain';
import { mayGiveRole, sameRoleClass } from '../../domain/web-roles';
import { useSessionUser } from '../../custom/session/useSession';
import { roleLabelKey } from '../../custom/roleLabel';
import { useFieldLabel, validatorsFor, type SchemaInputProps } from '../schema';

export interface RoleRow {
  id: string;
  name: string;
}

/** The four roles (GET /role/all), read once and shared by the inputs that need them. */
export function useRoles(): RoleRow[] {
  const { data } = useGetList<RoleRow>('roles', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  return data ?? [];
}

export const roleNameOf = (roles: readonly RoleRow[], roleId: unknown): RoleName | undefined => {
  const name = roles.find((r) => r.id === roleId)?.name;
  return isRoleName(name) ? name : undefined;
};

/**
 * Role: only the roles the actor may give (a Customer Admin: Customer Admin or User); on update,
 * only roles of the same class (a company user never becomes Super or Sub Admin).
 */
export const RoleInput = ({ def, name, mode }: SchemaInputProps) => {
  const translate = useTranslate();
  const label = useFieldLabel(def)(name);
  const actor = useSessionUser();
  const record = useRecordContext<{ role?: string }>();
  const roles = useRoles();
  const current = mode === 'edit' && isRoleName(record?.role) ? record.role : undefined;
  const choices = roles.filter(
    (r) =>
      isRoleName(r.name) && actor && mayGiveRole(actor.role, r.name) && (!current || sameRoleClass(current, r.name)),
  );
  // The record's own role stays listed even when the actor could not give it (the select shows it).
  const own = current ? roles.filter((r) => r.name === current && !choices.includes(r)) : [];
  return (
    <SelectInput
      source={name}
      label={label}
      choices={[...choices, ...own]}
      optionText={(r: RoleRow) => (isRoleName(r.name) ? translate(roleLabelKey(r.name)) : r.name)}
      validate={validatorsFor(def.fields[name])}
      isPending={roles.length === 0}
    />
  );
};

/** A user's role in the chosen language (the API answers the English name). */
export const RoleValue = () => {
  const translate = useTranslate();
  const record = useRecordContext<{ role?: string }>();
  const role = record?.role;
  return <>{isRoleName(role) ? translate(roleLabelKey(role)) : (role ?? '—')}</>;
};
