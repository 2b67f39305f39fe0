import { act, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AppRouter } from './AppRouter';

/** A loading line that takes 30 ms to render, so the transition's render yields right after it. */
function SlowLoading() {
  const end = performance.now() + 30;
  while (performance.now() < end);
  return <p role="status">불러오는 중입니다…</p>;
}

it('the first screen shows when its lazy route settles while the first render yields, and the beacon counts the navigations after it', async () => {
  let settleScreen!: (module: object) => void;
  const screenModule = new Promise<object>((resolve) => (settleScreen = resolve));
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
  // Due while the render below yields after the slow loading line: the router's change comes
  // after RouterProvider read its state and before it subscribed (AppRouter.tsx).
  setTimeout(() => settleScreen({ Component: () => <h1>첫 화면</h1> }), 5);
  startTransition(() => root.render(<AppRouter router={router} sendBeacon={send} />));
  try {
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('첫 화면'), { timeout: 3000 });
    expect(send).not.toHaveBeenCalled(); // the first screen is the server's to count
    await act(() => router.navigate('/nids/intro'));
    expect(container.querySelector('h1')?.textContent).toBe('소개');
    expect(send).toHaveBeenCalledExactlyOnceWith('/api/visit', JSON.stringify({ path: '/nids/intro', referrer: `${window.location.origin}/` }));
  } finally {
    act(() => root.unmount());
    container.remove();
  }
});
