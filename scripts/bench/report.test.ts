import { describe, expect, it } from 'vitest';
import type { PathResult } from './load';
import { pathResult } from './path-result.fixture';
import { formatCeilingReadings, highestCeiling, type Results } from './report';

const ceiling = (requestsPerSecond: number, loadGeneratorShare: number) => pathResult(requestsPerSecond, { loadGeneratorShare });

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
});
