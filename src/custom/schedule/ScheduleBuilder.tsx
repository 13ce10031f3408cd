import { useMemo } from 'react';
import { Box } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { schedules } from '../../domain/declarations/schedules';
import { parseDuration } from '../../domain/schedule';
import type { ScheduleOverlap } from '../../domain/schedule/duration';
import { ListLoading } from '../../resources/schema/ListStates';
import { NotAllowed } from '../../resources/schema/NotAllowed';
import { PageHeading, pathsOf, showPathOf, useMay, type SchemaResource } from '../../resources/schema';
import { useRecordGone } from '../../resources/schema/useServerError';
import { BuilderForm } from './BuilderForm';
import { browserZone, durationToForm, localDateTime, newForm, type ScheduleForm } from './scheduleForm';
import { storedParameters } from './ScheduleParameters';

const detailsOf = (id: string) => showPathOf(schedules, id);

/** A new plan (Scheduled Plans' Create, or a bot's Schedule with `?botId=`): in the browser's zone, from now. */
export const ScheduleCreate = () => {
  const translate = useTranslate();
  const [search] = useSearchParams();
  const initial = useMemo(() => {
    const zone = browserZone();
    return { ...newForm(zone, localDateTime(new Date(), zone)), botId: search.get('botId') ?? '' };
  }, [search]);
  return (
    <Box sx={{ px: 2 }}>
      <PageHeading title={translate('resources.schedules.page.create')} />
      <BuilderForm initial={initial} onSaved={detailsOf} />
    </Box>
  );
};

type ScheduleRecord = {
  id: string;
  botId?: string | null;
  agentId?: string | null;
  duration?: string;
  parameters?: unknown;
  recipients?: unknown;
  overlap?: ScheduleOverlap;
  skipNonWorkingDays?: boolean;
  userId?: string;
  companyId?: string | null;
};

/** The form of a stored plan: its duration (a JSON string) and the rest of it. */
function formOf(record: ScheduleRecord): ScheduleForm {
  const zone = browserZone();
  const base = newForm(zone, localDateTime(new Date(), zone));
  const d = parseDuration(record.duration);
  const recipients = Array.isArray(record.recipients) ? record.recipients.filter((r) => typeof r === 'string') : [];
  return {
    ...base,
    ...(d ? durationToForm(d) : {}),
    botId: record.botId ?? '',
    agentId: record.agentId ?? '',
    recipients: recipients.join(', '),
    overlap: record.overlap ?? 'queue',
    skipNonWorkingDays: record.skipNonWorkingDays === true,
  };
}

/** Reschedule a plan: the builder filled with it; only who may update it gets the form. */
export const ScheduleReschedule = ({ resource }: { resource: SchemaResource }) => {
  const translate = useTranslate();
  const { id = '' } = useParams();
  const onGone = useRecordGone(pathsOf(schedules).list);
  const may = useMay(resource);
  const { data, isPending } = useGetOne<ScheduleRecord>('schedules', { id }, { enabled: !!id, onError: onGone });
  const initial = useMemo(() => (data ? formOf(data) : undefined), [data]);
  let content = <ListLoading />;
  if (!isPending && data && initial)
    content = may('update', data) ? (
      <BuilderForm
        initial={initial}
        rescheduled={{ id: data.id, parameters: storedParameters(data.parameters) }}
        onSaved={detailsOf}
      />
    ) : (
      <NotAllowed />
    );
  return (
    <Box sx={{ px: 2 }}>
      <PageHeading title={translate('resources.schedules.page.edit')} />
      {content}
    </Box>
  );
};
