import type { PathResult } from './load';

/** A path's result for the bench's tests: a clean 10-s run of `requestsPerSecond`, with `fields` over it. */
export function pathResult(requestsPerSecond: number, fields: Partial<PathResult> = {}): PathResult {
  const requests = requestsPerSecond * 10;
  return {
    key: 'ceiling',
    label: 'ceiling (minimal Fastify route)',
    requestsPerSecond,
    p50Ms: 0.4,
    p99Ms: 1.5,
    requests,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: { 200: requests },
    errorSamples: [],
    bytesPerResponse: 230,
    ...fields,
  };
}
