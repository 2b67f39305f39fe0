import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { environmentSchema, loadConfig } from './config';
import { variableDocs } from './config-fields';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** The schema's variables and the default the README must show for each (`3000` in backticks, `unset`, or a sentence). */
function schemaDefaults(): Map<string, string> {
  return new Map(
    Object.entries(environmentSchema.shape).map(([name, schema]) => {
      const doc = variableDocs.get(schema);
      if (!doc) throw new Error(`${name} has no doc line in server/config.ts`);
      return [name, doc.defaultText];
    }),
  );
}

/** A markdown table row's cells, without the outer pipes (no cell here holds an escaped pipe). */
function cells(row: string): string[] {
  return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((cell) => cell.trim());
}

/**
 * The first table of README's "Configuration" section: one row per variable (or per group of
 * variables sharing a default, `` `A`, `B` ``), columns variable | default | meaning.
 */
function readmeDefaults(file = 'README.md', heading = '## Configuration'): Map<string, string> {
  const readme = fs.readFileSync(path.join(repoRoot, file), 'utf8').split('\n');
  const start = readme.indexOf(heading);
  if (start === -1) throw new Error(`${file} has no "${heading}" section`);
  const section = readme.slice(start + 1);
  const end = section.findIndex((line) => line.startsWith('## '));
  const lines = end === -1 ? section : section.slice(0, end);
  const first = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(first, lines.findIndex((line, i) => i > first && !line.startsWith('|')));
  expect(cells(table[0]!), 'the configuration table header').toEqual(['variable', 'default', 'meaning']);
  const defaults = new Map<string, string>();
  for (const row of table.slice(2)) {
    const [variables = '', defaultText = ''] = cells(row);
    const names = [...variables.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
    expect(names.length, `a variable name in backticks in the row ${row}`).toBeGreaterThan(0);
    for (const name of names) {
      expect(defaults.has(name), `${name} listed once in README's configuration table`).toBe(false);
      defaults.set(name, defaultText);
    }
  }
  return defaults;
}

describe("the configuration's documentation", () => {
  it("README's configuration table lists the schema's variables, with the same defaults", () => {
    const schema = schemaDefaults();
    const readme = readmeDefaults();
    const differences = {
      onlyInReadme: [...readme.keys()].filter((name) => !schema.has(name)),
      onlyInSchema: [...schema.keys()].filter((name) => !readme.has(name)),
      defaults: [...schema]
        .filter(([name, value]) => readme.has(name) && readme.get(name) !== value)
        .map(([name, value]) => ({ variable: name, readme: readme.get(name), schema: value })),
    };
    expect(differences, 'README.md "Configuration" against environmentSchema in server/config.ts').toEqual({
      onlyInReadme: [],
      onlyInSchema: [],
      defaults: [],
    });
    expect(schema.size).toBeGreaterThan(40);
  });

  it("docs/operations.md's environment reference names only the schema's variables, with the same defaults", () => {
    const schema = schemaDefaults();
    const operations = readmeDefaults('docs/operations.md', '## Environment reference');
    const differences = {
      unknown: [...operations.keys()].filter((name) => !schema.has(name)),
      defaults: [...operations]
        .filter(([name, value]) => schema.has(name) && schema.get(name) !== value)
        .map(([name, value]) => ({ variable: name, operations: value, schema: schema.get(name) })),
    };
    expect(differences, 'docs/operations.md "Environment reference" against environmentSchema').toEqual({ unknown: [], defaults: [] });
    expect(operations.size).toBeGreaterThan(20);
  });

  it('every variable has a one-line doc', () => {
    for (const [name, schema] of Object.entries(environmentSchema.shape)) {
      const doc = variableDocs.get(schema)?.doc ?? '';
      expect(doc.length, name).toBeGreaterThan(5);
      expect(doc, name).not.toContain('\n');
    }
  });

  it("the deployment's example environment names only the schema's variables and starts as it is", () => {
    const example = fs.readFileSync(path.join(repoRoot, 'deploy/systemd/nids.env.example'), 'utf8');
    const assignments = [...example.matchAll(/^(#?)([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, commented, name, value]) => ({
      commented: commented === '#',
      name: name!,
      // systemd's EnvironmentFile drops a pair of quotes around a value.
      value: value!.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1'),
    }));
    expect(assignments.length).toBeGreaterThan(20);
    expect(assignments.map((a) => a.name).filter((name) => !(name in environmentSchema.shape))).toEqual([]);
    const env = Object.fromEntries(assignments.filter((a) => !a.commented).map((a) => [a.name, a.value]));
    const config = loadConfig(env);
    expect(config).toMatchObject({ production: true, https: true, trustProxy: '127.0.0.1', seedDemo: false, apiDocs: false });
    expect(config.mailFrom).toBe('"인체이식형 의료기기 환자등록사업" <no-reply@example.go.kr>');
  });
});
