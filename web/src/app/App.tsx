import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRouter } from './AppRouter';
import { seedFirstData } from './first-data';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && Number(error.status) < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// The answers the server sent with the page, before anything renders (first-data.ts).
seedFirstData(queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter router={router} />
    </QueryClientProvider>
  );
}
