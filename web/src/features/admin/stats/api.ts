import { useQuery } from '@tanstack/react-query';
import type { StatsInterval, StatsTopKind, VisitSeries, VisitTop } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, apiDownload, endpoint, saveBlob } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export interface StatsPeriod {
  from: string;
  to: string;
}

/** `GET /api/admin/stats/visits`: page views and visitors per day or hour, with the period before. */
export function useVisitSeries(period: StatsPeriod, interval: StatsInterval) {
  const query = { ...period, interval };
  return useQuery({
    queryKey: queryKeys.admin.stats.visits(query),
    queryFn: () => apiCall<VisitSeries>(endpoint(endpointRoutes.visitStats.series), { query }),
  });
}

/** `GET /api/admin/stats/top`: the ten values of a kind with the most views, with the period before. */
export function useVisitTop(period: StatsPeriod, kind: StatsTopKind) {
  const query = { ...period, kind };
  return useQuery({
    queryKey: queryKeys.admin.stats.top(query),
    queryFn: () => apiCall<VisitTop>(endpoint(endpointRoutes.visitStats.top), { query }),
  });
}

/** `GET /api/admin/stats/export`: the period's workbook, saved by the browser. */
export async function downloadVisits(period: StatsPeriod): Promise<void> {
  const { blob, fileName } = await apiDownload(endpoint(endpointRoutes.visitStats.exportData), { query: { ...period } });
  saveBlob(blob, fileName ?? `방문통계_${period.from}_${period.to}.xlsx`);
}
