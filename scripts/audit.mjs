// `npm run audit`, and the first step of `npm test`: `npm audit` of the packages the site runs
// (--omit=dev), at high and critical severity (issue 12). A finding fails the run unless
// audit-exceptions.json names its advisory with the reason it does not apply here.
// When the registry does not answer npm's advisory endpoint (this workplace's mirror answers
// 405 Method Not Allowed) nothing can be checked: it says so in capitals and does not fail,
// because the same run on a machine with the public registry does check.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERIOUS = new Set(['high', 'critical']);

/** Advisory id (GHSA-…) → why it does not apply to this site. */
function exceptions() {
  const file = path.join(root, 'audit-exceptions.json');
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  return new Map(Object.entries(parsed.exceptions ?? {}));
}

/** The serious advisories of an `npm audit --json` report: `{ id, title, packageName, severity }`. */
export function seriousAdvisories(report) {
  const found = new Map();
  for (const [packageName, vulnerability] of Object.entries(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via ?? []) {
      // A string names another package whose own advisories are listed under it.
      if (typeof via !== 'object' || !SERIOUS.has(via.severity)) continue;
      const id = String(via.url ?? via.source).split('/').pop();
      found.set(id, { id, title: via.title, packageName, severity: via.severity });
    }
  }
  return [...found.values()];
}

export function audit() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['audit', '--omit=dev', '--audit-level=high', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = null;
  }
  if (!report || report.auditReportVersion === undefined) {
    const why = report?.message ?? (result.error ? String(result.error.message) : (result.stderr || 'no answer').trim().split('\n').pop());
    console.log(`NOT CHECKED: npm audit could not ask the registry for advisories (${why}).`);
    console.log('Run `npm run audit` where the registry answers (the public npm registry does).');
    return true;
  }
  const allowed = exceptions();
  const serious = seriousAdvisories(report);
  const open = serious.filter((a) => !allowed.has(a.id));
  for (const a of serious) {
    const reason = allowed.get(a.id);
    console.log(`${reason ? 'excepted' : 'FOUND'}: ${a.severity} ${a.id} in ${a.packageName}: ${a.title}${reason ? ` (${reason})` : ''}`);
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(`npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low; ${open.length} serious not excepted`);
  if (open.length > 0) console.log('Update the packages, or add each advisory to audit-exceptions.json with why it does not apply.');
  return open.length === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(audit() ? 0 : 1);
}
