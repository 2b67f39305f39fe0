/**
 * Post content checks on the client. The server sanitises and decides; these only give the writer
 * the field message before a round trip.
 */

/** Does the editor's HTML hold anything a reader would see: text, an image or a video? */
export function hasVisibleContent(html: string): boolean {
  if (/<(img|iframe)\b/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  return text.length > 0;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text (an inquiry typed in a text box) as HTML paragraphs, line breaks kept, nothing interpreted. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((block) => `<p>${block.replace(/[&<>"']/g, (c) => escapes[c]!).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The reverse for editing an inquiry: paragraphs and breaks back to lines, tags dropped. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
