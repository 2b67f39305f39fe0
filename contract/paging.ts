// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';

/**
 * Paging of the console's lists (`/api/alumni`, `/api/admin/...`): the same fields as board lists
 * (contract/board.ts `boardItemPage`). Pages count from 1.
 */
export const pageFields = {
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
};

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

/** The paging fields of a list answer, from its total and its query. */
export function pageOf(totalElements: number, query: { page: number; size: number }) {
  return { totalElements, totalPages: Math.ceil(totalElements / query.size), page: query.page, size: query.size };
}
