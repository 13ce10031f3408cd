import type { OutcomeCounts } from './outcomes';
import type { PeriodBucket } from './period';

/** The period a report covers, as the server read it: instants in UTC, local days and the graph's bucket. */
export interface ReportPeriod {
  from: string;
  to: string;
  timezone: string;
  days: string[];
  bucket: PeriodBucket;
}

/** One bot's finished runs of the period (bot performance); `botId` null for a deleted bot. */
export interface BotPerformanceRow extends OutcomeCounts {
  botId: string | null;
  botName: string;
}

/** One bucket of the line graph: a local hour (`YYYY-MM-DDTHH:00`) or a local day (`YYYY-MM-DD`). */
export interface LineGraphPoint extends OutcomeCounts {
  bucket: string;
}

/** One company's bot of the sunburst (company → bot → outcome). */
export interface SunburstRow extends BotPerformanceRow {
  companyId: string;
  companyName: string;
}

/** The figures above the charts. */
export interface DashboardSummary extends OutcomeCounts {
  /** Runs created in the period, finished or not. */
  runs: number;
  /** Percent of the finished runs that succeeded; null when none finished. */
  successRate: number | null;
  /** Agents connected now. */
  agentsConnected: number;
  /** Runs waiting now in an agent's queue. */
  queueLength: number;
  /** The next fire of an active schedule (UTC, ISO 8601), or null. */
  nextFireAt: string | null;
}

export interface Report<T> {
  period: ReportPeriod;
  rows: T;
}

/** The dashboard's report routes (under /api), by report. */
export const DASHBOARD_ROUTES = {
  summary: '/dashboard-report/summary',
  botPerformance: '/dashboard-report/bot-performance',
  lineGraph: '/dashboard-report/line-graph',
  sunburst: '/dashboard-report/sunburst-chart',
} as const;
export type DashboardReport = keyof typeof DASHBOARD_ROUTES;
