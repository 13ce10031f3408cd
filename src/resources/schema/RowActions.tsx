import { Box } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import EditIcon from '@mui/icons-material/Edit';
import { DeleteButton, useRecordContext, type RedirectionSideEffect } from 'react-admin';
import { useMay, type RecordLike } from './access';
import { useSchemaResource } from './context';
import { editPathOf, showPathOf } from './paths';
import type { SchemaResource } from './types';
import { LinkButton } from './LinkButton';

/** Whether the signed-in user may delete this record: the permission table, then the resource's own rule. */
export function useMayDelete(resource: SchemaResource): (record: RecordLike) => boolean {
  const may = useMay(resource);
  return (record) => may('delete', record);
}

/** Delete with a confirmation; the server's refusal ("This company still has users…") shows as a toast. */
export const SchemaDeleteButton = ({ redirect = false }: { redirect?: RedirectionSideEffect }) => {
  const resource = useSchemaResource();
  const record = useRecordContext<RecordLike & { id: string }>();
  const mayDelete = useMayDelete(resource);
  if (!record || !mayDelete(record)) return null;
  return <DeleteButton mutationMode="pessimistic" redirect={redirect} />;
};

/** View and Update of a row, each only when the domain's permission table allows it. */
export const ViewAndUpdate = () => {
  const resource = useSchemaResource();
  const { def } = resource;
  const record = useRecordContext<RecordLike & { id: string }>();
  const canDo = useMay(resource);
  if (!record) return null;
  return (
    <>
      {canDo('show', record) && (
        <LinkButton label="rpa.schema.view" to={showPathOf(def, record.id)}>
          <Visibility />
        </LinkButton>
      )}
      {canDo('update', record) && (
        <LinkButton label="rpa.schema.update" to={editPathOf(def, record.id)}>
          <EditIcon />
        </LinkButton>
      )}
    </>
  );
};

/** The schema's row actions: View, Update, Delete. */
export const DefaultRowActions = () => (
  <>
    <ViewAndUpdate />
    <SchemaDeleteButton />
  </>
);

/** A list row's actions: the resource's own (composed of the pieces above) or the schema's. */
export const RowActions = () => {
  const { rowActions: Actions = DefaultRowActions } = useSchemaResource();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <Actions />
    </Box>
  );
};
