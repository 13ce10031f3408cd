import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { DashboardSummary } from '../../domain/dashboard';
import { useLanguage, useT } from '../i18n/useT';

const Figure = ({ label, value }: { label: string; value?: string }) => (
  <Paper variant="outlined" component="section" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary" noWrap title={label}>
      {label}
    </Typography>
    <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
      {value ?? <Skeleton width={60} />}
    </Typography>
  </Paper>
);

/** The figures above the charts: runs, success rate, agents connected, queue length, next scheduled fire. */
export const Figures = ({ summary }: { summary?: DashboardSummary }) => {
  const t = useT();
  const locale = useLanguage();
  const number = (n: number) => n.toLocaleString(locale);
  const next = summary?.nextFireAt
    ? new Date(summary.nextFireAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
    : t('rpa.dashboard.figures.none');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, 1fr)' },
      }}
    >
      <Figure label={t('rpa.dashboard.figures.runs')} value={summary && number(summary.runs)} />
      <Figure
        label={t('rpa.dashboard.figures.successRate')}
        value={summary && (summary.successRate === null ? '–' : `${summary.successRate.toLocaleString(locale)} %`)}
      />
      <Figure label={t('rpa.dashboard.figures.agentsConnected')} value={summary && number(summary.agentsConnected)} />
      <Figure label={t('rpa.dashboard.figures.queueLength')} value={summary && number(summary.queueLength)} />
      <Figure label={t('rpa.dashboard.figures.nextFire')} value={summary && next} />
    </Box>
  );
};
