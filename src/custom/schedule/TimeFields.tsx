import { useMemo } from 'react';
import { Autocomplete, Box, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { currentZoneName, type ScheduleForm } from './scheduleForm';

const F = 'resources.schedules';

/** Every zone the browser knows (by its current name), the given one too when it is not listed. */
export function zoneOptions(current: string): string[] {
  const zones = [...new Set(Intl.supportedValuesOf('timeZone').map(currentZoneName))].sort();
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The time zone (searchable), the start and the optional end, both local in that zone. */
export const TimeFields = () => {
  const translate = useTranslate();
  const { control, getValues } = useFormContext<ScheduleForm>();
  const zones = useMemo(() => zoneOptions(getValues('timezone')), [getValues]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Controller
        control={control}
        name="timezone"
        render={({ field, fieldState }) => (
          <Autocomplete
            options={zones}
            value={field.value || null}
            onChange={(_e, zone) => field.onChange(zone ?? '')}
            autoHighlight
            // MUI's own names of its buttons are English: react-admin's, in the chosen language.
            openText={translate('ra.action.open')}
            closeText={translate('ra.action.close')}
            clearText={translate('ra.action.clear_input_value')}
            noOptionsText={translate('ra.navigation.no_results')}
            sx={{ maxWidth: 420 }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={translate(`${F}.fields.timezone`)}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? translate(`${F}.builder.timezoneHelp`)}
              />
            )}
          />
        )}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {(['startDate', 'endDate'] as const).map((name) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <TextField
                size="small"
                type="datetime-local"
                label={translate(`${F}.fields.${name}`)}
                {...field}
                slotProps={{ inputLabel: { shrink: true } }}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ??
                  translate(`${F}.builder.${name === 'startDate' ? 'startHelp' : 'endHelp'}`)
                }
                sx={{ flex: '1 1 240px', maxWidth: 320 }}
              />
            )}
          />
        ))}
      </Box>
    </Box>
  );
};
