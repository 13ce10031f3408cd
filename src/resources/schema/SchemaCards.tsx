import { Box, List, ListItem, Typography } from '@mui/material';
import { ListNoResults, RecordContextProvider, useListContext, useTranslate, type RaRecord } from 'react-admin';
import type { ResourceDef } from '../../domain/resource';
import { useSchemaResource } from './context';
import { useFieldLabel } from './labels';
import { RowActions } from './RowActions';
import { columnsOf, SchemaValue } from './SchemaField';
import type { CardLayout } from './types';

/** Lines a card shows under its title when its resource does not say which. */
const DEFAULT_LINES = 2;

/**
 * A card's parts: the resource's own (`card`), else the list's first column as the title, the
 * `status` column beside it when the list has one (a card shows what its row's status column
 * shows), and the next columns as lines.
 */
export function cardLayout(columns: readonly string[], card: CardLayout = {}): Required<CardLayout> {
  const title = card.title ?? columns[0] ?? '';
  const status = card.status ?? (columns.includes('status') && title !== 'status' ? ['status'] : []);
  const lines =
    card.lines ?? columns.filter((name) => name !== title && !status.includes(name)).slice(0, DEFAULT_LINES);
  return { title, status, lines };
}

const ONE_LINE = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

const Card = ({ def, layout }: { def: ResourceDef; layout: Required<CardLayout> }) => {
  const label = useFieldLabel(def);
  const translate = useTranslate();
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', alignItems: 'flex-end', columnGap: 1, rowGap: 0.5, py: 1 }}>
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 28 }}>
          <Typography component="div" sx={{ ...ONE_LINE, flex: '1 1 auto', minWidth: 0, fontWeight: 500 }}>
            <SchemaValue def={def} name={layout.title} />
          </Typography>
          {layout.status.length > 0 && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
              {layout.status.map((name) => (
                <SchemaValue key={name} def={def} name={name} />
              ))}
            </Box>
          )}
        </Box>
        {layout.lines.map((name) => (
          <Typography key={name} component="div" variant="body2" color="text.secondary" sx={ONE_LINE}>
            {translate('rpa.schema.cardLabel', { label: label(name) })}{' '}
            <Box component="span" sx={{ color: 'text.primary' }}>
              <SchemaValue def={def} name={name} />
            </Box>
          </Typography>
        ))}
      </Box>
      <Box sx={{ ml: 'auto' }}>
        <RowActions />
      </Box>
    </ListItem>
  );
};

/**
 * The list on a phone: one card per record (title, its state beside it, a few labelled lines)
 * with the row's actions at its foot or beside its lines when they fit, so nothing scrolls
 * sideways. No selection: bulk actions are a desktop affair.
 */
export const SchemaCards = () => {
  const { def, card } = useSchemaResource();
  const { data } = useListContext<RaRecord>();
  const layout = cardLayout(columnsOf(def), card);
  if (!data || data.length === 0 || !layout.title) return <ListNoResults />;
  return (
    <List disablePadding>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card def={def} layout={layout} />
        </RecordContextProvider>
      ))}
    </List>
  );
};
