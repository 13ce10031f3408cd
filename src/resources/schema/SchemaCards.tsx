import { Box, List, ListItem, ListItemText } from '@mui/material';
import { ListNoResults, RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import { useSchemaResource } from './context';
import { RowActions } from './RowActions';
import { columnsOf, SchemaValue } from './SchemaField';

/** Columns a phone shows under a record's name. */
const SECONDARY_COLUMNS = 2;

/**
 * The list on a phone: one item per record with its first column, the next two below it (a
 * line each), and the row's actions beside them, so nothing scrolls sideways. No selection: bulk actions are
 * a desktop affair.
 */
export const SchemaCards = () => {
  const { def } = useSchemaResource();
  const { data } = useListContext<RaRecord>();
  const [primary, ...others] = columnsOf(def);
  const secondary = others.slice(0, SECONDARY_COLUMNS);
  if (!data || data.length === 0 || !primary) return <ListNoResults />;
  return (
    <List disablePadding>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <ListItem divider sx={{ gap: 1, py: 1 }}>
            <ListItemText
              sx={{ minWidth: 0, my: 0 }}
              primary={<SchemaValue def={def} name={primary} />}
              secondary={secondary.map((name) => (
                <Box key={name} sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                  <SchemaValue def={def} name={name} />
                </Box>
              ))}
              slotProps={{ primary: { noWrap: true, component: 'div' }, secondary: { component: 'div' } }}
            />
            <RowActions />
          </ListItem>
        </RecordContextProvider>
      ))}
    </List>
  );
};
