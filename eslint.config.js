// Type-checked linting for the engine, server, CLI, benches and the web client. Formatting is
// Prettier's job alone (eslint-config-prettier switches off every rule that would disagree).
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The layers (docs/architecture.md): each folder imports only the layers to its left,
//   src/core  <-  src/games  <-  src/bots  <-  src/server, src/cli, web/
// and core, games and bots run in a browser's Web Worker too, so they import no Node module.
// Imports are matched as written: a relative path into another layer names its folder.
const segment = (...names) => `(^|/)(${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(/|$)`;
const GAMES = readdirSync(new URL('src/games/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const NODE = {
  paths: builtinModules.map((name) => ({ name, message: 'core, games and bots run in the browser too: no Node module.' })),
  patterns: [{ regex: '^node:', message: 'core, games and bots run in the browser too: no Node module.' }],
};
const not = (regex, message, extra = {}) => ({ regex, message, ...extra });
const UP_FROM_ENGINES = not(
  segment('server', 'cli', 'web'),
  'core, games and bots import nothing of the server, the CLI or the web client.',
);
/** One config object per folder, with every restriction of that folder (a later object's options replace an earlier one's). */
function layer(files, patterns, node = false) {
  const all = [...(node ? NODE.patterns : []), ...patterns];
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { paths: node ? NODE.paths : [], patterns: all }],
      // import() too: the offline worker must not load a Node module or a server file at run time either.
      'no-restricted-syntax': [
        'error',
        ...all.map((p) => ({ selector: `ImportExpression[source.value=/${p.regex.replaceAll('/', '\\/')}/]`, message: p.message })),
      ],
    },
  };
}
const layering = [
  layer(
    ['src/core/**/*.ts'],
    [
      not(
        segment('games', 'bots', 'server', 'cli', 'web'),
        'src/core knows no game, no bot and no host: it imports nothing of the repository.',
      ),
    ],
    true,
  ),
  layer(['src/games/**/*.ts'], [not(segment('bots'), 'src/games knows no bot.'), UP_FROM_ENGINES], true),
  layer(['src/bots/**/*.ts'], [UP_FROM_ENGINES], true),
  // A game's engine, and its heuristic, read that game alone.
  ...GAMES.flatMap((game) => {
    const others = not(segment(...GAMES.filter((g) => g !== game)), `a game's folder imports no other game.`);
    return [
      layer([`src/games/${game}/**/*.ts`], [others, not(segment('bots'), 'src/games knows no bot.'), UP_FROM_ENGINES], true),
      layer([`src/bots/${game}/**/*.ts`], [others, UP_FROM_ENGINES], true),
    ];
  }),
  layer(['src/server/**/*.ts'], [not(segment('cli', 'web'), 'the server imports neither the CLI nor the web client.')]),
  layer(['src/cli/**/*.ts'], [not(segment('server', 'web'), 'the CLI imports neither the server nor the web client.')]),
  // The one exception: the operators' commands open the server's configured store, and its log.
  layer(
    ['src/cli/moderation.ts'],
    [
      not(segment('web'), 'the CLI imports nothing of the web client.'),
      not('(^|/)server/(?!(store-open|log)\\.js$)', 'the operators’ commands take the store and its log from the server, nothing else.'),
    ],
  ),
  layer(
    ['web/**/*.{ts,tsx}'],
    [
      not('(^|/)src/cli(/|$)', 'the web client imports nothing of the CLI.'),
      not('(^|/)src/server/(?!protocol\\.js$)', 'the web client imports nothing of the server but the protocol’s types.'),
      not('(^|/)src/server/protocol\\.js$', 'the web client takes only types from the protocol (import type).', { allowTypeImports: true }),
    ],
  ),
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'web/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // An async function that awaits nothing still fulfils a promise-returning interface (fastify
      // hooks, the CLI's command table, test callbacks) more plainly than a Promise.resolve wrapper.
      '@typescript-eslint/require-await': 'off',
      // node:test's test() and describe() return promises the runner awaits itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['test/**/*.ts', 'web/test/**/*.{ts,tsx}'],
    // Tests drop fields from a record by destructuring them away, to compare or send the rest.
    rules: { '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }] },
  },
  ...layering,
  { files: ['**/*.{js,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
);
