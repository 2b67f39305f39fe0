// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';
import { contentCodes, organizationLevels, type ContentBody as ContentBodyValue } from './content-values';

// The plain values and types live in content-values.ts (no zod) so the public screens can read them.
export {
  contentBodyMaxBytes, contentBodyTypes, contentClasses, contentCodes, contentFactPattern, contentFacts, organizationLevels, termsContentCodes,
} from './content-values';
export type {
  ContentCode, ContentFact, HistoryBody, HistoryPeriod, HistoryRow, HistoryYearTheme, HtmlBody, OrganizationBody, OrganizationCommittee,
  OrganizationLevel, OrganizationUnit, TermsContentCode,
} from './content-values';

export const contentCode = z.enum(contentCodes);

const year = z.number().int().min(1900).max(2200);

/**
 * A row of the history. Its messages name what is wrong; the row's place (`rows.3.year`) is in the
 * refusal's path, and historyRowProblems below words it for the console ("4번째 줄").
 */
const historyRow = z.object({
  year: z.number({ error: '연도를 입력해주세요.' }).int('연도는 정수로 입력해주세요.').min(1900, '연도는 1900년부터 입력할 수 있습니다.').max(2200, '연도는 2200년까지 입력할 수 있습니다.'),
  month: z.number({ error: '월은 1부터 12까지의 숫자로 입력해주세요.' }).int().min(1, '월은 1부터 12까지의 숫자로 입력해주세요.').max(12, '월은 1부터 12까지의 숫자로 입력해주세요.').nullable(),
  text: z.string({ error: '내용을 입력해주세요.' }).trim().min(1, '내용을 입력해주세요.').max(500, '내용은 500자까지 입력할 수 있습니다.'),
});

const historyPeriod = z.object({
  title: z.string().trim().min(1, '시기 이름을 입력해주세요.').max(100),
  fromYear: year,
  toYear: year.nullable(),
  summary: z.string().trim().max(500),
});

const historyTheme = z.object({ year, theme: z.string().trim().min(1, '연도 설명을 입력해주세요.').max(100) });

const organizationUnit = z.object({
  name: z.string().trim().min(1, '부서 이름을 입력해주세요.').max(100),
  head: z.string().trim().max(100),
  tasks: z.array(z.string().trim().min(1, '빈 업무는 입력할 수 없습니다.').max(300)).max(50),
  phones: z.array(z.string().trim().min(1, '빈 전화번호는 입력할 수 없습니다.').max(50)).max(20),
  level: z.enum(organizationLevels).optional(),
  summary: z.string().trim().max(200).optional(),
});

const organizationCommittee = z.object({
  name: z.string().trim().min(1, '위원회 이름을 입력해주세요.').max(100),
  kind: z.string().trim().min(1).max(20),
  members: z.string().trim().max(300),
  role: z.string().trim().max(500),
});

/**
 * A page's body. Rich text (sanitised HTML, the same allow-list as posts) for most pages; the
 * history as rows of (year, month, text) and the organisation chart as units, which the console
 * edits as rows; the optional extras (periods, year themes, committees) keep the pages' structure.
 * The seed (server/seed/content) writes today's text in these shapes.
 */
export const contentBody = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('html'), html: z.string() }),
    z.object({
      type: z.literal('history'),
      lead: z.string().default(''),
      rows: z.array(historyRow).max(1000, '연혁은 1000줄까지 입력할 수 있습니다.'),
      periods: z.array(historyPeriod).max(50).optional(),
      themes: z.array(historyTheme).max(300).optional(),
    }),
    z.object({
      type: z.literal('organization'),
      lead: z.string().default(''),
      units: z.array(organizationUnit).max(100),
      committees: z.array(organizationCommittee).max(20).optional(),
      committeesLead: z.string().max(500).optional(),
      contactLead: z.string().max(500).optional(),
    }),
  ]);
// A body over contentBodyMaxBytes is the save's refusal (413 with contentMessages.bodyTooLarge), not the schema's.
export type ContentBody = z.infer<typeof contentBody>;

/** The zod shapes and the plain types (content-values.ts) describe the same body. */
type ContentBodyMatches = [ContentBody] extends [ContentBodyValue] ? ([ContentBodyValue] extends [ContentBody] ? true : false) : false;
const contentBodyMatches: ContentBodyMatches = true;
void contentBodyMatches;

/**
 * The history rows a body's refusal is about, worded with the row's place for the console and the
 * API's message: `rows.3.year` "연도를 입력해주세요." becomes "연혁 4번째 줄: 연도를 입력해주세요.".
 */
export function historyRowMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  const [list, index] = issue.path;
  return list === 'rows' && typeof index === 'number' ? `연혁 ${index + 1}번째 줄: ${issue.message}` : issue.message;
}
