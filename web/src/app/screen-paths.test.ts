import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { adminPaths, boardAreas, paths, routePatterns, screenModules } from '@contract';

/**
 * Screen paths are spelt once, in contract/paths.ts: the menu, the router, links and the server's
 * first-load map take them from there. This reads every source file of web/src (tests aside, which
 * type addresses in every spelling on purpose) with the TypeScript parser and fails on any string,
 * template or regular expression in the code that names a screen path: one that starts with the
 * first segment of a screen (/nids/..., /Account/..., /admin, Account/Signin as a route, ...).
 */
const webDir = fileURLToPath(new URL('../..', import.meta.url));
const srcDir = path.join(webDir, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The first segments of every screen path, lower-case: nids, system, account, tos, admin and the board areas. */
const screenSegments = new Set(
  [
    ...Object.values(paths).map((p) => (typeof p === 'string' ? p : p('Nids', 'notice', 1))),
    ...Object.values(adminPaths).map((p) => (typeof p === 'string' ? p : p('1'))),
    ...Object.values(boardAreas).map((area) => `/${area}`),
  ]
    .map((p) => p.split('/')[1]!.toLowerCase())
    .filter(Boolean),
);

/** Whether a string in the code is a screen path: `/segment...`, or a route's `segment/...`. */
function isScreenPath(text: string): boolean {
  const match = /^\/?([^/?#\s]+)(\/|$)/.exec(text);
  if (!match || !screenSegments.has(match[1]!.toLowerCase())) return false;
  return text.startsWith('/') || match[2] === '/';
}

const segmentAlternatives = [...screenSegments].join('|');
const screenPathInPattern = new RegExp(`\\\\/(\\(\\?:)?(\\w+\\|)*(${segmentAlternatives})\\b`, 'i');

/** A regular expression that matches a screen path (`\/admin`, `\/(?:nids|reference)`). */
function isScreenPathPattern(source: string): boolean {
  return screenPathInPattern.test(source);
}

/** A file with none of the segments after a quote, a backquote or `\/` cannot spell one: not parsed. */
const mayHoldScreenPath = new RegExp(`(['"\`]/?|\\\\/)(${segmentAlternatives})`, 'i');

/** The screen paths spelt in one file's code, as `line: text`. */
function screenPathLiterals(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  if (!mayHoldScreenPath.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) {
      if (isScreenPath(node.text)) literal = node.text;
    } else if (ts.isRegularExpressionLiteral(node) && isScreenPathPattern(node.text)) {
      literal = node.text;
    }
    if (literal !== null) found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${literal}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('screen paths are spelt only in contract/paths.ts', () => {
  it('the check knows the screens\' first segments and tells paths from other strings', () => {
    expect([...screenSegments].sort()).toEqual(['account', 'admin', 'member', 'nids', 'reference', 'search', 'system', 'tos']);
    for (const spelt of ['/nids/intro', '/account/signin', '/Account/Signin', 'Account/Signin', '/admin', '/admin/boards/NEW', '/Reference/public/List/', '/member/', 'TOS/Content'])
      expect(isScreenPath(spelt), spelt).toBe(true);
    for (const other of ['/', '/api/board', 'admin', 'Member', '//nids', 'https://nids.example', '/og-image.png', 'nids'])
      expect(isScreenPath(other), other).toBe(false);
    expect(isScreenPathPattern('/^\\/(?:nids|reference|member)\\/([^/]+)\\/(?:list|write)\\b/i')).toBe(true);
    expect(isScreenPathPattern('/^\\/admin(\\/|$)/i')).toBe(true);
    expect(isScreenPathPattern('/^\\/api\\/board\\/([^/]+)$/')).toBe(false);
  });

  it('finds a path in a string, a template, a JSX attribute and a regular expression, and none in comments', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'screen-paths-')), 'planted.tsx');
    try {
      fs.writeFileSync(
        file,
        [
          '// A comment may name /nids/intro.',
          "export const a = '/nids/notice/list';",
          'export const b = (code: string) => `/Reference/${code}/List/`;',
          'export const c = <a href="/admin">console</a>;',
          'export const d = /^\\/account\\/signin$/i;',
          "export const e = { path: 'Account/Signin' };",
          "export const f = ['/api/board', '/', 'admin'];",
        ].join('\n'),
      );
      expect(screenPathLiterals(file)).toEqual([
        '2: /nids/notice/list',
        '3: /Reference/',
        '4: /admin',
        '5: /^\\/account\\/signin$/i',
        '6: Account/Signin',
      ]);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('no file of web/src spells a screen path', () => {
    const files = sourceFiles(srcDir);
    expect(files.length).toBeGreaterThan(100);
    const spelt = files.flatMap((file) => screenPathLiterals(file).map((hit) => `${path.relative(webDir, file)}:${hit}`));
    expect(spelt).toEqual([]);
  }, 30_000);
});

describe('the screens\' modules (contract/screens.ts screenModules)', () => {
  /** The patterns of the router's import.meta.glob, read from router.tsx. */
  const routerGlobs = (() => {
    const router = fs.readFileSync(path.join(srcDir, 'app', 'router.tsx'), 'utf8');
    const call = /import\.meta\.glob<[^>]+>\(\[([^\]]*)\]\)/.exec(router);
    return call ? [...call[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!) : [];
  })();
  const globRegExp = (glob: string) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);

  it('each exists and gives the router its Component', () => {
    for (const [screen, module] of Object.entries(screenModules)) {
      const file = path.join(webDir, module);
      expect(fs.existsSync(file), `${screen}: ${module}`).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), `${screen}: ${module} exports Component`).toMatch(/^export (function|const) Component\b/m);
    }
  });

  it('the router loads exactly these modules, each its own chunk', () => {
    expect(routerGlobs.length).toBeGreaterThan(0);
    const files = [...sourceFiles(srcDir)].map((file) => `/${path.relative(webDir, file).split(path.sep).join('/')}`);
    const globbed = files.filter((file) => routerGlobs.some((glob) => globRegExp(glob).test(file)));
    expect(globbed.sort()).toEqual(Object.values(screenModules).map((module) => `/${module}`).sort());
  });

  it('every route pattern starts from a path of contract/paths.ts', () => {
    expect(routePatterns.boardView).toBe(paths.boardView(':area', ':boardCode', ':itemNo'));
    expect(routePatterns.inquiryWrite.toLowerCase()).toBe('/nids/contactus/write/:itemno');
  });
});
