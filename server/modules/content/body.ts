import { contentBodyBytes, contentBodyMaxBytes, contentBodyTypeLabels, contentBodyTypes, contentMessages, type ContentBody, type ContentCode } from '@contract';
import { badRequest, payloadTooLarge } from '../../errors';
import { htmlToText, sanitizeContent } from '@server/modules/board';

/**
 * A page's body on its way in (issue 22). The shapes (contract/content-body.ts) may grow optional
 * fields, so bodies are walked generically: a string under a key named `html` or `lead`, or ending
 * in `Html`, is rich text and goes through the posts' allow-list (scripts, event handlers,
 * `javascript:` and `data:` links removed); any other string is plain text, which the screens
 * render as text.
 */

const isRichTextKey = (key: string) => key === 'html' || key === 'lead' || key.endsWith('Html');

function walk(value: unknown, key: string, onString: (text: string, rich: boolean) => string): unknown {
  if (typeof value === 'string') return onString(value, isRichTextKey(key));
  if (Array.isArray(value)) return value.map((v) => walk(v, key, onString));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'type' ? v : walk(v, k, onString)]));
  }
  return value;
}

/** The body with every rich-text field sanitised. */
export function sanitizeBody(body: ContentBody): ContentBody {
  return walk(body, '', (text, rich) => (rich ? sanitizeContent(text) : text)) as ContentBody;
}

/** The body as a reader sees it (tags removed, fields in order): `body_text`, the head's description. */
export function bodyText(body: ContentBody): string {
  const parts: string[] = [];
  const collect = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      const text = isRichTextKey(key) ? htmlToText(value) : value.trim();
      if (text) parts.push(text);
    } else if (typeof value === 'number') {
      parts.push(String(value));
    } else if (Array.isArray(value)) {
      for (const v of value) collect(v, key);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) if (k !== 'type') collect(v, k);
    }
  };
  collect(body, '');
  return parts.join(' ');
}

/**
 * Refuses a body this page cannot take: another page's shape (the editor follows
 * contentBodyTypes), or over contentBodyMaxBytes as JSON (413, as the request size limit answers).
 */
export function checkBody(code: ContentCode, body: ContentBody): void {
  const expected = contentBodyTypes[code];
  if (body.type !== expected) throw badRequest(contentMessages.bodyTypeMismatch(contentBodyTypeLabels[expected]), { field: 'body.type' });
  if (contentBodyBytes(body) > contentBodyMaxBytes) throw payloadTooLarge(contentMessages.bodyTooLarge);
}
