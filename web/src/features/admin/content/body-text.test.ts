import { describe, expect, it } from 'vitest';
import { bodyText, htmlToText } from './body-text';
import { formatKoreaDateTime, koreaLocalOf, koreaLocalToIso, publishValue } from './publish';

describe('a body as the text a reader reads', () => {
  it('rich text: a line per block, list items marked, cells separated, entities decoded, tags gone', () => {
    const html =
      '<h2>제1조 (목적)</h2><p>이 약관은&nbsp;<strong>누리집</strong> 이용에 관한 &lt;사항&gt;을 정합니다.</p>' +
      '<ul><li>회원 가입</li><li>게시물</li></ul><table><tr><th>항목</th><th>기간</th></tr><tr><td>이메일</td><td>2년</td></tr></table>' +
      '<p><img src="/api/file/x" alt="조직도 그림"></p><script>alert(1)</script>';
    expect(htmlToText(html)).toBe('제1조 (목적)\n이 약관은 누리집 이용에 관한 <사항>을 정합니다.\n- 회원 가입\n- 게시물\n항목 | 기간\n이메일 | 2년\n[이미지: 조직도 그림]');
  });

  it('the history as a line per row, the chart as a few lines per unit', () => {
    expect(bodyText({ type: 'history', lead: '', rows: [{ year: 2026, month: 3, text: '누리집 개편' }, { year: 2025, month: null, text: '확대' }] })).toBe(
      '2026년 3월 누리집 개편\n2025년 확대',
    );
    expect(
      bodyText({ type: 'organization', lead: '안내', units: [{ name: '등록관리팀', head: '팀장', tasks: ['등록 심사'], phones: ['02-1234-5678'] }] }),
    ).toBe('안내\n[등록관리팀] 팀장\n- 등록 심사\n☎ 02-1234-5678');
  });
});

describe('a schedule in Korea time', () => {
  it('a datetime-local value is sent with +09:00, whatever the browser\'s zone', () => {
    expect(koreaLocalToIso('2027-01-01T09:00')).toBe('2027-01-01T09:00:00+09:00');
    expect(koreaLocalToIso('2027-01-01')).toBeNull();
    expect(publishValue('schedule', '2027-03-02T00:30')).toBe('2027-03-02T00:30:00+09:00');
    expect(publishValue('schedule', '')).toBeNull();
    expect(publishValue('draft', '2027-03-02T00:30')).toBe('draft');
  });

  it('a moment is shown in Korea time', () => {
    expect(koreaLocalOf(new Date('2026-12-31T15:30:00Z'))).toBe('2027-01-01T00:30');
    expect(formatKoreaDateTime('2026-12-31T15:30:00.000Z')).toBe('2027.01.01 00:30');
    expect(formatKoreaDateTime(null)).toBe('');
  });
});
