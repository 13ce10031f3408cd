import type { SxProps, Theme } from '@mui/material';

/** Out of sight, still read by screen readers: the header row keeps naming the cells. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * A react-admin DataTable on a phone, by its class names whatever its columns: no header row
 * to see, each row a block whose cells follow one another and wrap instead of widening the page.
 * A cell of `labels` (by column source) starts with its label, since no header sits above it; a
 * cell of `wide` (a log line) takes a line of its own.
 */
export function stackedRowsSx(labels: Record<string, string>, wide: readonly string[] = []): SxProps<Theme> {
  const labelled = Object.fromEntries(
    Object.entries(labels).map(([source, label]) => [
      `& td.column-${source}::before`,
      { content: JSON.stringify(`${label} `), color: 'text.secondary' },
    ]),
  );
  const full = Object.fromEntries(wide.map((source) => [`& td.column-${source}`, { flexBasis: '100%' }]));
  return {
    '& .RaDataTable-thead': VISUALLY_HIDDEN,
    '& .RaDataTable-table, & .RaDataTable-tbody': { display: 'block' },
    '& .RaDataTable-row': {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      columnGap: 1.5,
      rowGap: 0.5,
      px: 2,
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& .RaDataTable-rowCell': { display: 'block', border: 0, p: 0, minWidth: 0, overflowWrap: 'anywhere' },
    ...labelled,
    ...full,
  };
}
