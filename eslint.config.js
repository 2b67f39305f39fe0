import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';

/** The web app's feature folders (web/src/features/*). */
const webFeatures = fs
  .readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * An import of web/src/<folder> by alias (`@web/<folder>`) or by a relative path through
 * `web/src/<folder>` or `src/<folder>` (from anywhere under web/src, `../` climbs end in src).
 */
const webFolder = (folder) => `^@web/${folder}(/|$)|^(\\.\\./)+(src/)?${folder}(/|$)|/src/${folder}(/|$)`;

/**
 * Code that decides by a sentence (issue 21): comparing an error's message or a catalogue sentence
 * (`messages.x`, `accountMessages.x`...), matching one (startsWith, includes, a pattern's test, a
 * Set of sentences), or switching on one. scripts/error-code-rules.test.ts shows each is caught.
 */
const decide = 'Decide by the answer\'s code and field (ApiRequestError.code, refusedField()), not by its sentence.';
const equality = 'BinaryExpression[operator=/^[!=]==?$/]';
const matchers = '/^(startsWith|endsWith|includes|indexOf|lastIndexOf|match|matchAll|search|localeCompare)$/';
const sentenceNames = '/^(message|errorMessage|errorText|detail)$/';
const sentenceDecisions = [
  `${equality} > MemberExpression[object.name=/[mM]essages$/]`,
  `${equality} > MemberExpression[property.name='message']`,
  `${equality} > Identifier[name=${sentenceNames}]`,
  `CallExpression[callee.property.name=${matchers}][callee.object.property.name='message']`,
  `CallExpression[callee.property.name=${matchers}][callee.object.name=${sentenceNames}]`,
  `CallExpression[callee.property.name=${matchers}] > MemberExpression.arguments[object.name=/[mM]essages$/]`,
  `CallExpression[callee.property.name=/^(test|exec|includes|has|indexOf)$/] > MemberExpression.arguments[property.name='message']`,
  `CallExpression[callee.property.name=/^(test|exec|includes|has|indexOf)$/] > Identifier.arguments[name=${sentenceNames}]`,
  "CallExpression[callee.object.name='Object'][callee.property.name=/^(values|entries)$/] > Identifier.arguments[name=/[mM]essages$/]",
  "SwitchStatement > MemberExpression.discriminant[property.name='message']",
  `SwitchStatement > Identifier.discriminant[name=${sentenceNames}]`,
].map((selector) => ({ selector, message: decide }));
/** The server's composition root imports every module; nothing else imports it. */
const appImport = { regex: '^(\\.\\./)+app$|^\\./app$|^@server/app$', message: 'Import AppDeps from server/deps.ts and getCaller from server/auth/request-caller.ts.' };
/** A module's surface is its index.ts (docs/decisions/0022). */
const moduleInternals = { regex: '^(@server/|(\\.\\.?/)+)modules/[a-z-]+/', message: "Import another module through its index.ts ('@server/modules/<name>'), not its files." };
const siblingModuleInternals = { regex: '^\\.\\./[a-z-]+/', message: "Import another module through its index.ts ('@server/modules/<name>'), not its files." };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Features never import each other (style.md): app -> features -> shared (ui, lib; contract
  // anywhere). What two features both need moves to web/src/ui or web/src/lib. One block per
  // feature folder, read from the disk, so a new feature is bounded as soon as it exists.
  ...webFeatures.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: webFolder('app'), message: 'Features must not import the app shell.' },
            ...webFeatures
              .filter((other) => other !== feature)
              .map((other) => ({
                regex: `${webFolder(`features/${other}`)}|^(\\.\\./)+${other}(/|$)`,
                message: `The ${feature} feature must not import the ${other} feature: move what both need to web/src/ui or web/src/lib.`,
              })),
          ],
        },
      ],
    },
  })),
  {
    // The shared parts know no feature and no app shell.
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `${webFolder('app')}|${webFolder('features')}`, message: 'web/src/lib and web/src/ui must not import the app shell or a feature.' }] },
      ],
    },
  },
  {
    // The server's composition root (server/app.ts) imports every module; modules depend downwards
    // only: the dependency type is in server/deps.ts, the caller in server/auth/request-caller.ts.
    files: ['server/**/*.ts'],
    ignores: ['server/main.ts', 'server/**/*.test.ts', 'server/test/**', 'server/app.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appImport, moduleInternals] }],
    },
  },
  {
    // Inside a module: its own files freely, another module only through its index.ts.
    files: ['server/modules/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appImport, moduleInternals, siblingModuleInternals] }],
    },
  },
  {
    // The layers modules stand on never depend on a module (docs/decisions/0022).
    files: ['server/auth/**/*.ts', 'server/db/**/*.ts', 'server/lib/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [appImport, { regex: '(^|/)modules(/|$)', message: 'auth/, db/ and lib/ must not depend on a module: pass what they need in.' }] },
      ],
    },
  },
  {
    // Closed error codes (issue 21, docs/decisions/0024-closed-error-codes.md): every refusal is
    // made by a factory in server/errors.ts, so its code is in the contract's list and goes with
    // its status.
    files: ['server/**/*.ts'],
    ignores: ['server/errors.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='ApiError']", message: 'Make refusals with the factories in server/errors.ts (badRequest(message, { field }), conflict(...), invalidCredential()...).' },
      ],
    },
  },
  {
    // Screens decide by the answer's `code` and `field`, never by its sentence: a reworded message
    // must not change what a screen does. The one comparison allowed (a second line equal to the
    // first is not printed twice) lives in web/src/lib/second-line.ts.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/second-line.ts', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...sentenceDecisions],
    },
  },
);
