import { expect } from '@playwright/test';

/**
 * The HTML the server writes itself (a post's title, description and Open Graph tags in the head,
 * the first data's JSON at the end of the body: server/modules/seo/page-head.ts, first-data.ts),
 * checked as text, without a browser: cheap enough for every payload of the corpus.
 */

/** One pass over the entities an HTML parser would read in a title or an attribute value (named ones: those markup needs). */
function decodeHtml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (entity, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return named[lower] ?? entity;
  });
}

interface Tag {
  /** Lower case, with a leading / for an end tag. */
  name: string;
  /** Names lower case; values decoded; null for a name without a value. */
  attributes: [string, string | null][];
}

/** Every start and end tag of a document, in order, with its attributes (values quoted or not). */
function tagsOf(html: string): Tag[] {
  const tags: Tag[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>/g)) {
    const attributes: [string, string | null][] = [];
    for (const a of match[3]!.matchAll(/([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g)) {
      const raw = a[2];
      attributes.push([a[1]!.toLowerCase(), raw === undefined ? null : decodeHtml(/^["']/.test(raw) ? raw.slice(1, -1) : raw)]);
    }
    tags.push({ name: `${match[1]}${match[2]!.toLowerCase()}`, attributes });
  }
  return tags;
}

/**
 * Every start and end tag of a document with its attribute names (sorted), in order: what a
 * payload that escaped its text or its attribute value would change (a new element, a closed
 * <title>, an event handler, an http-equiv). Attribute values are left out, quoted or not.
 */
export function markupSkeleton(html: string): string[] {
  return tagsOf(html).map(({ name, attributes }) => [name, ...attributes.map(([n]) => n).sort()].join(' '));
}

/** What index.html and the server's own additions are made of (the built index.html, page-head.ts, first-data.ts). */
const OWN_TAGS = new Set(['html', 'head', 'meta', 'link', 'title', 'script', 'body', 'div', 'noscript']);
const OWN_ATTRIBUTES = new Set(['lang', 'charset', 'name', 'content', 'property', 'rel', 'href', 'type', 'crossorigin', 'src', 'id', 'as', 'data-first-screen']);

/**
 * A server-written page holds only the app's own markup: its elements and attributes, scripts
 * that are the app's chunks (/assets/) or the first data's JSON, and no script URL anywhere.
 */
export function expectOwnMarkupOnly(html: string, what: string): void {
  const foreign: string[] = [];
  for (const { name, attributes } of tagsOf(html)) {
    const bare = name.replace(/^\//, '');
    if (!OWN_TAGS.has(bare)) foreign.push(`<${name}>`);
    for (const [attribute, value] of attributes) {
      if (!OWN_ATTRIBUTES.has(attribute)) foreign.push(`<${name} ${attribute}>`);
      // A URL the browser would follow or load (a meta tag's content is text: a title may read "javascript:").
      // eslint-disable-next-line no-control-regex -- browsers skip these in a URL's scheme
      const script = value !== null && /^(javascript|vbscript|data):/i.test(value.replace(/[\s\u0000-\u001f]/g, ''));
      if (script && (attribute === 'href' || attribute === 'src')) foreign.push(`<${name} ${attribute}="${value}">`);
    }
    if (name === 'script') {
      const attrs = new Map(attributes);
      const chunk = attrs.get('type') === 'module' && (attrs.get('src') ?? '').startsWith('/assets/');
      const firstData = attrs.get('type') === 'application/json' && attrs.get('id') === 'first-data' && !attrs.has('src');
      if (!chunk && !firstData) foreign.push(`<script ${JSON.stringify(attributes)}>`);
    }
  }
  expect(foreign, `${what}: only the app's own markup in the server's HTML`).toEqual([]);
}

/** The decoded value of the first `<meta {key}="{name}" content="...">`, or null. */
function metaContent(html: string, key: 'name' | 'property', name: string): string | null {
  const match = new RegExp(`<meta ${key}="${name}" content="([^"]*)"`).exec(html);
  return match ? decodeHtml(match[1]!) : null;
}

export interface ServerHead {
  /** The whole `<title>` as the server writes it (`{post title} | {site name}`). */
  title: string;
  description: string;
  ogTitle: string;
  siteName: string;
  /** Text the first data's JSON must hold (the post's title), as JSON.parse gives it back. */
  inFirstData?: string[];
}

/**
 * A server-written page is inert: the same tags and attribute names as `reference` (a page of
 * the same screen with plain text), so nothing a payload holds became markup; the title and the
 * meta tags hold exactly the text expected once decoded (so it was escaped, not cut or doubled);
 * the first data is one JSON text with no `<` left that could end its script element.
 */
export function expectInertServerHtml(html: string, reference: string, expected: ServerHead, what: string): void {
  expectOwnMarkupOnly(html, what);
  expect(markupSkeleton(html), `${what}: the tags and attribute names of the server's HTML`).toEqual(markupSkeleton(reference));

  const head = html.slice(0, html.search(/<\/head>/i));
  const title = /<title>([^<]*)<\/title>/.exec(head);
  expect(title && decodeHtml(title[1]!), `${what}: <title>`).toBe(expected.title);
  expect(metaContent(head, 'name', 'description'), `${what}: meta description`).toBe(expected.description);
  expect(metaContent(head, 'property', 'og:title'), `${what}: og:title`).toBe(expected.ogTitle);
  expect(metaContent(head, 'property', 'og:description'), `${what}: og:description`).toBe(expected.description);
  expect(metaContent(head, 'property', 'og:site_name'), `${what}: og:site_name`).toBe(expected.siteName);

  expectInertFirstData(html, what, expected.inFirstData ?? []);
}

/** The first data script (if any) is JSON without a raw `<`, holding each of `texts`. */
export function expectInertFirstData(html: string, what: string, texts: string[]): void {
  const scripts = [...html.matchAll(/<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/g)];
  if (texts.length > 0) expect(scripts, `${what}: one first-data script`).toHaveLength(1);
  for (const [, json] of scripts) {
    expect(json!.includes('<'), `${what}: a raw < in the first data`).toBe(false);
    const data = JSON.stringify(JSON.parse(json!) as unknown);
    for (const text of texts) expect(data.includes(JSON.stringify(text).slice(1, -1)), `${what}: the first data holds ${text}`).toBe(true);
  }
}
