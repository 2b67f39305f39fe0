// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';

/**
 * The site's own words (issue 22): the pages staff edit from the console, by code. The routes stay
 * (spec §2); each screen renders its page's current version.
 */
export const contentCodes = ['intro', 'about', 'history', 'organization', 'registSite', 'privacy', 'terms', 'contactUsTerms'] as const;
export type ContentCode = (typeof contentCodes)[number];
export const contentCode = z.enum(contentCodes);

/** The terms documents whose earlier versions the public pages list (PIPA art. 30, the PIPC's guideline). */
export const termsContentCodes = ['privacy', 'terms', 'contactUsTerms'] as const satisfies readonly ContentCode[];

/** A body over this many bytes (its JSON) is refused (issue 22). */
export const contentBodyMaxBytes = 1024 * 1024;

const historyRow = z.object({
  year: z.number().int().min(1900).max(2200),
  month: z.number().int().min(1).max(12).nullable(),
  text: z.string().trim().min(1).max(500),
});

const organizationUnit = z.object({
  name: z.string().trim().min(1).max(100),
  head: z.string().trim().max(100),
  tasks: z.array(z.string().trim().min(1).max(300)).max(50),
  phones: z.array(z.string().trim().min(1).max(50)).max(20),
});

/**
 * A page's body. Rich text (sanitised HTML, the same allow-list as posts) for most pages; the
 * history as rows of (year, month, text) and the organisation chart as units, which the console
 * edits as rows. The seed (server/seed/content) writes today's text in these shapes.
 */
export const contentBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('history'), lead: z.string().default(''), rows: z.array(historyRow).max(1000) }),
  z.object({ type: z.literal('organization'), lead: z.string().default(''), units: z.array(organizationUnit).max(100) }),
]);
export type ContentBody = z.infer<typeof contentBody>;

/** Which body shape each page has: the console's editor and the save's check follow it. */
export const contentBodyTypes = {
  intro: 'html',
  about: 'html',
  history: 'history',
  organization: 'organization',
  registSite: 'html',
  privacy: 'html',
  terms: 'html',
  contactUsTerms: 'html',
} as const satisfies Record<ContentCode, ContentBody['type']>;
