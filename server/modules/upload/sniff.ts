/**
 * What a file really is, from its first bytes (issue 4: the extension alone is never trusted).
 * Small on purpose: only the types the boards accept.
 */
export type SniffedKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'ole' | 'mp4' | 'text' | 'markup' | 'unknown';

/**
 * What an extension requires of the bytes: a kind `sniff` tells, or `captions`, WebVTT, which is
 * text that starts with its signature (so a .txt that happens to start so stays a .txt).
 */
export type ExpectedKind = SniffedKind | 'captions';

/** WebVTT's signature: optional BOM, "WEBVTT", then a space, tab, line break or the end. */
const webVtt = /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/;

/** Whether the first bytes are what the extension promises. */
export function bytesAre(bytes: Buffer, expected: ExpectedKind): boolean {
  if (expected === 'captions') return sniff(bytes) === 'text' && webVtt.test(bytes.subarray(0, 64).toString('utf8'));
  return sniff(bytes) === expected;
}

const startsWith = (bytes: Buffer, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** HTML, SVG or XML that a browser might run if it ever showed it inline. */
const markup = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml|meta|style|img|a\s)/i;

/** How many first bytes `sniff` reads at most: a file's first SNIFF_BYTES decide its kind. */
export const SNIFF_BYTES = 8192;

export function sniff(bytes: Buffer): SniffedKind {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return 'unknown';
  const text = head.toString('utf8');
  if (markup.test(text)) return 'markup';
  // Text: no control characters other than tab, line feed, carriage return and form feed.
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u0008\u000b\u000e-\u001a\u001c-\u001f]/.test(text)) return 'unknown';
  return 'text';
}

export interface FileType {
  kind: ExpectedKind;
  contentType: string;
}

/** The allowed extensions (contract `allowedExtensions`), what their bytes must be and the type we serve. */
export const fileTypes: Record<string, FileType> = {
  pdf: { kind: 'pdf', contentType: 'application/pdf' },
  hwp: { kind: 'ole', contentType: 'application/x-hwp' },
  hwpx: { kind: 'zip', contentType: 'application/hwp+zip' },
  doc: { kind: 'ole', contentType: 'application/msword' },
  docx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xls: { kind: 'ole', contentType: 'application/vnd.ms-excel' },
  xlsx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  ppt: { kind: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  pptx: { kind: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  txt: { kind: 'text', contentType: 'text/plain' },
  csv: { kind: 'text', contentType: 'text/csv' },
  zip: { kind: 'zip', contentType: 'application/zip' },
  jpg: { kind: 'jpeg', contentType: 'image/jpeg' },
  jpeg: { kind: 'jpeg', contentType: 'image/jpeg' },
  png: { kind: 'png', contentType: 'image/png' },
  gif: { kind: 'gif', contentType: 'image/gif' },
  webp: { kind: 'webp', contentType: 'image/webp' },
  mp4: { kind: 'mp4', contentType: 'video/mp4' },
  // Captions for a video attached to the same post (issue 11: KWCAG 1.2.2); the player shows them.
  vtt: { kind: 'captions', contentType: 'text/vtt' },
};

export const imageKinds: ReadonlySet<ExpectedKind> = new Set(['png', 'jpeg', 'gif', 'webp']);

/** The lower-case extension of a file name, without the dot ('' if none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
