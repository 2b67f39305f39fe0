import { describe, expect, it } from 'vitest';
import { attachmentProblem, fileExtension } from './attachment-rules';

const limits = { maxFileSize: 20 * 1024 * 1024 };

describe('attachmentProblem', () => {
  it('accepts allowed files within the limit', () => {
    expect(attachmentProblem({ name: '연차보고서.PDF', size: 1000 }, limits)).toBeNull();
  });
  it('refuses other extensions, empty and oversize files, in Korean', () => {
    expect(attachmentProblem({ name: 'run.exe', size: 10 }, limits)).toContain('첨부할 수 없는 파일 형식입니다 (exe)');
    expect(attachmentProblem({ name: 'a.svg', size: 10 }, limits)).toContain('svg');
    expect(attachmentProblem({ name: 'a.pdf', size: 0 }, limits)).toContain('빈 파일');
    expect(attachmentProblem({ name: 'a.pdf', size: limits.maxFileSize + 1 }, limits)).toContain('20 MB 이하');
  });
  it('reads extensions case-insensitively', () => {
    expect(fileExtension('a.b.HWPX')).toBe('hwpx');
    expect(fileExtension('noext')).toBe('');
  });
});
