// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { contentBody, contentCode } from './content-body';
import type { ContentVersionsData, ContentViewData } from './content-values';

/** `/api/content/{code}`: one of the content pages' codes (an unknown code is a 404 in the server). */
export const contentParams = z.object({ code: z.string().min(1).max(40) });

/** `?version=N`: an earlier published version (or, for a terms document, an announced one). */
export const contentVersionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** `GET /api/content/{code}`: the page's version a guest reads. */
export const contentView = z.object({
  code: contentCode,
  title: z.string(),
  version: z.number().int(),
  effectiveFrom: z.string(),
  body: contentBody,
  updatedAt: z.string(),
});

/** `GET /api/content/{code}/versions`: the published versions, newest first; a scheduled one has an effectiveFrom ahead. */
export const contentVersionsList = z.object({
  items: z.array(z.object({ version: z.number().int(), effectiveFrom: z.string(), effectiveTo: z.string().nullable() })),
});

// The plain types the screens use (content-values.ts) are these answers.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const viewMatches: Same<z.infer<typeof contentView>, ContentViewData> = true;
const versionsMatch: Same<z.infer<typeof contentVersionsList>, ContentVersionsData> = true;
void viewMatches;
void versionsMatch;
