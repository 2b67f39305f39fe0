import { Link, type To } from 'react-router';
import './pagination.css';

interface Props {
  page: number;
  totalPages: number;
  /** Where page n lives (the same list with ?page=n and the current search). */
  pageTo: (page: number) => To;
}

/**
 * Numbered pages in blocks of ten, with 처음/이전/다음/마지막. Every page is a real link, so it can
 * be opened in a new tab; links that go nowhere are disabled and left out of the Tab order.
 */
export function Pagination({ page, totalPages, pageTo }: Props) {
  if (totalPages <= 1) return null;
  const current = Math.min(Math.max(page, 1), totalPages);
  const atStart = current <= 1;
  const atEnd = current >= totalPages;
  return (
    <nav className="pagination" aria-label="페이지 이동">
      <ul className="pagination__list">
        <li>
          <PageLink to={pageTo(1)} disabled={atStart} label="처음 페이지" className="pagination__edge">
            처음
          </PageLink>
        </li>
        <li>
          <PageLink to={pageTo(current - 1)} disabled={atStart} label="이전 페이지" className="pagination__edge">
            이전
          </PageLink>
        </li>
        {pageBlock(current, totalPages).map((n) => (
          <li key={n}>
            <Link
              to={pageTo(n)}
              className={`pagination__link${n === current ? ' is-current' : ''}`}
              aria-label={`${n}페이지`}
              aria-current={n === current ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
        <li>
          <PageLink to={pageTo(current + 1)} disabled={atEnd} label="다음 페이지" className="pagination__edge">
            다음
          </PageLink>
        </li>
        <li>
          <PageLink to={pageTo(totalPages)} disabled={atEnd} label="마지막 페이지" className="pagination__edge">
            마지막
          </PageLink>
        </li>
      </ul>
    </nav>
  );
}

function PageLink({ to, disabled, label, className, children }: { to: To; disabled: boolean; label: string; className: string; children: string }) {
  if (disabled) {
    // A link without href is not focusable; role and aria-disabled tell screen readers why it does nothing.
    return (
      <a role="link" aria-disabled="true" aria-label={label} className={`pagination__link ${className} is-disabled`}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} aria-label={label} className={`pagination__link ${className}`}>
      {children}
    </Link>
  );
}

/** Numbered pages shown at once, in blocks of ten (1-10, 11-20, ...). */
export const PAGE_BLOCK_SIZE = 10;

export function pageBlock(page: number, totalPages: number, blockSize = PAGE_BLOCK_SIZE): number[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(page, 1), totalPages);
  const start = Math.floor((current - 1) / blockSize) * blockSize + 1;
  const end = Math.min(start + blockSize - 1, totalPages);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
