import type { HistoryBody, HistoryRow } from '@contract/content-values';
import { InfoContentPage } from './InfoContent';

interface YearGroup {
  year: number;
  theme: string | undefined;
  rows: HistoryRow[];
}

interface PeriodGroup {
  id: string;
  title: string;
  range: string;
  summary: string;
  years: YearGroup[];
}

/**
 * The rows grouped by year, newest first (months newest first, a row without a month last, rows
 * of the same month in the order staff put them), and the years by the periods that hold them; a
 * year in no period comes after them, in a section of its own.
 */
export function historyGroups(body: HistoryBody): PeriodGroup[] {
  const themes = new Map((body.themes ?? []).map((entry) => [entry.year, entry.theme]));
  const byYear = new Map<number, HistoryRow[]>();
  for (const row of body.rows) byYear.set(row.year, [...(byYear.get(row.year) ?? []), row]);
  const years: YearGroup[] = [...byYear.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, rows]) => ({ year, theme: themes.get(year), rows: rows.map((row, index) => ({ row, index })).sort((a, b) => (b.row.month ?? 0) - (a.row.month ?? 0) || a.index - b.index).map(({ row }) => row) }));
  const periods = [...(body.periods ?? [])].sort((a, b) => b.fromYear - a.fromYear);
  const inPeriod = (year: number, period: (typeof periods)[number]) => year >= period.fromYear && (period.toYear === null || year <= period.toYear);
  const groups: PeriodGroup[] = periods.map((period, index) => ({
    id: `history-${index + 1}`,
    title: period.title,
    range: `${period.fromYear}년 ~ ${period.toYear === null ? '현재' : `${period.toYear}년`}`,
    summary: period.summary,
    years: years.filter((entry) => inPeriod(entry.year, period)),
  }));
  const rest = years.filter((entry) => !periods.some((period) => inPeriod(entry.year, period)));
  if (rest.length > 0 || groups.length === 0) groups.push({ id: 'history-other', title: groups.length === 0 ? '연혁' : '그 밖의 연혁', range: '', summary: '', years: rest });
  return groups.filter((group) => group.years.length > 0);
}

/** 연혁: the programme's history, grouped by period and year, newest first (content page `history`). */
export function Component() {
  return (
    <InfoContentPage code="history" screen="nidsHistory" section="about">
      {(content) => (content.body.type === 'history' ? <HistoryBodyView body={content.body} /> : null)}
    </InfoContentPage>
  );
}

function HistoryBodyView({ body }: { body: HistoryBody }) {
  const periods = historyGroups(body);
  return (
    <>
      {body.lead && <p>{body.lead}</p>}

      {periods.length > 1 && (
        <nav className="info-jump" aria-label="시기 바로가기">
          <ul>
            {periods.map((period) => (
              <li key={period.id}>
                <a href={`#${period.id}`}>
                  {period.title} {period.range && <span className="info-jump__range">({period.range})</span>}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {periods.map((period) => (
        <section key={period.id} id={period.id} className="info-section" aria-labelledby={`${period.id}-title`}>
          <h2 id={`${period.id}-title`}>
            {period.title} {period.range && <span className="info-heading-sub">{period.range}</span>}
          </h2>
          {period.summary && <p>{period.summary}</p>}
          <ol className="info-history">
            {period.years.map((entry) => (
              <li key={entry.year} className="info-history__year">
                <h3 className="info-history__heading">
                  <span className="info-history__number">{entry.year}년</span>{' '}
                  {entry.theme && <span className="info-history__theme">{entry.theme}</span>}
                </h3>
                <ul className="info-history__events">
                  {entry.rows.map((row, index) => (
                    <li key={index}>
                      {row.month !== null && (
                        <>
                          <span className="info-history__month">{row.month}월</span>{' '}
                        </>
                      )}
                      <span>{row.text}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
