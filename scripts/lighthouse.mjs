// `npm run lighthouse`: Lighthouse (mobile defaults, simulated throttling) on the home page, the
// notice list and a notice, against the real site started here (production build, fresh data
// directory, demo seed) in the Chromium the browser tests use. Prints the four category scores per
// page and the home page's first-load bytes over the wire, then stops the server. A measurement,
// not a test: it exits non-zero only when it cannot measure. Targets are in docs/performance.md.
//
//   npm run lighthouse                 one run of each page
//   npm run lighthouse -- --runs 3     three runs of each page, the median score printed
//
// Each run's whole report (opportunities, diagnostics, the network record) is written to
// test-results/lighthouse/<page>-<run>.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-if-needed.mjs';
import { findChromium } from './chromium.mjs';
import { audit, CATEGORIES } from './lighthouse/audit.mjs';
import { startSite } from './site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The notice board's area, as contract/paths.ts `boardAreas.notice` and `paths.boardList` spell it.
const NOTICE_LIST = '/Nids/notice/List/';
const noticeView = (itemNo) => `/Nids/notice/View/${itemNo}`;

/** The newest seeded notice, read from the API the list screen uses. */
async function newestNotice(baseURL) {
  const res = await fetch(`${baseURL}/api/board-item?boardCode=notice&page=1`);
  if (!res.ok) throw new Error(`GET /api/board-item?boardCode=notice answered ${res.status}`);
  const { data } = await res.json();
  const item = data?.content?.[0] ?? data?.notices?.[0];
  if (!item) throw new Error('the demo seed has no notice to measure');
  return item.itemNo;
}

// Read from the file: the package's `exports` do not include its package.json.
const lighthouseVersion = () => JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;

const REPORT_DIR = path.join(root, 'test-results/lighthouse');

function parseRuns(argv) {
  const at = argv.indexOf('--runs');
  if (at < 0) return 1;
  const runs = Number(argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error('--runs takes a whole number from 1 to 9');
  return runs;
}

/** The median of the runs' scores (the middle one; the lower middle of an even count). */
function median(values) {
  const known = values.filter((v) => v != null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const runs = parseRuns(process.argv.slice(2));
  const chromePath = findChromium();
  buildWebIfNeeded();
  const started = Date.now();
  const site = await startSite(root);
  try {
    const pages = [
      ['home', '/'],
      ['notice list', NOTICE_LIST],
      ['notice view', noticeView(await newestNotice(site.baseURL))],
      // Content pages (issue 22): rich text, the history drawn from rows, the longest terms document.
      ['intro', '/nids/intro'],
      ['history', '/nids/history'],
      ['privacy policy', '/TOS/Content/PrivacyContent'],
    ];
    const rows = [];
    for (const [name, pathname] of pages) {
      const results = [];
      for (let run = 1; run <= runs; run++) {
        console.log(`Lighthouse: ${name} (${pathname}), run ${run} of ${runs}...`);
        const reportFile = path.join(REPORT_DIR, `${name.replace(/\s+/g, '-')}-${run}.json`);
        const result = await audit(site.baseURL + pathname, chromePath, { reportFile });
        console.log(`  ${CATEGORIES.map((id) => `${id} ${result.scores[id] ?? '-'}`).join(', ')}; CPU benchmark index ${result.benchmarkIndex}`);
        results.push(result);
      }
      rows.push({
        name,
        pathname,
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))])),
        bytes: results[0].bytes,
        warnings: [...new Set(results.flatMap((r) => r.warnings))],
      });
    }

    console.log(
      `\nLighthouse ${lighthouseVersion()}, mobile, simulated throttling; ${chromePath}` +
        `${runs > 1 ? `; median of ${runs} runs` : ''}; reports in ${path.relative(root, REPORT_DIR)}/\n`,
    );
    const header = ['page', 'path', ...CATEGORIES];
    const table = rows.map((row) => [row.name, row.pathname, ...CATEGORIES.map((id) => String(row.scores[id] ?? '-'))]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const r of table) console.log(line(r));

    const home = rows[0].bytes;
    console.log(
      `\nHome page first load, over the wire: JavaScript ${kb(home.script)} (target 150 KB), ` +
        `everything but fonts ${kb(home.withoutFonts)} (target 300 KB), fonts ${kb(home.font)}, ${home.requests} requests`,
    );
    for (const row of rows) for (const warning of row.warnings) console.log(`warning (${row.name}): ${warning}`);
  } finally {
    await site.stop();
  }
  console.log(`\nfinished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
