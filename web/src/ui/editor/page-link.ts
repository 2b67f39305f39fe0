import { Link, isAllowedUri } from '@tiptap/extension-link';
import { pageClassAttribute } from './page-html';

/** A page of this site by its path (`/nids/about`), not another host (`//host`). */
export const isSitePath = (href: string) => /^\/(?!\/)/.test(href);

/** The addresses a link may have: the web, mail, a phone number, or a page of this site. */
const isLinkHref = (href: string) => /^(https?:|mailto:|tel:)/i.test(href) || isSitePath(href);

/**
 * Links (issue 22). A link made while writing opens in a new tab (target and rel as before); a link
 * read without them keeps none, so the pages' links to the site's own screens open in place, and
 * one read with them keeps them. A button-looking link keeps its page class (`button`). The site's
 * own paths are links too (the pages link to /nids/about and the like).
 */
export const PageLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      target: { default: '_blank', parseHTML: (element) => element.getAttribute('target') ?? '' },
      rel: { default: 'noopener noreferrer', parseHTML: (element) => element.getAttribute('rel') ?? '' },
      class: pageClassAttribute(),
    };
  },

  renderHTML({ HTMLAttributes }) {
    const { target, rel, class: className, href, ...rest } = HTMLAttributes as Record<string, unknown>;
    const allowed = typeof href === 'string' && this.options.isAllowedUri(href, {
      defaultValidate: (url) => Boolean(isAllowedUri(url, this.options.protocols)),
      protocols: this.options.protocols,
      defaultProtocol: this.options.defaultProtocol,
    });
    // In the order the editor wrote them before (target, rel, class, href), so a post's HTML reads the same.
    return ['a', { target: target || null, rel: rel || null, class: className ?? null, href: allowed ? href : '', ...rest }, 0];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  defaultProtocol: 'https',
  protocols: ['http', 'https', 'mailto', 'tel'],
  isAllowedUri: (url, ctx) => isLinkHref(url) && ctx.defaultValidate(url),
});
