import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@contract';
import { appUser } from '../db/schema';
import { ROLE_ADMIN } from '../seed/base';
import { isSiteStoredName } from '../modules/file/store';
import { keptFileName } from '../modules/upload/file-name';
import { workbookOf } from '../modules/alumni/test-support';
import { createBoardItem, pngBytes, samplePdf } from '../test/factories';
import { createTestApp, insertMember, TestClock, type TestApp } from '../test/harness';
import { apiOperations, type ApiOperation } from '../test/routes';
import { sessionToken } from '../test/tokens';
import {
  badBody, badPathValue, badQuery, fileNameParams, HOSTILE_FILE_NAMES, hostileFileName, hostileMultipart, INVALID_UTF8_JSON, PROTOTYPE_POLLUTION_JSON,
} from './bad-input';
import { changedTables, tableFingerprint } from './table-changes';

/**
 * Issue 12, the attacker's suite: bad input, property-based (fast-check), on every endpoint of the
 * API, spec §7's and the console's alike. The operations come from the API's own OpenAPI document
 * (/api/docs/json), so a route added later is swept too. Each is called by a guest, a member and
 * an administrator with wrong types, missing and extra fields, huge strings, control characters,
 * invalid UTF-8, negative and huge numbers, prototype-pollution keys, SQL and NoSQL fragments and
 * path traversal in ids and file names. Every answer must be a 4xx `{ code, message }` (or a
 * success where the input happens to be valid), never a 5xx; and after every write that was
 * refused, no row of any table has changed (each call is compared with the tables just before it,
 * server/attack/table-changes.ts).
 */
let t: TestApp;
let operations: ApiOperation[];
/** An administrator of the sweep's own for "sign out everywhere" (see the sweep). */
let secondAdmin: number;
/**
 * The uploads' FILES_DIR lies seven folders deep in a directory of this file's own, so a name that
 * climbs out of it (up to seven `../`, or an absolute path into the sandbox) would land somewhere
 * the upload test looks.
 */
const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), 'nids-attack-files-'));
const filesDir = path.join(sandbox, 's1', 's2', 's3', 's4', 's5', 's6', 'files');
// A fixed seed keeps npm test repeatable; BAD_INPUT_SEED and BAD_INPUT_RUNS widen a hunt by hand.
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261125);

beforeAll(async () => {
  t = await createTestApp({
    // The clock stands still, so an administrator's activity, written once a minute of it
    // (server/auth/admin-idle.ts), is never written in the middle of a refused call on a slow run.
    clock: new TestClock(),
    fileStore: 'directory',
    env: {
      FILES_DIR: filesDir,
      // The sweep sends thousands of requests from one address: the limits are tested on their own.
      RATE_LIMIT_SIGNIN: '100000',
      RATE_LIMIT_CHECK: '100000',
      RATE_LIMIT_PINCODE: '100000',
      RATE_LIMIT_FIND: '100000',
      RATE_LIMIT_WRITE: '100000',
      // Nothing may change the tables behind the sweep's back (buffered views, housekeeping).
      VIEW_FLUSH_SECONDS: '3600',
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
    },
  });
  await createBoardItem(t.db, { boardCode: 'community', title: '공격 시험 대상 글' });
  secondAdmin = await insertMember(t.db, 'admin2', '박관리');
  await t.db.update(appUser).set({ roleCode: ROLE_ADMIN }).where(eq(appUser.id, secondAdmin));
  operations = await apiOperations(t.app);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(sandbox, { recursive: true, force: true });
});

type Caller = 'guest' | 'member' | 'admin';
const callers: Caller[] = ['guest', 'member', 'admin'];

function headersOf(caller: Caller): Record<string, string> {
  if (caller === 'guest') return {};
  return t.auth(caller === 'admin' ? t.tokens.admin : t.tokens.member);
}

interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/**
 * What every answer must be: below 500, and a refusal is the contract's error envelope (a code of
 * the closed list, a message, maybe the field it is about, no other key) with a Korean message.
 */
function expectWellRefused(label: string, res: Answer): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) expect(res.body.length, label).toBeLessThan(2_000);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const parsed = errorEnvelope.strict().safeParse(JSON.parse(res.body));
  expect(parsed.error?.issues ?? [], `${label}: ${res.body.slice(0, 300)}`).toEqual([]);
  const envelope = parsed.data!;
  // Nothing of the machinery in the message: no stack, file path, database error or library name
  // (a message may quote the caller's own input, an unknown key say, which may hold anything).
  expect(envelope.message, label).not.toMatch(/\bat .+:\d+:\d+|\/work\/|node_modules|drizzle|postgres|syntax error at|relation "|zod|fastify/i);
}

function urlOf(op: ApiOperation, pathValues: Record<string, string>, query: string): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? 'x');
  return query ? `${path}?${query}` : path;
}

describe('bad input on every endpoint', () => {
  it('the OpenAPI document lists every route of spec §7 and the console (at least 70 operations)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(70);
    expect(operations.filter((op) => op.path.startsWith('/api/admin')).length).toBeGreaterThanOrEqual(20);
  });

  it('what the sweep found stays fixed: NUL in a path, query or body is a 400, a 70 KB path parameter a 414, both in the envelope', async () => {
    const member = headersOf('member');
    for (const [method, url, payload] of [
      ['GET', '/api/board/%00', undefined],
      ['GET', '/api/board-item?boardCode=notice&keyword=a%00b&searchType=title', undefined],
      ['PUT', '/api/board-item/community', JSON.stringify({ title: 'a\u0000b', content: '<p>x</p>' })],
      ['PUT', '/api/board-item/community', JSON.stringify({ title: '제목', content: '<p>x</p>', 'a\u0000': 1 })],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { ...member, 'content-type': 'application/json' }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ code: 'BAD_REQUEST', message: '요청 값이 올바르지 않습니다.' });
    }
    const long = await t.app.inject({ method: 'GET', url: `/api/board/${'x'.repeat(70_000)}` });
    expect(long.statusCode).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ code: 'URI_TOO_LONG', message: '요청 값이 올바르지 않습니다.' });
    // Answered before any hook, yet with the site's headers.
    expect(long.headers['content-security-policy']).toContain("default-src 'self'");
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/board/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.body).not.toMatch(/FST_|%E0/);
  });

  it('the change detector behind the sweep sees an UPDATE that rewrites the same values, an INSERT and a DELETE', async () => {
    const pool = t.database.raw;
    const start = await tableFingerprint(pool);
    await pool.query('update app_user set name = name where id = $1', [t.users.otherMember]);
    const updated = await tableFingerprint(pool);
    expect(changedTables(start, updated)).toEqual([expect.stringMatching(/^app_user: /)]);
    // An INSERT (a new sign-in's refresh token) and a DELETE of it.
    await sessionToken(t.db, t.keys, t.users.otherMember, t.app.deps.clock.now());
    const inserted = await tableFingerprint(pool);
    expect(changedTables(updated, inserted)).toEqual([expect.stringMatching(/^refresh_token: /)]);
    await pool.query('delete from refresh_token where id = (select max(id) from refresh_token)');
    expect(changedTables(inserted, await tableFingerprint(pool))).toEqual([expect.stringMatching(/^refresh_token: /)]);
    // And nothing at all when nothing was written.
    expect(changedTables(await tableFingerprint(pool), await tableFingerprint(pool))).toEqual([]);
  });

  it.each(callers)('as %s: never a 5xx, always the envelope, and every refused write changes nothing', async (caller) => {
    const pool = t.database.raw;
    for (const op of operations) {
      // "Sign out everywhere" revokes every sign-in of the member it names, and an administrator
      // may sign themselves out: aimed at the test's own administrator (the raw bodies' id 1 is
      // the first administrator, and a random id may land there), it would end the sign-in every
      // later call of the sweep is made with. The administrator's calls to it are made by a second
      // administrator instead: the first one is then refused (a system administrator is signed
      // out only by themselves), and should an id land on the second one, it signs in again.
      const ownSignIn = caller === 'admin' && /^\/api\/admin\/users\/\{id\}\/sign-out$/.test(op.path);
      let headers = ownSignIn ? t.auth(await sessionToken(t.db, t.keys, secondAdmin, t.app.deps.clock.now())) : headersOf(caller);
      // A write is judged call by call: the tables as they were just before it. After a success
      // the baseline moves; after a refusal (4xx) not one row of any table may differ from it.
      // A GET is not a write: its answers are held to the envelope only.
      let baseline = op.method === 'GET' ? null : await tableFingerprint(pool);
      const send = async (label: string, url: string, payload: string | Buffer | undefined, json: boolean) => {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url,
          headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) },
          ...(op.method === 'GET' || payload === undefined ? {} : { payload }),
        });
        expectWellRefused(label, res);
        if (!baseline) return;
        // Mail and SMS a success sends are written to the outbox after the answer: let them land.
        await t.app.deps.delivery.idle();
        const after = await tableFingerprint(pool);
        if (res.statusCode >= 400) {
          expect(changedTables(baseline, after), `${label} was refused (${res.statusCode} ${res.body.slice(0, 200)}) yet changed`).toEqual([]);
        } else if (ownSignIn) {
          // It may have signed its own caller out: sign in again, outside the call's comparison.
          headers = t.auth(await sessionToken(t.db, t.keys, secondAdmin, t.app.deps.clock.now()));
          baseline = await tableFingerprint(pool);
          return;
        }
        baseline = after;
      };
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            pathValues: fc.record(Object.fromEntries(op.pathParams.map((name) => [name, badPathValue()]))),
            query: badQuery(op.queryParams),
            body: badBody(op.bodyFields),
          }),
          async ({ pathValues, query, body }) => {
            const url = urlOf(op, pathValues as Record<string, string>, query);
            await send(`${caller} ${op.method} ${url.slice(0, 200)}`, url, body, op.hasBody || body !== undefined);
          },
        ),
        // A failure is not shrunk: the calls before it have changed the tables it was found on.
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // Bodies no generator makes: bytes that are not UTF-8, and keys that would pollute prototypes.
      // "Sign out everywhere" gets them at another member too, whom it does sign out.
      const ids = ownSignIn ? ['1', String(t.users.otherMember)] : ['1'];
      if (op.method !== 'GET') {
        for (const payload of [INVALID_UTF8_JSON, PROTOTYPE_POLLUTION_JSON]) {
          for (const id of ids) {
            const url = urlOf(op, Object.fromEntries(op.pathParams.map((n) => [n, id])), '');
            await send(`${caller} ${op.method} ${url} (raw body)`, url, payload, true);
          }
        }
      }
    }
    // The sweep's own sign-in still stands: no call it made signed its caller out.
    if (caller !== 'guest') {
      const self = caller === 'admin' ? t.users.admin : t.users.member;
      expect((await t.app.inject({ method: 'GET', url: `/api/user/${self}`, headers: headersOf(caller) })).statusCode).toBe(200);
    }
    // Prototype pollution would show on every object of the process.
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});

/**
 * What the site keeps of an uploaded file's name (server/modules/upload/service.ts): its last part
 * after any `/` or `\`, without control characters, at most 200 characters (whole characters, as
 * the contract's 200 counts them). Only the database holds it; the stored file is named by the server.
 */
const keptName = keptFileName;

/** Text as it reaches the server in a URL or JSON: a lone surrogate has no UTF-8 and becomes U+FFFD. */
const asSent = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** A kept name is never a path: no separator, no control character, not a dot or two, at most 200 characters. */
function expectCleanName(label: string, name: string): void {
  expect(name, label).not.toMatch(/[\\/]/);
  // Control characters, and the bidirectional ones that would show `evil\u202Egnp.txt` as "eviltxt.png".
  // eslint-disable-next-line no-control-regex -- control characters are what must not be there
  expect(name, label).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
  expect(['', '.', '..'], label).not.toContain(name.trim());
  expect([...name].length, label).toBeLessThanOrEqual(200);
  // Whole characters: no half of a surrogate pair.
  expect(name, label).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
}

/** Every file and folder under `dir`, relative to it (a symbolic link counts as a file). */
function walk(dir: string): { files: string[]; folders: string[] } {
  const out = { files: [] as string[], folders: [] as string[] };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    (entry.isDirectory() ? out.folders : out.files).push(relative);
  }
  return out;
}

/**
 * Where a store that joined the uploaded name onto FILES_DIR (or onto one of its folders) would
 * have written, when that is outside the sandbox: an absolute name, or more `../` than the
 * sandbox is deep. Inside the sandbox, the walk of it sees any such file.
 */
function landingSpots(name: string): string[] {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Not percent-encoding: the name as it is.
  }
  const spellings = new Set([name, name.replace(/\\/g, '/'), decoded, decoded.replace(/\\/g, '/')]);
  const spots = [...spellings]
    .filter((spelling) => !spelling.includes('\u0000'))
    .flatMap((spelling) => [path.resolve(filesDir, spelling), path.resolve(filesDir, '00', spelling)])
    .filter((spot) => !spot.startsWith(sandbox + path.sep));
  return [...new Set(spots)];
}

describe('hostile file names on every upload route', () => {
  /**
   * Every route that takes a multipart body: the editor's images (the name is the part's), and the
   * single-use upload URL that board files, files and the address-book import are sent to (the
   * name is the one the URL was asked for; the part's own is sent hostile as well).
   */
  type UploadRoute = 'editor image' | 'board file' | 'file' | 'address-book import';
  const uploadRoutes: UploadRoute[] = ['editor image', 'board file', 'file', 'address-book import'];
  const extensions = ['.png', '.txt', '.pdf', '.xlsx'];
  /** The extensions each route takes (of those the test has bytes for), the first its usual one. */
  const routeExtensions: Record<UploadRoute, string[]> = {
    'editor image': ['.png'],
    'board file': ['.txt', '.png', '.pdf', '.xlsx'],
    file: ['.pdf', '.png', '.txt', '.xlsx'],
    'address-book import': ['.xlsx'],
  };
  const content: Record<string, Buffer> = {};

  beforeAll(async () => {
    // Real bytes for each extension, so that a hostile name can be stored and its kept name judged.
    content.png = await pngBytes(32, 24);
    content.txt = Buffer.from('환자등록 안내\n', 'utf8');
    content.pdf = samplePdf;
    content.xlsx = await workbookOf([['이름', '이메일'], ['홍길동', 'hong@example.com']]);
  });

  const contentFor = (name: string) => content[/\.([A-Za-z]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''] ?? content.txt!;

  /**
   * The store after an answer: every file in the sandbox is inside FILES_DIR under a name the
   * server made (`ab/<uuid>.ext`: no `/` beyond its folder, no `\`, no `..`), no folder was made
   * outside it, and the files are exactly the ones rows of stored_file name: a refused upload
   * leaves no bytes and no row behind.
   */
  async function expectStoreClean(label: string): Promise<void> {
    const { files, folders } = walk(sandbox);
    const filesRoot = path.relative(sandbox, filesDir);
    const chain = filesRoot.split(path.sep).map((_, i, parts) => parts.slice(0, i + 1).join(path.sep));
    const strayFolders = folders.filter((f) => !chain.includes(f) && !/^[0-9a-f]{2}$/.test(path.relative(filesRoot, f)));
    expect(strayFolders, `${label}: folders outside FILES_DIR or not the server's`).toEqual([]);
    const outside = files.filter((f) => !f.startsWith(filesRoot + path.sep));
    expect(outside, `${label}: files outside FILES_DIR`).toEqual([]);
    const names = files.map((f) => path.relative(filesRoot, f).split(path.sep).join('/')).sort();
    expect(names.filter((n) => !isSiteStoredName(n)), `${label}: stored names the server did not make`).toEqual([]);
    const { rows } = await t.database.raw.query<{ stored_name: string; thumbnail_name: string | null }>('select stored_name, thumbnail_name from stored_file');
    const recorded = rows.flatMap((r) => [r.stored_name, ...(r.thumbnail_name ? [r.thumbnail_name] : [])]).sort();
    expect(names, `${label}: files without a row, or rows without their file`).toEqual(recorded);
  }

  interface Attempt {
    route: UploadRoute;
    /** The name the upload URL is asked for (the part's own, for the editor's images). */
    name: string;
    /** The part's file name when it differs from `name`. */
    partName: string | undefined;
    param: (typeof fileNameParams)[number];
    splice: number;
    boardCode: 'community' | undefined;
  }

  let stored = 0;
  let attempts = 0;

  async function attempt({ route, name, partName, param, splice, boardCode }: Attempt): Promise<void> {
    attempts += 1;
    const inPart = partName ?? name;
    const label = `${route} ${JSON.stringify(name).slice(0, 120)}, part ${param} ${JSON.stringify(inPart).slice(0, 120)}`;
    const headers = headersOf(route === 'address-book import' ? 'admin' : 'member');
    const unseen = [...landingSpots(name), ...landingSpots(inPart)].filter((spot) => !fs.existsSync(spot));
    let res: Answer;
    if (route === 'editor image') {
      const form = hostileMultipart(inPart, param, contentFor(inPart), splice);
      const url = `/api/board-item/images${boardCode ? `?boardCode=${boardCode}` : ''}`;
      res = await t.app.inject({ method: 'PUT', url, headers: { ...headers, ...form.headers }, payload: form.payload });
    } else {
      const data = contentFor(name);
      const urlRes =
        route === 'address-book import'
          ? await t.app.inject({
              method: 'POST',
              url: '/api/alumni/upload-url',
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify({ fileName: name, contentType: 'application/octet-stream', size: data.length }),
            })
          : await t.app.inject({
              method: 'GET',
              url:
                `/api/${route === 'board file' ? 'board-item-file' : 'file'}/upload-url?fileName=${encodeURIComponent(asSent(name))}` +
                `&contentType=application%2Foctet-stream&size=${data.length}${boardCode ? `&boardCode=${boardCode}` : ''}`,
              headers,
            });
      expectWellRefused(`${label} (upload URL)`, urlRes);
      if (urlRes.statusCode >= 300) {
        await expectStoreClean(label);
        return;
      }
      const { uploadUrl } = (JSON.parse(urlRes.body) as { data: { uploadUrl: string } }).data;
      const form = hostileMultipart(inPart, param, data, splice);
      res = await t.app.inject({ method: 'POST', url: uploadUrl, headers: form.headers, payload: form.payload });
    }
    expectWellRefused(label, res);
    expect(unseen.filter((spot) => fs.existsSync(spot)), `${label}: a file appeared where the name pointed`).toEqual([]);
    await expectStoreClean(label);
    if (res.statusCode >= 300) return;
    stored += 1;
    const file = (JSON.parse(res.body) as { data: { id: string; name: string; url: string } }).data;
    const { rows } = await t.database.raw.query<{ original_name: string; kind: string }>('select original_name, kind from stored_file where id = $1', [file.id]);
    const kept = rows[0]!.original_name;
    // Compared as JSON, so that a lone surrogate shows as one.
    expect(JSON.stringify(kept), `${label}: the answer's name is the one recorded`).toBe(JSON.stringify(file.name));
    expectCleanName(label, kept);
    // The name an upload URL was asked for is the one kept, cleaned.
    if (route !== 'editor image') expect(JSON.stringify(kept), label).toBe(JSON.stringify(keptName(asSent(name).trim())));
    if (rows[0]!.kind === 'alumni-import') return;
    // Served back, the name cannot break the header: a plain-ASCII fallback and the exact name
    // percent-encoded (RFC 6266), never a raw quote, backslash or line break.
    const download = await t.app.inject({ method: 'GET', url: `${file.url}?download=true`, headers });
    expect(download.statusCode, label).toBe(200);
    const disposition = String(download.headers['content-disposition']);
    const parts = /^attachment; filename="([\x20-\x21\x23-\x5b\x5d-\x7e]*)"; filename\*=UTF-8''([A-Za-z0-9%!._~-]*)$/.exec(disposition);
    expect(parts, `${label}: ${disposition}`).not.toBeNull();
    expect(decodeURIComponent(parts![2]!), label).toBe(kept);
  }

  it('each upload answers a 2xx or a 4xx envelope, stores nothing outside FILES_DIR nor under a name it did not make, and keeps the name cleaned', async () => {
    await expectStoreClean('before any upload');
    const absoluteDirs = [sandbox, filesDir, os.tmpdir()];
    // Every listed name on both kinds of upload: the editor's images (the name is the part's) and
    // an upload URL (the name is the one asked for), in turn the board files', the files' and the
    // address book's; each spelling of the part's name in turn, and ending in an extension the
    // route takes (a name refused for its extension alone tests little). Then random names, with
    // any extension or none, on any route.
    const examples: [Attempt][] = HOSTILE_FILE_NAMES.flatMap((listed, i) =>
      (['editor image', uploadRoutes[1 + (i % 3)]!] as UploadRoute[]).map((route, j): [Attempt] => {
        const name = routeExtensions[route].some((ext) => listed.toLowerCase().endsWith(ext)) ? listed : `${listed}${routeExtensions[route][0]}`;
        return [{ route, name, partName: undefined, param: fileNameParams[(i + j) % fileNameParams.length]!, splice: i, boardCode: undefined }];
      }),
    );
    const name = hostileFileName({ extensions, absoluteDirs, maxDepth: 7 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.constantFrom(...uploadRoutes),
          name,
          partName: fc.option(name, { nil: undefined }),
          param: fc.constantFrom(...fileNameParams),
          splice: fc.nat(60),
          boardCode: fc.constantFrom(undefined, 'community' as const),
        }),
        attempt,
      ),
      // A failure is not shrunk: the uploads before it have changed the store it was found in.
      { numRuns: examples.length + RUNS * 2, seed: SEED, endOnFailure: true, examples },
    );
    expect(attempts).toBe(examples.length + RUNS * 2);
    // Enough of them were stored that what the site keeps of a hostile name was judged.
    expect(stored, 'uploads stored').toBeGreaterThanOrEqual(20);
  }, 300_000);

  it('a long name is cut at whole characters, and the answer names the file as it is recorded', async () => {
    // 201 UTF-16 code units before the extension but 101 characters, which the upload URL's 200
    // allows: cut at 200 code units, the kept name would end in half an emoji (stored as U+FFFD,
    // answered as a lone surrogate) and lose its extension.
    await attempt({ route: 'file', name: `a${'😀'.repeat(100)}.png`, partName: undefined, param: 'quoted', splice: 0, boardCode: undefined });
    // The editor's images take the part's name, of any length: cut, it is still whole characters.
    await attempt({ route: 'editor image', name: `a${'😀'.repeat(250)}.png`, partName: undefined, param: 'quoted', splice: 0, boardCode: undefined });
  });

  it('no other write takes a multipart body: a 4xx envelope, and nothing changes', async () => {
    const before = await tableFingerprint(t.database.raw);
    const form = hostileMultipart('../../../../etc/passwd.png', 'quoted', content.png!);
    let sent = 0;
    for (const op of operations) {
      if (op.method === 'GET' || op.path === '/api/board-item/images' || op.path.startsWith('/api/file/upload/')) continue;
      // An id no member has: should a route take the body after all, it acts on no one.
      const url = urlOf(op, Object.fromEntries(op.pathParams.map((n) => [n, '999999'])), '');
      const res = await t.app.inject({ method: op.method as 'POST', url, headers: { ...headersOf('admin'), ...form.headers }, payload: form.payload });
      expectWellRefused(`${op.method} ${url} (multipart)`, res);
      expect(res.statusCode, `${op.method} ${url} took a multipart body: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      sent += 1;
    }
    expect(sent).toBeGreaterThanOrEqual(40);
    expect(walk(sandbox).files.filter((f) => !f.startsWith(path.relative(sandbox, filesDir) + path.sep))).toEqual([]);
    expect(changedTables(before, await tableFingerprint(t.database.raw))).toEqual([]);
  });
});
