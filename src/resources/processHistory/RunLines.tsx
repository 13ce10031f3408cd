import { Box, Typography } from '@mui/material';
import { Fragment } from 'react';
import { ListBase, useListContext, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { ListError, ListLoading } from '../schema/ListStates';
import { SchemaPagination } from '../schema/SchemaPagination';

/** Lines an expanded run shows a page at a time. */
export const LINES_PER_PAGE = 25;

/** What the run list's filters ask of a run's lines: the search and the time bounds. */
export interface LineFilters {
  q?: string;
  from?: string;
  to?: string;
}

interface LineRecord {
  id: string;
  seq: number;
  at: string;
  stream: string;
  text: string;
}

/** The parts of a line that contain the search (case aside) are marked; the rest is plain text. */
export const Highlighted = ({ text, search }: { text: string; search?: string }) => {
  const needle = search?.trim().toLocaleLowerCase();
  if (!needle) return <>{text}</>;
  const parts: { text: string; match: boolean }[] = [];
  const haystack = text.toLocaleLowerCase();
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part.match ? <mark>{part.text}</mark> : part.text}</Fragment>
      ))}
    </>
  );
};

const Lines = ({ search }: { search?: string }) => {
  const { data, isPending, error } = useListContext<LineRecord>();
  const [locale] = useLocaleState();
  const translate = useTranslate();
  if (error) return <ListError />;
  if (isPending) return <ListLoading />;
  if (!data || data.length === 0)
    return <Typography color="text.secondary">{translate('resources.processHistory.noLines')}</Typography>;
  return (
    <Box
      component="ol"
      aria-label={translate('resources.processHistory.lines')}
      sx={{ listStyle: 'none', m: 0, p: 0, fontFamily: 'monospace', fontSize: '0.8125rem' }}
    >
      {data.map((line) => (
        <Box
          component="li"
          key={line.id}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, py: 0.25, minWidth: 0 }}
          data-stream={line.stream}
        >
          <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
            {new Date(line.at).toLocaleString(locale)}
          </Box>
          <Box
            component="span"
            sx={{
              flex: '1 1 20ch',
              minWidth: 0,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              color: line.stream === 'stderr' ? 'error.main' : undefined,
            }}
          >
            <Highlighted text={line.text} search={search} />
          </Box>
        </Box>
      ))}
    </Box>
  );
};

/**
 * A run's lines, newest first, a page at a time: those the list's search and time bounds keep
 * (the search marked in each), or all of them without either.
 */
export const RunLines = ({ filters }: { filters: LineFilters }) => {
  const record = useRecordContext<{ id: string }>();
  if (!record) return null;
  const filter = { processId: record.id, ...filters };
  // The page's list has checked the session and the right to list runs already. Checked again
  // here, the run around the panel would be read as the record asked about, and a run has no
  // company field to be judged by: the panel would send the user to Access denied.
  return (
    <ListBase
      resource="processHistoryLines"
      disableAuthentication
      filter={filter}
      perPage={LINES_PER_PAGE}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={{ onError: () => undefined }}
    >
      <Box sx={{ px: { xs: 0, sm: 2 }, py: 1, minWidth: 0 }}>
        <Lines search={filters.q} />
        <SchemaPagination />
      </Box>
    </ListBase>
  );
};
