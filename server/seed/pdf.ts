/**
 * A minimal PDF 1.4 writer for the demo attachments: one A4 page of ASCII text in the standard
 * Helvetica fonts, an uncompressed content stream and a classic xref table. The standard 14
 * fonts cannot show Hangul, so the Korean title goes only into the document information
 * dictionary, as a UTF-16BE string that PDF readers show as the document title.
 */

export interface PdfDocument {
  /** Document title for the Info dictionary; may be Korean. */
  title: string;
  /** Heading printed on the page (ASCII). */
  heading: string;
  /** Body lines (ASCII); long lines are wrapped. */
  lines: readonly string[];
  /** Creation date written to the Info dictionary. */
  createdAt: Date;
  author?: string;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const BODY_SIZE = 11;
const LEADING = 16;
/** Helvetica averages about half an em per character, so this keeps lines inside the margins. */
const WRAP_AT = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (BODY_SIZE * 0.52));

/** A PDF literal string: only printable ASCII, with the three special characters escaped. */
export function pdfLiteral(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A PDF text string in UTF-16BE with a byte order mark, as a hex string (PDF 1.4 §3.8.1). */
export function pdfUtf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `<${hex}>`;
}

/** D:YYYYMMDDHHmmSS+09'00' in Korea Standard Time. */
export function pdfDate(date: Date): string {
  const kst = new Date(date.getTime() + 9 * 3_600_000).toISOString();
  const digits = kst.slice(0, 19).replace(/[-:T]/g, '');
  return `D:${digits}+09'00'`;
}

export function wrapLine(line: string, width = WRAP_AT): string[] {
  if (line.length <= width) return [line];
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      out.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) out.push(current);
  return out;
}

function contentStream(doc: PdfDocument): string {
  const ops: string[] = [];
  // A coloured band across the top, so the page looks like a document rather than a dump.
  ops.push('0.11 0.32 0.60 rg', `0 ${PAGE_HEIGHT - 96} ${PAGE_WIDTH} 96 re f`);
  ops.push('BT', '1 1 1 rg', '/F1 10 Tf', `${MARGIN} ${PAGE_HEIGHT - 40} Td`, pdfLiteral('National Implantable Device Registry (NIDR)'), 'Tj', 'ET');
  ops.push('BT', '1 1 1 rg', '/F2 18 Tf', `${MARGIN} ${PAGE_HEIGHT - 72} Td`, pdfLiteral(doc.heading), 'Tj', 'ET');
  ops.push('BT', '0.15 0.15 0.15 rg', `/F1 ${BODY_SIZE} Tf`, `${LEADING} TL`, `${MARGIN} ${PAGE_HEIGHT - 140} Td`);
  let first = true;
  for (const line of doc.lines.flatMap((l) => wrapLine(l))) {
    ops.push(pdfLiteral(line), first ? 'Tj' : "'");
    first = false;
  }
  ops.push('ET');
  ops.push('0.6 0.6 0.6 RG', '0.5 w', `${MARGIN} 64 m ${PAGE_WIDTH - MARGIN} 64 l S`);
  ops.push('BT', '0.4 0.4 0.4 rg', '/F1 8 Tf', `${MARGIN} 50 Td`, pdfLiteral('Demo document generated at seed time. Not an official publication.'), 'Tj', 'ET');
  return `${ops.join('\n')}\n`;
}

/** Builds the PDF. Every byte is ASCII, so string length equals byte length for the offsets. */
export function makePdf(doc: PdfDocument): Buffer {
  const stream = contentStream(doc);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> /ProcSet [/PDF /Text] >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}endstream`,
    `<< /Title ${pdfUtf16Hex(doc.title)} /Author ${pdfUtf16Hex(doc.author ?? 'National Implantable Device Registry')} ` +
      `/Producer (nids-registry-site demo seed) /CreationDate (${pdfDate(doc.createdAt)}) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = out.length;
  // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, two-byte EOL.
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
