import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetPreviousCaller } from './use-session';

/**
 * Issue 12, shared computers: on every change of caller (a sign-out of any kind, a sign-in) the
 * answers no screen shows are gone from memory, and those on show are asked again.
 */
describe('forgetPreviousCaller', () => {
  it('removes the answers no screen shows and My page\'s, and asks again for those on show', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const asked: string[] = [];
    const answer = (name: string) => () => {
      asked.push(name);
      return Promise.resolve(name);
    };
    client.setQueryData(['board-item', 'community', 12], 'a secret post read earlier');
    client.setQueryData(['user', 'me'], 'my page');
    const shown = new QueryObserver(client, { queryKey: ['board-items', 'notice'], queryFn: answer('notice list') });
    const unsubscribe = shown.subscribe(() => undefined);
    await expect.poll(() => client.getQueryData(['board-items', 'notice'])).toBe('notice list');
    asked.length = 0;

    await forgetPreviousCaller(client);

    expect(client.getQueryData(['board-item', 'community', 12])).toBeUndefined();
    expect(client.getQueryData(['user', 'me'])).toBeUndefined();
    expect(client.getQueryCache().getAll().map((q) => q.queryKey)).toEqual([['board-items', 'notice']]);
    expect(asked).toEqual(['notice list']);
    unsubscribe();
    client.clear();
  });
});
