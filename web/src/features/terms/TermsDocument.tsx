import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@contract';
import type { ContentViewData } from '@contract/content-values';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { FactSource } from '../../lib/content/site-facts';
import { TermsDocumentBody, type TermsLayout } from '../../ui/content/TermsDocumentBody';
import { koreanDate, koreanIsoDate } from './effective-dates';
import './terms.css';

/** The programme name, shown until site settings arrive (the same fallback as the site header). */
const DEFAULT_SITE_NAME = '인체이식형 의료기기 환자등록사업';

interface TermsDocumentProps {
  /** The document title: the page's only <h1> and its <title>. */
  title: string;
  /** Prefix for every id on the page, so anchors stay unique and stable. */
  idPrefix: string;
  layout: TermsLayout;
  /** The version shown; undefined while it loads (or if it could not be loaded: `status` says). */
  content: ContentViewData | undefined;
  status: ReactNode;
  facts: FactSource;
  /** Notices above the text (an earlier version, the coming revision). */
  notices?: ReactNode;
  /** The list of versions, after the text. */
  history?: ReactNode;
}

/**
 * The shell of the terms screens (spec §2: no surrounding layout). They are also opened in new
 * windows from sign-up and the inquiry form, so the page carries its own header, the text (with a
 * table of contents built from its headings: ui/content/TermsDocumentBody, which the console's
 * preview draws too), the effective date and a close / back-home control.
 */
export function TermsDocument({ title, idPrefix, layout, content, status, facts, notices, history }: TermsDocumentProps) {
  useDocumentTitle(title);
  useScrollToHash(content !== undefined);
  const titleId = `${idPrefix}-title`;

  return (
    <main id="main-content" className="terms" aria-labelledby={titleId}>
      <div className="terms__inner">
        <header className="terms__header">
          <div>
            <p className="terms__site">{facts.site?.siteName.trim() || DEFAULT_SITE_NAME}</p>
            <h1 id={titleId} className="terms__title">
              {title}
            </h1>
          </div>
          <DocumentActions />
        </header>

        {notices}

        {content?.body.type === 'html' ? (
          <TermsDocumentBody html={content.body.html} layout={layout} idPrefix={idPrefix} facts={facts} />
        ) : (
          <p className="terms__muted" role="status">
            {status}
          </p>
        )}

        {history}

        <footer className="terms__footer">
          {content?.effectiveFrom && (
            <p className="terms__effective">
              시행일자: <time dateTime={koreanIsoDate(content.effectiveFrom)}>{koreanDate(content.effectiveFrom)}</time>
            </p>
          )}
          <DocumentActions />
        </footer>
      </div>
    </main>
  );
}

/**
 * "창 닫기" when this page is a window of its own (opened from sign-up or the inquiry form), and
 * always "첫 화면으로". Browsers only let a script close a window it opened or one with a single
 * history entry; if closing is refused the button falls back to the home page.
 */
function DocumentActions() {
  const navigate = useNavigate();
  const [closable] = useState(() => typeof window !== 'undefined' && (window.opener !== null || window.history.length <= 1));

  const close = () => {
    window.close();
    window.setTimeout(() => {
      if (!window.closed) void navigate(paths.home);
    }, 150);
  };

  return (
    <div className="terms__actions">
      {closable && (
        <button type="button" className="button button--primary" onClick={close}>
          창 닫기
        </button>
      )}
      <button type="button" className="button" onClick={() => window.print()}>
        인쇄
      </button>
      <Link className={closable ? 'button' : 'button button--primary'} to={paths.home}>
        첫 화면으로
      </Link>
    </div>
  );
}

/** Deep links (…/PrivacyContent#privacy-9) arrive before the text renders; scroll once it has. */
function useScrollToHash(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    document.getElementById(id)?.scrollIntoView();
  }, [ready]);
}
