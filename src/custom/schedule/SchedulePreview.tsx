import { Alert, Box, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { fireNotes } from '../../domain/schedule';
import type { ScheduleDuration } from '../../domain/schedule/duration';
import { browserZone } from './scheduleForm';

/** An instant as people of a zone read it: "Monday, 4 January 2027 at 09:00". */
export const formatInZone = (instant: Date, timeZone: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(instant);

/**
 * The next fires of a plan, each in the schedule's zone and in the browser's, with a note beside
 * a fire that falls on a day the clocks change, or that resolves a local time the change skips
 * (it fires at the shifted time) or repeats (it fires once, at the first).
 */
export const FireList = ({ duration, fires }: { duration: ScheduleDuration; fires: readonly Date[] }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = duration.timezone;
  const local = browserZone();
  const notes = fireNotes(duration, [...fires]);
  if (fires.length === 0) return <Alert severity="warning">{translate('resources.schedules.builder.noFire')}</Alert>;
  return (
    <List dense disablePadding>
      {fires.map((fire, i) => {
        const note = notes[i];
        const inZone = translate('resources.schedules.builder.inZone', {
          time: formatInZone(fire, zone, locale),
          zone,
        });
        const inBrowser = translate('resources.schedules.builder.inBrowser', {
          time: formatInZone(fire, local, locale),
          zone: local,
        });
        return (
          <ListItem key={fire.toISOString()} disableGutters divider>
            <ListItemText
              primary={inZone}
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block' }}>
                    {inBrowser}
                  </Box>
                  {note && (
                    <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                      {translate(`resources.schedules.builder.notes.${note.kind}`)}
                    </Box>
                  )}
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
};

/** The builder's preview: its heading and the fires the server computed. */
export const SchedulePreview = ({ duration, fires }: { duration: ScheduleDuration; fires: readonly Date[] }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="schedule-preview-title" sx={{ mt: 2 }}>
      <Typography id="schedule-preview-title" variant="subtitle1" component="h2">
        {translate('resources.schedules.builder.previewTitle')}
      </Typography>
      <FireList duration={duration} fires={fires} />
    </Box>
  );
};
