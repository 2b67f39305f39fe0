import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app names every API route by its entry in the endpoint table (contract/endpoint-routes.ts,
 * docs/decisions/0023-endpoint-table.md): `apiCall(endpoint(endpointRoutes.board.get, { boardCode }))`,
 * never `'/api/board/...'`. A path spelt in a fetcher escapes the table: renaming the route would
 * leave it calling the old one, with whatever method it chose. Tests and their stubs (web/src/test/)
 * may spell paths: they check what goes over the wire.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const webSource = path.join(root, 'web', 'src');

/** The start of a string literal holding an API path: '/api/, "/api/ or `/api/. */
const apiLiteral = /(['"`])\/api\//;

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `file:line: text` of each line holding an API path literal. */
function apiPathLiterals(files: { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, i) => (apiLiteral.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('API paths in the web app', () => {
  it('come from the endpoint table: no \'/api/ literal in web/src outside tests', () => {
    const files = sourceFiles(webSource)
      .filter((file) => !isTestFile(path.relative(webSource, file)))
      .map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    expect(apiPathLiterals(files)).toEqual([]);
  });

  it('the check finds each way of spelling one, and leaves a comment\'s route and other paths alone', () => {
    const found = apiPathLiterals([
      {
        file: 'web/src/x.ts',
        text: [
          "apiGet('/api/board')",
          '/** `GET /api/board`: the menu. */',
          'fetch(`/api/board/${code}`)',
          'const a = "/api/user";',
          "const b = '/apis/x' + '/api';",
        ].join('\n'),
      },
    ]);
    expect(found).toEqual(["web/src/x.ts:1: apiGet('/api/board')", 'web/src/x.ts:3: fetch(`/api/board/${code}`)', 'web/src/x.ts:4: const a = "/api/user";']);
  });
});
