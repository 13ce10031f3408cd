import { Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { BotArgument, BotParameter } from '../../domain/declarations';
import { describeArgument, EMPTY_ARGUMENT_KINDS, runnerOf, type EmptyArgument } from '../../domain/emptyArgument';

const isParameter = (value: unknown): value is BotParameter =>
  typeof value === 'object' && value !== null && typeof (value as BotParameter).name === 'string';

/** The server answers `parameters` as JSON: only well-formed arguments are shown. */
export const parametersOf = (value: unknown): BotParameter[] => (Array.isArray(value) ? value.filter(isParameter) : []);

const isEmptyArgument = (value: unknown): value is EmptyArgument => {
  const kind = (value as EmptyArgument | null)?.kind;
  if (!EMPTY_ARGUMENT_KINDS.some((k) => k === kind)) return false;
  return kind === 'notPassed' || typeof (value as { value?: unknown }).value === 'string';
};
const isDescribed = (p: BotParameter): p is BotArgument => {
  const { optional, whenEmpty } = p as Partial<BotArgument>;
  return typeof optional === 'boolean' && (optional ? isEmptyArgument(whenEmpty) : whenEmpty === undefined);
};

/**
 * A bot's arguments as the server describes them: whether each may be left empty and what it
 * then becomes. An answer without that description (an older server) gets it from the same
 * domain function the server uses, by the bot's file name.
 */
export const argumentsOf = (bot: { parameters?: unknown; fileName?: unknown } | undefined): BotArgument[] =>
  parametersOf(bot?.parameters).map((p) => (isDescribed(p) ? p : describeArgument(p, runnerOf(bot?.fileName))));

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
