import { describe, expect, it, vi } from 'vitest';
import { startVisitBeacon } from './visit-beacon';

type State = { location: { pathname: string }; navigation: { state: string } };

function fakeRouter(pathname: string) {
  let listener: ((state: State) => void) | null = null;
  const router = {
    state: { location: { pathname }, navigation: { state: 'idle' } } as State,
    subscribe(fn: (state: State) => void) {
      listener = fn;
      return () => {
        listener = null;
      };
    },
  };
  const go = (path: string, navigation = 'idle') => listener?.({ location: { pathname: path }, navigation: { state: navigation } });
  return { router, go };
}

describe('startVisitBeacon (issue 23)', () => {
  it('sends each in-app navigation after the first screen, with the page before it, and never the console or a path of no screen', () => {
    const send = vi.fn();
    const { router, go } = fakeRouter('/');
    const stop = startVisitBeacon(router, send);
    expect(send).not.toHaveBeenCalled(); // the first screen: counted by the server
    go('/Nids/notice/List/', 'loading'); // still loading: not yet
    go('/Nids/notice/List/');
    go('/Nids/notice/List/'); // the same screen again (a search, a page): not a navigation
    go('/admin/stats');
    go('/no/such/screen');
    go('/nids/intro');
    expect(send.mock.calls).toEqual([
      ['/api/visit', JSON.stringify({ path: '/Nids/notice/List/', referrer: `${window.location.origin}/` })],
      ['/api/visit', JSON.stringify({ path: '/nids/intro', referrer: `${window.location.origin}/no/such/screen` })],
    ]);
    stop();
    go('/');
    expect(send).toHaveBeenCalledTimes(2);
  });
});
