import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, type SiteInfo } from '@contract';
import { useDocumentTitle } from '../../lib/use-document-title';
import { StackedTable } from '../../ui/StackedTable';
import { useSiteInfo } from '../site/api/get-site-info';
import './terms.css';

/** The date every terms document takes effect (issue: 시행일자 2026년 11월 1일). */
export const TERMS_EFFECTIVE_DATE = '2026년 11월 1일';
const TERMS_EFFECTIVE_DATE_ISO = '2026-11-01';

/** The programme name, shown until site settings arrive (the same fallback as the site header). */
const DEFAULT_SITE_NAME = '인체이식형 의료기기 환자등록사업';
/** Neutral wording used for the operator while settings load or if they fail. */
const OPERATOR_PLACEHOLDER = '운영기관';

/** One article (제n조 or a numbered item): its anchor id, its heading and its text. */
export interface TermsArticle {
  id: string;
  title: string;
  content: ReactNode;
}

/** A chapter (제n장) grouping articles. */
export interface TermsChapter {
  id: string;
  title: string;
  articles: readonly TermsArticle[];
}

/** A document is either a flat list of articles or chapters of articles. */
export type TermsBody = { kind: 'articles'; articles: readonly TermsArticle[] } | { kind: 'chapters'; chapters: readonly TermsChapter[] };

/**
 * Institution facts from site settings (never hard-coded). Text facts fall back to neutral
 * wording while loading; contact details stay undefined until known so callers can omit them.
 */
export interface TermsSite {
  siteName: string;
  operator: string;
  /** 은/는 after the operator's name, chosen from its last syllable. */
  operatorTopic: string;
  /** 이/가 after the operator's name. */
  operatorSubject: string;
  info: SiteInfo | undefined;
  status: 'pending' | 'error' | 'success';
}

/** Picks the Korean particle for a word: `josa('기관', '은', '는')` → '은'. Falls back to '은(는)' style. */
export function josa(word: string, withBatchim: string, withoutBatchim: string): string {
  const last = word.trim().slice(-1);
  const code = last.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 === 0 ? withoutBatchim : withBatchim;
  return `${withBatchim}(${withoutBatchim})`;
}

export function useTermsSite(): TermsSite {
  const query = useSiteInfo();
  const info = query.data;
  const operator = info?.operator.trim() || OPERATOR_PLACEHOLDER;
  return {
    siteName: info?.siteName.trim() || DEFAULT_SITE_NAME,
    operator,
    operatorTopic: josa(operator, '은', '는'),
    operatorSubject: josa(operator, '이', '가'),
    info,
    status: query.status,
  };
}

interface TermsDocumentProps {
  /** The document title: the page's only <h1> and its <title>. */
  title: string;
  /** Prefix for every id on the page, so anchors stay unique and stable. */
  idPrefix: string;
  siteName: string;
  /** Text before the first article (preamble, summary table). */
  intro?: ReactNode;
  body: TermsBody;
}

/**
 * The shell of the terms screens (spec §2: no surrounding layout). They are also opened in new
 * windows from sign-up and the inquiry form, so the page carries its own header, a table of
 * contents, the effective date and a close / back-home control.
 */
export function TermsDocument({ title, idPrefix, siteName, intro, body }: TermsDocumentProps) {
  useDocumentTitle(title);
  useScrollToHash();
  const titleId = `${idPrefix}-title`;
  const tocId = `${idPrefix}-toc`;

  return (
    <main id="main-content" className="terms" aria-labelledby={titleId}>
      <div className="terms__inner">
        <header className="terms__header">
          <div>
            <p className="terms__site">{siteName}</p>
            <h1 id={titleId} className="terms__title">
              {title}
            </h1>
          </div>
          <DocumentActions />
        </header>

        {intro && <div className="terms__intro">{intro}</div>}

        <nav className="terms__toc" aria-labelledby={tocId}>
          <h2 id={tocId} className="terms__toc-title">
            목차
          </h2>
          {body.kind === 'articles' ? (
            <TocList articles={body.articles} />
          ) : (
            <ol className="terms__toc-list terms__toc-list--chapters">
              {body.chapters.map((chapter) => (
                <li key={chapter.id}>
                  <a href={`#${chapter.id}`}>{chapter.title}</a>
                  <TocList articles={chapter.articles} nested />
                </li>
              ))}
            </ol>
          )}
        </nav>

        <div className="terms__body">
          {body.kind === 'articles'
            ? body.articles.map((article) => <Article key={article.id} article={article} level={2} />)
            : body.chapters.map((chapter) => (
                <section key={chapter.id} id={chapter.id} className="terms__chapter" aria-labelledby={`${chapter.id}-heading`}>
                  <h2 id={`${chapter.id}-heading`} className="terms__chapter-title">
                    {chapter.title}
                  </h2>
                  {chapter.articles.map((article) => (
                    <Article key={article.id} article={article} level={3} />
                  ))}
                </section>
              ))}
        </div>

        <footer className="terms__footer">
          <p className="terms__effective">
            시행일자: <time dateTime={TERMS_EFFECTIVE_DATE_ISO}>{TERMS_EFFECTIVE_DATE}</time>
          </p>
          <DocumentActions />
        </footer>
      </div>
    </main>
  );
}

function TocList({ articles, nested = false }: { articles: readonly TermsArticle[]; nested?: boolean }) {
  return (
    <ol className={nested ? 'terms__toc-list terms__toc-list--nested' : 'terms__toc-list'}>
      {articles.map((article) => (
        <li key={article.id}>
          <a href={`#${article.id}`}>{article.title}</a>
        </li>
      ))}
    </ol>
  );
}

function Article({ article, level }: { article: TermsArticle; level: 2 | 3 }) {
  const headingId = `${article.id}-heading`;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section id={article.id} className="terms__article" aria-labelledby={headingId}>
      <Heading id={headingId} className={level === 2 ? 'terms__article-title' : 'terms__article-title terms__article-title--sub'}>
        {article.title}
      </Heading>
      <div className="terms__article-body">{article.content}</div>
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

/** Deep links (…/PrivacyContent#privacy-rights) arrive before the lazy content renders; scroll once it has. */
function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    document.getElementById(id)?.scrollIntoView();
  }, []);
}

/** A data table; on phones it turns into a list of cards (ui/StackedTable) rather than scrolling sideways. */
export function TermsTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  /** Column headings; the first column holds row headings. */
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return <StackedTable className="terms-table" caption={caption} columns={columns} rows={rows} />;
}

/**
 * A contact card as a definition list: only the facts that are known are listed, and while
 * settings load (or if they fail) a short status line stands in.
 */
export function ContactList({
  label,
  items,
  status,
}: {
  label: string;
  items: readonly { term: string; value: string | undefined; href?: string }[];
  status: TermsSite['status'];
}) {
  const known = items.filter((item): item is { term: string; value: string; href?: string } => Boolean(item.value?.trim()));
  if (known.length === 0) {
    return (
      <p className="terms__muted">
        {status === 'pending' ? `${label} 정보를 불러오는 중입니다.` : `${label} 정보를 불러오지 못했습니다. 잠시 후 다시 확인해 주십시오.`}
      </p>
    );
  }
  return (
    <dl className="terms-contact">
      {known.map((item) => (
        <div key={item.term} className="terms-contact__row">
          <dt>{item.term}</dt>
          <dd>{item.href ? <a href={item.href}>{item.value}</a> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `tel:` link for a Korean phone number as typed in settings. */
export const telHref = (phone: string | undefined) => (phone ? `tel:${phone.replace(/[^0-9+]/g, '')}` : undefined);
/** `mailto:` link for an address from settings. */
export const mailHref = (email: string | undefined) => (email ? `mailto:${email}` : undefined);

/** "(전화 …, 이메일 …)" after a phrase such as "대표 연락처", or nothing while the facts are unknown. */
export function InlineContacts({ phone, email }: { phone: string | undefined; email: string | undefined }) {
  if (!phone && !email) return null;
  return (
    <>
      (
      {phone && (
        <>
          전화 <a href={telHref(phone)}>{phone}</a>
        </>
      )}
      {phone && email && ', '}
      {email && (
        <>
          이메일 <a href={mailHref(email)}>{email}</a>
        </>
      )}
      )
    </>
  );
}
