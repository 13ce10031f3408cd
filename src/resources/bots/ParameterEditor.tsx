import { Box, Button, Checkbox, FormControlLabel, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import { useTranslate, type TranslateFunction } from 'react-admin';
import {
  check,
  declaredValueRules,
  parameterNameRules,
  parameterTypeRules,
  parameterValueRules,
  type MessageKey,
} from '../../domain';
import type { BotArgument } from '../../domain/declarations';
import type { EmptyArgument } from '../../domain/emptyArgument';
import { parameterKind } from '../../domain/parameterTypes';
import { ParameterValueInput } from './ParameterValueInput';

export interface ParameterRow {
  name: string;
  /**
   * The bot declares it (a workflow argument, a script's @rpa-param): its name is fixed and it
   * cannot be removed; only its value is the user's. Rows the user adds are free.
   */
  declared?: boolean;
  value: string;
  encrypted: boolean;
  /** The workflow's type of the argument (empty for a row the user added). */
  type: string;
  /** The workflow says its value must start with 1. */
  startsWith1?: boolean;
  /** May be left empty (every In and InOut argument a bot declares): an empty value is not sent. */
  optional?: boolean;
  /**
   * What an empty value becomes, as the server answers it, said under the value: the workflow's
   * default as written, the type's default (`Nothing`, `0`, `False`…), or, for a script, nothing
   * is passed.
   */
  whenEmpty?: EmptyArgument;
}

export interface RowErrors {
  name?: MessageKey;
  value?: MessageKey;
}

const isExpression = (text: string) => /^\s*\[[\s\S]*\]\s*$/.test(text);

/**
 * The value a row starts with: the workflow's default when it is a literal (true/false as the
 * input offers them); an expression (`[…]`) is the workflow's to compute, so the value starts
 * empty and the default applies unless the person types one.
 */
function prefilled(p: BotArgument): string {
  if (p.default === undefined || isExpression(p.default)) return '';
  return parameterKind(p.type).kind === 'boolean' ? p.default.trim().toLowerCase() : p.default;
}

/** The rows of a run: the workflow's input arguments (not its Out ones), defaults filled in. */
export const rowsOf = (parameters: readonly BotArgument[]): ParameterRow[] =>
  parameters
    .filter((p) => p.direction !== 'Out')
    .map((p) => ({
      name: p.name,
      declared: true,
      value: prefilled(p),
      encrypted: false,
      type: p.type,
      startsWith1: p.startsWith1 === true,
      // As the server says (src/domain/emptyArgument.ts): every In or InOut argument may be left empty.
      optional: p.optional,
      ...(p.whenEmpty ? { whenEmpty: p.whenEmpty } : {}),
    }));

/** What the editor says an empty value becomes. */
function emptyHint(whenEmpty: EmptyArgument | undefined, translate: TranslateFunction): string {
  switch (whenEmpty?.kind) {
    case 'default':
      return translate('resources.bots.run.defaultHint', { value: whenEmpty.value });
    case 'typeDefault':
      return translate('resources.bots.run.emptyHint', { value: whenEmpty.value });
    case 'notPassed':
      return translate('resources.bots.run.notPassedHint');
    default:
      return '';
  }
}

/**
 * A row the person adds: name ≤ 15 and value ≤ 30, both required. A declared argument keeps its
 * name whatever its length, and its value may be left empty; a
 * value fits its type and starts with 1 where the workflow says so (the server checks the same).
 */
export function rowErrors(row: ParameterRow): RowErrors {
  if (row.declared) return { value: check(row.value, declaredValueRules(row)) };
  const value = check(row.value, [...parameterValueRules, ...parameterTypeRules(row)]);
  return { name: check(row.name, parameterNameRules), value };
}

export const hasErrors = (rows: readonly ParameterRow[]) =>
  rows.some((row) => Object.values(rowErrors(row)).some(Boolean));

interface Props {
  rows: readonly ParameterRow[];
  onChange: (rows: ParameterRow[]) => void;
  /** Messages show once the user has tried to run (not while they type the first time). */
  showErrors: boolean;
}

/**
 * The bot parameter editor. A bot that declares its parameters gets one fixed row per input
 * parameter: its name is the label of its value, and there is nothing to rename, remove or add.
 * A bot with no input parameter may be given some by name (added and removed here). Each value
 * can be encrypted in the browser with the company's parameter key before it is sent; only the
 * agent reads it in clear.
 */
export const ParameterEditor = ({ rows, onChange, showErrors }: Props) => {
  const translate = useTranslate();
  const set = (index: number, patch: Partial<ParameterRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const message = (key: MessageKey | undefined) => (showErrors && key ? translate(`rpa.messages.${key}`) : undefined);
  // Once a bot declares a parameter, the declared list is the whole list.
  const free = !rows.some((row) => row.declared);
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {translate('resources.bots.run.parameters')}
      </Typography>
      {rows.length === 0 && (
        <Typography color="text.secondary">{translate('resources.bots.parameters.none')}</Typography>
      )}
      {rows.map((row, index) => {
        const errors = rowErrors(row);
        const hint = [
          row.type,
          row.startsWith1 ? translate('resources.bots.parameters.startsWith1') : '',
          emptyHint(row.whenEmpty, translate),
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <Box key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
            {!row.declared && (
              <TextField
                size="small"
                label={translate('resources.bots.run.name')}
                value={row.name}
                onChange={(e) => set(index, { name: e.target.value })}
                error={!!message(errors.name)}
                helperText={message(errors.name) ?? ' '}
                sx={{ flex: '1 1 140px' }}
              />
            )}
            <ParameterValueInput
              label={row.declared ? row.name : translate('resources.bots.run.value')}
              type={row.type}
              value={row.value}
              encrypted={row.encrypted}
              optional={row.optional === true}
              onChange={(value) => set(index, { value })}
              error={message(errors.value)}
              hint={hint}
            />
            <Tooltip title={translate('resources.bots.run.encryptHint')} describeChild>
              <FormControlLabel
                control={
                  <Checkbox checked={row.encrypted} onChange={(e) => set(index, { encrypted: e.target.checked })} />
                }
                label={translate('resources.bots.run.encrypt')}
              />
            </Tooltip>
            {!row.declared && (
              <IconButton
                aria-label={translate('resources.bots.run.removeParameter')}
                onClick={() => onChange(rows.filter((_r, i) => i !== index))}
              >
                <Delete />
              </IconButton>
            )}
          </Box>
        );
      })}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {translate('resources.bots.run.encryptHint')}
      </Typography>
      {free && (
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => onChange([...rows, { name: '', value: '', encrypted: false, type: '' }])}
        >
          {translate('resources.bots.run.addParameter')}
        </Button>
      )}
    </Box>
  );
};
