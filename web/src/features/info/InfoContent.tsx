import type { ReactNode } from 'react';
import { fixedScreens } from '@contract';
import type { ContentCode, ContentViewData } from '@contract/content-values';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSiteInfo } from '../../lib/site-info';
import { useContent } from '../../lib/content/content-query';
import { infoSectionsHtml } from '../../lib/content/content-html';
import { useSiteLinks } from '../../lib/content/use-site-links';
import { InfoPageShell, type InfoSection } from './InfoPageShell';
// The content's tables get ui/StackedTable's classes (lib/content/content-html.ts): its styles with them.
import '../../ui/stacked-table.css';

type InfoScreen = 'nidsIntro' | 'nidsAbout' | 'nidsHistory' | 'nidsOrganization' | 'registSite';

interface InfoContentPageProps {
  code: ContentCode;
  screen: InfoScreen;
  section: InfoSection;
  /** The body's own rendering, once the page is there (the rich-text pages use RichInfoBody). */
  children: (content: ContentViewData) => ReactNode;
}

/**
 * An information screen whose words are a content page (issue 22): the shell with the page's
 * title (the screen's own until it arrives), then its body, or a line saying it is loading or
 * could not be loaded. The server-written head and the hero's summary stay the screen's.
 */
export function InfoContentPage({ code, screen, section, children }: InfoContentPageProps) {
  const content = useContent(code);
  const title = content.data?.title ?? fixedScreens[screen].title;
  useDocumentTitle(title);
  return (
    <InfoPageShell section={section} title={title} lead={fixedScreens[screen].description}>
      {content.data ? (
        children(content.data)
      ) : (
        <p className="info-muted" role="status">
          {content.isError ? '내용을 불러오지 못했습니다. 잠시 후 다시 시도해 주십시오.' : '내용을 불러오고 있습니다.'}
        </p>
      )}
    </InfoPageShell>
  );
}

/** A rich-text body: the server's sanitised HTML in sections, the site's facts filled in from the settings. */
export function RichInfoBody({ content, idPrefix }: { content: ContentViewData; idPrefix: string }) {
  const site = useSiteInfo();
  const onClick = useSiteLinks();
  if (content.body.type !== 'html') return null;
  const html = infoSectionsHtml(content.body.html, idPrefix, { site: site.data, status: site.status });
  // The HTML is the server's, sanitised to the posts' allow-list when it was saved; the facts are escaped here.
  return <div className="info-rich" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
