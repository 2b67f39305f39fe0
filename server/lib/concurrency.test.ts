import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency';

/** A task that runs until `finish` is called, noting when it starts. */
function controlled(started: string[], name: string) {
  let finish!: (outcome: 'ok' | 'fail') => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = (outcome) => (outcome === 'ok' ? resolve(name) : reject(new Error(name)));
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: (outcome: 'ok' | 'fail' = 'ok') => finish(outcome),
  };
}

const turns = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('concurrencyLimit', () => {
  it('runs at most max tasks at once and the rest in the order they came', async () => {
    const limit = concurrencyLimit(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => controlled(started, name));
    const results = [a!, b!, c!, d!].map((t) => limit(t.task));
    await turns();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await turns();
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    await turns();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c!.finish();
    d!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
  });

  it('frees the place of a task that fails, and passes the failure on', async () => {
    const limit = concurrencyLimit(1);
    const started: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => controlled(started, name));
    const first = limit(a!.task);
    const second = limit(b!.task);
    await turns();
    expect(started).toEqual(['a']);
    a!.finish('fail');
    await expect(first).rejects.toThrow('a');
    await turns();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await expect(second).resolves.toBe('b');
  });

  it('starts at once again when the queue has emptied', async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(async () => 1)).resolves.toBe(1);
    await expect(limit(async () => 2)).resolves.toBe(2);
    const started: string[] = [];
    const c = controlled(started, 'c');
    const third = limit(c.task);
    await turns();
    expect(started).toEqual(['c']);
    c.finish();
    await third;
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
    expect(() => concurrencyLimit(1.5)).toThrow(RangeError);
  });
});
