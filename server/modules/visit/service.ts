import {
  browserLabels, deviceLabels, fixedScreens, previousPeriod, statsTopKindLabels, type StatsTopKind, type VisitPoint, type VisitSeries,
  type VisitTop, type VisitTopItem, type VisitTotals,
} from '@contract';
import type { AppDeps } from '../../deps';
import type { Caller } from '../../auth/caller';
import { requireAdmin, requirePermission } from '../../auth/admin';
import { listBoardsForMenu, postTitles } from '@server/modules/board';
import { loadExcelJs, escapeCell, type WorkbookExport } from '../../lib/xlsx';
import { DAY_MS } from '../../lib/clock';
import { hourRows, topValues, valueTotals, type HourRow } from './repo';

type Deps = Pick<AppDeps, 'db'>;

/** The console's visitor statistics: STATS_View (the admin role by default; the system admin always). */
export function requireStatsViewer(caller: Caller): void {
  requireAdmin(caller);
  requirePermission(caller, 'STATS_View');
}

const daysOf = (from: string, to: string): string[] => {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
};
const zero = (): VisitTotals => ({ views: 0, visitors: 0, botViews: 0, botVisitors: 0 });
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Every day (or hour) of the period with its figures, zeros where nothing was counted. A day's
 * visitors are those first seen that day (day_visitors summed); an hour's, those seen in the hour.
 */
export function pointsOf(rows: readonly HourRow[], from: string, to: string, interval: 'day' | 'hour'): { points: VisitPoint[]; totals: VisitTotals } {
  const points = new Map<string, VisitPoint>();
  for (const day of daysOf(from, to)) {
    if (interval === 'day') points.set(day, { at: day, ...zero() });
    else for (let h = 0; h < 24; h++) points.set(`${day}T${pad(h)}`, { at: `${day}T${pad(h)}`, ...zero() });
  }
  const totals = zero();
  for (const row of rows) {
    const point = points.get(interval === 'day' ? row.day : `${row.day}T${pad(row.hour)}`);
    if (!point) continue;
    const visitors = interval === 'day' ? row.dayVisitors : row.visitors;
    if (row.bot) {
      point.botViews += row.views;
      point.botVisitors += visitors;
      totals.botViews += row.views;
      totals.botVisitors += row.dayVisitors;
    } else {
      point.views += row.views;
      point.visitors += visitors;
      totals.views += row.views;
      totals.visitors += row.dayVisitors;
    }
  }
  return { points: [...points.values()], totals };
}

export async function visitSeries(deps: Deps, query: { from: string; to: string; interval: 'day' | 'hour' }): Promise<VisitSeries> {
  const { from, to, interval } = query;
  const before = previousPeriod(from, to);
  const [current, previous] = [await hourRows(deps.db, from, to), await hourRows(deps.db, before.from, before.to)];
  return {
    interval,
    from,
    to,
    ...pointsOf(current, from, to, interval),
    previous: { ...before, ...pointsOf(previous, before.from, before.to, interval) },
  };
}

const accountScreenTitles: Record<string, string> = {
  signin: '로그인', signup: '회원가입', signupWelcome: '회원가입 완료', findId: '아이디 찾기', findPassword: '비밀번호 찾기',
  myPage: '마이페이지', contactUsTerms: '문의하기 이용약관',
};
const boardScreenWords: Record<string, string> = { list: '목록', view: '글 보기', write: '글쓰기' };

/** Titles of screens (fixed ones by name, a board's by its name) and posts; null for the rest. */
async function labelsOf(deps: Deps, kind: StatsTopKind, values: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  if (kind === 'screen') {
    const boards = new Map((await listBoardsForMenu(deps.db)).map((b) => [b.boardCode, b.name]));
    for (const value of values) {
      const [screen, code] = value.split(':');
      const title = code
        ? `${boards.get(code) ?? code} ${boardScreenWords[screen!] ?? ''}`.trim()
        : ((fixedScreens as Record<string, { title: string }>)[value]?.title ?? accountScreenTitles[value]);
      if (title) labels.set(value, title);
    }
  } else if (kind === 'post') {
    const posts = values.map((v) => ({ boardCode: v.split('/')[0]!, itemNo: Number(v.split('/')[1]) }));
    for (const p of await postTitles(deps.db, posts)) labels.set(`${p.boardCode}/${p.itemNo}`, p.title);
  } else if (kind === 'device' || kind === 'browser') {
    const names = kind === 'device' ? deviceLabels : browserLabels;
    for (const value of values) if (names[value]) labels.set(value, names[value]);
  }
  return labels;
}

export async function visitTop(deps: Deps, query: { from: string; to: string; kind: StatsTopKind; limit: number }): Promise<VisitTop> {
  const { from, to, kind, limit } = query;
  const before = previousPeriod(from, to);
  const top = await topValues(deps.db, kind, from, to, limit);
  const values = top.map((r) => r.value);
  const previous = new Map((await valueTotals(deps.db, kind, before.from, before.to, values)).map((r) => [r.value, r]));
  const labels = await labelsOf(deps, kind, values);
  const items: VisitTopItem[] = top.map((r) => ({
    value: r.value,
    label: labels.get(r.value) ?? null,
    views: r.views,
    visitors: r.visitors,
    previousViews: previous.get(r.value)?.views ?? 0,
    previousVisitors: previous.get(r.value)?.visitors ?? 0,
  }));
  return { kind, from, to, previous: before, items };
}

/** Rows of each top sheet in the workbook. */
const EXPORT_TOP_ROWS = 50;

/**
 * The period's figures as a workbook (not personal data: counts only, so no reason asked and no
 * access record): a sheet per day, per hour and per top list, each with the previous period beside.
 */
export async function exportVisits(deps: Deps, query: { from: string; to: string }): Promise<WorkbookExport> {
  const { from, to } = query;
  const days = await visitSeries(deps, { from, to, interval: 'day' });
  const hours = pointsOf(await hourRows(deps.db, from, to), from, to, 'hour');
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '인체이식형 의료기기 환자등록사업';
  let rowCount = 0;
  const sheet = (name: string, headers: [string, number][], rows: (string | number)[][]) => {
    const ws = workbook.addWorksheet(name);
    ws.columns = headers.map(([header, width], i) => ({ header, key: String(i), width }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) ws.addRow(row.map((v) => (typeof v === 'string' ? escapeCell(v) : v)));
    rowCount += rows.length;
  };
  const figures: [string, number][] = [['페이지뷰', 12], ['방문자', 12], ['봇 페이지뷰', 14], ['봇 방문자', 12]];
  const pointRow = (p: VisitPoint) => [p.views, p.visitors, p.botViews, p.botVisitors];
  sheet(
    '일별',
    [['날짜', 14], ...figures, ['이전 기간 날짜', 16], ['이전 페이지뷰', 14], ['이전 방문자', 12]],
    days.points.map((p, i) => {
      const prev = days.previous.points[i]!;
      return [p.at, ...pointRow(p), prev.at, prev.views, prev.visitors];
    }),
  );
  sheet('시간대별', [['일시', 16], ...figures], hours.points.map((p) => [`${p.at.replace('T', ' ')}시`, ...pointRow(p)]));
  for (const kind of ['screen', 'post', 'referrer', 'device', 'browser'] as const) {
    const top = await visitTop(deps, { from, to, kind, limit: EXPORT_TOP_ROWS });
    const withVisitors = kind === 'device' || kind === 'browser';
    sheet(
      statsTopKindLabels[kind],
      [['항목', 36], ['값', 24], ['페이지뷰', 12], ['이전 페이지뷰', 14], ...(withVisitors ? ([['방문자', 12], ['이전 방문자', 12]] as [string, number][]) : [])],
      top.items.map((item) => [
        item.label ?? item.value,
        item.value,
        item.views,
        item.previousViews,
        ...(withVisitors ? [item.visitors, item.previousVisitors] : []),
      ]),
    );
  }
  return { fileName: `방문통계_${from}_${to}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()), rowCount };
}
