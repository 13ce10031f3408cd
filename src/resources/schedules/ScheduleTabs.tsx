import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { parseDuration } from '../../domain/schedule';
import { FireList } from '../../custom/schedule/SchedulePreview';
import { StoredParameters, storedParameters } from '../../custom/schedule/ScheduleParameters';
import { SchemaList } from '../schema';
import { scheduleHistoryResource } from '../scheduleHistory';

type ScheduleDetails = {
  id: string;
  duration?: unknown;
  nextFires?: unknown;
  parameters?: unknown;
  recipients?: unknown;
};

const instants = (value: unknown): Date[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is string => typeof v === 'string')
        .map((v) => new Date(v))
        .filter((d) => !Number.isNaN(d.getTime()))
    : [];

/** The next five fires the server computed for the plan, in its zone and the browser's, with clock-change notes. */
export const NextFiresTab = () => {
  const record = useRecordContext<ScheduleDetails>();
  const translate = useTranslate();
  const duration = parseDuration(record?.duration);
  if (!record || !duration) return null;
  const fires = instants(record.nextFires);
  return fires.length === 0 ? (
    <Typography color="text.secondary">{translate('resources.schedules.noFire')}</Typography>
  ) : (
    <FireList duration={duration} fires={fires} />
  );
};

/** The parameters by name (encrypted values masked) and who gets each run's result. */
export const ParametersTab = () => {
  const record = useRecordContext<ScheduleDetails>();
  const translate = useTranslate();
  if (!record) return null;
  const recipients = Array.isArray(record.recipients)
    ? record.recipients.filter((r): r is string => typeof r === 'string')
    : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="section" aria-labelledby="schedule-parameters">
        <Typography id="schedule-parameters" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate('resources.schedules.fields.parameters')}
        </Typography>
        <StoredParameters parameters={storedParameters(record.parameters)} />
      </Box>
      <Box component="section" aria-labelledby="schedule-recipients">
        <Typography id="schedule-recipients" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate('resources.schedules.fields.recipients')}
        </Typography>
        {recipients.length === 0 ? (
          <Typography color="text.secondary">{translate('resources.schedules.noRecipients')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {recipients.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
};

/** The plan's fires: Scheduled History filtered by this plan. */
export const HistoryTab = () => {
  const record = useRecordContext<ScheduleDetails>();
  if (!record) return null;
  return <SchemaList resource={scheduleHistoryResource} filter={{ scheduleId: record.id }} embedded />;
};
