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
