// zod's configuration (Korean messages; jitless in the browser) before this module's schemas are built.
import './zod-ko';
import { z } from 'zod';

/**
 * Visitor statistics (issue 23): the beacon of in-app navigations and the console's reads. Counted
 * without an address or a cookie: a visitor is a day-salted key (server/modules/visitor-key), so a
 * visitor is counted once a day, and a period's visitors are the sum of its days' visitors.
 */
export const visitStatsMessages = {
  dateFormat: '날짜는 YYYY-MM-DD 형식으로 입력해주세요.',
  periodOrder: '시작일은 종료일보다 늦을 수 없습니다.',
  periodTooLong: '기간은 일별 366일, 시간대별 31일까지 조회할 수 있습니다.',
  notAScreen: '집계하지 않는 화면 주소입니다.',
} as const;

/** `POST /api/visit` (sendBeacon, text/plain or application/json): the screen navigated to and the page before it. */
export const visitBeacon = z.object({
  path: z.string().min(1).max(300),
  referrer: z.string().max(2000).optional(),
});
export type VisitBeacon = z.infer<typeof visitBeacon>;

export const statsIntervals = ['day', 'hour'] as const;
export type StatsInterval = (typeof statsIntervals)[number];
export const statsTopKinds = ['screen', 'post', 'referrer', 'device', 'browser'] as const;
export type StatsTopKind = (typeof statsTopKinds)[number];

/** Longest period of one read, in days, by interval (points on one chart, and what a read costs). */
export const statsMaxDays: Record<StatsInterval, number> = { day: 366, hour: 31 };

const DAY_MS = 86_400_000;
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: visitStatsMessages.dateFormat })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: visitStatsMessages.dateFormat,
  });

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The period of the same length just before `from`..`to`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = periodDays(from, to);
  const start = Date.parse(`${from}T00:00:00Z`);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * DAY_MS), to: day(start - DAY_MS) };
}

function checkPeriod(query: { from: string; to: string; interval?: StatsInterval }, ctx: z.RefinementCtx) {
  if (query.from > query.to) ctx.addIssue({ code: 'custom', path: ['to'], message: visitStatsMessages.periodOrder });
  else if (periodDays(query.from, query.to) > statsMaxDays[query.interval ?? 'day']) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: visitStatsMessages.periodTooLong });
  }
}

/** `GET /api/admin/stats/visits?from&to&interval`: Korean calendar days, both included. */
export const visitSeriesQuery = z
  .object({ from: isoDay, to: isoDay, interval: z.enum(statsIntervals).default('day') })
  .superRefine(checkPeriod);
export type VisitSeriesQuery = z.input<typeof visitSeriesQuery>;

/** `GET /api/admin/stats/top?from&to&kind&limit`. */
export const visitTopQuery = z
  .object({ from: isoDay, to: isoDay, kind: z.enum(statsTopKinds), limit: z.coerce.number().int().min(1).max(50).default(10) })
  .superRefine(checkPeriod);
export type VisitTopQuery = z.input<typeof visitTopQuery>;

/** `GET /api/admin/stats/export?from&to`: the period's figures as an Excel workbook, a sheet per table. */
export const visitExportQuery = z.object({ from: isoDay, to: isoDay }).superRefine(checkPeriod);

const figures = {
  views: z.number().int(),
  /** Visitors: per hour, distinct in the hour; per day and in totals, each day's visitors summed. */
  visitors: z.number().int(),
  botViews: z.number().int(),
  botVisitors: z.number().int(),
};

/** One point: `at` is `YYYY-MM-DD` (interval day) or `YYYY-MM-DDTHH` (interval hour), Korean time. */
export const visitPoint = z.object({ at: z.string(), ...figures });
export type VisitPoint = z.infer<typeof visitPoint>;
export const visitTotals = z.object(figures);
export type VisitTotals = z.infer<typeof visitTotals>;

export const visitSeries = z.object({
  interval: z.enum(statsIntervals),
  from: z.string(),
  to: z.string(),
  /** The period of the same length just before, compared with. */
  previous: z.object({ from: z.string(), to: z.string(), points: z.array(visitPoint), totals: visitTotals }),
  /** Every day (or hour) of the period, zeros included. */
  points: z.array(visitPoint),
  totals: visitTotals,
});
export type VisitSeries = z.infer<typeof visitSeries>;

export const visitTopItem = z.object({
  /** The screen's name (`home`, `list:notice`), a post (`notice/12`), a host, a device class or a browser family. */
  value: z.string(),
  /** What the console shows for screens (their title) and posts (their title); null where the value speaks for itself. */
  label: z.string().nullable(),
  views: z.number().int(),
  /** Visitors for device and browser; 0 for the others (not counted per screen). */
  visitors: z.number().int(),
  previousViews: z.number().int(),
  previousVisitors: z.number().int(),
});
export type VisitTopItem = z.infer<typeof visitTopItem>;

export const visitTop = z.object({
  kind: z.enum(statsTopKinds),
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  items: z.array(visitTopItem),
});
export type VisitTop = z.infer<typeof visitTop>;

/** What the console and the workbook call each device class and browser family (server/modules/visit/user-agent.ts). */
export const deviceLabels: Record<string, string> = { phone: '휴대전화', tablet: '태블릿', desktop: '데스크톱' };
export const browserLabels: Record<string, string> = {
  chrome: 'Chrome', safari: 'Safari', edge: 'Edge', firefox: 'Firefox', samsung: '삼성 인터넷', whale: '네이버 웨일',
  naver: '네이버 앱', kakaotalk: '카카오톡', opera: 'Opera', ie: 'Internet Explorer', other: '기타',
};
export const statsTopKindLabels: Record<StatsTopKind, string> = {
  screen: '많이 본 화면', post: '많이 본 게시글', referrer: '유입 경로', device: '기기', browser: '브라우저',
};
