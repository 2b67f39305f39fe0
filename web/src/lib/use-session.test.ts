import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fetchesSettled, forgetPreviousCaller } from './use-session';

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

/**
 * A sign-out waits for the reads already sent with the token: revoked before they reached the
 * server, they would be refused halfway (a flaky 401 in e2e/shared-computer.spec.ts).
 */
describe('fetchesSettled', () => {
  it('resolves at once when nothing is fetching, and once the last read is back otherwise', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await fetchesSettled(client, 1000);
    let answer: (value: string) => void = () => undefined;
    const read = client.fetchQuery({ queryKey: ['board-items', 'notice'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    let settled = false;
    const waiting = fetchesSettled(client, 5000).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer('notice list');
    await read;
    await waiting;
    expect(settled).toBe(true);
    client.clear();
  });

  it('gives up waiting after the limit', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>(() => undefined) }).catch(() => undefined);
    const started = Date.now();
    await fetchesSettled(client, 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(client.isFetching()).toBe(1);
    client.clear();
  });
});
