import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of issue 21 (docs/decisions/0022-module-surfaces.md, eslint.config.js), shown to
 * catch what they are for: each import is linted as if it were a file at that path, with the
 * project's configuration. Without this, a rule whose pattern stopped matching (a renamed folder,
 * an alias spelt another way) would let `npm run lint` pass on every violation.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads the configuration and its plugins (seconds on a busy machine).
  await eslint.lintText('export {};\n', { filePath: `${root}server/lib/warm-up.ts` });
}, 60_000);

async function refused(specifier: string, filePath: string): Promise<boolean> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath: `${root}${filePath}` });
  return result!.messages.some((m) => m.ruleId === 'no-restricted-imports');
}

describe('server modules are used through their surface', { timeout: 30_000 }, () => {
  it.each([
    ['../board/repo', 'server/modules/comment/service.ts', "another module's file, relatively"],
    ['@server/modules/board/repo', 'server/modules/comment/service.ts', "another module's file, by alias"],
    ['./modules/board/repo', 'server/web.ts', "a module's file from outside the modules"],
    ['@server/modules/board/repo', 'server/seed/demo.ts', "a module's file from the seed"],
    ['../modules/board', 'server/lib/example.ts', 'a module from lib/'],
    ['@server/modules/session', 'server/auth/example.ts', 'a module from auth/'],
    ['@server/modules/file', 'server/db/example.ts', 'a module from db/'],
    ['@server/app', 'server/modules/board/service.ts', 'the composition root'],
  ])('refuses %s in %s (%s)', async (specifier, file) => {
    expect(await refused(specifier, file)).toBe(true);
  });

  it.each([
    ['@server/modules/board', 'server/modules/comment/service.ts', "another module's surface"],
    ['./repo', 'server/modules/board/service.ts', "the module's own file"],
    ['../../db/schema', 'server/modules/board/repo.ts', 'the layers below'],
    ['./modules/board/routes', 'server/app.ts', 'routes from the composition root'],
    ['../board/repo', 'server/modules/comment/comment.api.test.ts', "another module's file from a test"],
  ])('allows %s in %s (%s)', async (specifier, file) => {
    expect(await refused(specifier, file)).toBe(false);
  });
});

describe('web features import no other feature and not the app shell', { timeout: 30_000 }, () => {
  it.each([
    ['@web/features/account/components/X', 'web/src/features/board/routes/BoardListPage.tsx', 'another feature by alias'],
    ['../../account/components/X', 'web/src/features/board/routes/BoardListPage.tsx', 'another feature relatively'],
    ['@web/features/board/api/get-board', 'web/src/features/admin/boards/api.ts', 'the board feature from the console'],
    ['@web/app/Layout', 'web/src/features/home/HomePage.tsx', 'the app shell'],
    ['@web/features/board/api/get-board', 'web/src/lib/example.ts', 'a feature from lib/'],
    ['@web/features/board/api/get-board', 'web/src/ui/example.tsx', 'a feature from ui/'],
  ])('refuses %s in %s (%s)', async (specifier, file) => {
    expect(await refused(specifier, file)).toBe(true);
  });

  it.each([
    ['@web/lib/query-keys', 'web/src/features/board/routes/BoardListPage.tsx', 'lib'],
    ['@web/ui/form/Field', 'web/src/features/account/routes/SigninPage.tsx', 'ui'],
    ['../api/get-board', 'web/src/features/board/routes/BoardListPage.tsx', "the feature's own file"],
    ['@web/features/board/routes/BoardListPage', 'web/src/app/router.tsx', 'a feature from the app shell'],
  ])('allows %s in %s (%s)', async (specifier, file) => {
    expect(await refused(specifier, file)).toBe(false);
  });
});
