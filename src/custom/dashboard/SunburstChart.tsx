import { ResponsiveSunburst } from '@nivo/sunburst';
import { OUTCOMES, OUTCOME_COLOURS, type Outcome, type SunburstRow } from '../../domain/dashboard';
import { useT } from '../i18n/useT';
import type { Segment } from './links';

interface Node {
  id: string;
  name: string;
  segment: Segment;
  outcome?: Outcome;
  value?: number;
  children?: Node[];
}

/** Company → bot → outcome as nested rings; the companies and bots in greys, the outcomes in their colours. */
export function sunburstTree(rows: SunburstRow[], label: (o: Outcome) => string, deleted: string): Node {
  const companies = new Map<string, Node>();
  rows.forEach((row, i) => {
    let company = companies.get(row.companyId);
    if (!company) {
      company = { id: row.companyId, name: row.companyName, segment: { companyId: row.companyId }, children: [] };
      companies.set(row.companyId, company);
    }
    const botSegment = { companyId: row.companyId, botId: row.botId };
    const bot: Node = {
      id: `${row.companyId}/${row.botId ?? 'none'}/${i}`,
      name: row.botName || deleted,
      segment: botSegment,
      children: OUTCOMES.filter((o) => row[o] > 0).map((o) => ({
        id: `${row.companyId}/${row.botId ?? 'none'}/${i}/${o}`,
        name: label(o),
        outcome: o,
        value: row[o],
        segment: { ...botSegment, outcome: o },
      })),
    };
    company.children?.push(bot);
  });
  return { id: 'root', name: '', segment: {}, children: [...companies.values()] };
}

const GREYS = ['#4D4D4D', '#9E9E9E'];

export const SunburstChart = ({ rows, open }: { rows: SunburstRow[]; open: (segment: Segment) => void }) => {
  const t = useT();
  const label = (o: Outcome) => t(`rpa.dashboard.outcomes.${o}`);
  const tree = sunburstTree(rows, label, t('rpa.dashboard.deletedBot'));
  // The chart has no accessible name of its own: its box gives it one (the table under it reads its figures).
  return (
    <div role="img" aria-label={t('rpa.dashboard.charts.sunburst')} style={{ height: '100%' }}>
      <ResponsiveSunburst<Node>
        data={tree}
        id="id"
        value="value"
        margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        cornerRadius={2}
        borderColor="#ffffff"
        borderWidth={1}
        inheritColorFromParent={false}
        colors={(d) => (d.data.outcome ? OUTCOME_COLOURS[d.data.outcome] : GREYS[(d.depth - 1) % GREYS.length])}
        enableArcLabels={false}
        tooltip={(d) => (
          <div style={{ background: 'white', padding: '4px 8px', border: '1px solid #ccc' }}>
            {d.data.name}: {d.value}
          </div>
        )}
        onClick={(d) => open(d.data.segment)}
        role="presentation"
      />
    </div>
  );
};
