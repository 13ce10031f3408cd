import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  ReferenceArrayInput,
  ReferenceInput,
  useRecordContext,
} from 'react-admin';
import { isPlatformRole, required } from '../../domain';
import { useSessionUser } from '../../custom/session/useSession';
import { raRules } from '../../custom/validation/raValidators';
import { useFieldLabel, type SchemaInputProps } from '../schema';
import { roleNameOf, useRoles } from './RoleInput';

const validateCompany = [Object.assign(raRules([required('selectCompany')]), { isRequired: true })];

/** The company of a user being registered: Customer Admins and Users only (Super and Sub Admin belong to none). */
export const UserCompanyInput = ({ def, name }: SchemaInputProps) => {
  const label = useFieldLabel(def)(name);
  const roles = useRoles();
  const roleId = useWatch({ name: 'roleId' });
  const role = roleNameOf(roles, roleId);
  const { setValue, getValues } = useFormContext();
  const hidden = role === undefined || isPlatformRole(role);
  useEffect(() => {
    if (hidden && getValues(name)) setValue(name, null, { shouldDirty: true });
  }, [hidden, name, getValues, setValue]);
  if (hidden) return null;
  return (
    <ReferenceInput source={name} reference="companies" sort={{ field: 'name', order: 'ASC' }} perPage={100}>
      <AutocompleteInput label={label} optionText="name" validate={validateCompany} fullWidth />
    </ReferenceInput>
  );
};

/** The user's groups: groups of the user's company only (none for Super and Sub Admin). */
export const UserGroupsInput = ({ def, name, mode }: SchemaInputProps) => {
  const label = useFieldLabel(def)(name);
  const actor = useSessionUser();
  const record = useRecordContext<{ companyId?: string | null }>();
  const chosen = useWatch({ name: 'companyId' });
  const companyId: unknown =
    mode === 'edit' ? record?.companyId : (chosen ?? (actor && !isPlatformRole(actor.role) ? actor.companyId : null));
  if (typeof companyId !== 'string' || companyId === '') return null;
  return (
    <ReferenceArrayInput
      source={name}
      reference="groups"
      filter={{ companyId }}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={100}
    >
      <AutocompleteArrayInput label={label} optionText="name" fullWidth />
    </ReferenceArrayInput>
  );
};
