import type { Outcome } from '../../domain/dashboard';

/** What a chart's bar, point or segment stands for: an outcome, and maybe a bot and a company. */
export interface Segment {
  outcome?: Outcome;
  botId?: string | null;
  companyId?: string;
}

/**
 * The Current Status list filtered to a segment, with react-admin's `filter` query string: its
 * outcome, bot and company (a company user's list is their company's already).
 */
export function processesLink(segment: Segment, companyId?: string): string {
  const filter: Record<string, string> = {};
  if (segment.outcome) filter.outcome = segment.outcome;
  if (segment.botId) filter.botId = segment.botId;
  const company = segment.companyId ?? companyId;
  if (company) filter.companyId = company;
  return `/controlroom/process?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
