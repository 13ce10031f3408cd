import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { BotParameter } from '../../domain/declarations';

const isParameter = (value: unknown): value is BotParameter =>
  typeof value === 'object' && value !== null && typeof (value as BotParameter).name === 'string';

/** The server answers `parameters` as JSON: only well-formed arguments are shown. */
export const parametersOf = (value: unknown): BotParameter[] => (Array.isArray(value) ? value.filter(isParameter) : []);

/** A workflow's arguments (name, direction, type, default): the create form's preview and the details page's tab. */
export const ParametersTable = ({ parameters, caption }: { parameters: readonly BotParameter[]; caption?: string }) => {
  const translate = useTranslate();
  if (parameters.length === 0) {
    return <Typography color="text.secondary">{translate('resources.bots.parameters.none')}</Typography>;
  }
  return (
    <Table size="small" aria-label={caption ?? translate('resources.bots.parameters.title')} sx={{ maxWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('resources.bots.parameters.name')}</TableCell>
          <TableCell>{translate('resources.bots.parameters.direction')}</TableCell>
          <TableCell>{translate('resources.bots.parameters.type')}</TableCell>
          <TableCell>{translate('resources.bots.parameters.default')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {parameters.map((p) => (
          <TableRow key={p.name}>
            <TableCell>{p.name}</TableCell>
            <TableCell>
              {translate(`resources.bots.parameters.directions.${p.direction}`, { _: p.direction })}
            </TableCell>
            <TableCell>
              {p.type}
              {p.startsWith1 && (
                <Chip size="small" sx={{ ml: 1 }} label={translate('resources.bots.parameters.startsWith1')} />
              )}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{p.default ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};

/** The Parameters tab of a bot's details page. */
export const BotParametersTab = () => {
  const record = useRecordContext();
  return record ? <ParametersTable parameters={parametersOf(record.parameters)} /> : null;
};
