import { act, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AppRouter } from './AppRouter';

let settleScreen: (() => void) | null = null;

/**
 * A loading line that takes 30 ms to render, so the transition's render yields right after it.
 * Its first render has the lazy screen settle in that yield: after RouterProvider (its parent) read
 * the router's state, before the commit in which RouterProvider subscribes (AppRouter.tsx).
 */
function SlowLoading() {
  const settle = settleScreen;
  settleScreen = null;
  if (settle) setTimeout(settle, 0);
  const end = performance.now() + 30;
  while (performance.now() < end);
  return <p role="status">불러오는 중입니다…</p>;
}

it('the first screen shows when its lazy route settles while the first render yields, and the beacon counts the navigations after it', async () => {
  const screenModule = new Promise<object>((resolve) => {
    settleScreen = () => resolve({ Component: () => <h1>첫 화면</h1> });
  });
  const router = createMemoryRouter(
    [
      {
        HydrateFallback: SlowLoading,
        children: [
          { path: '/', lazy: () => screenModule },
          { path: '/nids/intro', Component: () => <h1>소개</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const send = vi.fn();
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  startTransition(() => root.render(<AppRouter router={router} sendBeacon={send} />));
  try {
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('첫 화면'), { timeout: 3000 });
    expect(settleScreen).toBeNull(); // the loading line rendered, and the screen settled in its yield
    expect(send).not.toHaveBeenCalled(); // the first screen is the server's to count
    await act(() => router.navigate('/nids/intro'));
    expect(container.querySelector('h1')?.textContent).toBe('소개');
    expect(send).toHaveBeenCalledExactlyOnceWith('/api/visit', JSON.stringify({ path: '/nids/intro', referrer: `${window.location.origin}/` }));
  } finally {
    act(() => root.unmount());
    router.dispose();
    container.remove();
  }
});
