import { Box, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Show, Tab, TabbedShowLayout, TabbedShowLayoutTabs, useRecordContext, type Identifier } from 'react-admin';
import type { ResourceDef } from '../../domain/resource';
import { actorOf } from '../../authProvider/permissions';
import { useSessionUser } from '../../custom/session/useSession';
import { useMay, type RecordLike } from './access';
import { SchemaResourceContext, useSchemaResource } from './context';
import { useFieldLabel, useResourceText } from './labels';
import { PageHeading } from './PageHeading';
import { editPathOf, pathsOf, relativeToShell } from './paths';
import { SchemaDeleteButton } from './RowActions';
import { SchemaValue, siblingOf } from './SchemaField';
import { LinkButton } from './LinkButton';
import { useRecordGone } from './useServerError';
import type { SchemaResource } from './types';

/** Fields on the details page: everything the API answers but ids, secrets and form-only values. */
export function showFieldNames(def: ResourceDef): string[] {
  return (
    Object.entries(def.fields)
      .filter(([name, f]) => name !== 'id' && !f.secret && !f.virtual && !f.hidden)
      // A reference whose name the server answers too shows as that name's row.
      .filter(([name]) => !siblingOf(def, name))
      .map(([name]) => name)
  );
}

/** Label and value pairs of a record, as a description list. */
export const SchemaDetailsFields = ({
  def,
  names = showFieldNames(def),
}: {
  def: ResourceDef;
  names?: readonly string[];
}) => {
  const label = useFieldLabel(def);
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {names.map((name) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label(name)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            <SchemaValue def={def} name={name} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/**
 * Update (to the edit mode), the resource's own actions, Delete (back to the list) and Back to the list, as the role
 * allows.
 */
const DetailsActions = () => {
  const resource = useSchemaResource();
  const { def, detailsActions: Extra } = resource;
  const record = useRecordContext<RecordLike & { id: Identifier }>();
  const canDo = useMay(resource);
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {canDo('update', record) && (
        <LinkButton
          label={resource.updateLabel ?? 'rpa.schema.update'}
          to={editPathOf(def, record.id)}
          variant="outlined"
        >
          <EditIcon />
        </LinkButton>
      )}
      {Extra && <Extra />}
      <SchemaDeleteButton redirect={() => relativeToShell(pathsOf(def).list)} />
      {canDo('list') && (
        <LinkButton label="rpa.schema.backToList" to={pathsOf(def).list}>
          <ArrowBack />
        </LinkButton>
      )}
    </Box>
  );
};

const DetailsBody = () => {
  const resource = useSchemaResource();
  const user = useSessionUser();
  const record = useRecordContext<RecordLike>();
  const text = useResourceText(resource.def);
  if (!record || !user) return null;
  const name = record[resource.def.recordRepresentation];
  const tabs = (resource.tabs ?? []).filter((tab) => !tab.visible || tab.visible(actorOf(user), record));
  return (
    <>
      <Box sx={{ px: 2 }}>
        <PageHeading title={text('page.show')} actions={<DetailsActions />} />
        {typeof name === 'string' && (
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {name}
          </Typography>
        )}
      </Box>
      {tabs.length === 0 ? (
        <Box sx={{ p: 2 }}>
          <SchemaDetailsFields def={resource.def} />
        </Box>
      ) : (
        // The tabs stay out of the URL: the address is the spec's details route. They scroll
        // sideways when they outgrow the width (a company's eight tabs on a phone).
        <TabbedShowLayout
          syncWithLocation={false}
          tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />}
        >
          <Tab label="rpa.schema.detailsTab">
            <SchemaDetailsFields def={resource.def} />
          </Tab>
          {tabs.map((tab) => (
            <Tab key={tab.label} label={tab.label}>
              <tab.content />
            </Tab>
          ))}
        </TabbedShowLayout>
      )}
    </>
  );
};

/** The default details page: the record's fields, its actions and the resource's tabs. */
export const SchemaShow = ({ resource, id }: { resource: SchemaResource; id: Identifier }) => {
  const onError = useRecordGone(pathsOf(resource.def).list);
  return (
    <SchemaResourceContext.Provider value={resource}>
      <Show resource={resource.def.name} id={id} title={false} actions={false} queryOptions={{ onError }}>
        <DetailsBody />
      </Show>
    </SchemaResourceContext.Provider>
  );
};
