import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';

type Fields = Readonly<Record<string, string>> | null | undefined;

const entriesOf = (fields: Fields): [string, string][] => (fields ? Object.entries(fields) : []);

/**
 * A line's custom log fields in the downloaded file: after its text, as a JSON object (names and
 * values may hold spaces, `=` or quotes; JSON reads back unambiguously); nothing without fields.
 */
export const fieldsText = (fields: Fields): string =>
  entriesOf(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';

/**
 * A line's custom log fields (Add Log Fields) after its text: one small muted `name: value` chip
 * each, a list named for screen readers; chips wrap on a narrow screen and a long value breaks.
 */
export const LogFields = ({ fields }: { fields: Fields }) => {
  const translate = useTranslate();
  const entries = entriesOf(fields);
  if (entries.length === 0) return null;
  return (
    <Box
      component="span"
      role="list"
      aria-label={translate('resources.processes.log.fields')}
      sx={{ display: 'inline', ml: 1 }}
    >
      {entries.map(([name, value]) => (
        <Box
          key={name}
          component="span"
          role="listitem"
          sx={{
            display: 'inline-block',
            maxWidth: '100%',
            verticalAlign: 'baseline',
            color: 'grey.300',
            bgcolor: 'grey.800',
            borderRadius: 0.5,
            px: 0.5,
            mr: 0.5,
            fontSize: 11,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
          }}
        >
          <Box component="span" sx={{ color: 'grey.400' }}>
            {name}:
          </Box>{' '}
          {value}
        </Box>
      ))}
    </Box>
  );
};
