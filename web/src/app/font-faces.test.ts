import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { codePointsOf, coversText, parseFaceRules, parseUnicodeRange, splitByText } from './font-faces';

const sheet = fs.readFileSync(
  createRequire(import.meta.url).resolve('pretendard-gov/dist/web/variable/pretendardvariable-gov-dynamic-subset.css'),
  'utf8',
);

describe('parseUnicodeRange', () => {
  it('reads single code points, ranges and wildcards', () => {
    expect(parseUnicodeRange('U+f9ca-fa0b, U+ff03, U+4??')).toEqual([
      [0xf9ca, 0xfa0b],
      [0xff03, 0xff03],
      [0x400, 0x4ff],
    ]);
  });
});

describe("parseFaceRules on Pretendard GOV's own sheet", () => {
  const rules = parseFaceRules(sheet);

  it('finds every @font-face rule, with its family, source and descriptors', () => {
    expect(rules).toHaveLength((sheet.match(/@font-face/g) ?? []).length);
    expect(rules.length).toBeGreaterThan(100);
    expect(rules[0]).toMatchObject({
      family: 'Pretendard GOV Variable',
      source: "url(./woff2-dynamic-subset/PretendardGOVVariable.subset.0.woff2) format('woff2-variations')",
      descriptors: { style: 'normal', weight: '45 920', display: 'swap' },
    });
    expect(rules[0]!.ranges[0]).toEqual([0xf9ca, 0xfa0b]);
  });

  it('picks the few subsets a Korean sentence needs, and all of its characters are covered', () => {
    const text = '인체이식형 의료기기 환자등록사업 공지사항 2026';
    const points = codePointsOf(text);
    const needed = rules.filter((rule) => coversText(rule, points));
    expect(needed.length).toBeGreaterThan(0);
    expect(needed.length).toBeLessThan(12);
    expect(rules.filter((rule) => coversText(rule, codePointsOf('ABC'))).length, 'Latin letters: one subset').toBe(1);
    for (const cp of points) expect(needed.some((rule) => rule.ranges.some(([lo, hi]) => cp >= lo && cp <= hi)), String.fromCodePoint(cp)).toBe(true);
  });

  it('splits the rules once into those the text needs and the others, every rule in one of them', () => {
    const points = codePointsOf('인체이식형 의료기기 환자등록사업 공지사항 2026');
    const { needed, others } = splitByText(rules, points);
    expect(needed).toEqual(rules.filter((rule) => coversText(rule, points)));
    expect(others).toEqual(rules.filter((rule) => !coversText(rule, points)));
    expect(needed.length + others.length).toBe(rules.length);
  });
});

describe('codePointsOf', () => {
  it('leaves spaces out and gives each character once, in order, a surrogate pair as one', () => {
    expect(codePointsOf('😀 가 가\nA')).toEqual([0x41, 0xac00, 0x1f600]);
  });
});
