import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpointSchemas, type EndpointSchemas } from './endpoint-schemas';
import { endpointList, endpoints, endpointUrl } from './endpoints';

const here = dirname(fileURLToPath(import.meta.url));

/** The contract modules a module imports, transitively (relative imports only), and the packages they name. */
function importsOf(file: string, seen = new Set<string>(), packages = new Set<string>()): { files: Set<string>; packages: Set<string> } {
  if (seen.has(file)) return { files: seen, packages };
  seen.add(file);
  const source = readFileSync(join(here, file), 'utf8');
  for (const [, spec] of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)) {
    if (spec!.startsWith('./')) importsOf(`${spec!.slice(2)}.ts`, seen, packages);
    else packages.add(spec!);
  }
  return { files: seen, packages };
}

describe('the endpoint table (contract/endpoints.ts)', () => {
  it('loads no zod: the web app\'s screens may read it without the schemas', () => {
    const { files, packages } = importsOf('endpoints.ts');
    expect([...packages]).toEqual([]);
    expect([...files].some((file) => file.includes('schema'))).toBe(false);
  });

  it('keeps the routes the web app loads (contract/endpoint-routes.ts) free of any import: no rules\' sentences, no zod', () => {
    expect(importsOf('endpoint-routes.ts')).toEqual({ files: new Set(['endpoint-routes.ts']), packages: new Set() });
  });

  it('declares each method and path once, with ids that are their keys', () => {
    const keys = endpointList.map((entry) => `${entry.method} ${entry.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(endpoints.boardItem.view.id).toBe('boardItem.view');
    for (const entry of endpointList) expect(entry.path, entry.id).toMatch(/^\/api\//);
  });

  it('gives every entry its schemas and every schema an entry', () => {
    expect(Object.keys(endpointSchemas).sort()).toEqual(endpointList.map((entry) => entry.id).sort());
    for (const entry of endpointList) {
      const schemas: EndpointSchemas = endpointSchemas[entry.id];
      // A path with parameters validates them.
      expect(schemas.params !== undefined, entry.id).toBe(entry.path.includes(':'));
    }
  });

  it('keeps every write out of every cache, and names real entries as what invalidates a guest answer', () => {
    for (const entry of endpointList) {
      if (entry.method !== 'GET') expect(entry.answer.kind, entry.id).toBe('noStore');
      if (entry.answer.kind === 'guestCache') {
        expect(entry.answer.invalidatedBy.length, entry.id).toBeGreaterThan(0);
        for (const id of entry.answer.invalidatedBy) expect(endpointList.map((e) => e.id), `${entry.id} invalidated by ${id}`).toContain(id);
      }
    }
  });

  it('keeps personal data, tokens and the console out of every cache', () => {
    for (const entry of endpointList) {
      const personal = /^\/api\/(user|user-key|admin|alumni|captcha)(\/|-|$)|upload/.test(entry.path);
      const consoleRule = ['admin', 'systemAdmin', 'enrolling', 'member'].includes(entry.access.kind);
      if (personal || consoleRule) expect(entry.answer.kind, entry.id).toBe('noStore');
    }
  });

  it('builds an entry\'s URL with its parameters encoded', () => {
    expect(endpointUrl(endpoints.boardItem.view, { boardCode: 'notice', itemNo: 3 })).toBe('/api/board-item/notice/3');
    expect(endpointUrl(endpoints.boardItem.list, {}, { boardCode: 'a b', page: 2, keyword: undefined })).toBe('/api/board-item?boardCode=a+b&page=2');
    expect(endpointUrl(endpoints.user.get, { id: '../x' })).toBe('/api/user/..%2Fx');
    // A missing parameter is a type error, and thrown where the type checker cannot see it.
    // @ts-expect-error no :id
    expect(() => endpointUrl(endpoints.user.get)).toThrow(/:id/);
  });
});
