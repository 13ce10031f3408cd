import { Box, Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { SCHEDULE_OVERLAPS } from '../../domain/schedule/duration';
import type { ScheduleForm } from './scheduleForm';

const F = 'resources.schedules';

/** Who gets the result mail, what a fire does behind a run still going, and non-working days. */
export const DeliveryFields = () => {
  const translate = useTranslate();
  const { control } = useFormContext<ScheduleForm>();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Controller
        control={control}
        name="recipients"
        render={({ field, fieldState }) => (
          <TextField
            size="small"
            label={translate(`${F}.fields.recipients`)}
            {...field}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? translate(`${F}.builder.recipientsHelp`)}
            sx={{ maxWidth: 640 }}
          />
        )}
      />
      <Controller
        control={control}
        name="overlap"
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            label={translate(`${F}.fields.overlap`)}
            {...field}
            error={!!fieldState.error}
            helperText={fieldState.error?.message ?? ' '}
            sx={{ maxWidth: 640 }}
          >
            {SCHEDULE_OVERLAPS.map((o) => (
              <MenuItem key={o} value={o}>
                {translate(`${F}.choices.overlap.${o}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="skipNonWorkingDays"
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            label={translate(`${F}.fields.skipNonWorkingDays`)}
          />
        )}
      />
    </Box>
  );
};
