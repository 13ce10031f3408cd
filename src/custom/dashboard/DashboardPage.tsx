import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { isPlatformRole } from '../../domain';
import { parseLocalDate } from '../../domain/dashboard';
import { usePhone } from '../layout/usePhone';
import { useT } from '../i18n/useT';
import { useSessionUser } from '../session/useSession';
import { Figures } from './Figures';
import { processesLink, type Counted, type Segment } from './links';
import { PeriodPicker } from './PeriodPicker';
import { ReportCharts } from './ReportCharts';
import { browserTimeZone, useLiveReports, useReport, type ReportParams } from './useReports';

/** A custom period is asked once both of its dates are real. */
const complete = (p: ReportParams) =>
  p.period !== 'custom' || (parseLocalDate(p.from) !== undefined && parseLocalDate(p.to) !== undefined);

/**
 * /controlroom: the figures and the three charts of the runs of a period, in the viewer's time
 * zone, refetched when live notifications say runs or agents changed.
 */
export const DashboardPage = () => {
  const t = useT();
  const user = useSessionUser();
  const phone = usePhone();
  const navigate = useNavigate();
  const [params, setParams] = useState<ReportParams>(() => ({ period: 'today', timezone: browserTimeZone() }));
  const ready = complete(params);
  const summary = useReport('summary', params, ready);
  useLiveReports();
  if (!user) return null;
  const open = (segment: Segment, period?: Counted) => void navigate(processesLink(segment, params.companyId, period));
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={t('rpa.dashboard.title')} />
      <Box>
        <Typography variant="h5" component="h1">
          {t('rpa.dashboard.welcome', { name: user.fullName })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('rpa.dashboard.zone', { zone: params.timezone })}
        </Typography>
      </Box>
      <PeriodPicker params={params} onChange={setParams} companyFilter={isPlatformRole(user.role)} />
      <Figures summary={summary.data?.rows} />
      <ReportCharts params={params} enabled={ready} phone={phone} open={open} />
    </Box>
  );
};
