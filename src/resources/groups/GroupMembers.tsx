import { Box, Typography } from '@mui/material';
import { ReferenceManyField, useRecordContext, useTranslate } from 'react-admin';
import { SchemaDataTable, SchemaPagination, SchemaResourceContext } from '../schema';
import { usersResource } from '../users';
import { AddUsersDialog } from './AddUsersDialog';

/** The Members tab: the group's users (the users list filtered by group) and Add Users. */
export const GroupMembers = () => {
  const translate = useTranslate();
  const group = useRecordContext();
  if (!group) return null;
  return (
    <SchemaResourceContext.Provider value={usersResource}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <AddUsersDialog />
      </Box>
      <ReferenceManyField
        reference="users"
        target="groupId"
        sort={{ field: 'fullName', order: 'ASC' }}
        perPage={10}
        pagination={<SchemaPagination />}
        empty={<Typography color="text.secondary">{translate('resources.groups.noMembers')}</Typography>}
      >
        <SchemaDataTable bulkDelete={false} />
      </ReferenceManyField>
    </SchemaResourceContext.Provider>
  );
};
