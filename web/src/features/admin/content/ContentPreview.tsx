import type { ContentBody, ContentCode } from '@contract';
import { isTermsContent } from '@contract';

/**
 * A page's body as its public screen shows it, for the console's preview (issue 22). The public
 * screens' renderers are being rewritten to render bodies from data (another branch); until they
 * are shared, this one file draws the body with the public screens' own classes and wrappers
 * (info.css: info-content, info-section, info-history, org-*; terms.css: terms__body; rich text as
 * board-content), so the integrator swaps it for the public renderer with one import.
 *
 * Headings start at `level` (the console's screen has its own <h1>), and ids are prefixed so a
 * preview beside the editor does not repeat the editor's ids.
 */
export function ContentPreview({ code, body, level = 3 }: { code: ContentCode; body: ContentBody; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  if (body.type === 'html') {
    // The server sanitised the HTML with the posts' allow-list when it was saved.
    const html = <div className="board-content content-preview__html" dangerouslySetInnerHTML={{ __html: body.html }} />;
    return isTermsContent(code) ? (
      <div className="terms content-preview__terms">
        <div className="terms__body">{html}</div>
      </div>
    ) : (
      <div className="info-content">{html}</div>
    );
  }
  if (body.type === 'history') {
    const years = groupByYear(body.rows);
    return (
      <div className="info-content">
        {body.lead && <p>{body.lead}</p>}
        <section className="info-section" aria-label="연혁">
          <ol className="info-history">
            {years.map(({ year, rows }) => (
              <li key={year} className="info-history__year">
                <Heading className="info-history__heading">
                  <span className="info-history__number">{year}년</span>
                </Heading>
                <ul className="info-history__events">
                  {rows.map((row, index) => (
                    <li key={`${row.month ?? ''}-${index}`}>
                      <span className="info-history__month">{row.month === null ? '' : `${row.month}월`}</span> <span>{row.text}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      </div>
    );
  }
  return (
    <div className="info-content">
      {body.lead && <p>{body.lead}</p>}
      <ul className="info-cards content-preview__units">
        {body.units.map((unit, index) => (
          <li key={`${unit.name}-${index}`} className="info-card">
            <Sub className="info-card__title">
              {unit.name} {unit.head && <span className="info-badge">{unit.head}</span>}
            </Sub>
            {unit.tasks.length > 0 && (
              <ul className="info-bullets">
                {unit.tasks.map((task, i) => (
                  <li key={i}>{task}</li>
                ))}
              </ul>
            )}
            {unit.phones.length > 0 && (
              <p>
                전화:{' '}
                {unit.phones.map((phone, i) => (
                  <span key={i}>
                    {i > 0 && ', '}
                    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

type HistoryRow = Extract<ContentBody, { type: 'history' }>['rows'][number];

/** Rows under their year, in the order they are kept (the editor keeps them newest first). */
function groupByYear(rows: readonly HistoryRow[]): { year: number; rows: HistoryRow[] }[] {
  const groups: { year: number; rows: HistoryRow[] }[] = [];
  for (const row of rows) {
    const last = groups[groups.length - 1];
    if (last?.year === row.year) last.rows.push(row);
    else groups.push({ year: row.year, rows: [row] });
  }
  return groups;
}
