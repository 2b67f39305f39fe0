import { describe, expect, it } from 'vitest';
import { cleanComment } from './service';

describe('a comment as stored (issue 23)', () => {
  it('is plain text: trimmed, line ends as \\n, other control characters dropped, markup kept as typed', () => {
    expect(cleanComment('  <b>좋아요</b>\r\n둘째 줄\r셋째\u0007 줄\t끝  ')).toBe('<b>좋아요</b>\n둘째 줄\n셋째 줄\t끝');
  });

  it('is none when absent or blank', () => {
    expect(cleanComment(undefined)).toBeNull();
    expect(cleanComment(' \n\t ')).toBeNull();
  });
});
