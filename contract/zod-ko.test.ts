import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

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
