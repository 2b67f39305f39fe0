import type { ReactNode } from 'react';
import { fixedScreens } from '@contract';
import type { ContentCode, ContentViewData } from '@contract/content-values';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useContent } from '../../lib/content/content-query';
import { InfoPageShell, type InfoSection } from './InfoPageShell';

type InfoScreen = 'nidsIntro' | 'nidsAbout' | 'nidsHistory' | 'nidsOrganization' | 'registSite';

interface InfoContentPageProps {
  code: ContentCode;
  screen: InfoScreen;
  section: InfoSection;
  /** The body's own rendering, once the page is there (a renderer of ui/content, which the console's preview uses too). */
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
