import { Box } from '@mui/material';
import { bucketRange } from '../../domain/dashboard';
import { useT } from '../i18n/useT';
import { BotPerformanceChart } from './BotPerformanceChart';
import { ChartCard, type ChartState } from './ChartCard';
import { bucketLabel, LineGraphChart } from './LineGraphChart';
import { processesLink, type Counted, type Segment } from './links';
import { OutcomeTable } from './OutcomeTable';
import { SunburstChart } from './SunburstChart';
import { useReport, type ReportParams } from './useReports';

const finished = (row: { successful: number; failed: number; terminated: number }) =>
  row.successful + row.failed + row.terminated;

const stateOf = (q: { isPending: boolean; isError: boolean; refetch: () => unknown }, empty: boolean): ChartState => ({
  isPending: q.isPending,
  isError: q.isError,
  empty,
  refetch: q.refetch,
});

interface Props {
  params: ReportParams;
  enabled: boolean;
  phone: boolean;
  /** Opens the processes list of a segment of a report that counted `period`. */
  open: (segment: Segment, period?: Counted) => void;
}

/** The three charts, side by side on a wide screen, one under another on a phone. */
export const ReportCharts = ({ params, enabled, phone, open }: Props) => {
  const t = useT();
  const bots = useReport('botPerformance', params, enabled);
  const line = useReport('lineGraph', params, enabled);
  const sun = useReport('sunburst', params, enabled);
  // A click or a table's link carries the period the report counted (a line bucket its own).
  const linkOf = (period?: Counted) => (segment: Segment) => processesLink(segment, params.companyId, period);
  const openIn = (period?: Counted) => (segment: Segment) => open(segment, period);
  const zone = line.data?.period.timezone ?? params.timezone;
  const botRows = bots.data?.rows ?? [];
  const points = line.data?.rows ?? [];
  const sunRows = sun.data?.rows ?? [];
  const deleted = t('rpa.dashboard.deletedBot');
  const title = {
    bots: t('rpa.dashboard.charts.botPerformance'),
    line: t('rpa.dashboard.charts.lineGraph'),
    sun: t('rpa.dashboard.charts.sunburst'),
  };
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
    >
      <ChartCard
        title={title.bots}
        state={stateOf(bots, botRows.length === 0)}
        height={phone ? Math.max(240, botRows.length * 36) : 320}
        chart={() => <BotPerformanceChart rows={botRows} phone={phone} open={openIn(bots.data?.period)} />}
        table={() => (
          <OutcomeTable
            caption={title.bots}
            headers={[t('rpa.dashboard.table.bot')]}
            linkOf={linkOf(bots.data?.period)}
            rows={botRows.map((r, i) => ({
              ...r,
              key: `${r.botId ?? 'none'}:${i}`,
              cells: [r.botName || deleted],
              segment: { botId: r.botId },
            }))}
          />
        )}
      />
      <ChartCard
        title={title.line}
        state={stateOf(
          line,
          points.every((p) => finished(p) === 0),
        )}
        chart={() => <LineGraphChart points={points} phone={phone} timeZone={zone} open={openIn(line.data?.period)} />}
        table={() => (
          <OutcomeTable
            caption={title.line}
            headers={[t('rpa.dashboard.table.time')]}
            linkOf={linkOf(line.data?.period)}
            rows={points.map((p) => ({
              ...p,
              key: p.bucket,
              cells: [bucketLabel(p.bucket)],
              segment: { ...bucketRange(p.bucket, zone) },
            }))}
          />
        )}
      />
      <ChartCard
        title={title.sun}
        state={stateOf(sun, sunRows.length === 0)}
        height={phone ? 300 : 360}
        chart={() => <SunburstChart rows={sunRows} open={openIn(sun.data?.period)} />}
        table={() => (
          <OutcomeTable
            caption={title.sun}
            headers={[t('rpa.dashboard.table.company'), t('rpa.dashboard.table.bot')]}
            linkOf={linkOf(sun.data?.period)}
            rows={sunRows.map((r, i) => ({
              ...r,
              key: `${r.companyId}:${r.botId ?? 'none'}:${i}`,
              cells: [r.companyName, r.botName || deleted],
              segment: { companyId: r.companyId, botId: r.botId },
            }))}
          />
        )}
      />
    </Box>
  );
};
