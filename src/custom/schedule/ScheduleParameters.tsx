import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { argumentsOf } from '../../resources/bots/BotParameters';
import { ParameterEditor, rowsOf, type ParameterRow } from '../../resources/bots/ParameterEditor';
import type { RunParameter } from '../../resources/bots/runCalls';
import type { ScheduleBot } from './BotAgentFields';

/**
 * A plan's parameters: being written (a new plan, or the user changes them), or kept as they
 * are on a reschedule (encrypted values are the browser's ciphertext and cannot be shown again,
 * so they are kept whole unless the user writes the parameters anew).
 */
export type ParameterState = { mode: 'keep' } | { mode: 'edit'; rows: ParameterRow[] };

/** A stored parameter list, whatever the server answered. */
export const storedParameters = (value: unknown): RunParameter[] =>
  Array.isArray(value)
    ? value.filter(
        (p): p is RunParameter => typeof p === 'object' && p !== null && typeof (p as RunParameter).name === 'string',
      )
    : [];

/**
 * The rows to write for a bot: its declared input parameters (or the plan's own names when it
 * declares none), with the plan's plain values filled in (a new plan: the workflow's literal
 * defaults); encrypted values start empty.
 */
export function rowsFor(bot: ScheduleBot | undefined, kept: readonly RunParameter[] = []): ParameterRow[] {
  const declared = rowsOf(argumentsOf(bot));
  // A kept value replaces the workflow's default (an encrypted one cannot be shown: empty).
  const valueOf = (row: ParameterRow) => {
    const found = kept.find((p) => p.name === row.name);
    return found ? (found.encrypted ? '' : found.value) : kept.length > 0 ? '' : row.value;
  };
  if (declared.length > 0) return declared.map((row) => ({ ...row, value: valueOf(row) }));
  return kept.map((p) => ({ name: p.name, value: p.encrypted ? '' : p.value, encrypted: !!p.encrypted, type: '' }));
}

/** Names and values of stored parameters, encrypted values masked. */
export const StoredParameters = ({ parameters }: { parameters: readonly RunParameter[] }) => {
  const translate = useTranslate();
  if (parameters.length === 0)
    return <Typography color="text.secondary">{translate('resources.schedules.noParameters')}</Typography>;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, m: 0 }}>
      {parameters.map((p) => (
        <Box key={p.name} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {p.name}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {p.encrypted ? translate('resources.schedules.masked') : p.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

export const ScheduleParameters = ({
  state,
  onChange,
  kept,
  bot,
  showErrors,
}: {
  state: ParameterState;
  onChange: (state: ParameterState) => void;
  /** The plan's parameters on a reschedule (none for a new plan: the switch is then hidden). */
  kept?: readonly RunParameter[];
  bot: ScheduleBot | undefined;
  showErrors: boolean;
}) => {
  const translate = useTranslate();
  return (
    <Box>
      {kept && (
        <FormControlLabel
          control={
            <Switch
              checked={state.mode === 'edit'}
              onChange={(e) =>
                onChange(e.target.checked ? { mode: 'edit', rows: rowsFor(bot, kept) } : { mode: 'keep' })
              }
            />
          }
          label={translate('resources.schedules.builder.changeParameters')}
        />
      )}
      {state.mode === 'keep' ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('resources.schedules.builder.keptParameters')}
          </Typography>
          <StoredParameters parameters={kept ?? []} />
        </>
      ) : (
        <ParameterEditor
          rows={state.rows}
          onChange={(rows) => onChange({ mode: 'edit', rows })}
          showErrors={showErrors}
        />
      )}
    </Box>
  );
};
