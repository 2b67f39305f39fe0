import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { seriousAdvisories } from './audit.mjs';

/** The shape `npm audit --json` (report version 2) answers with. */
const report = {
  auditReportVersion: 2,
  vulnerabilities: {
    'sanitize-html': {
      name: 'sanitize-html',
      severity: 'high',
      via: [
        { source: 1096693, name: 'sanitize-html', title: 'XSS through a crafted tag', url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc', severity: 'high' },
        { source: 1096694, name: 'sanitize-html', title: 'Information leak', url: 'https://github.com/advisories/GHSA-dddd-eeee-ffff', severity: 'moderate' },
      ],
    },
    // Vulnerable only through a dependency: its advisories are listed under that package.
    fastify: { name: 'fastify', severity: 'critical', via: ['find-my-way'] },
    'find-my-way': {
      name: 'find-my-way',
      severity: 'critical',
      via: [{ source: 2, name: 'find-my-way', title: 'ReDoS', url: 'https://github.com/advisories/GHSA-1111-2222-3333', severity: 'critical' }],
    },
  },
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 2, total: 4 } },
};

describe('npm audit findings', () => {
  it('are the high and critical advisories, each once, named by their GHSA id', () => {
    expect(seriousAdvisories(report)).toEqual([
      { id: 'GHSA-aaaa-bbbb-cccc', title: 'XSS through a crafted tag', packageName: 'sanitize-html', severity: 'high' },
      { id: 'GHSA-1111-2222-3333', title: 'ReDoS', packageName: 'find-my-way', severity: 'critical' },
    ]);
  });

  it('are none for a clean report', () => {
    expect(seriousAdvisories({ auditReportVersion: 2, vulnerabilities: {}, metadata: { vulnerabilities: {} } })).toEqual([]);
  });
});
