import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@contract';
import type { ContentViewData } from '@contract/content-values';
import { useDocumentTitle } from '../../lib/use-document-title';
import { contentOutline, type ContentSection } from '../../lib/content/content-html';
import type { FactSource } from '../../lib/content/site-facts';
import { useSiteLinks } from '../../lib/content/use-site-links';
import { koreanDate, koreanIsoDate } from './effective-dates';
import './terms.css';
// The content's tables get ui/StackedTable's classes (lib/content/content-html.ts): its styles with them.
import '../../ui/stacked-table.css';

/** The programme name, shown until site settings arrive (the same fallback as the site header). */
const DEFAULT_SITE_NAME = '인체이식형 의료기기 환자등록사업';

interface TermsDocumentProps {
  /** The document title: the page's only <h1> and its <title>. */
  title: string;
  /** Prefix for every id on the page, so anchors stay unique and stable. */
  idPrefix: string;
  /** Articles only (제n조 as second-level headings), or chapters of articles (제n장, then 제n조). */
  layout: 'articles' | 'chapters';
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
 * windows from sign-up and the inquiry form, so the page carries its own header, a table of
 * contents built from the text's headings, the effective date and a close / back-home control.
 */
export function TermsDocument({ title, idPrefix, layout, content, status, facts, notices, history }: TermsDocumentProps) {
  useDocumentTitle(title);
  useScrollToHash(content !== undefined);
  const onClick = useSiteLinks();
  const titleId = `${idPrefix}-title`;
  const tocId = `${idPrefix}-toc`;
  const outline =
    content?.body.type === 'html'
      ? contentOutline(content.body.html, layout === 'chapters' ? ['H2', 'H3'] : ['H2'], idPrefix, { facts, tableClass: 'terms-table' })
      : undefined;

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

        {!outline ? (
          <p className="terms__muted" role="status">
            {status}
          </p>
        ) : (
          // Only the links inside are interactive: a click on one of the site's moves within the app.
          <div className="terms__document" onClick={onClick}>
            {outline.intro && <div className="terms__intro" dangerouslySetInnerHTML={{ __html: outline.intro }} />}

            <nav className="terms__toc" aria-labelledby={tocId}>
              <h2 id={tocId} className="terms__toc-title">
                목차
              </h2>
              <TocList sections={outline.sections} chapters={layout === 'chapters'} />
            </nav>

            <div className="terms__body">
              {layout === 'articles'
                ? outline.sections.map((section) => <Article key={section.id} section={section} level={2} />)
                : outline.sections.map((chapter) => (
                    <section key={chapter.id} id={chapter.id} className="terms__chapter" aria-labelledby={`${chapter.id}-heading`}>
                      <h2 id={`${chapter.id}-heading`} className="terms__chapter-title">
                        {chapter.title}
                      </h2>
                      {chapter.html && <div className="terms__article-body" dangerouslySetInnerHTML={{ __html: chapter.html }} />}
                      {chapter.children.map((article) => (
                        <Article key={article.id} section={article} level={3} />
                      ))}
                    </section>
                  ))}
            </div>
          </div>
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

function TocList({ sections, chapters }: { sections: readonly ContentSection[]; chapters: boolean }) {
  return (
    <ol className={chapters ? 'terms__toc-list terms__toc-list--chapters' : 'terms__toc-list'}>
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.title}</a>
          {chapters && section.children.length > 0 && (
            <ol className="terms__toc-list terms__toc-list--nested">
              {section.children.map((article) => (
                <li key={article.id}>
                  <a href={`#${article.id}`}>{article.title}</a>
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}

function Article({ section, level }: { section: ContentSection; level: 2 | 3 }) {
  const headingId = `${section.id}-heading`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={section.id} className="terms__article" aria-labelledby={headingId}>
      <Heading id={headingId} className={level === 2 ? 'terms__article-title' : 'terms__article-title terms__article-title--sub'}>
        {section.title}
      </Heading>
      <div className="terms__article-body" dangerouslySetInnerHTML={{ __html: section.html }} />
    </section>
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
