import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A process's result as stored: the workflow's Out and InOut arguments, name → text. */
export const resultEntries = (result: unknown): [string, string][] =>
  typeof result === 'object' && result !== null && !Array.isArray(result)
    ? Object.entries(result).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : []))
    : [];

/** The Out arguments a workflow ended with; a script run has none, and then nothing is shown. */
export const ProcessResult = ({ result }: { result: unknown }) => {
  const translate = useTranslate();
  const entries = resultEntries(result);
  if (entries.length === 0) return null;
  const title = translate('resources.processes.result.title');
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title} sx={{ maxWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.processes.result.name')}</TableCell>
            <TableCell>{translate('resources.processes.result.value')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map(([name, value]) => (
            <TableRow key={name}>
              <TableCell sx={{ fontFamily: 'monospace', verticalAlign: 'top' }}>{name}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {value}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
};
