/** Where the repository's own files are, for tests that read sources and the rules documents. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (this module runs from dist/test/helpers/). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The rules documents, one per game (`<game id>.md`): the engines' source of truth. */
export const RULES_DIR = join(REPO_ROOT, 'docs', 'rules');

/** Files under `dir` whose names end with `suffix`, recursively, as paths relative to the repository. */
export function sourceFiles(dir: string, suffix: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => relative(REPO_ROOT, join(e.parentPath, e.name)))
    .sort();
}
