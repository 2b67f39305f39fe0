import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFirstLoad } from '@server/modules/seo/first-load';
import { firstScreenSelector, serverNamedFirstScreen } from './first-screen';

/**
 * The first render waits for the screen only when the server named the screen's files
 * (web/src/main.tsx). Vite puts modulepreload links of its own into every page, so the mark the
 * server adds is what tells them apart: the selector here must find every tag the server writes
 * and none of Vite's. No DOM in the unit tier: the selector's one attribute is read off it.
 */
const markOf = (selector: string) => /^link\[([a-z-]+)\]$/.exec(selector)?.[1];
const tagsIn = (html: string) => html.match(/<link [^>]*>/g) ?? [];
const hasMark = (tag: string) => new RegExp(`\\s${markOf(firstScreenSelector)}(\\s|=|>)`).test(tag);

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));
fs.mkdirSync(path.join(distDir, '.vite'));
fs.writeFileSync(
  path.join(distDir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_vendor'] },
    _vendor: { file: 'assets/vendor-V1.js' },
    _shared: { file: 'assets/shared-S1.js', css: ['assets/shared-S1.css'] },
    'src/features/home/HomePage.tsx': { file: 'assets/HomePage-H1.js', imports: ['_vendor', '_shared'] },
  }),
);

describe('the first screen named by the server', () => {
  it('the selector is one attribute on a link', () => {
    expect(markOf(firstScreenSelector)).toBe('data-first-screen');
  });

  it('every tag the server adds for a screen carries the mark', () => {
    const tags = tagsIn(createFirstLoad(distDir).tagsFor('/'));
    expect(tags).toHaveLength(3);
    expect(tags.filter((tag) => !hasMark(tag))).toEqual([]);
  });

  it('a screen the server names nothing for (sign-in) has only Vite\'s own links, none with the mark', () => {
    expect(createFirstLoad(distDir).tagsFor('/Account/Signin')).toBe('');
    // What Vite writes into index.html for the entry's chunks.
    const vite = ['<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-R1.js">', '<link rel="modulepreload" crossorigin href="/assets/vendor-V1.js">'];
    expect(vite.filter(hasMark)).toEqual([]);
  });

  it('answers by the selector', () => {
    const asked: string[] = [];
    const doc = (found: boolean) => ({
      querySelector: (selector: string) => {
        asked.push(selector);
        return found ? ({} as Element) : null;
      },
    });
    expect(serverNamedFirstScreen(doc(true))).toBe(true);
    expect(serverNamedFirstScreen(doc(false))).toBe(false);
    expect(asked).toEqual([firstScreenSelector, firstScreenSelector]);
  });
});
