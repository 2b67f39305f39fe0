import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Components use the design tokens of tokens.css, not literal values (issue 11): no colour, type
 * size, spacing, radius or shadow is written outside tokens.css, and media queries use only the
 * KRDS breakpoints. A failure names the file, line and declaration to change.
 */
const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOKENS = path.join(webSrc, 'ui/tokens.css');

function cssFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') && full !== TOKENS ? [full] : [];
  });
}

interface Declaration {
  file: string;
  line: number;
  property: string;
  value: string;
}

/** Declarations (property: value) with their line, comments removed. */
function declarations(file: string): Declaration[] {
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const out: Declaration[] = [];
  const pattern = /(^|[;{\s])(-?[a-z-]+)\s*:\s*([^;{}]+?)\s*(?=;|})/g;
  for (const match of text.matchAll(pattern)) {
    const property = match[2]!;
    // Selectors like a:hover also match "name: value" shapes; a declaration's value has no '{'.
    if (property.startsWith('-') && !property.startsWith('--') && !property.startsWith('-webkit')) continue;
    const line = text.slice(0, match.index + match[1]!.length).split('\n').length;
    out.push({ file: path.relative(webSrc, file), line, property, value: match[3]!.trim() });
  }
  return out;
}

/** Media query conditions, with their line. */
function mediaQueries(file: string): { file: string; line: number; query: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/@media([^{]+)\{/g)].map((match) => ({
    file: path.relative(webSrc, file),
    line: text.slice(0, match.index).split('\n').length,
    query: match[1]!.trim(),
  }));
}

const files = cssFiles(webSrc);
const all = files.flatMap(declarations).filter((d) => !d.property.startsWith('--'));
const where = (d: Declaration) => `${d.file}:${d.line} ${d.property}: ${d.value}`;

const COLOUR_LITERAL = /#[0-9a-f]{3,8}\b|\b(rgb|rgba|hsl|hsla)\(|\b(white|black|red|blue|green|gray|grey)\b/i;
const SPACING = /^(margin|padding|gap|row-gap|column-gap)(-(top|right|bottom|left|block|inline|block-start|block-end|inline-start|inline-end))?$/;
/** A spacing value: tokens, calc() of tokens, 0, auto, hairlines (1-2 px), em/ch/% (relative to text or box). */
const SPACING_PART = /^(0|auto|-?[12]px|-?\d*\.?\d+(em|ch|%)|var\(--[a-z0-9-]+\)|calc\(.*var\(--.*\)|-var\(--[a-z0-9-]+\))$/;

describe('design tokens', () => {
  it('finds the style sheets', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(all.length).toBeGreaterThan(500);
  });

  it('no colour is written outside tokens.css', () => {
    const literal = all.filter((d) => COLOUR_LITERAL.test(d.value) && !/^url\(/.test(d.value));
    expect(literal.map(where)).toEqual([]);
  });

  it('font sizes come from the type scale (rem tokens), or inherit', () => {
    const literal = all.filter((d) => d.property === 'font-size' && !/^(var\(--font-size-[a-z0-9]+\)|inherit|1em|100%|\d+(\.\d+)?%)$/.test(d.value));
    expect(literal.map(where)).toEqual([]);
  });

  it('spacing is on the 8-point grid of tokens', () => {
    // `!important` (ProseMirror's own rules in editor.css need it) says nothing of the value.
    const literal = all.filter((d) => SPACING.test(d.property) && !splitValue(d.value.replace(/\s*!important$/, '')).every((part) => SPACING_PART.test(part)));
    expect(literal.map(where)).toEqual([]);
  });

  it('font weights and line heights come from tokens, or inherit', () => {
    const weight = all.filter((d) => d.property === 'font-weight' && !/^(var\(--font-weight-[a-z]+\)|inherit|normal)$/.test(d.value));
    const height = all.filter((d) => d.property === 'line-height' && !/^(var\(--line-height-[a-z]+\)|inherit|normal|1)$/.test(d.value));
    expect([...weight, ...height].map(where)).toEqual([]);
  });

  it('no line height for text under 1.5 but a heading\'s or a display figure\'s (KWCAG 1.4.12)', () => {
    const tokens = new Map(declarations(TOKENS).filter((d) => d.property.startsWith('--line-height-')).map((d) => [d.property, Number(d.value)]));
    expect(tokens.get('--line-height-body')).toBeGreaterThanOrEqual(1.5);
    expect(tokens.get('--line-height-compact')).toBeGreaterThanOrEqual(1.5);
    const tight = [...tokens].filter(([name, value]) => value < 1.5 && name !== '--line-height-heading' && name !== '--line-height-display');
    expect(tight).toEqual([]);
  });

  it('radii and shadows come from tokens', () => {
    const radius = all.filter((d) => /^border(-[a-z]+)*-radius$/.test(d.property) && !splitValue(d.value).every((part) => /^(0|50%|inherit|var\(--radius[a-z-]*\))$/.test(part)));
    const shadow = all.filter((d) => d.property === 'box-shadow' && !/^(none|var\(--shadow[a-z-]*\)|.*var\(--color-[a-z-]+\).*)$/.test(d.value));
    expect([...radius, ...shadow].map(where)).toEqual([]);
  });

  it('media queries use only the KRDS breakpoints (360 / 768 / 1024 / 1280)', () => {
    const allowed = /^(print|screen|\((max-width: (767|1023|1279)px|min-width: (360|768|1024|1280)px|prefers-reduced-motion: reduce|hover: hover|forced-colors: active)\)( and \((max-width: (767|1023|1279)px|min-width: (360|768|1024|1280)px|hover: hover)\))*)$/;
    const queries = files.flatMap(mediaQueries).filter((m) => !allowed.test(m.query));
    expect(queries.map((m) => `${m.file}:${m.line} @media ${m.query}`)).toEqual([]);
  });
});

/** A value's space-separated parts, keeping calc(...) and var(...) whole. */
function splitValue(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ' ' && depth === 0) {
      if (current) parts.push(current);
      current = '';
    } else current += char;
  }
  if (current) parts.push(current);
  return parts;
}
