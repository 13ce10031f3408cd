import { Box } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordContext, type RedirectionSideEffect } from 'react-admin';
import { useMay, type RecordLike } from './access';
import { ActionButton, ActionLookContext } from './ActionButton';
import { useSchemaResource } from './context';
import { DeleteAction } from './DeleteAction';
import { editPathOf, showPathOf } from './paths';
import type { SchemaResource } from './types';

/** Whether the signed-in user may delete this record: the permission table, then the resource's own rule. */
export function useMayDelete(resource: SchemaResource): (record: RecordLike) => boolean {
  const may = useMay(resource);
  return (record) => may('delete', record);
}

/** Delete with a confirmation, for who may delete this record; the server's refusal shows as a toast. */
export const SchemaDeleteButton = ({ redirect = false }: { redirect?: RedirectionSideEffect }) => {
  const resource = useSchemaResource();
  const record = useRecordContext<RecordLike & { id: string }>();
  const mayDelete = useMayDelete(resource);
  if (!record || !mayDelete(record)) return null;
  return <DeleteAction resource={resource.def.name} record={record} redirect={redirect} />;
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
        <ActionButton label="rpa.schema.view" icon={<Visibility />} to={showPathOf(def, record.id)} />
      )}
      {canDo('update', record) && (
        <ActionButton
          label={resource.updateLabel ?? 'rpa.schema.update'}
          icon={<EditIcon />}
          to={editPathOf(def, record.id)}
        />
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

/**
 * A list row's actions (the resource's own, composed of the pieces above, or the schema's) as
 * icons with their names as tooltips, side by side: a row stays one line tall. Their clicks
 * (and those in the dialogs they open, which React bubbles through the row) are theirs alone:
 * a row that opens on click must not open too.
 */
export const RowActions = () => {
  const { rowActions: Actions = DefaultRowActions } = useSchemaResource();
  return (
    <ActionLookContext.Provider value="icon">
      <Box
        onClick={(event) => event.stopPropagation()}
        sx={{ display: 'flex', flexWrap: 'nowrap', gap: 0.25, alignItems: 'center' }}
      >
        <Actions />
      </Box>
    </ActionLookContext.Provider>
  );
};
