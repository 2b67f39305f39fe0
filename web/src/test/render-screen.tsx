import type { ComponentType, ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

/**
 * Renders one screen (a route module's `Component`) as the app does: in a QueryClientProvider and
 * a router at `url`, matched by `path` (the router's pattern, e.g. `admin/boards/:boardCode`).
 * Queries do not retry, so a refused load shows its error state at once. Other addresses render
 * a marker with the location, so a test sees where a link or a redirect went.
 */
export interface RenderedScreen extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

export function renderScreen(Screen: ComponentType, { path, url = `/${path}` }: { path: string; url?: string }): RenderedScreen {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, Component: Screen },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [url] },
  );
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, router, queryClient };
}

/** Renders a component (a dialog, a form part) with a QueryClient and a router around it. */
export function renderWithProviders(element: ReactElement): RenderResult & { user: ReturnType<typeof userEvent.setup>; queryClient: QueryClient } {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
