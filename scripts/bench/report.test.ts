import { describe, expect, it } from 'vitest';
import type { PathResult } from './load';
import { pathResult } from './path-result.fixture';
import { formatCeilingReadings, highestCeiling, type Results } from './report';

const ceiling = (requestsPerSecond: number, loadGeneratorShare: number, serverUsPerRequest?: number) =>
  pathResult(requestsPerSecond, { loadGeneratorShare, ...(serverUsPerRequest === undefined ? {} : { cpuUsPerRequest: { node: serverUsPerRequest, database: 0 } }) });

const readings = (before: PathResult, after: PathResult) => {
  const ceilingReadings = [before, after] as const;
  return formatCeilingReadings({ ceilingReadings, ceiling: highestCeiling(ceilingReadings) } as Results);
};

describe('the ceiling readings (bench report)', () => {
  it('says which reading the shares are of: the higher', () => {
    const text = readings(ceiling(36_218, 0.91), ceiling(38_028, 0.92));
    expect(text).toBe('ceiling readings: 36,218 req/s before the paths, 38,028 after them; the shares (x ceiling) are of the higher, 38,028');
  });

  it('warns when the reading the shares are of was not bound by the load generator: the shares read high', () => {
    // Session 44's run: the minimal route's server slow, the generator at 0.57 of a core.
    const text = readings(ceiling(20_510, 0.57), ceiling(20_366, 0.93));
    expect(text.split('\n')[1]).toMatch(/^THE CEILING WAS NOT BOUND BY THE LOAD GENERATOR \(0\.57 of a core, under 0\.9\): .* every share above reads high/);
    // A higher reading bound by the generator is the one the shares are of, and no warning.
    expect(readings(ceiling(20_510, 0.57), ceiling(38_028, 0.92))).not.toContain('NOT BOUND');
  });

  it("says when the ceiling's own server bound it, and when neither process used its core", () => {
    // Session 46's machine: the minimal route's server at its core, the generator at 0.81.
    const serverBound = readings(ceiling(26_258, 0.81, 37), ceiling(23_640, 0.81, 41)).split('\n')[1];
    expect(serverBound).toMatch(/^the ceiling was bound by its own server \(0\.97 of a core, 37 µs a request\), not by the load generator \(0\.81\): /);
    expect(serverBound).not.toContain('NOT BOUND');
    // Neither at its core: the machine was elsewhere, and the warning stands, naming both.
    const neither = readings(ceiling(20_510, 0.57, 30), ceiling(20_366, 0.93)).split('\n')[1];
    expect(neither).toMatch(/^THE CEILING WAS NOT BOUND BY THE LOAD GENERATOR \(0\.57 of a core, under 0\.9\) NOR BY ITS SERVER \(0\.62\): /);
  });
});
