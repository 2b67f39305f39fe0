import type { ContentBody } from '@contract';

/**
 * A body as the text a reader reads (issue 22: the difference between two versions is shown as
 * text): rich text with a line per paragraph, heading, list item and table row; the history as a
 * line per row; the organisation chart as a few lines per unit. Only shown as text (React escapes
 * it), never put back into the page as HTML, so a plain pass over the tags is enough.
 */
export function bodyText(body: ContentBody): string {
  switch (body.type) {
    case 'html':
      return htmlToText(body.html);
    case 'history':
      return [body.lead, ...body.rows.map((row) => `${row.year}년${row.month === null ? '' : ` ${row.month}월`} ${row.text}`)]
        .filter((line) => line.trim() !== '')
        .join('\n');
    case 'organization':
      return [
        body.lead,
        ...body.units.flatMap((unit) => [
          `[${unit.name}]${unit.head ? ` ${unit.head}` : ''}`,
          ...unit.tasks.map((task) => `- ${task}`),
          ...unit.phones.map((phone) => `☎ ${phone}`),
        ]),
      ]
        .filter((line) => line.trim() !== '')
        .join('\n');
  }
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** Tags after which a reader sees a new line. */
const blockEnd = /<\/(p|h[1-6]|li|tr|blockquote|div|section|table|ul|ol|dl|dt|dd|figure|figcaption)\s*>|<br\s*\/?>/gi;

/** HTML as lines of text: blocks end lines, list items start with "- ", table cells are separated by " | ". */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<li[^>]*>/gi, '- ')
      .replace(/<\/t[dh]\s*>\s*(?=<t[dh])/gi, ' | ')
      .replace(/<img[^>]*\balt="([^"]*)"[^>]*>/gi, '[이미지: $1]')
      .replace(blockEnd, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}
