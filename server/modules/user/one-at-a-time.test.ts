import { describe, expect, it } from 'vitest';
import { oneAtATime, queuedAccounts } from './one-at-a-time';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('oneAtATime: password checks of one account in turn', () => {
  it('runs the work of one account one after another, in order, and of different accounts side by side', async () => {
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const work = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([oneAtATime(1, work('a')), oneAtATime(1, work('b')), oneAtATime(1, work('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(most).toBe(1);

    most = 0;
    await Promise.all([oneAtATime(2, work('x')), oneAtATime(3, work('y'))]);
    expect(most).toBe(2);
    expect(queuedAccounts()).toBe(0);
  });

  it('goes on after a failure, which reaches only its own caller', async () => {
    const failing = oneAtATime(4, async () => {
      await tick();
      throw new Error('wrong password');
    });
    const next = oneAtATime(4, async () => 'next');
    await expect(failing).rejects.toThrow('wrong password');
    await expect(next).resolves.toBe('next');
    expect(queuedAccounts()).toBe(0);
  });
});
