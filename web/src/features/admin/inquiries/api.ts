import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InquiryDetail, InquiryPage, InquiryPatch, InquiryStatus } from '@contract';
import { endpointRoutes } from '@contract/endpoint-routes';
import { apiCall, endpoint } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * `GET /api/admin/inquiries`. Each read is an access record on the server, so a list is read
 * when the filter changes or an answer was saved, not on every focus or mount.
 */
export function useInquiries(query: { status?: InquiryStatus; keyword?: string; page: number; size: number }) {
  return useQuery({
    queryKey: queryKeys.admin.inquiries.list(query),
    queryFn: () => apiCall<InquiryPage>(endpoint(endpointRoutes.inquiry.list), { query: { ...query } }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/admin/inquiries/{itemNo}`: the inquiry with its contact details (recorded). */
export function useInquiry(itemNo: number | null) {
  return useQuery({
    queryKey: queryKeys.admin.inquiries.item(itemNo),
    // Enabled only with an inquiry chosen.
    queryFn: () => apiCall<InquiryDetail>(endpoint(endpointRoutes.inquiry.get, { itemNo: itemNo! })),
    enabled: itemNo !== null,
    staleTime: Infinity,
  });
}

/** `PATCH /api/admin/inquiries/{itemNo}`: an answer (완료, mailed to the writer) or a status. */
export function useUpdateInquiry(itemNo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: InquiryPatch) => apiCall<InquiryDetail>(endpoint(endpointRoutes.inquiry.update, { itemNo }), { body: patch }),
    onSuccess: async (detail) => {
      client.setQueryData(queryKeys.admin.inquiries.item(itemNo), detail);
      await client.invalidateQueries({ queryKey: queryKeys.admin.inquiries.lists });
    },
  });
}
