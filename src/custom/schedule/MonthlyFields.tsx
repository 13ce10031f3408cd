import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useLocaleState, useTranslate } from 'react-admin';
import { MONTH_WEEKS, SCHEDULE_MODES, type MonthDay } from '../../domain/schedule/duration';
import { CheckboxSet, useMonthOptions } from './CheckboxSet';
import { hasMonthDay, toggleMonthDay, type ScheduleForm } from './scheduleForm';
import { weekDayName } from './scheduleWords';

const F = 'resources.schedules';
const DATES = Array.from({ length: 31 }, (_x, i) => ({ value: i + 1, label: String(i + 1) }));
const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6];

/**
 * The days of the month as a grid: a row per week of the month (first … fourth, last), a column
 * per week day; each box is named in full ("Last Friday") for who cannot see the grid.
 */
const DaysGrid = ({
  value,
  onChange,
  error,
}: {
  value: readonly MonthDay[];
  onChange: (days: MonthDay[]) => void;
  error?: string;
}) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const short = (d: number) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + d)));
  return (
    <FormControl component="fieldset" error={!!error} sx={{ my: 0.5 }}>
      <FormLabel component="legend">{translate(`${F}.fields.days`)}</FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content repeat(7, 44px)', alignItems: 'center' }}>
        <span />
        {WEEK_DAYS.map((d) => (
          <Box key={d} component="span" aria-hidden sx={{ textAlign: 'center', fontSize: 12 }}>
            {short(d)}
          </Box>
        ))}
        {MONTH_WEEKS.map((week) => {
          const weekLabel = translate(`${F}.builder.weekLabels.${week}`);
          return (
            <Box key={week} sx={{ display: 'contents' }}>
              <Box component="span" aria-hidden sx={{ pr: 1, fontSize: 14 }}>
                {weekLabel}
              </Box>
              {WEEK_DAYS.map((weekDay) => (
                <Checkbox
                  key={weekDay}
                  size="small"
                  checked={hasMonthDay(value, { week, weekDay })}
                  onChange={() => onChange(toggleMonthDay(value, { week, weekDay }))}
                  slotProps={{
                    input: {
                      'aria-label': translate(`${F}.builder.dayCell`, {
                        week: weekLabel,
                        weekDay: weekDayName(weekDay, locale),
                      }),
                    },
                  }}
                />
              ))}
            </Box>
          );
        })}
      </Box>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
};

/** Monthly: the months, then day wise (weeks × week days) or date wise (1–31). */
export const MonthlyFields = () => {
  const translate = useTranslate();
  const { control } = useFormContext<ScheduleForm>();
  const mode = useWatch({ control, name: 'mode' });
  const months = useMonthOptions();
  return (
    <>
      <Controller
        control={control}
        name="months"
        render={({ field, fieldState }) => (
          <CheckboxSet
            legend={translate(`${F}.fields.months`)}
            options={months}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="mode"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={!!fieldState.error}>
            <FormLabel component="legend">{translate(`${F}.fields.mode`)}</FormLabel>
            <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              {SCHEDULE_MODES.map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio size="small" />}
                  label={translate(`${F}.choices.mode.${m}`)}
                />
              ))}
            </RadioGroup>
            <FormHelperText>{fieldState.error?.message ?? ' '}</FormHelperText>
          </FormControl>
        )}
      />
      {mode === 'dateWise' && (
        <Controller
          control={control}
          name="dates"
          render={({ field, fieldState }) => (
            <CheckboxSet
              legend={translate(`${F}.fields.dates`)}
              options={DATES}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              columns={7}
            />
          )}
        />
      )}
      {mode === 'dayWise' && (
        <Controller
          control={control}
          name="days"
          render={({ field, fieldState }) => (
            <DaysGrid value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
          )}
        />
      )}
    </>
  );
};
