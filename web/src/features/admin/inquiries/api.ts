import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InquiryDetail, InquiryPage, InquiryPatch, InquiryStatus } from '@contract';
import { apiGet, apiPatch } from '@web/lib/api';

export const inquiriesKey = ['admin', 'inquiries'] as const;

/**
 * `GET /api/admin/inquiries`. Each read is an access record on the server, so a list is read
 * when the filter changes or an answer was saved, not on every focus or mount.
 */
export function useInquiries(query: { status?: InquiryStatus; keyword?: string; page: number; size: number }) {
  return useQuery({
    queryKey: [...inquiriesKey, 'list', query],
    queryFn: () => apiGet<InquiryPage>('/api/admin/inquiries', { ...query }),
    staleTime: Infinity,
    placeholderData: (previous) => previous,
  });
}

/** `GET /api/admin/inquiries/{itemNo}`: the inquiry with its contact details (recorded). */
export function useInquiry(itemNo: number | null) {
  return useQuery({
    queryKey: [...inquiriesKey, 'item', itemNo],
    queryFn: () => apiGet<InquiryDetail>(`/api/admin/inquiries/${itemNo}`),
    enabled: itemNo !== null,
    staleTime: Infinity,
  });
}

/** `PATCH /api/admin/inquiries/{itemNo}`: an answer (완료, mailed to the writer) or a status. */
export function useUpdateInquiry(itemNo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: InquiryPatch) => apiPatch<InquiryDetail>(`/api/admin/inquiries/${itemNo}`, patch),
    onSuccess: async (detail) => {
      client.setQueryData([...inquiriesKey, 'item', itemNo], detail);
      await client.invalidateQueries({ queryKey: [...inquiriesKey, 'list'] });
    },
  });
}
