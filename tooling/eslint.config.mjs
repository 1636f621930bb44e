// ESLint for the whole workspace (run from the root: npm run lint). Nx module boundaries keep the
// architecture honest: browser code never imports server code, and plugins meet only through contracts.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', 'tooling/generators/templates/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { '@nx': nx },
    languageOptions: { globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly', localStorage: 'readonly', fetch: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', performance: 'readonly', Response: 'readonly', Headers: 'readonly', FormData: 'readonly', TextEncoder: 'readonly', CustomEvent: 'readonly', AbortSignal: 'readonly', RequestInit: 'readonly', BodyInit: 'readonly', NodeJS: 'readonly' } },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            // Where code runs.
            { sourceTag: 'platform:shared', onlyDependOnLibsWithTags: ['platform:shared'] },
            { sourceTag: 'platform:web', onlyDependOnLibsWithTags: ['platform:web', 'platform:shared'] },
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:shared'] },
            // What may see what: plugins only through contracts and the SDK; nobody imports a plugin's implementation.
            { sourceTag: 'type:plugin-impl', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk'] },
            { sourceTag: 'type:contract', onlyDependOnLibsWithTags: ['type:contract'] },
            { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk'] },
            { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['type:contract', 'type:sdk', 'type:server'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.test.ts', 'tooling/**'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
);
