import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

const R = 'resources.schedules.builder.rules';

/** How the times are read, in short: elapsed spans, wall-clock times, and the clock-change rule. */
export const RulesHelp = () => {
  const translate = useTranslate();
  return (
    <Box component="aside" aria-labelledby="schedule-rules-title" sx={{ mt: 1, color: 'text.secondary' }}>
      <Typography id="schedule-rules-title" variant="body2" component="h3" sx={{ fontWeight: 600 }}>
        {translate(`${R}.title`)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, typography: 'body2' }}>
        {(['elapsed', 'wallClock', 'gap', 'repeat'] as const).map((k) => (
          <li key={k}>{translate(`${R}.${k}`)}</li>
        ))}
      </Box>
    </Box>
  );
};
