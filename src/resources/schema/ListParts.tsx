import { Box, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import { ExportButton, FilterButton, TopToolbar } from 'react-admin';
import { usePhone } from '../../custom/layout/usePhone';
import { useCanDo } from './access';
import { useSchemaResource } from './context';
import { useResourceText } from './labels';
import { pathsOf } from './paths';
import { COUNT_CAP } from '../../domain/constants';
import { LinkButton } from './LinkButton';

/** "Create", leading to the resource's create route (the spec's, e.g. /controlroom/company/register). */
export const CreateLink = () => {
  const { def, createPage = true } = useSchemaResource();
  const canDo = useCanDo(def);
  if (!createPage || !canDo('create')) return null;
  return (
    <LinkButton label="ra.action.create" to={pathsOf(def).create} variant="contained">
      <Add />
    </LinkButton>
  );
};

/**
 * The list toolbar: Create when the role may, the resource's own actions, CSV export; on a
 * phone also Add filter (only the search is open there), and it wraps rather than overflow.
 */
export const SchemaListActions = () => {
  const resource = useSchemaResource();
  const phone = usePhone();
  return (
    <TopToolbar sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
      {phone && <FilterButton />}
      <CreateLink />
      {resource.listActions}
      <ExportButton maxResults={COUNT_CAP} />
    </TopToolbar>
  );
};

/**
 * An empty list says what to do next: "No companies yet" and Create, when the role may create;
 * a resource whose records start elsewhere says where, with a link (its `empty`).
 */
export const SchemaEmpty = () => {
  const resource = useSchemaResource();
  const canDo = useCanDo(resource.def);
  const text = useResourceText(resource.def);
  const mayCreate = canDo('create');
  if (resource.empty)
    return (
      <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
        <Typography variant="h6" component="p" gutterBottom>
          {text('empty')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {text(resource.empty.text)}
        </Typography>
        {resource.empty.action}
      </Box>
    );
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {text('empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {mayCreate ? text('emptyCreate') : text('emptyNothing')}
      </Typography>
      <CreateLink />
      {resource.listActions}
    </Box>
  );
};
