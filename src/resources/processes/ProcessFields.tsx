import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { processStatusTone, type StatusTone } from '../../domain';
import { processes } from '../../domain/declarations';
import { useChoiceLabel } from '../schema';

/**
 * White text on MUI's warning orange is below the 4.5:1 contrast of small text: an orange chip
 * (Canceled) gets the lighter orange behind black text instead.
 */
export const WARNING_CHIP_SX = { bgcolor: 'warning.light', color: 'common.black' } as const;
/** White text on MUI's info blue is 3.9:1: a Running chip gets the darker blue (over 7:1). */
const INFO_CHIP_SX = { bgcolor: 'info.dark', color: 'common.white' } as const;

/** Each tone of the domain as a chip: the palette colour, or the contrast-safe orange. */
const TONE_PROPS: Record<StatusTone, Pick<ChipProps, 'color' | 'variant' | 'sx'>> = {
  neutral: { color: 'default', variant: 'outlined' },
  info: { color: 'info', variant: 'filled', sx: INFO_CHIP_SX },
  success: { color: 'success', variant: 'filled' },
  error: { color: 'error', variant: 'filled' },
  warning: { color: 'warning', variant: 'filled', sx: WARNING_CHIP_SX },
};

/** A status as a chip, its label and colour the same on every screen that shows one. */
export const ProcessStatusChip = ({ status }: { status: number }) => {
  const choiceLabel = useChoiceLabel(processes);
  return <Chip size="small" {...TONE_PROPS[processStatusTone(status)]} label={choiceLabel('status', status)} />;
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
  if (typeof record?.status !== 'number') return <>—</>;
  return <ProcessStatusChip status={record.status} />;
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

type ReasonRecord = {
  reason?: string | null;
  reasonKey?: string | null;
  reasonValues?: Record<string, unknown> | null;
};

/**
 * Why a run ended, in the reader's language: its reason key translated with its values (the
 * user who stopped it, the timeout); the server's English text for a key this version does not
 * know, and for runs stored before reasons had keys.
 */
export const ReasonValue = () => {
  const record = useRecordContext<ReasonRecord>();
  const translate = useTranslate();
  const english = record?.reason || '—';
  if (!record?.reasonKey) return <>{english}</>;
  return <>{translate(`resources.processes.reasons.${record.reasonKey}`, { ...record.reasonValues, _: english })}</>;
};

/**
 * Who or what started the run: the person for a manual run ("Ada Lovelace (manual run)"), the
 * schedule or the e-mail otherwise.
 */
export const SourceValue = () => {
  const record = useRecordContext<{ source?: string; userName?: string | null }>();
  const translate = useTranslate();
  if (typeof record?.source !== 'string') return <>—</>;
  const name = record.userName ?? translate('resources.processes.startedBy.someone');
  return <>{translate(`resources.processes.startedBy.${record.source}`, { name, _: record.source })}</>;
};
