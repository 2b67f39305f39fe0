import { useSiteInfo } from '@web/lib/site-info';
import { infoSectionsHtml } from '@web/lib/content/content-html';
import { useSiteLinks } from '@web/lib/content/use-site-links';
import './info-body.css';
// The content's tables get ui/StackedTable's classes (lib/content/content-html.ts): its styles with them.
import '@web/ui/stacked-table.css';

/**
 * An information page's rich-text body (사업 소개, 등록사업 안내, 환자등록시스템 안내): the server's
 * sanitised HTML in sections, the site's facts filled in from the settings. The public screens and
 * the console's preview both draw it; `idPrefix` starts every id in it.
 */
export function RichInfoBody({ html, idPrefix }: { html: string; idPrefix: string }) {
  const site = useSiteInfo();
  const onClick = useSiteLinks();
  const body = infoSectionsHtml(html, idPrefix, { site: site.data, status: site.status });
  // The HTML is the server's, sanitised to the posts' allow-list when it was saved; the facts are escaped here.
  return <div className="info-rich" onClick={onClick} dangerouslySetInnerHTML={{ __html: body }} />;
}
