import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessAction, AccessRecordExportRequest, AccessRecordView } from '@contract';
import { apiDownload, apiGet } from '@web/lib/api';

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
    queryKey: ['admin', 'access-records', query],
    queryFn: () => apiGet<AccessRecordPage>('/api/admin/access-records', { ...query }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/admin/access-records/export-data`: the .xlsx of the filtered records; the export is recorded too. */
export const exportAccessRecords = (request: AccessRecordExportRequest) => apiDownload('/api/admin/access-records/export-data', undefined, request);
