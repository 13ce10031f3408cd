import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { PROCESS_STATUS } from '../../domain';
import { processes } from '../../domain/declarations';
import { useChoiceLabel } from '../schema';

/**
 * White text on MUI's warning orange is below the 4.5:1 contrast of small text: an orange chip
 * (Canceled) gets the lighter orange behind black text instead.
 */
export const WARNING_CHIP_SX = { bgcolor: 'warning.light', color: 'common.black' } as const;
/** White on MUI's info blue is below 4.5:1 as well: the Running chip takes the darker blue. */
const INFO_CHIP_SX = { bgcolor: 'info.dark' } as const;
const CHIP_SX: Partial<Record<number, ChipProps['sx']>> = {
  [PROCESS_STATUS.running]: INFO_CHIP_SX,
  [PROCESS_STATUS.canceled]: WARNING_CHIP_SX,
};

const COLORS: Record<number, ChipProps['color']> = {
  [PROCESS_STATUS.pending]: 'default',
  [PROCESS_STATUS.running]: 'info',
  [PROCESS_STATUS.executed]: 'success',
  [PROCESS_STATUS.failed]: 'error',
  [PROCESS_STATUS.canceled]: 'default',
  [PROCESS_STATUS.agentDisconnected]: 'error',
};

/** A process id as people quote it: its first 8 characters (the whole id as a tooltip). */
export const shortId = (id: string): string => id.slice(0, 8);

export const ShortIdValue = () => {
  const record = useRecordContext<{ id: string }>();
  if (!record) return null;
  return (
    <span title={record.id} style={{ fontFamily: 'monospace' }}>
      {shortId(String(record.id))}
    </span>
  );
};

/** Pending, Running, Executed, Error, Canceled, Agent Disconnected as a chip. */
export const ProcessStatusValue = () => {
  const record = useRecordContext<{ status?: number }>();
  const choiceLabel = useChoiceLabel(processes);
  if (typeof record?.status !== 'number') return <>—</>;
  return (
    <Chip
      size="small"
      color={COLORS[record.status] ?? 'default'}
      variant={record.status === PROCESS_STATUS.pending ? 'outlined' : 'filled'}
      sx={CHIP_SX[record.status]}
      label={choiceLabel('status', record.status)}
    />
  );
};

/** 3725 → "1:02:05", 65 → "1:05": the same in every language. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export const DurationValue = () => {
  const record = useRecordContext<{ duration?: number | null }>();
  return typeof record?.duration === 'number' ? <>{formatDuration(record.duration)}</> : <>—</>;
};
