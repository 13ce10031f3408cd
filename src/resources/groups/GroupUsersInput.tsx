import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  ReferenceArrayInput,
  useChoicesContext,
  useRecordContext,
  type Validator,
} from 'react-admin';
import { isPlatformRole, type Rule } from '../../domain';
import { useSessionUser } from '../../custom/session/useSession';
import { raRules } from '../../custom/validation/raValidators';
import { useFieldLabel, validatorsFor, type SchemaInputProps } from '../schema';

interface UserChoice {
  id: string;
  fullName: string;
  companyId?: string | null;
  companyName?: string | null;
}

/** The users of a group come from one company ('Users can be selected from a single company only!'). */
export const singleCompanyRule =
  (companyOf: ReadonlyMap<string, string | null | undefined>): Rule =>
  (value) => {
    const ids = Array.isArray(value) ? value.map(String) : [];
    const companies = new Set(ids.map((id) => companyOf.get(id)).filter((c): c is string => typeof c === 'string'));
    return companies.size > 1 ? 'singleCompanyUsers' : undefined;
  };

/** The multi-select itself: it knows each choice's company, so it checks the one-company rule as you pick. */
const UsersAutocomplete = ({
  label,
  base,
  showCompany,
}: {
  label: string;
  base: Validator[];
  showCompany: boolean;
}) => {
  const { allChoices } = useChoicesContext<UserChoice>();
  const validate = useMemo(() => {
    const companyOf = new Map((allChoices ?? []).map((u) => [String(u.id), u.companyId]));
    return [...base, raRules([singleCompanyRule(companyOf)])];
  }, [allChoices, base]);
  return (
    <AutocompleteArrayInput
      label={label}
      optionText={(u: UserChoice) => (showCompany && u.companyName ? `${u.fullName} (${u.companyName})` : u.fullName)}
      validate={validate}
      // Super and Sub Admins belong to no company, hence to no group.
      getOptionDisabled={(u: UserChoice) => !u.companyId}
      fullWidth
    />
  );
};

/**
 * Users of a group: at least one ('There must be at least one user!'), all of one company —
 * the group's when it has one, the chosen company's on registration, otherwise those of every company
 * for a Super or Sub Admin, the check catching a mix.
 */
export const GroupUsersInput = ({
  def,
  name,
  mode,
  companyId: fixed,
}: SchemaInputProps & { companyId?: string | null }) => {
  const label = useFieldLabel(def)(name);
  const actor = useSessionUser();
  const record = useRecordContext<{ companyId?: string | null }>();
  const chosen: unknown = useWatch({ name: 'companyId' });
  const companyId =
    fixed ?? (mode === 'edit' ? record?.companyId : typeof chosen === 'string' && chosen !== '' ? chosen : null);
  const base = useMemo(() => validatorsFor(def.fields[name]), [def, name]);
  return (
    <ReferenceArrayInput
      source={name}
      reference="users"
      filter={companyId ? { companyId } : {}}
      sort={{ field: 'fullName', order: 'ASC' }}
      perPage={100}
    >
      <UsersAutocomplete label={label} base={base} showCompany={!!actor && isPlatformRole(actor.role) && !companyId} />
    </ReferenceArrayInput>
  );
};
