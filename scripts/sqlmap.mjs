// `npm run security:sqlmap` (issue 12): sqlmap, Debian's package, against the real site's main
// parameterised endpoints, as a guest and as the administrator; it must find nothing. Not part of
// `npm test` (several minutes); its command and result are in docs/security.md.
//
// The site runs the way the browser tests and Lighthouse run it (scripts/site.mjs: the
// production build, a fresh data directory, the demo seed) with the per-address rate limits raised,
// since sqlmap sends thousands of requests from one address. Every parameter below reaches SQL
// (a filter, a search, an id, a sort) through Drizzle's bound parameters.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfNeeded } from './build-if-needed.mjs';
import { startSite } from './site.mjs';
import { findSqlmap } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const json = (value) => JSON.stringify(value);

/** What sqlmap is pointed at; `*` marks where it injects in a path. */
function targets(adminToken) {
  const admin = [`Authorization: Bearer ${adminToken}`];
  return [
    { name: 'board list and search (query)', url: '/api/board-item?boardCode=notice&page=1&size=10&sort=createdDate,DESC&searchType=title&keyword=test' },
    { name: 'board search (JSON body)', url: '/api/board-item/search', data: json({ boardCode: 'notice', page: 1, searchType: 'title', keyword: 'test' }) },
    { name: 'a post (path)', url: '/api/board-item/notice/1*' },
    { name: 'a board (path)', url: '/api/board/notice*' },
    { name: 'comments (query)', url: '/api/board-item-comment?boardCode=notice&itemNo=1&page=1' },
    // An unknown ID answers 404 (spec §8's sign-in failure), which sqlmap would otherwise take for a missing page.
    { name: 'sign-in (JSON body)', url: '/api/user/signin', data: json({ userKeyType: 'ID', userKeyCode: 'someone', password: 'Wrong-pass1!' }), ignore: '401,404' },
    { name: 'key availability (JSON body)', url: '/api/user-key/check-exists', data: json({ userKeyType: 'ID', userKeyCode: 'someone' }) },
    { name: 'console: members (query)', url: '/api/admin/users?page=1&size=10&keyword=kim&status=ACTIVE', headers: admin },
    { name: 'console: a member (path)', url: '/api/admin/users/1*', headers: admin },
    { name: 'console: access records (query)', url: '/api/admin/access-records?page=1&size=10&actor=admin&action=MEMBER_VIEW', headers: admin },
    { name: 'console: inquiries (query)', url: '/api/admin/inquiries?page=1&size=10&status=RECEIVED&keyword=a', headers: admin },
    { name: 'console: address book (query)', url: '/api/alumni?page=1&size=10&keyword=kim', headers: admin },
  ];
}

/** sqlmap's verdict from its output: found something, found nothing, or could not test. */
function verdict(output) {
  if (/identified the following injection point|is vulnerable|appears to be '.*' injectable/i.test(output)) return 'INJECTABLE';
  if (/all tested parameters do not appear to be injectable/i.test(output)) return 'not injectable';
  return 'UNKNOWN';
}

async function main() {
  const sqlmap = findSqlmap();
  buildWebIfNeeded();
  const adminPassword = `Sq-${crypto.randomBytes(12).toString('hex')}!`;
  const limits = Object.fromEntries(['SIGNIN', 'CHECK', 'PINCODE', 'FIND', 'WRITE', 'SEARCH'].map((k) => [`RATE_LIMIT_${k}`, '1000000']));
  const site = await startSite(root, { adminPassword, env: limits });
  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-sqlmap-'));
  const started = Date.now();
  const results = [];
  try {
    const signin = await fetch(`${site.baseURL}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: json({ userKeyType: 'ID', userKeyCode: 'admin', password: adminPassword }),
    });
    const { data } = await signin.json();
    if (!data?.accessToken) throw new Error(`the administrator could not sign in (${signin.status})`);
    const version = spawnSync(sqlmap, ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
    console.log(`sqlmap ${version} against ${site.baseURL} (level 2, risk 1, PostgreSQL, techniques BEUST)\n`);
    // `-- --only sign-in` runs the targets whose name contains that text.
    const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
    for (const target of targets(data.accessToken).filter((t) => !only || t.name.includes(only))) {
      const args = [
        '-u', site.baseURL + target.url,
        '--batch', '--flush-session', '--disable-coloring',
        '--dbms=PostgreSQL', '--level=2', '--risk=1', '--technique=BEUST', '--time-sec=2', '--threads=4',
        '--output-dir', outputDir,
        ...(target.data ? ['--data', target.data] : []),
        ...(target.ignore ? [`--ignore-code=${target.ignore}`] : []),
        ...(target.headers ?? []).flatMap((h) => ['--headers', h]),
      ];
      const t0 = Date.now();
      const run = spawnSync(sqlmap, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const output = `${run.stdout}\n${run.stderr}`;
      const result = { ...target, verdict: verdict(output), seconds: (Date.now() - t0) / 1000, requests: (output.match(/(\d+) HTTP\(s\) requests/) ?? [])[1] };
      results.push(result);
      console.log(`${result.verdict.padEnd(16)} ${target.name}: ${target.url.split('?')[0]} (${result.seconds.toFixed(0)} s)`);
      if (result.verdict !== 'not injectable' || process.env.SQLMAP_VERBOSE) console.log(output.split('\n').slice(-60).join('\n'));
    }
  } finally {
    await site.stop();
    fs.rmSync(outputDir, { recursive: true, force: true });
  }
  const bad = results.filter((r) => r.verdict !== 'not injectable');
  console.log(`\n${results.length} targets, ${bad.length} with findings or untested; ${((Date.now() - started) / 1000).toFixed(0)} s`);
  process.exit(bad.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
