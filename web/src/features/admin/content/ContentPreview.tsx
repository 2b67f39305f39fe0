import { useId } from 'react';
import { isTermsContent, type ContentBody, type ContentCode } from '@contract';
import { useSiteInfo } from '@web/lib/site-info';
import { HistoryBodyView } from '@web/ui/content/HistoryBodyView';
import { OrganizationBodyView } from '@web/ui/content/OrganizationBodyView';
import { RichInfoBody } from '@web/ui/content/RichInfoBody';
import { TermsDocumentBody, termsLayouts } from '@web/ui/content/TermsDocumentBody';

/**
 * A version's body drawn by the public screens' own renderers (ui/content), in the column the
 * public screen draws it in, with the site's facts from the settings (issue 22): what a guest will
 * see, not a look-alike. The headings keep the public levels (a section's title is an h2, as under
 * the public page's h1), so the preview looks exactly like the page; place it in a region named by
 * its own heading (the versions screen's 미리보기 section), which tells a screen reader where those
 * headings belong. Every id starts with a prefix of this preview's own, so it repeats no id of the
 * public page's, the console's or another preview's.
 */
export function ContentPreview({ code, body }: { code: ContentCode; body: ContentBody }) {
  const idPrefix = `${code}-preview${useId().replace(/[^\w-]/g, '')}`;
  const site = useSiteInfo();
  if (body.type === 'html' && isTermsContent(code)) {
    return <TermsDocumentBody html={body.html} layout={termsLayouts[code]} idPrefix={idPrefix} facts={{ site: site.data, status: site.status }} />;
  }
  // An information page's body, in the column its public screen draws it in.
  return (
    <div className="info-content">
      {body.type === 'history' ? (
        <HistoryBodyView body={body} idPrefix={idPrefix} />
      ) : body.type === 'organization' ? (
        <OrganizationBodyView body={body} idPrefix={idPrefix} />
      ) : (
        <RichInfoBody html={body.html} idPrefix={idPrefix} />
      )}
    </div>
  );
}
