import { describe, it, expect } from 'vitest';
import { makePdf, pdfDate, pdfLiteral, pdfUtf16Hex, wrapLine } from './pdf';

const title = '2025년 인체이식형 의료기기 환자등록사업 연차보고서';
const pdf = makePdf({
  title,
  heading: 'Annual Report 2025',
  lines: ['National Implantable Device Registry', 'A line with (parentheses) and a back\\slash', 'Date: 2026-06-30'],
  createdAt: new Date('2026-06-30T01:00:00Z'),
});
const text = pdf.toString('latin1');

describe('makePdf', () => {
  it('has a PDF 1.4 header and ends with %%EOF', () => {
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('is plain ASCII, so string offsets are byte offsets', () => {
    expect([...pdf].every((b) => b < 0x80)).toBe(true);
  });

  it('points startxref at the xref table', () => {
    const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  });

  it('has an xref entry of 20 bytes pointing at each "N 0 obj"', () => {
    const startxref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
    const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
    expect(header).not.toBeNull();
    const count = Number(header![1]);
    const entriesAt = startxref + header![0].length;
    const objectCount = (text.match(/^\d+ 0 obj$/gm) ?? []).length;
    expect(count).toBe(objectCount + 1);
    expect(text.slice(entriesAt, entriesAt + 20)).toBe('0000000000 65535 f \n');
    for (let n = 1; n < count; n++) {
      const entry = text.slice(entriesAt + n * 20, entriesAt + (n + 1) * 20);
      expect(entry).toMatch(/^\d{10} 00000 n \n$/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
    }
    expect(text.slice(entriesAt + count * 20).startsWith('trailer\n')).toBe(true);
  });

  it('gives the content stream its exact length', () => {
    const match = /<< \/Length (\d+) >>\nstream\n/.exec(text);
    expect(match).not.toBeNull();
    const start = match!.index + match![0].length;
    const length = Number(match![1]);
    expect(text.slice(start + length, start + length + 'endstream'.length)).toBe('endstream');
  });

  it('keeps the Korean title as UTF-16BE in the Info dictionary', () => {
    expect(text).toContain(`/Title ${pdfUtf16Hex(title)}`);
    expect(text).toMatch(/trailer\n<< \/Size \d+ \/Root 1 0 R \/Info \d+ 0 R >>/);
  });
});

describe('helpers', () => {
  it('escapes literal strings and replaces non-ASCII', () => {
    expect(pdfLiteral('a(b)c\\d')).toBe('(a\\(b\\)c\\\\d)');
    expect(pdfLiteral('등록 ok')).toBe('(?? ok)');
  });

  it('encodes UTF-16BE with a byte order mark', () => {
    expect(pdfUtf16Hex('A가')).toBe('<FEFF0041AC00>');
  });

  it('writes dates in Korea Standard Time', () => {
    expect(pdfDate(new Date('2026-06-30T01:02:03Z'))).toBe("D:20260630100203+09'00'");
  });

  it('wraps long lines at word boundaries', () => {
    const lines = wrapLine('alpha beta gamma delta', 11);
    expect(lines).toEqual(['alpha beta', 'gamma delta']);
  });
});
