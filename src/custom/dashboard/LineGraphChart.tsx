import { ResponsiveLine } from '@nivo/line';
import { bucketRange, OUTCOMES, OUTCOME_COLOURS, type LineGraphPoint, type Outcome } from '../../domain/dashboard';
import { useT } from '../i18n/useT';
import type { Segment } from './links';

/** A bucket's label on the axis: the hour of a day, or the day (day/month). */
export const bucketLabel = (bucket: string): string =>
  bucket.includes('T') ? bucket.slice(11, 16) : `${bucket.slice(8, 10)}/${bucket.slice(5, 7)}`;

/** Finished runs per local hour or day, one line per outcome; a point opens that outcome's runs. */
export const LineGraphChart = ({
  points,
  phone,
  timeZone,
  open,
}: {
  points: LineGraphPoint[];
  phone: boolean;
  /** The report's zone: a point opens the runs of its local hour or day. */
  timeZone: string;
  open: (segment: Segment) => void;
}) => {
  const t = useT();
  const data = OUTCOMES.map((o) => ({
    id: o,
    data: points.map((p) => ({ x: bucketLabel(p.bucket), y: p[o] })),
  }));
  // A label every few buckets, so they stay readable at phone width.
  const every = Math.max(1, Math.ceil(points.length / (phone ? 6 : 12)));
  const ticks = points.filter((_, i) => i % every === 0).map((p) => bucketLabel(p.bucket));
  return (
    <ResponsiveLine
      data={data}
      margin={{ top: 12, right: 16, bottom: 40, left: 44 }}
      colors={(series: { id: string }) => OUTCOME_COLOURS[series.id as Outcome]}
      xScale={{ type: 'point' }}
      yScale={{ type: 'linear', min: 0, max: 'auto' }}
      axisBottom={{ tickValues: ticks }}
      axisLeft={{ tickSize: 0 }}
      pointSize={6}
      useMesh
      enableSlices={false}
      lineWidth={2}
      onClick={(datum) => {
        if (!('seriesId' in datum)) return;
        const bucket = points[datum.indexInSeries]?.bucket;
        open({ outcome: datum.seriesId as Outcome, ...(bucket ? bucketRange(bucket, timeZone) : {}) });
      }}
      tooltip={({ point }) => (
        <div style={{ background: 'white', padding: '4px 8px', border: '1px solid #ccc' }}>
          {point.data.xFormatted} – {t(`rpa.dashboard.outcomes.${point.seriesId}`)}: {point.data.yFormatted}
        </div>
      )}
      role="img"
      ariaLabel={t('rpa.dashboard.charts.lineGraph')}
    />
  );
};
