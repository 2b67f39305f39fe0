import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedbackCommentPage, feedbackSummary } from '@contract';
import { ok, stubApi } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as FeedbackPage } from './FeedbackPage';

/** 만족도 조사 in the console (issue 23): the period's summary per screen and the comments, as text. */

const summary = feedbackSummary.parse({
  from: '2026-11-01',
  to: '2026-11-30',
  screens: [
    { path: '/nids/intro', count: 4, average: 3.75, distribution: [0, 1, 0, 2, 1] },
    { path: '/nids/notice/view/12', count: 1, average: 1, distribution: [1, 0, 0, 0, 0] },
  ],
  total: { count: 5, average: 3.2, distribution: [1, 1, 0, 2, 1] },
});
const comments = feedbackCommentPage.parse({
  content: [
    { id: 9, path: '/nids/intro', score: 2, comment: '<img src=x onerror=alert(1)>\n두 줄', day: '2026-11-30', createdDate: '2026-11-30T10:00:00+09:00' },
  ],
  totalElements: 1,
  totalPages: 1,
  page: 1,
  size: 20,
});

const url = '/admin/feedback?from=2026-11-01&to=2026-11-30';

describe('the page-satisfaction console', () => {
  it('shows each screen’s count, average and distribution, best first, with the total', async () => {
    const api = stubApi({ 'GET /api/admin/feedback': ok(summary), 'GET /api/admin/feedback/comments': ok(comments) });
    renderScreen(FeedbackPage, { path: 'admin/feedback', url });
    const table = await screen.findByRole('table', { name: /화면별 만족도 \(2026-11-01 ~ 2026-11-30, 응답 5건\)/ });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['화면', '응답 수', '평균 점수', '매우 만족', '만족', '보통', '불만족', '매우 불만족', '의견']);
    const intro = within(table).getByRole('row', { name: /사업 소개 \/nids\/intro/ });
    expect(within(intro).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '3.75', '1', '2', '0', '1', '0', '의견 보기']);
    expect(within(table).getByRole('row', { name: /전체/ })).toHaveTextContent('3.20');
    expect(api.callsTo('GET /api/admin/feedback')[0]!.query.toString()).toBe('from=2026-11-01&to=2026-11-30');
  });

  it('shows a comment as text, never as markup, with its line breaks', async () => {
    stubApi({ 'GET /api/admin/feedback': ok(summary), 'GET /api/admin/feedback/comments': ok(comments) });
    const { container } = renderScreen(FeedbackPage, { path: 'admin/feedback', url });
    const list = await screen.findByRole('table', { name: /의견 목록/ });
    expect(within(list).getByText(/<img src=x onerror=alert\(1\)>/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(within(list).getByRole('row', { name: /두 줄/ })).toHaveTextContent('불만족');
  });

  it('“의견 보기” narrows the comments to that screen; the period goes to both reads', async () => {
    const api = stubApi({ 'GET /api/admin/feedback': ok(summary), 'GET /api/admin/feedback/comments': ok(comments) });
    const { user, router } = renderScreen(FeedbackPage, { path: 'admin/feedback', url });
    const table = await screen.findByRole('table', { name: /화면별 만족도/ });
    await user.click(within(within(table).getByRole('row', { name: /notice\/view\/12/ })).getByRole('link', { name: '의견 보기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30&path=%2Fnids%2Fnotice%2Fview%2F12'));
    await waitFor(() => expect(api.callsTo('GET /api/admin/feedback/comments').at(-1)!.query.get('path')).toBe('/nids/notice/view/12'));
    expect(screen.getByRole('link', { name: '모든 화면의 의견 보기' })).toBeInTheDocument();
  });

  it('a new period from the form goes to the address and the reads', async () => {
    const api = stubApi({ 'GET /api/admin/feedback': ok(summary), 'GET /api/admin/feedback/comments': ok(comments) });
    const { user, router } = renderScreen(FeedbackPage, { path: 'admin/feedback', url });
    const form = await screen.findByRole('search', { name: '만족도 조사 기간' });
    const from = within(form).getByLabelText('시작일');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.click(within(form).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-11-30'));
    await waitFor(() => expect(api.callsTo('GET /api/admin/feedback').at(-1)!.query.get('from')).toBe('2026-10-01'));
  });
});
