import type { RequestSpec } from 'autocannon';
import { describe, expect, it } from 'vitest';
import { RUN_MARK, serverPaths } from './paths';

const context = { boardCode: 'notice', deepPage: 30, firstItemNo: 1, lastItemNo: 300 };

/** The user agent a request of `spec` goes out with (after its setupRequest, as autocannon calls it). */
function userAgent(spec: RequestSpec): string | undefined {
  const sent = spec.setupRequest ? spec.setupRequest({ ...spec }, {}) : spec;
  return (sent as RequestSpec | undefined)?.headers?.['user-agent'];
}

describe('the bench paths (session 33)', () => {
  it("send this run's mark in every user agent, so a later run of the day is new visitors with new views", () => {
    for (const path of serverPaths(context)) {
      for (const spec of path.requests) expect(userAgent(spec), path.key).toContain(`nids-bench ${RUN_MARK}`);
    }
  });

  it('send a new visitor each request where the path says so, all of them marked', () => {
    const visitors = serverPaths(context).find((p) => p.key === 'postPageVisitors')!;
    const spec = visitors.requests[0]!;
    const agents = [userAgent(spec), userAgent(spec), userAgent(spec)];
    expect(new Set(agents).size).toBe(3);
    for (const agent of agents) expect(agent).toContain(`nids-bench ${RUN_MARK} visitor`);
  });
});
