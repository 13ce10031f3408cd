import type { Outcome } from '../../domain/dashboard';

/**
 * What a chart's bar, point or segment stands for: an outcome, maybe a bot and a company, and
 * the instants it covers (a line graph's bucket; otherwise the report's whole period).
 */
export interface Segment {
  outcome?: Outcome;
  botId?: string | null;
  companyId?: string;
  from?: string;
  to?: string;
}

/** The period a report counted, as its answer states it (ISO instants: from included, to excluded). */
export interface Counted {
  from: string;
  to: string;
}

/**
 * The Current Status list filtered to a segment, with react-admin's `filter` query string: its
 * outcome, bot and company (a company user's list is their company's already), and the runs
 * created in its period — the segment's own, else the report's — so the list shows the runs
 * the chart counted.
 */
export function processesLink(segment: Segment, companyId?: string, period?: Counted): string {
  const filter: Record<string, string> = {};
  if (segment.outcome) filter.outcome = segment.outcome;
  if (segment.botId) filter.botId = segment.botId;
  const company = segment.companyId ?? companyId;
  if (company) filter.companyId = company;
  const from = segment.from ?? period?.from;
  const to = segment.to ?? period?.to;
  if (from) filter.createdFrom = from;
  if (to) filter.createdTo = to;
  return `/controlroom/process?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
