import { Box, MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { SCHEDULE_FREQUENCIES } from '../../domain/schedule/duration';
import { CheckboxSet, useWeekDayOptions } from './CheckboxSet';
import { MonthlyFields } from './MonthlyFields';
import type { ScheduleForm } from './scheduleForm';

const F = 'resources.schedules';

/**
 * The frequency and only its own fields: minutely a number of minutes, hourly of hours (elapsed
 * time), daily a time, weekly a time and week days, monthly a time, months and the days.
 */
export const FrequencyFields = () => {
  const translate = useTranslate();
  const { control } = useFormContext<ScheduleForm>();
  const frequency = useWatch({ control, name: 'frequency' });
  const weekDays = useWeekDayOptions();
  const wallClock = frequency === 'daily' || frequency === 'weekly' || frequency === 'monthly';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Controller
        control={control}
        name="frequency"
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            label={translate(`${F}.fields.frequency`)}
            {...field}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? ' '}
            sx={{ maxWidth: 320 }}
          >
            {SCHEDULE_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {translate(`${F}.choices.frequency.${f}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {(frequency === 'minutely' || frequency === 'hourly') && (
        <Controller
          control={control}
          name="every"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              type="number"
              label={translate(`${F}.builder.${frequency === 'minutely' ? 'everyMinutes' : 'everyHours'}`)}
              {...field}
              slotProps={{ htmlInput: { min: 1, max: frequency === 'minutely' ? 59 : 23, step: 1 } }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? ' '}
              sx={{ maxWidth: 320 }}
            />
          )}
        />
      )}
      {wallClock && (
        <Controller
          control={control}
          name="time"
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              type="time"
              label={translate(`${F}.fields.time`)}
              {...field}
              slotProps={{ inputLabel: { shrink: true } }}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? translate(`${F}.builder.timeHelp`)}
              sx={{ maxWidth: 320 }}
            />
          )}
        />
      )}
      {frequency === 'weekly' && (
        <Controller
          control={control}
          name="weekDays"
          render={({ field, fieldState }) => (
            <CheckboxSet
              legend={translate(`${F}.fields.weekDays`)}
              options={weekDays}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {frequency === 'monthly' && <MonthlyFields />}
    </Box>
  );
};
