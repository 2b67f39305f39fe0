import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_DURATION, RequestDurations } from './metrics';

/** The same observations into prom-client's own Histogram and into RequestDurations, each in a registry of its own. */
function both() {
  const theirs = new Registry();
  const histogram = new Histogram({ ...REQUEST_DURATION, labelNames: ['method', 'route', 'status_code'], buckets: [...REQUEST_DURATION.buckets], registers: [theirs] });
  const ours = new Registry();
  const durations = new RequestDurations(REQUEST_DURATION);
  ours.registerMetric(durations as never);
  const observe = (method: string, route: string, status: number, seconds: number) => {
    histogram.observe({ method, route, status_code: String(status) }, seconds);
    durations.observe(method, route, status, seconds);
  };
  return { theirs, ours, observe };
}

describe('the request-duration histogram', () => {
  it('exports the text prom-client\'s Histogram exports for the same requests', async () => {
    const { theirs, ours, observe } = both();
    // Below, on and between the bounds, over the last one (+Inf only), and labels that need escaping.
    const seconds = [0, 0.0001, 0.005, 0.0050001, 0.01, 0.3, 1, 2.5, 9.99, 10, 10.5, 120];
    seconds.forEach((s, i) => observe('GET', '/api/board-item/:boardCode/:itemNo', i % 3 === 0 ? 304 : 200, s));
    observe('POST', '/api/user/signin', 401, 0.2);
    observe('GET', '(unmatched)', 404, 0.001);
    observe('GET', 'a "quoted" \\ route\nwith a line', 500, 0.02);
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/board-item/:boardCode/:itemNo",status_code="200"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="(unmatched)",status_code="404"} 1');
  });

  it('writes the same text with the registry\'s default labels, and the same objects as JSON', async () => {
    const { theirs, ours, observe } = both();
    for (const registry of [theirs, ours]) registry.setDefaultLabels({ instance: 'web-1' });
    observe('GET', '/api/menu', 200, 0.003);
    observe('GET', '/api/menu', 304, 0.02);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    const json = async (registry: Registry) => JSON.parse(JSON.stringify(await registry.getMetricsAsJSON(), (key, value: unknown) => (key === 'exemplar' ? undefined : value)));
    expect(await json(ours)).toEqual(await json(theirs));
    // Lines of their own: changing one changes no other, nor the next scrape.
    const [metric] = await ours.getMetricsAsJSON();
    (metric!.values[0]!.labels as Record<string, unknown>).route = 'changed';
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });

  it('starts again from nothing when the registry resets its metrics', async () => {
    const { theirs, ours, observe } = both();
    observe('GET', '/metrics', 200, 0.004);
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe('GET', '/metrics', 200, 0.004);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain('http_request_duration_seconds_count{method="GET",route="/metrics",status_code="200"} 1');
  });
});
