import type { HistoryBody } from '@contract/content-values';
import { historyGroups } from '@web/lib/content/history-groups';
import './info-body.css';

/**
 * The history page's body (content page `history`): the lead, a jump list when there are several
 * periods, and a section per period with its years (the year's theme beside it) and their rows.
 * The public screen and the console's preview both draw it; `idPrefix` starts every id in it.
 */
export function HistoryBodyView({ body, idPrefix }: { body: HistoryBody; idPrefix: string }) {
  const periods = historyGroups(body, idPrefix);
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
