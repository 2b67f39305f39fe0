/**
 * The history's rows as the editor keeps them (issue 22): (year, month, text) typed as text, so a
 * half-typed or empty year can be shown and refused at its field. The public page lists the
 * history newest first, and so does "날짜순 정렬".
 */
export interface HistoryRowValues {
  /** Stable across reordering: the row's React key and where the fields it does not edit are kept. */
  key: string;
  year: string;
  month: string;
  text: string;
}

/** A year or month as typed, as a number; null when empty or not a whole number. */
export function wholeNumber(typed: string): number | null {
  const trimmed = typed.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Newest first: by year, then month, both descending. A row without a month (about the whole
 * year) comes after that year's dated rows; a row without a readable year goes last, where it is
 * seen and filled in. Rows of the same date keep their order (a stable sort).
 */
export function compareByDate(a: Pick<HistoryRowValues, 'year' | 'month'>, b: Pick<HistoryRowValues, 'year' | 'month'>): number {
  const yearA = wholeNumber(a.year) ?? -1;
  const yearB = wholeNumber(b.year) ?? -1;
  if (yearA !== yearB) return yearB - yearA;
  return (wholeNumber(b.month) ?? 0) - (wholeNumber(a.month) ?? 0);
}

export function sortByDate<Row extends Pick<HistoryRowValues, 'year' | 'month'>>(rows: readonly Row[]): Row[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => compareByDate(x.row, y.row) || x.index - y.index)
    .map(({ row }) => row);
}

/** Whether the rows are already newest first (the sort button then says there is nothing to do). */
export function isSortedByDate(rows: readonly Pick<HistoryRowValues, 'year' | 'month'>[]): boolean {
  return rows.every((row, index) => index === 0 || compareByDate(rows[index - 1]!, row) <= 0);
}

/** How a row is named in its fields' labels and buttons: "2026년 3월 행", "연도 없는 3번째 행". */
export function rowName(row: Pick<HistoryRowValues, 'year' | 'month'>, index: number): string {
  const year = wholeNumber(row.year);
  const month = wholeNumber(row.month);
  if (year === null) return `${index + 1}번째 행`;
  return month === null ? `${year}년 행` : `${year}년 ${month}월 행`;
}
