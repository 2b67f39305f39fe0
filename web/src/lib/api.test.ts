import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './api';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 UTF-8 name (Korean file names)', () => {
    const header = `attachment; filename="____________2026-05-01.xlsx"; filename*=UTF-8''${encodeURIComponent('공지사항_2026-05-01.xlsx')}`;
    expect(fileNameFromDisposition(header)).toBe('공지사항_2026-05-01.xlsx');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(fileNameFromDisposition('attachment; filename="report 1.xlsx"')).toBe('report 1.xlsx');
    expect(fileNameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(fileNameFromDisposition(`attachment; filename="plain.xlsx"; filename*=UTF-8''%E0%A4%A`)).toBe('plain.xlsx');
  });

  it('gives null when there is no name', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
