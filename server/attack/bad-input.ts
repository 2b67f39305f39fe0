import fc from 'fast-check';

/**
 * Generators of the bad input an attacker sends (issue 12, the attacker's suite): the values are
 * the ones known to break board engines (type confusion, SQL and NoSQL fragments, traversal,
 * control characters, huge sizes), mixed with random ones.
 */
export const NASTY_STRINGS = [
  '',
  ' ',
  '-1',
  '0',
  '-0',
  '1e309',
  '99999999999999999999999999',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd%00.png',
  "' OR '1'='1",
  "1' OR '1'='1' --",
  '1; DROP TABLE app_user; --',
  "'; SELECT pg_sleep(5); --",
  '1 UNION SELECT password_hash FROM app_user',
  '{"$gt": ""}',
  '{"$where": "1 == 1"}',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\r\nSet-Cookie: x=1',
  '\u202e\u200b\ufeff',
  '\ud800',
  '한글'.repeat(300),
  'x'.repeat(70_000),
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const randomString = fc.string({ unit: 'binary', maxLength: 40 });
const strangeNumber = fc.oneof(
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
  fc.constantFrom(2 ** 31, 2 ** 53 + 1, Number.MAX_VALUE, -Number.MAX_VALUE, 0.5, -0.000001, 1e21),
  fc.double({ noNaN: true }),
);

/** Any JSON value that is wrong for a field: a string, number, boolean, null, array or object. */
const badValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    randomString,
    strangeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nastyString, randomString), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Percent-encoding of a value; a lone surrogate (not encodable) goes as its UTF-8 replacement bytes. */
function percentEncode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Percent-encoded bytes that are not UTF-8, or decode to NUL and traversal. */
const rawEncoded = fc.constantFrom('%FF%FE', '%C0%AF', '%ED%A0%80', '%00', '..%2F..%2F', '%252e%252e%252f', '%');

/** A path parameter: never a plausible id (so a refusal is expected), URL-encoded as a client would. */
export function badPathValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.oneof(nastyString, randomString, strangeNumber.map(String)).map((value) => percentEncode(value) || '%20'),
    rawEncoded,
  );
}

/** A query string with the operation's own names given bad values, and names it does not know. */
export function badQuery(names: string[]): fc.Arbitrary<string> {
  const name = names.length ? fc.oneof(fc.constantFrom(...names), nastyString, randomString) : fc.oneof(nastyString, randomString);
  return fc
    .array(fc.tuple(name, fc.oneof(nastyString, randomString, strangeNumber.map(String))), { maxLength: 6 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'))
    .chain((query) => fc.oneof(fc.constant(query), rawEncoded.map((raw) => (query ? `${query}&${raw}=${raw}` : `${raw}=${raw}`))));
}

/**
 * A JSON body: the operation's fields with wrong values (some missing, some extra), or any JSON
 * at all; undefined sends none.
 */
export function badBody(fields: string[]): fc.Arbitrary<string | undefined> {
  const shaped = fc
    .tuple(
      fc.subarray(fields).chain((kept) => fc.tuple(...kept.map(() => badValue)).map((values) => Object.fromEntries(kept.map((k, i) => [k, values[i]])))),
      fc.dictionary(fc.oneof(nastyString, randomString), badValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
  return fc.oneof(
    fc.constant(undefined),
    shaped.map((value) => JSON.stringify(value)),
    badValue.map((value) => JSON.stringify(value)),
    fc.constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '{"a":1,"a":2}', '{"a":1e999}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'),
  );
}

/** `{"a":"\xff\xfe"}`: a JSON body whose bytes are not UTF-8. */
export const INVALID_UTF8_JSON = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]);

/** Keys that pollute Object.prototype when a server merges a body into an object naively. */
export const PROTOTYPE_POLLUTION_JSON =
  '{"__proto__":{"isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},"title":"x","content":"<p>x</p>"}';

/**
 * Uploaded file names an attacker sends (the upload routes, issue 12): path traversal in every
 * spelling, absolute paths, NUL and other control characters, line breaks that would end the
 * part's header, names that are only dots or spaces, right-to-left overrides, names thousands of
 * characters long and the keys that pollute prototypes. Most end in an extension the boards
 * accept, so the upload may well succeed and what the site keeps of the name is what is judged.
 */
export const HOSTILE_FILE_NAMES = [
  '../../etc/passwd',
  '../../etc/passwd.txt',
  '..\\..\\win.ini',
  '..\\..\\주소록.xlsx',
  '../../../../tmp/주소록.xlsx',
  '..\\..\\..\\windows\\win.ini.txt',
  '/etc/passwd',
  '/etc/cron.d/x.txt',
  '/tmp/x.xlsx',
  'C:\\Windows\\System32\\drivers\\etc\\hosts.txt',
  '\\\\server\\share\\x.png',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fx.png',
  '..%2f..%2fx.txt',
  '..%5c..%5cx.txt',
  '....//....//x.txt',
  'file:///etc/passwd.txt',
  'a\u0000.php.png',
  'x.png\u0000.php',
  '\u0000',
  'x\r\nContent-Type: text/html\r\n\r\n<script>.png',
  '\u0001\u001b[31m\u007f.txt',
  '.',
  '..',
  '...',
  '. . .png',
  '    ',
  ' .png',
  '.png',
  '..png',
  '../.png',
  'evil\u202egnp.txt',
  '\u202e\u200f\u200b\ufeff.txt',
  '__proto__',
  '__proto__.png',
  'constructor.txt',
  '__proto__.xlsx',
  'prototype.png',
  'x'.repeat(5_000),
  `${'x'.repeat(5_000)}.png`,
  `${'가'.repeat(3_000)}.txt`,
  `${'../'.repeat(2_000)}x.txt`,
  '\ud800.png',
  '"quoted".png',
  "a'; DROP TABLE stored_file; --.txt",
  '<img src=x onerror=alert(1)>.png',
];

/** Bytes that are not UTF-8: a stray continuation, overlong `/`, a UTF-16 surrogate, a cut sequence. */
export const INVALID_UTF8_BYTES = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0x80]), Buffer.from([0xe2, 0x82])];

/**
 * A hostile file name: one of the list, or traversal (up to `maxDepth` levels, either slash, or
 * from one of `absoluteDirs`) before a hostile stem and an extension the boards accept or not.
 */
export function hostileFileName(opts: { extensions: string[]; absoluteDirs: string[]; maxDepth: number }): fc.Arbitrary<string> {
  const climb = fc
    .tuple(fc.integer({ min: 1, max: opts.maxDepth }), fc.constantFrom('../', '..\\', '%2e%2e%2f', '..%2f', '....//', './../'))
    .map(([depth, step]) => step.repeat(depth));
  const prefix = fc.oneof(
    fc.constant(''),
    climb,
    fc.constantFrom(...opts.absoluteDirs.map((dir) => `${dir}/`), '/', 'C:\\', '\\\\server\\share\\', 'file:///', '~/'),
  );
  const stem = fc.oneof(
    fc.constantFrom('passwd', 'x', '', '.', '..', ' ', '. .', '__proto__', 'constructor', 'a\u0000b', '\r\n', '\u0007\u001f\u007f', 'evil\u202egnp', '한글 파일', 'x'.repeat(3_000)),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const extension = fc.constantFrom(...opts.extensions, '', '.', '.php', '.png.php', '.png\u0000.php', '.PNG', '.png ', '.png.', '.txt/..');
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_FILE_NAMES) },
    { weight: 3, arbitrary: fc.tuple(prefix, stem, extension).map(([p, s, e]) => `${p}${s}${e}`) },
  );
}

/**
 * How the name goes in the part's Content-Disposition: as a browser quotes it (UTF-8 bytes as
 * they are, quotes and line breaks included), the same with bytes that are not UTF-8 spliced in,
 * or RFC 5987's `filename*=UTF-8''` percent-encoding (with such bytes too, for an odd `splice`).
 */
export type FileNameParam = 'quoted' | 'invalid-utf8' | 'extended';
export const fileNameParams: FileNameParam[] = ['quoted', 'invalid-utf8', 'extended'];

let boundaries = 0;

/** A multipart/form-data body whose one file part, in field `file`, has `name` as its file name. */
export function hostileMultipart(name: string, param: FileNameParam, data: Buffer, splice = 0): { payload: Buffer; headers: Record<string, string> } {
  boundaries += 1;
  const boundary = `----nidsAttack${boundaries}x${'7'.repeat(24)}`;
  const bytes = Buffer.from(name, 'utf8');
  const bad = INVALID_UTF8_BYTES[splice % INVALID_UTF8_BYTES.length]!;
  const at = Math.min(splice, bytes.length);
  const spliced = Buffer.concat([bytes.subarray(0, at), bad, bytes.subarray(at)]);
  const disposition =
    param === 'quoted'
      ? Buffer.concat([Buffer.from('filename="'), bytes, Buffer.from('"')])
      : param === 'invalid-utf8'
        ? Buffer.concat([Buffer.from('filename="'), spliced, Buffer.from('"')])
        : Buffer.from(`filename*=UTF-8''${[...(splice % 2 ? spliced : bytes)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')}`);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; `),
    disposition,
    Buffer.from('\r\nContent-Type: application/octet-stream\r\n\r\n'),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
