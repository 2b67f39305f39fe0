import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessAction, AccessRecordChainHead, AccessRecordExportRequest, AccessRecordView } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, apiDownload, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export interface AccessRecordFilters {
  from?: string;
  to?: string;
  actor?: string;
  action?: AccessAction;
}

export interface AccessRecordPage {
  content: AccessRecordView[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}

export const PAGE_SIZE = 20;

/** `GET /api/admin/access-records`: a page, newest first. */
export function useAccessRecords(filters: AccessRecordFilters, page: number) {
  const query = { ...filters, page, size: PAGE_SIZE };
  return useQuery({
    queryKey: queryKeys.admin.accessRecords.list(query),
    queryFn: () => apiCall<AccessRecordPage>(endpoint(endpointRoutes.accessRecord.list), { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/access-records/export-data`: the .xlsx of the filtered records; the export is recorded too. */
export const exportAccessRecords = (request: AccessRecordExportRequest) => apiDownload(endpoint(endpointRoutes.accessRecord.exportData), { body: request });

/** `GET /api/admin/access-records/chain-head`: the chain's length and last hash now (issue 25), read afresh each time the screen opens. */
export function useChainHead() {
  return useQuery({
    queryKey: queryKeys.admin.accessRecords.chainHead,
    queryFn: () => apiCall<AccessRecordChainHead>(endpoint(endpointRoutes.accessRecord.chainHead)),
    staleTime: 0,
  });
}
