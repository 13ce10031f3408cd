import { ResponsiveBar } from '@nivo/bar';
import { OUTCOMES, OUTCOME_COLOURS, type BotPerformanceRow, type Outcome } from '../../domain/dashboard';
import { useT } from '../i18n/useT';
import type { Segment } from './links';

interface BarDatum {
  [key: string]: string | number;
  bot: string;
  key: string;
  successful: number;
  failed: number;
  terminated: number;
}

/** Finished runs per bot, stacked by outcome; a bar's part opens that bot's runs of that outcome. */
export const BotPerformanceChart = ({
  rows,
  phone,
  open,
}: {
  rows: BotPerformanceRow[];
  phone: boolean;
  open: (segment: Segment) => void;
}) => {
  const t = useT();
  const botName = (row: BotPerformanceRow) => row.botName || t('rpa.dashboard.deletedBot');
  const data: BarDatum[] = rows.map((row, i) => ({
    bot: botName(row),
    key: `${row.botId ?? 'none'}:${i}`,
    successful: row.successful,
    failed: row.failed,
    terminated: row.terminated,
  }));
  const byKey = new Map(data.map((d, i) => [d.key, rows[i]]));
  const label = (o: Outcome) => t(`rpa.dashboard.outcomes.${o}`);
  return (
    <ResponsiveBar<BarDatum>
      data={data}
      keys={[...OUTCOMES]}
      indexBy="key"
      layout={phone ? 'horizontal' : 'vertical'}
      margin={phone ? { top: 8, right: 12, bottom: 32, left: 96 } : { top: 8, right: 12, bottom: 56, left: 48 }}
      padding={0.3}
      colors={({ id }) => OUTCOME_COLOURS[id as Outcome]}
      axisBottom={
        phone
          ? { tickSize: 0 }
          : { tickRotation: data.length > 6 ? -30 : 0, format: (key: string) => byKey.get(key)?.botName ?? '' }
      }
      axisLeft={phone ? { format: (key: string) => truncate(byKey.get(key)?.botName ?? '') } : { tickSize: 0 }}
      enableLabel={false}
      tooltipLabel={(d) => `${d.data.bot} – ${label(d.id as Outcome)}`}
      onClick={(d) => open({ outcome: d.id as Outcome, botId: byKey.get(String(d.indexValue))?.botId ?? null })}
      // The bars carry no names of their own (an SVG rect may not): the table under the chart reads them.
      role="img"
      ariaLabel={t('rpa.dashboard.charts.botPerformance')}
      theme={{ text: { fontSize: 12 } }}
    />
  );
};

const truncate = (s: string) => (s.length > 14 ? `${s.slice(0, 13)}…` : s);
