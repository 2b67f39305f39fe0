import sanitizeHtml from 'sanitize-html';
import { videoHosts } from '@contract/board-values';
import { contentClasses } from '@contract/content-values';

/** Images in posts come only from our own file URLs, never from other sites or data: URLs. */
const ownFileUrl = /^\/api\/file\/(thumbnail\/)?[0-9a-f-]{36}(\?[a-z=&]*)?$/;

function isVideoPlayerUrl(src: string): boolean {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && (videoHosts as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

/**
 * Players embedded from YouTube or Vimeo start with Korean captions on, where the video has them
 * (issue 11: KWCAG 1.2.2 captions; the reader can still turn them off in the player). Any other
 * host, or an address that is no URL, is left as it is for the filter below.
 */
export function withCaptionsOn(src: string): string {
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return src;
  }
  const set = (name: string, value: string) => {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  };
  if (url.hostname === 'www.youtube.com' || url.hostname === 'www.youtube-nocookie.com') {
    set('cc_load_policy', '1');
    set('cc_lang_pref', 'ko');
    set('hl', 'ko');
  } else if (url.hostname === 'player.vimeo.com') {
    set('texttrack', 'ko');
  } else {
    return src;
  }
  return url.toString();
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'mark', 'code', 'pre',
    'blockquote', 'ul', 'ol', 'li', 'a', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'img', 'figure', 'figcaption', 'iframe', 'span',
    // The information pages' definition lists and questions that open (issue 22); no attributes but classes.
    'dl', 'dt', 'dd', 'div', 'details', 'summary',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'title', 'width', 'height', 'allowfullscreen'],
    ol: ['start'],
  },
  // The information and terms pages' looks, by a closed list (issue 22); any other class is dropped.
  allowedClasses: Object.fromEntries(Object.entries(contentClasses).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: [...videoHosts],
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opens here or in a new tab, never in a named window, and its rel is the server's:
    // an author's rel="opener", or _BLANK spelt otherwise, would hand this page to the opened one.
    a: (tagName, attribs) => {
      const { target, rel: _authorsRel, ...rest } = attribs;
      const newTab = target?.trim().toLowerCase() === '_blank';
      return { tagName, attribs: newTab ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
    },
    iframe: (tagName, attribs) => ({ tagName, attribs: attribs.src ? { ...attribs, src: withCaptionsOn(attribs.src) } : attribs }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !ownFileUrl.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'iframe' && !isVideoPlayerUrl(frame.attribs.src ?? '')),
};

/**
 * Post content is sanitised on the server against an allow-list before it is stored, so
 * nothing executable reaches a reader (no scripts, event handlers, styles, javascript:/data:
 * URLs, SVG, or frames from hosts outside the video allow-list).
 */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, options);
}
