import { Chip, type ChipProps } from '@mui/material';
import { useContext } from 'react';
import { ListContext, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { parseDuration } from '../../domain/schedule';
import type { ScheduleOutcome, ScheduleStatus } from '../../domain/schedule/duration';
import { describeDuration } from '../../custom/schedule/scheduleWords';
import { WARNING_CHIP_SX } from '../processes/ProcessFields';

type ScheduleRow = { duration?: unknown; status?: ScheduleStatus; lastOutcome?: ScheduleOutcome | null };

/** The plan in words ("Every weekday at 09:00 (Asia/Kolkata)"), from the duration the row carries as JSON. */
export function usePlanWords(): (duration: unknown) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (duration) => describeDuration(parseDuration(duration), translate, locale);
}

export const PlanWords = () => {
  const record = useRecordContext<ScheduleRow>();
  const words = usePlanWords();
  return <>{record ? words(record.duration) || '—' : null}</>;
};

/** Chips readable at small sizes (4.5:1): orange and blue as the process chips draw them. */
const TONES = {
  success: { color: 'success', variant: 'filled' },
  warning: { color: 'warning', variant: 'filled', sx: WARNING_CHIP_SX },
  error: { color: 'error', variant: 'filled' },
  info: { color: 'info', variant: 'filled', sx: { bgcolor: 'info.dark', color: 'common.white' } },
  neutral: { color: 'default', variant: 'outlined' },
} as const satisfies Record<string, Pick<ChipProps, 'color' | 'variant' | 'sx'>>;

const OUTCOME_TONE = { fired: TONES.success, skipped: TONES.warning, missed: TONES.error } as const;

/** A fire's outcome as a chip: fired green, skipped amber, missed red. */
export const OutcomeChip = ({ outcome, resource }: { outcome: unknown; resource: 'schedules' | 'scheduleHistory' }) => {
  const translate = useTranslate();
  if (outcome !== 'fired' && outcome !== 'skipped' && outcome !== 'missed') return <>—</>;
  const field = resource === 'schedules' ? 'lastOutcome' : 'outcome';
  return (
    <Chip
      size="small"
      {...OUTCOME_TONE[outcome]}
      label={translate(`resources.${resource}.choices.${field}.${outcome}`)}
    />
  );
};

export const LastOutcomeValue = () => {
  const record = useRecordContext<ScheduleRow>();
  return record ? <OutcomeChip outcome={record.lastOutcome} resource="schedules" /> : null;
};

const STATUS_TONE = { active: TONES.success, disabled: TONES.neutral, completed: TONES.info } as const;

export const StatusValue = () => {
  const record = useRecordContext<ScheduleRow>();
  const translate = useTranslate();
  const status = record?.status;
  if (status !== 'active' && status !== 'disabled' && status !== 'completed') return <>—</>;
  return (
    <Chip size="small" {...STATUS_TONE[status]} label={translate(`resources.schedules.choices.status.${status}`)} />
  );
};

/**
 * The frequency: in a list, the whole plan in words (the list's one column for it); on the
 * details page, which shows the plan in words on its own row, the frequency's name.
 */
export const FrequencyValue = () => {
  const inList = useContext(ListContext) !== null;
  const record = useRecordContext<ScheduleRow & { frequency?: string }>();
  const translate = useTranslate();
  if (inList) return <PlanWords />;
  return record?.frequency ? <>{translate(`resources.schedules.choices.frequency.${record.frequency}`)}</> : <>—</>;
};
