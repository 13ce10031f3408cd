import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DASHBOARD_ROUTES,
  type BotPerformanceRow,
  type DashboardPeriod,
  type DashboardReport,
  type DashboardSummary,
  type LineGraphPoint,
  type Report,
  type SunburstRow,
} from '../../domain/dashboard';
import { apiFetch } from '../../dataProvider/apiFetch';
import { onLiveNotification } from '../realtime/liveEvents';

/** What every report is asked with: the period in the viewer's zone and, for platform roles, a company. */
export interface ReportParams {
  period: DashboardPeriod;
  from?: string;
  to?: string;
  timezone: string;
  companyId?: string;
}

interface Rows {
  summary: DashboardSummary;
  botPerformance: BotPerformanceRow[];
  lineGraph: LineGraphPoint[];
  sunburst: SunburstRow[];
}

const QUERY_KEY = 'dashboardReports';
/** A burst of notifications (a schedule firing many runs) refetches once, this long after the last. */
const LIVE_DEBOUNCE_MS = 1500;

/** The viewer's IANA zone, as the browser knows it. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useReport<K extends DashboardReport>(report: K, params: ReportParams, enabled = true) {
  return useQuery({
    queryKey: [QUERY_KEY, report, params],
    queryFn: async ({ signal }) => {
      const res = await apiFetch<{ message: string; data: Report<Rows[K]> }>(DASHBOARD_ROUTES[report], {
        query: { ...params },
        signal,
      });
      return res.data;
    },
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Refetch the reports when runs or agents change: processes move the charts, agents the figures. */
export function useLiveReports(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onLiveNotification((n) => {
      if (n.type !== 'process' && n.type !== 'agent' && n.type !== 'schedule') return;
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: [QUERY_KEY] }), LIVE_DEBOUNCE_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [queryClient]);
}
