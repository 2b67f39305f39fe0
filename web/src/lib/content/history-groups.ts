import type { HistoryBody, HistoryRow } from '@contract/content-values';

export interface HistoryYearGroup {
  year: number;
  theme: string | undefined;
  rows: HistoryRow[];
}

export interface HistoryPeriodGroup {
  /** The section's id: `idPrefix` and the period's place, or `-other` for the years in no period. */
  id: string;
  title: string;
  range: string;
  summary: string;
  years: HistoryYearGroup[];
}

/**
 * The rows grouped by year, newest first (months newest first, a row without a month last, rows
 * of the same month in the order staff put them), and the years by the periods that hold them; a
 * year in no period comes after them, in a section of its own.
 */
export function historyGroups(body: HistoryBody, idPrefix: string): HistoryPeriodGroup[] {
  const themes = new Map((body.themes ?? []).map((entry) => [entry.year, entry.theme]));
  const byYear = new Map<number, HistoryRow[]>();
  for (const row of body.rows) byYear.set(row.year, [...(byYear.get(row.year) ?? []), row]);
  const years: HistoryYearGroup[] = [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, rows]) => ({ year, theme: themes.get(year), rows: rows.map((row, index) => ({ row, index })).sort((a, b) => (b.row.month ?? 0) - (a.row.month ?? 0) || a.index - b.index).map(({ row }) => row) }));
  const periods = [...(body.periods ?? [])].sort((a, b) => b.fromYear - a.fromYear);
  const inPeriod = (year: number, period: (typeof periods)[number]) => year >= period.fromYear && (period.toYear === null || year <= period.toYear);
  const groups: HistoryPeriodGroup[] = periods.map((period, index) => ({
    id: `${idPrefix}-${index + 1}`,
    title: period.title,
    range: `${period.fromYear}년 ~ ${period.toYear === null ? '현재' : `${period.toYear}년`}`,
    summary: period.summary,
    years: years.filter((entry) => inPeriod(entry.year, period)),
  }));
  const rest = years.filter((entry) => !periods.some((period) => inPeriod(entry.year, period)));
  if (rest.length > 0 || groups.length === 0) groups.push({ id: `${idPrefix}-other`, title: groups.length === 0 ? '연혁' : '그 밖의 연혁', range: '', summary: '', years: rest });
  return groups.filter((group) => group.years.length > 0);
}
