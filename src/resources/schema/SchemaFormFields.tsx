import { Box } from '@mui/material';
import { writableFields, type ResourceDef } from '../../domain/resource';
import { actorOf, canUserAccess } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { SchemaInput } from './SchemaInput';
import type { FormMode, SchemaResource } from './types';

/** Fields of a create or edit form: what the API accepts, not hidden, and whose choices the actor may list. */
export function formFieldNames(
  def: ResourceDef,
  mode: FormMode,
  canList: (reference: string) => boolean,
  omit: readonly string[] = [],
): string[] {
  return writableFields(def, mode === 'create' ? 'create' : 'update').filter((name) => {
    const field = def.fields[name];
    if (field.hidden || field.type === 'json' || omit.includes(name)) return false;
    // A company-scoped actor cannot list companies: the server fills in their own.
    if ((field.type === 'reference' || field.type === 'references') && field.reference) return canList(field.reference);
    return true;
  });
}

/** The inputs of a schema form, each the resource's override or the schema's input by type. */
export const SchemaFormFields = ({ resource, mode }: { resource: SchemaResource; mode: FormMode }) => {
  const user = useSessionUser();
  if (!user) return null;
  const { def } = resource;
  const omit = resource.omitInputs?.(mode, actorOf(user)) ?? [];
  const names = formFieldNames(
    def,
    mode,
    (reference) => canUserAccess(user, { action: 'list', resource: reference }),
    omit,
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', width: '100%', maxWidth: 560 }}>
      {names.map((name) => {
        const Override = resource.inputs?.[name];
        return Override ? (
          <Override key={name} def={def} name={name} mode={mode} />
        ) : (
          <SchemaInput key={name} def={def} name={name} mode={mode} />
        );
      })}
    </Box>
  );
};
