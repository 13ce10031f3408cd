import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useGetList, useTranslate } from 'react-admin';
import { BOT_TYPE } from '../../domain';
import { AgentPicker, byState, type AgentRow } from '../../resources/bots/AgentPicker';
import type { ScheduleForm } from './scheduleForm';

/** A bot as the builder needs it: who may run on a schedule (Automated, active) and its parameters. */
export type ScheduleBot = {
  id: string;
  name: string;
  companyId?: string | null;
  type?: number;
  status?: string;
  parameters?: unknown;
  /** Its file's name: a script's arguments left empty are not passed (see argumentsOf). */
  fileName?: string;
};

/** The active Automated bots the user sees: only they run unattended. */
export function useSchedulableBots(): { bots: ScheduleBot[]; isPending: boolean } {
  const { data = [], isPending } = useGetList<ScheduleBot>('bots', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
    filter: { status: 'active' },
  });
  return { bots: data.filter((b) => b.type === BOT_TYPE.automated && b.status !== 'inactive'), isPending };
}

/** The bot (its change resets the agent and the parameters, see the builder) and the agent of its company. */
export const BotAgentFields = ({
  bots,
  botsPending,
  onBotChange,
}: {
  bots: readonly ScheduleBot[];
  botsPending: boolean;
  onBotChange: (bot: ScheduleBot | undefined) => void;
}) => {
  const translate = useTranslate();
  const { control } = useFormContext<ScheduleForm>();
  const botId = useWatch({ control, name: 'botId' });
  const bot = bots.find((b) => b.id === botId);
  const { data = [], isPending } = useGetList<AgentRow>(
    'agents',
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'name', order: 'ASC' },
      filter: bot?.companyId ? { companyId: bot.companyId } : {},
    },
    { enabled: !!bot },
  );
  const agents = [...data].sort(byState);
  const none = !botsPending && bots.length === 0;
  return (
    <>
      <Controller
        control={control}
        name="botId"
        render={({ field, fieldState }) => (
          <TextField
            select
            fullWidth
            size="small"
            label={translate('resources.schedules.builder.bot')}
            value={bot ? field.value : ''}
            onChange={(e) => {
              field.onChange(e.target.value);
              onBotChange(bots.find((b) => b.id === e.target.value));
            }}
            onBlur={field.onBlur}
            error={!!fieldState.error || none}
            helperText={fieldState.error?.message ?? (none ? translate('rpa.messages.noActiveBot') : ' ')}
            sx={{ my: 1 }}
          >
            {bots.map((b) => (
              <MenuItem key={b.id} value={b.id}>
                {b.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="agentId"
        render={({ field, fieldState }) => (
          <AgentPicker
            agents={agents}
            value={agents.some((a) => a.id === field.value) ? field.value : ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
            empty={!!bot && !isPending && agents.length === 0}
          />
        )}
      />
    </>
  );
};
