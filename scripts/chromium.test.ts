import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/chromium.mjs is plain JavaScript without type declarations.
const chromiumModule = './chromium.mjs';
const { BROWSER_TEST_FLAGS, PLAYWRIGHT_DISABLED_FEATURES, HIDDEN_UI_FEATURES, findBrowserTestChromium } = (await import(chromiumModule)) as {
  findBrowserTestChromium: (opts?: { install?: boolean }) => string;
  BROWSER_TEST_FLAGS: string[];
  PLAYWRIGHT_DISABLED_FEATURES: string[];
  HIDDEN_UI_FEATURES: string[];
};

const root = path.resolve(import.meta.dirname, '..');

/** The features Playwright turns off, as the installed playwright-core writes them (chromiumSwitches.ts in its bundle). */
function playwrightDisabledFeatures(): string[] {
  const bundle = fs.readFileSync(path.join(root, 'node_modules/playwright-core/lib/coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle);
  if (!list) throw new Error('playwright-core no longer lists its disabled features where this test reads them: read chromiumSwitches in its bundle again');
  return [...list[1]!.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((match) => match[1]!);
}

describe('the browser tests’ Chromium flags', () => {
  it('repeat every feature Playwright turns off, since Chromium keeps only the last --disable-features', () => {
    const playwright = playwrightDisabledFeatures();
    expect(playwright.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwright].sort());
  });

  it('give exactly one --disable-features: Playwright’s and the hidden address-bar pop-up', () => {
    const flags = BROWSER_TEST_FLAGS.filter((flag) => flag.startsWith('--disable-features='));
    expect(flags).toHaveLength(1);
    const features = flags[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...HIDDEN_UI_FEATURES]));
    expect(HIDDEN_UI_FEATURES).toContain('WebUIOmniboxPopup');
  });
});

describe('the browser the browser tests drive', () => {
  const saved = { CHROME_PATH: process.env.CHROME_PATH, CHROME_HEADLESS_SHELL_PATH: process.env.CHROME_HEADLESS_SHELL_PATH };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-chromium-'));
  const executable = (name: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, '#!/bin/sh\n', { mode: 0o755 });
    return file;
  };
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is CHROME_PATH when it is set, the headless shell notwithstanding', () => {
    process.env.CHROME_PATH = executable('chosen');
    process.env.CHROME_HEADLESS_SHELL_PATH = executable('shell');
    expect(findBrowserTestChromium({ install: false })).toBe(process.env.CHROME_PATH);
  });

  it('is the headless shell otherwise', () => {
    delete process.env.CHROME_PATH;
    process.env.CHROME_HEADLESS_SHELL_PATH = executable('shell');
    expect(findBrowserTestChromium({ install: false })).toBe(process.env.CHROME_HEADLESS_SHELL_PATH);
  });
});
