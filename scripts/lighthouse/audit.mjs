// One Lighthouse run: a fresh headless Chromium (the one the browser tests use, never a download)
// and Lighthouse's default settings, which are mobile: a Moto G Power-sized screen and simulated
// slow 4G with a 4x slower CPU. Returns the four category scores and the bytes the page fetched.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { OFFLINE_CHROMIUM_FLAGS } from '../chromium.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// As in playwright.config.ts: nothing in the browser reaches the network except the site itself.
const CHROME_FLAGS = ['--headless=new', ...OFFLINE_CHROMIUM_FLAGS];

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Bytes over the wire (transfer sizes, so compressed as the browser received them) of what the
 * page loaded during the run, from Lighthouse's own network record.
 */
function byteTotals(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  let script = 0;
  let font = 0;
  let total = 0;
  for (const item of items) {
    const size = item.transferSize ?? 0;
    total += size;
    if (item.resourceType === 'Script') script += size;
    if (item.resourceType === 'Font') font += size;
  }
  return { script, withoutFonts: total - font, font, requests: items.length };
}

/**
 * @param {string} url
 * @param {string} chromePath
 * @param {{ reportFile?: string }} [options] where to write Lighthouse's whole JSON report (its
 *   opportunities and diagnostics), which the printed summary leaves out
 * @returns {Promise<{ scores: Record<string, number | null>, bytes: ReturnType<typeof byteTotals>, warnings: string[], benchmarkIndex: number }>}
 */
export async function audit(url, chromePath, options = {}) {
  // Lighthouse now and then fails to find the navigation in its trace on this busy machine
  // (NO_NAVSTART); a new browser on the same page then records it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, chromePath, options);
    } catch (err) {
      if (attempt >= 3 || !String(err instanceof Error ? err.message : err).includes('NO_NAVSTART')) throw err;
    }
  }
}

async function auditOnce(url, chromePath, { reportFile } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: isRoot ? [...CHROME_FLAGS, '--no-sandbox'] : CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportFile) {
      fs.mkdirSync(path.dirname(reportFile), { recursive: true });
      fs.writeFileSync(reportFile, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
    );
    // Lighthouse's own measure of the machine's speed during the run: lower when other work
    // competes for the CPU, which lowers the performance score (simulated throttling scales the
    // CPU time it observed).
    return { scores, bytes: byteTotals(lhr), warnings: lhr.runWarnings ?? [], benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0) };
  } finally {
    chrome.kill();
  }
}
