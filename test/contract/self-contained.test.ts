/**
 * The repository stands alone: no source, test, benchmark, web file or script reads or names a
 * path outside it, so that a clone with nothing beside it builds, tests and explains itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT, sourceFiles } from '../helpers/repo.js';

const ROOTS = ['src', 'test', 'bench', 'web', 'docs', '.ci'];
const TEXT = ['.ts', '.tsx', '.js', '.mjs', '.json', '.md', '.html', '.css', '.sh', 'run'];
const OWN_FILES = ['package.json', 'tsconfig.json', 'eslint.config.js', 'README.md', 'SECURITY.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];

/** Relative paths that go up at least one folder. */
const UPWARD = /(?:^|[\s'"`(<[=:,])((?:\.\.\/)+[A-Za-z0-9_.@-][\w./@-]*|(?:\.\.\/)*\.\.(?=['"`]))/g;

/** Folders a build or a test run makes at the top of the repository. */
const MADE = new Set(['dist', 'data', 'test-artifacts', 'node_modules']);

const inside = (p: string): boolean => {
  const r = relative(REPO_ROOT, p);
  return r === '' || (!r.startsWith('..') && !r.startsWith(sep));
};

/** Whether a path names a file or folder there is (an import's .js is a .ts or .tsx source). */
const there = (p: string): boolean => existsSync(p) || (p.endsWith('.js') && ['.ts', '.tsx'].some((x) => existsSync(p.slice(0, -3) + x)));

/**
 * The paths a file names that lead outside the repository. A path is read from the file's folder
 * and, for code that runs compiled, from its place under dist/: outside from both, it escapes.
 * Inside but naming nothing there (a comment or a document naming a path as seen from the
 * repository's root), it escapes when it goes up from the root to a folder the repository neither
 * has nor makes.
 */
export function escapes(file: string, text: string): string[] {
  const out: string[] = [];
  const compiled = ['src', 'test', 'bench'].includes(file.split('/')[0]!);
  for (const m of text.matchAll(UPWARD)) {
    const path = m[1]!;
    const from = [resolve(dirname(join(REPO_ROOT, file)), path)];
    if (compiled) from.push(resolve(dirname(join(REPO_ROOT, 'dist', file)), path));
    if (!from.some(inside)) out.push(path);
    else if (from.some((p) => inside(p) && there(p))) continue;
    else {
      const top = path.split('/').find((x) => x !== '..') ?? '';
      if (!inside(resolve(REPO_ROOT, path)) && !MADE.has(top) && !existsSync(join(REPO_ROOT, top))) out.push(path);
    }
  }
  return out;
}

test('the check finds a path outside the repository named in code, in a comment and in a document', () => {
  const up = '..' + '/';
  assert.deepEqual(escapes('src/games/x.ts', `// see ${up}shared/rules/x.md`), [`${up}shared/rules/x.md`]);
  assert.deepEqual(escapes('test/a.test.ts', `readFileSync('${up}${up}${up}seeds/r.txt')`), [`${up}${up}${up}seeds/r.txt`]);
  assert.deepEqual(escapes('docs/rules/x.md', `in \`${up}seeds/\``), [`${up}seeds/`]);
  // An import up to a folder of the repository is inside it.
  assert.deepEqual(escapes('web/src/relic-runners/board/geometry.ts', `import b from '${up}${up}${up}${up}src/bots/registry.js';`), []);
});

test('no file of the repository reads or names a path outside it', () => {
  const files = [
    ...ROOTS.filter((d) => existsSync(join(REPO_ROOT, d))).flatMap((d) => TEXT.flatMap((ext) => sourceFiles(d, ext))),
    ...OWN_FILES.filter((f) => existsSync(join(REPO_ROOT, f))),
  ].filter((f) => !f.split(sep).includes('node_modules') && !f.startsWith(`web${sep}dist`));
  assert.ok(files.length > 100, `only ${files.length} files found`);
  const found = [...new Set(files)].flatMap((f) => escapes(f, readFileSync(join(REPO_ROOT, f), 'utf8')).map((p) => `${f}: ${p}`));
  assert.deepEqual(found, []);
});
