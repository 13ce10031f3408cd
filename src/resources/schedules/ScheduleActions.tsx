import Alarm from '@mui/icons-material/Alarm';
import PauseCircle from '@mui/icons-material/PauseCircle';
import PlayCircle from '@mui/icons-material/PlayCircle';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { BOT_TYPE } from '../../domain';
import { bots } from '../../domain/declarations';
import { schedules } from '../../domain/declarations/schedules';
import type { ScheduleStatus } from '../../domain/schedule/duration';
import { updateSchedule } from '../../custom/schedule/calls';
import { ActionButton, SchemaDeleteButton, ViewAndUpdate, pathsOf, useBusyAction, useCanDo, useMay } from '../schema';
import { useSchemaResource } from '../schema/context';

type ScheduleRow = { id: string; status?: ScheduleStatus; companyId?: string | null; userId?: string };

/**
 * Disable an active plan, enable a disabled one (PUT {status}: the server recomputes its next fire
 * from now); a completed plan has nothing left to fire. For who may update the plan.
 */
export const EnableToggle = () => {
  const record = useRecordContext<ScheduleRow>();
  const may = useMay(useSchemaResource());
  const notify = useNotify();
  const refresh = useRefresh();
  const { busy, run } = useBusyAction();
  if (!record || !may('update', record) || record.status === 'completed') return null;
  const enable = record.status === 'disabled';
  const toggle = () =>
    run(async () => {
      const { message } = await updateSchedule(record.id, { status: enable ? 'active' : 'disabled' });
      notify(message || `resources.schedules.actions.${enable ? 'enabled' : 'disabled'}`, { type: 'success' });
      refresh();
    });
  return (
    <ActionButton
      label={`resources.schedules.actions.${enable ? 'enable' : 'disable'}`}
      icon={enable ? <PlayCircle /> : <PauseCircle />}
      onClick={() => void toggle()}
      busy={busy}
    />
  );
};

/** A plan's row: View, Reschedule, Enable or Disable, Delete (as the permission table allows). */
export const ScheduleRowActions = () => (
  <>
    <ViewAndUpdate />
    <EnableToggle />
    <SchemaDeleteButton />
  </>
);

/**
 * The bot run menu's Schedule: the builder with this bot chosen, for who may create a plan in its
 * company.
 */
export const ScheduleBotButton = () => {
  const bot = useRecordContext<{ id: string; companyId?: string | null; type?: number; status?: string }>();
  const canSchedule = useCanDo(schedules);
  const canSee = useCanDo(bots);
  // Only an active Automated bot runs unattended (the server refuses a plan for any other).
  if (!bot || bot.type !== BOT_TYPE.automated || bot.status !== 'active') return null;
  if (!canSee('show', bot) || !canSchedule('create', { companyId: bot.companyId ?? null })) return null;
  return (
    <ActionButton
      label="resources.schedules.actions.schedule"
      icon={<Alarm />}
      to={`${pathsOf(schedules).create}?botId=${encodeURIComponent(bot.id)}`}
    />
  );
};
