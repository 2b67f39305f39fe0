import { expect } from 'vitest';
import { opsMessages } from '@contract';

/** What the outage tests (server/db/outage.api.test.ts, server/db/embedded-outage.api.test.ts) share: a load and what it may get. */

export interface Answer {
  /** Whether the request wrote (its 200 is an acknowledged write). */
  wrote: boolean;
  status: number;
  body: { code?: string; message?: string; data?: { itemNo?: number; id?: number } };
}

/** Writes comments and reads the caller's account, `concurrency` at a time, until `stop()`. */
export function loadGenerator(send: (i: number) => Promise<Answer>, concurrency = 6) {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) answers.push(await send(n++));
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

export function expectOnly200Or503(answers: Answer[]) {
  const other = answers.filter((a) => a.status !== 200 && a.status !== 503);
  expect([...new Set(other.map((a) => `${a.status} ${JSON.stringify(a.body)}`))]).toEqual([]);
  for (const a of answers.filter((x) => x.status === 503)) {
    expect(a.body).toEqual({ code: 'SERVICE_UNAVAILABLE', message: opsMessages.temporarilyUnavailable, requestId: expect.any(String) });
  }
}
