import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validationMessages } from './zod-ko';
import { z } from 'zod';
import { pageQuery } from './paging';

/**
 * zod's configuration (contract/zod-ko.ts: Korean messages; jitless, without which zod's probe for
 * `new Function` trips the CSP on every screen) must run before any schema is built. The web app
 * no longer loads zod in its entry (issue 11: the home page, a list and a post build no schema),
 * so each module that builds schemas imports zod-ko itself, before zod.
 */
const root = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** A value import of zod (not `import type`): the module builds schemas when it runs. */
const zodImport = /^import (?!type )[^;]*from 'zod';$/m;
const zodKoImport = /^import '(\.\/|(\.\.\/)+contract\/|@contract\/)zod-ko';$/m;

describe('every module that builds zod schemas configures zod first', () => {
  const builders = [...sources('contract'), ...sources('web/src')].filter(
    (file) => !file.endsWith('zod-ko.ts') && zodImport.test(fs.readFileSync(path.join(root, file), 'utf8')),
  );

  it('finds the contract\'s schema modules and the forms with schemas of their own', () => {
    expect(builders).toEqual(expect.arrayContaining(['contract/board.ts', 'contract/account.ts', 'web/src/features/board/components/PostWriteForm.tsx']));
  });

  it.each(builders)('%s', (file) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const config = text.match(zodKoImport);
    expect(config, `${file} imports zod without importing contract/zod-ko first`).not.toBeNull();
    expect(config!.index!, `${file} imports contract/zod-ko after zod`).toBeLessThan(text.match(zodImport)!.index!);
  });
});

describe('zod\'s messages (koreanErrorMap): Korean a screen can show, without English field or type names', () => {
  it.each<[name: string, build: () => z.ZodType, input: unknown, message: string]>([
    ['a number over its maximum', () => z.number().max(100), 1000, '100 이하로 입력해주세요.'],
    ['a number at or over an exclusive maximum', () => z.number().lt(100), 100, '100보다 작은 값을 입력해주세요.'],
    ['a number under its minimum', () => z.number().min(1), 0, '1 이상으로 입력해주세요.'],
    ['a number at or under an exclusive minimum', () => z.number().gt(0), 0, '0보다 큰 값을 입력해주세요.'],
    ['a large bound, grouped', () => z.number().max(10000), 10001, '10,000 이하로 입력해주세요.'],
    ['a fraction where a whole number is needed', () => z.number().int(), 1.5, '정수로 입력해주세요.'],
    ['text where a number is needed', () => z.coerce.number(), 'abc', '숫자로 입력해주세요.'],
    ['null where a string is needed', () => z.string(), null, '값의 형식이 올바르지 않습니다.'],
    ['a number where a string is needed', () => z.string(), 3, '값의 형식이 올바르지 않습니다.'],
    ['a missing value', () => z.object({ name: z.string() }), {}, '값을 입력해주세요.'],
    ['an empty string under min(1)', () => z.string().min(1), '', '값을 입력해주세요.'],
    ['a short string', () => z.string().min(6), 'abc', '6자 이상 입력해주세요.'],
    ['a long string', () => z.string().max(50), 'x'.repeat(51), '50자 이내로 입력해주세요.'],
    ['a string of a fixed length', () => z.string().length(6), '123', '6자로 입력해주세요.'],
    ['too many items', () => z.array(z.string()).max(3), ['a', 'b', 'c', 'd'], '3개까지 넣을 수 있습니다.'],
    ['no items', () => z.array(z.string()).min(1), [], '1개 이상 넣어주세요.'],
    ['a value outside an enum', () => z.enum(['home', 'all']), 'board', '허용되지 않는 값입니다.'],
    ['a wrong literal', () => z.literal(true), false, '허용되지 않는 값입니다.'],
    ['an unknown key', () => z.strictObject({ name: z.string() }), { name: 'a', isAdmin: true }, '알 수 없는 항목이 포함되어 있습니다.'],
    ['a bad e-mail address', () => z.email(), 'nobody', '이메일 주소 형식이 올바르지 않습니다.'],
    ['a bad URL', () => z.url(), 'not a url', '인터넷 주소 형식이 올바르지 않습니다.'],
    ['a bad date and time', () => z.iso.datetime({ offset: true }), 'tomorrow', '날짜와 시각 형식이 올바르지 않습니다.'],
    ['a bad date', () => z.iso.date(), '2027-13-01', '날짜 형식이 올바르지 않습니다.'],
    ['a pattern without a message', () => z.string().regex(/^\d+$/), 'a1', '값의 형식이 올바르지 않습니다.'],
    ['a prefix, with its particle', () => z.string().startsWith('https://'), 'ftp://x', "'https://'로 시작해야 합니다."],
    ['a part, with its particle', () => z.string().includes('@'), 'x', "'@'를 포함해야 합니다."],
    ['a multiple', () => z.number().multipleOf(5), 7, '5의 배수로 입력해주세요.'],
    ['no member of a union', () => z.union([z.string(), z.number()]), null, '값의 형식이 올바르지 않습니다.'],
    ['a schema\'s own sentence wins', () => z.string().max(2, '제목은 2자 이내로 입력해주세요.'), 'abc', '제목은 2자 이내로 입력해주세요.'],
  ])('%s', (_name, build, input, message) => {
    const issues = build().safeParse(input).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('the console lists\' page size over its limit (was "number이 너무 큽니다: 100 이하여야 합니다")', () => {
    const issues = z.object(pageQuery).safeParse({ page: '1', size: '1000' }).error?.issues ?? [];
    expect(issues.map(({ message, path }) => ({ message, path }))).toEqual([{ message: '100 이하로 입력해주세요.', path: ['size'] }]);
  });

  it('no sentence names an English word or writes both forms of a particle', () => {
    const sentences = Object.values(validationMessages).map((m) => (typeof m === 'function' ? m('100') : m));
    for (const sentence of sentences) {
      expect(sentence).toMatch(/[가-힣]/);
      expect(sentence).not.toMatch(/[A-Za-z]|이\(가\)|을\(를\)|은\(는\)|\(으\)/);
    }
  });
});
