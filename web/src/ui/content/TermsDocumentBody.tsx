import type { TermsContentCode } from '@contract/content-values';
import { contentOutline, type ContentSection } from '@web/lib/content/content-html';
import type { FactSource } from '@web/lib/content/site-facts';
import { useSiteLinks } from '@web/lib/content/use-site-links';
import './terms-body.css';
// The content's tables get ui/StackedTable's classes (lib/content/content-html.ts): its styles with them.
import '@web/ui/stacked-table.css';

/** Articles only (제n조 as second-level headings), or chapters of articles (제n장, then 제n조). */
export type TermsLayout = 'articles' | 'chapters';

/** How each terms document is laid out: the terms of use in chapters, the consents and the policy in articles. */
export const termsLayouts: Record<TermsContentCode, TermsLayout> = { privacy: 'articles', terms: 'chapters', contactUsTerms: 'articles' };

interface TermsDocumentBodyProps {
  /** The version's sanitised HTML. */
  html: string;
  layout: TermsLayout;
  /** Starts every id in the text (the table of contents links to them), so anchors stay unique and stable. */
  idPrefix: string;
  facts: FactSource;
}

/**
 * A terms document's text: what comes before the first heading, a table of contents built from
 * the headings, then the articles (or chapters of articles), the site's facts filled in. The public
 * page (features/terms/TermsDocument.tsx) and the console's preview both draw it.
 */
export function TermsDocumentBody({ html, layout, idPrefix, facts }: TermsDocumentBodyProps) {
  const onClick = useSiteLinks();
  const tocId = `${idPrefix}-toc`;
  const outline = contentOutline(html, layout === 'chapters' ? ['H2', 'H3'] : ['H2'], idPrefix, { facts, tableClass: 'terms-table' });
  return (
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
