import { useState, type ReactNode } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import { OUTCOMES, OUTCOME_COLOURS } from '../../domain/dashboard';
import { useT } from '../i18n/useT';

/** The outcomes' colours and names, the same under every chart. */
export const OutcomeLegend = () => {
  const t = useT();
  return (
    <Box component="ul" aria-hidden sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
      {OUTCOMES.map((o) => (
        <Box component="li" key={o} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: OUTCOME_COLOURS[o] }} />
          <Typography variant="body2">{t(`rpa.dashboard.outcomes.${o}`)}</Typography>
        </Box>
      ))}
    </Box>
  );
};

/** Hidden from sight, read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface ChartState {
  isPending: boolean;
  isError: boolean;
  empty: boolean;
  refetch: () => unknown;
}

interface Props {
  title: string;
  state: ChartState;
  chart: () => ReactNode;
  table: () => ReactNode;
  height?: number;
}

/**
 * One chart with its title, legend and text alternative: the same figures as a table, read by
 * screen readers under the chart and shown instead of it on demand. Loading, empty and error
 * states read like the lists'.
 */
export const ChartCard = ({ title, state, chart, table, height = 320 }: Props) => {
  const t = useT();
  const [asTable, setAsTable] = useState(false);
  let body: ReactNode;
  if (state.isPending) body = <LinearProgress aria-label={t('rpa.dashboard.loading')} sx={{ my: 4 }} />;
  else if (state.isError)
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" startIcon={<Refresh />} onClick={() => void state.refetch()}>
            {t('rpa.dashboard.retry')}
          </Button>
        }
      >
        <AlertTitle>{t('rpa.dashboard.error')}</AlertTitle>
      </Alert>
    );
  else if (state.empty)
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {t('rpa.dashboard.empty')}
      </Typography>
    );
  else
    body = asTable ? (
      <Box sx={{ overflowX: 'auto' }}>{table()}</Box>
    ) : (
      <>
        <Box sx={{ height, minWidth: 0 }}>{chart()}</Box>
        <Box sx={visuallyHidden}>{table()}</Box>
      </>
    );
  const ready = !state.isPending && !state.isError && !state.empty;
  return (
    <Card component="section" aria-label={title} sx={{ minWidth: 0, position: 'relative' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {ready && (
            <Button size="small" onClick={() => setAsTable(!asTable)} aria-pressed={asTable}>
              {t(asTable ? 'rpa.dashboard.showChart' : 'rpa.dashboard.showTable')}
            </Button>
          )}
        </Box>
        {ready && !asTable && <OutcomeLegend />}
        {body}
      </CardContent>
    </Card>
  );
};
