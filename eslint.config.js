// The lint of every workspace (npm run lint, part of npm test): typescript-eslint with type
// information, plus the boundaries of docs/architecture.md — the apps never import the API or
// the database, domain/ imports nothing but zod, a feature of an app never imports another
// feature, and the environment is read in one place (api/src/env.ts).
import { readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const within = (path, dir) => path === dir || path.startsWith(`${dir}/`);

/**
 * Relative imports resolved against the importing file and checked against zones: a file under
 * `target` may not import anything under `from` unless it is under one of `except` (paths from
 * the repository root). Package imports are checked by no-restricted-imports below.
 */
const boundaries = {
  rules: {
    'no-restricted-paths': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const { zones } = context.options[0];
        const file = relative(root, context.filename);
        const applying = zones.filter((zone) => zone.target.some((dir) => within(file, dir)));
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const target = relative(root, resolve(dirname(context.filename), source.value));
          for (const zone of applying) {
            const blocked = zone.from.some((dir) => within(target, dir)) && !(zone.except ?? []).some((dir) => within(target, dir));
            if (blocked) context.report({ node: source, message: `${source.value}: ${zone.message}` });
          }
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source.type === 'Literal' ? node.source : null),
        };
      },
    },
  },
};

const featuresOf = (app) =>
  readdirSync(new URL(`./${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Each feature of an app may not reach into any other feature of that app. */
const featureZones = ['pwa', 'console'].flatMap((app) =>
  featuresOf(app).map((feature) => ({
    target: [`${app}/src/features/${feature}`],
    from: [`${app}/src/features`],
    except: [`${app}/src/features/${feature}`],
    message: 'A feature does not import another feature: move what both need to components/ or lib/.',
  })),
);

const SERVER_PACKAGES = ['@signingdesk/api', '@signingdesk/api/*', '@signingdesk/db', '@signingdesk/db/*'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'db/migrations/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'scripts/vite-chunks.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { boundaries },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // A variable read by a callback made before it is set (a test server and its handler) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the environment in api/src/env.ts (parsed once at boot).' },
      ],
      'boundaries/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            {
              target: ['pwa/src', 'console/src', 'domain/src'],
              from: ['api', 'db'],
              message: 'The apps and domain/ never import the API or the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['pwa/src/**', 'console/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: SERVER_PACKAGES,
              message: 'The apps never import the API or the database: use the typed client and @signingdesk/domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['domain/src/**'],
    ignores: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./)', message: 'domain/ imports nothing but zod and its own modules.' }] },
      ],
    },
  },
  {
    // Tests, their helpers and the benchmarks read JSON answers loosely on purpose.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.ts', 'api/bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The environment's one reader, and the places that set up a process (tests, scripts, the seed).
    files: [
      'api/src/env.ts',
      '**/*.test.ts',
      '**/*.test.tsx',
      'api/scripts/**',
      'api/bench/**',
      'e2e/**',
      'db/src/testing.ts',
      '**/vite.config.ts',
      'db/drizzle.config.ts',
      'vitest.config.ts',
      'api/src/testing/server-process.ts',
      'api/src/testing/global-setup.ts',
      'api/auth.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
