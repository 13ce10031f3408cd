import { Box, Checkbox, FormControl, FormControlLabel, FormHelperText, FormLabel } from '@mui/material';
import { useLocaleState } from 'react-admin';
import { monthName, weekDayName } from './scheduleWords';

export interface NumberOption {
  value: number;
  label: string;
}

/** Sunday first, as the model numbers them (0 = Sunday … 6 = Saturday), named in the chosen language. */
export function useWeekDayOptions(): NumberOption[] {
  const [locale] = useLocaleState();
  return [0, 1, 2, 3, 4, 5, 6].map((value) => ({ value, label: weekDayName(value, locale) }));
}

export function useMonthOptions(): NumberOption[] {
  const [locale] = useLocaleState();
  return Array.from({ length: 12 }, (_x, i) => ({ value: i + 1, label: monthName(i + 1, locale) }));
}

/** A group of checkboxes choosing several numbers (week days, months, dates), its message under it. */
export const CheckboxSet = ({
  legend,
  options,
  value,
  onChange,
  error,
  columns,
}: {
  legend: string;
  options: readonly NumberOption[];
  value: readonly number[];
  onChange: (value: number[]) => void;
  error?: string;
  /** A fixed grid (the 31 dates); otherwise the boxes wrap. */
  columns?: number;
}) => {
  const toggle = (n: number) => onChange(value.includes(n) ? value.filter((x) => x !== n) : [...value, n]);
  return (
    <FormControl component="fieldset" error={!!error} sx={{ my: 0.5 }}>
      <FormLabel component="legend">{legend}</FormLabel>
      <Box
        sx={
          columns
            ? { display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(56px, max-content))` }
            : { display: 'flex', flexWrap: 'wrap' }
        }
      >
        {options.map((o) => (
          <FormControlLabel
            key={o.value}
            control={<Checkbox size="small" checked={value.includes(o.value)} onChange={() => toggle(o.value)} />}
            label={o.label}
          />
        ))}
      </Box>
      <FormHelperText>{error ?? ' '}</FormHelperText>
    </FormControl>
  );
};
