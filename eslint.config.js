import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
  {
    // Features never import each other (style.md): app -> features -> shared (lib, ui, contract).
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../app/*', '../../../app/*', '@web/app/*'], message: 'Features must not import the app shell.' },
          ],
        },
      ],
    },
  },
  // Board and account share form widgets through ui/form and lib, never each other's internals.
  // (A later block replaces the rule's options, so the app-shell pattern is repeated.)
  ...[
    ['board', 'account'],
    ['account', 'board'],
  ].map(([feature, other]) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../app/*', '../../../app/*', '@web/app/*'], message: 'Features must not import the app shell.' },
            {
              group: [`../${other}/**`, `../../${other}/**`, `../../../${other}/**`, `**/features/${other}/**`, `@web/features/${other}/**`],
              message: `The ${feature} feature must not import ${other} internals: use ui, lib or contract.`,
            },
          ],
        },
      ],
    },
  })),
  {
    // The server's composition root (server/app.ts) imports every module; modules depend downwards
    // only: the dependency type is in server/deps.ts, the caller in server/auth/request-caller.ts.
    files: ['server/**/*.ts'],
    ignores: ['server/main.ts', 'server/**/*.test.ts', 'server/test/**', 'server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+app$|^\\./app$|^@server/app$', message: 'Import AppDeps from server/deps.ts and getCaller from server/auth/request-caller.ts.' }] },
      ],
    },
  },
);
