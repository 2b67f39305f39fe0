import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { visitSeries, visitTop, type StatsTopKind } from '@contract';
import { download, ok, refuse, stubApi, type ApiCall } from '@web/test/api-stub';
import { renderScreen } from '@web/test/render-screen';
import { Component as StatsPage } from './StatsPage';

/**
 * 방문 통계 (issue 23): the period comes from the address and goes to every read; each chart has
 * its table with the period before beside; an empty list says so; Excel downloads the period.
 * The charts themselves (a canvas) are drawn in the browser sweep (e2e/screens-admin.spec.ts).
 */
const point = (at: string, views: number, visitors: number) => ({ at, views, visitors, botViews: 1, botVisitors: 1 });
const series = (call: ApiCall) =>
  ok(
    visitSeries.parse({
      interval: 'day',
      from: call.query.get('from'),
      to: call.query.get('to'),
      points: [point('2026-11-29', 120, 40), point('2026-11-30', 80, 30)],
      totals: { views: 200, visitors: 70, botViews: 2, botVisitors: 2 },
      previous: { from: '2026-11-27', to: '2026-11-28', points: [point('2026-11-27', 100, 35), point('2026-11-28', 100, 35)], totals: { views: 200, visitors: 70, botViews: 2, botVisitors: 2 } },
    }),
  );
const top = (call: ApiCall) => {
  const kind = call.query.get('kind') as StatsTopKind;
  const items =
    kind === 'screen'
      ? [{ value: 'home', label: '홈', views: 150, visitors: 0, previousViews: 100, previousVisitors: 0 }]
      : kind === 'browser'
        ? [{ value: 'whale', label: '네이버 웨일', views: 50, visitors: 20, previousViews: 0, previousVisitors: 0 }]
        : [];
  return ok(visitTop.parse({ kind, from: call.query.get('from'), to: call.query.get('to'), previous: { from: '2026-11-27', to: '2026-11-28' }, items }));
};

describe('방문 통계', () => {
  it('reads the period in the address, shows totals against the period before, a table under each chart, and says when a list is empty', async () => {
    const api = stubApi({ 'GET /api/admin/stats/visits': series, 'GET /api/admin/stats/top': top });
    renderScreen(StatsPage, { path: 'admin/stats', url: '/admin/stats?from=2026-11-29&to=2026-11-30&interval=day' });
    expect(await screen.findByRole('heading', { level: 1, name: '방문 통계' })).toBeVisible();
    const totals = await screen.findByText('이전 기간 200 (변동 없음)', { exact: false });
    expect(totals).toBeVisible();
    const days = await screen.findByRole('table', { name: /일별 페이지뷰와 방문자/ });
    expect(within(days).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['날짜', '페이지뷰', '방문자', '봇 페이지뷰', '이전 기간 페이지뷰', '이전 기간 방문자'],
      ['11-29', '120', '40', '1', '100', '35'],
      ['11-30', '80', '30', '1', '100', '35'],
    ]);
    expect(screen.getByRole('img', { name: /일별 페이지뷰와 방문자 그래프, 2026-11-29부터 2026-11-30까지/ })).toBeInTheDocument();
    const screens = await screen.findByRole('table', { name: /많이 본 화면/ });
    expect(within(screens).getByRole('row', { name: /홈/ })).toHaveTextContent('홈150100+50%');
    const browsers = await screen.findByRole('table', { name: /브라우저/ });
    expect(within(browsers).getByRole('row', { name: /네이버 웨일/ })).toHaveTextContent('네이버 웨일500신규20');
    expect(await screen.findByText('이 기간에 다른 사이트에서 들어온 방문이 없습니다.')).toBeVisible();
    for (const kind of ['screen', 'post', 'referrer', 'device', 'browser']) {
      expect(api.callsTo('GET /api/admin/stats/top').find((c) => c.query.get('kind') === kind)?.query.get('from')).toBe('2026-11-29');
    }
  });

  it('applies a new period and interval through the address', async () => {
    const api = stubApi({ 'GET /api/admin/stats/visits': series, 'GET /api/admin/stats/top': top });
    const { user, router } = renderScreen(StatsPage, { path: 'admin/stats', url: '/admin/stats?from=2026-11-29&to=2026-11-30' });
    const form = await screen.findByRole('search', { name: '통계 기간' });
    const from = within(form).getByLabelText(/시작일/);
    await user.clear(from);
    await user.type(from, '2026-11-25');
    await user.selectOptions(within(form).getByLabelText(/단위/), 'hour');
    await user.click(within(form).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-25&to=2026-11-30&interval=hour'));
    await waitFor(() => expect(api.callsTo('GET /api/admin/stats/visits').at(-1)!.query.toString()).toBe('from=2026-11-25&to=2026-11-30&interval=hour'));
  });

  it('downloads the period as Excel, and says why when the server refuses', async () => {
    // Spies on the shared URL class (restored after each test by web/src/test/setup.ts), not a changed class.
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const api = stubApi({
      'GET /api/admin/stats/visits': series,
      'GET /api/admin/stats/top': top,
      'GET /api/admin/stats/export': download('xlsx', '방문통계_2026-11-29_2026-11-30.xlsx'),
    });
    const { user } = renderScreen(StatsPage, { path: 'admin/stats', url: '/admin/stats?from=2026-11-29&to=2026-11-30' });
    await user.click(await screen.findByRole('button', { name: '엑셀 내려받기' }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/stats/export').map((c) => c.query.toString())).toEqual(['from=2026-11-29&to=2026-11-30']));
    expect(screen.queryByRole('alert')).toBeNull();

    api.set({ 'GET /api/admin/stats/export': refuse(403, 'FORBIDDEN', '권한이 없습니다.') });
    await user.click(screen.getByRole('button', { name: '엑셀 내려받기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('권한이 없습니다.');
  });
});
