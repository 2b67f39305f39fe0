import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The lint rules that keep error codes closed (issue 21, docs/decisions/0024-closed-error-codes.md),
 * shown to catch what they are for: `npm run lint` then fails on any screen that decides by a
 * sentence and any `new ApiError` outside server/errors.ts. Each snippet is linted as if it were a
 * file at that path, with the project's eslint.config.js.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads the configuration and its plugins (seconds on a busy machine).
  await eslint.lintText('export {};\n', { filePath: `${root}web/src/lib/warm-up.ts` });
}, 60_000);

async function restricted(code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
}

const screen = 'web/src/features/admin/example/ExamplePage.tsx';

describe('screens decide by code and field, never by a sentence', { timeout: 30_000 }, () => {
  // Each was in a screen before issue 21 (fieldOfRefusal, failure-messages, isCodeRefusal...).
  it.each([
    ["if (message === siteSettingMessages.siteNameRequired) f();", 'a message equal to a catalogue sentence'],
    ["if (text === accountMessages.currentPasswordWrong) f();", 'any text equal to a catalogue sentence'],
    ["const detail = err.message !== messages.forbidden ? err.message : null;", "an error's message unequal to one"],
    ["if (err.message === '접근 권한이 없습니다.') f();", "an error's message equal to a literal"],
    ["if (message.startsWith('게시판 이름')) f();", 'a message starting with words'],
    ["if (outcome.text.startsWith(roleMessages.duplicate)) f();", 'any text starting with a catalogue sentence'],
    ["if (err.message.includes('비밀번호')) f();", "an error's message containing words"],
    ['if (patterns.some((p) => p.test(message))) f();', 'a pattern tested on a message'],
    ['if (sentences.has(err.message)) f();', "a set holding an error's message"],
    ['if (spent.includes(detail)) f();', 'a list holding a detail sentence'],
    ['const all = new Set(Object.values(accountMessages));', 'a set of catalogue sentences'],
    ["switch (err.message) { case 'x': f(); }", "a switch on an error's message"],
  ])('%s (%s) is refused', async (code) => {
    expect(await restricted(`declare const err: Error; declare function f(): void;\n${code}\n`, screen)).toBeGreaterThan(0);
  });

  it('deciding by code and field passes, and so does comparing what the member typed', async () => {
    const fine = [
      "if (err.code === 'NOT_FOUND') f();",
      "if (refusedField(err) === 'currentPassword') f();",
      "if (text === '') f();",
      "if (field.detail.includes(text)) f();",
      'setNotice({ text: err.message });',
    ].join('\n');
    expect(await restricted(`declare const err: any; declare const text: string; declare const field: any; declare function f(): void; declare function refusedField(e: unknown): string | null; declare function setNotice(n: unknown): void;\n${fine}\n`, screen)).toBe(0);
  });

  it('the one place that may compare two sentences is the second-line helper', async () => {
    const code = 'export const same = (message: string, shown: string) => message === shown;\n';
    expect(await restricted(code, 'web/src/lib/second-line.ts')).toBe(0);
    expect(await restricted(code, 'web/src/lib/other.ts')).toBeGreaterThan(0);
  });
});

describe('refusals are made by the factories in server/errors.ts', { timeout: 30_000 }, () => {
  const construct = "import { ApiError } from '../../errors';\nexport const refuse = () => new ApiError(409, 'CONFLICT', '이미 있습니다.');\n";

  it('new ApiError anywhere else in the server is refused', async () => {
    expect(await restricted(construct, 'server/modules/example/service.ts')).toBe(1);
    expect(await restricted(construct, 'server/auth/example.ts')).toBe(1);
  });

  it('server/errors.ts itself may construct it, and a factory call passes anywhere', async () => {
    expect(await restricted(construct, 'server/errors.ts')).toBe(0);
    const factory = "import { conflict } from '../../errors';\nexport const refuse = () => conflict('이미 있습니다.', { field: 'code' });\n";
    expect(await restricted(factory, 'server/modules/example/service.ts')).toBe(0);
  });
});
