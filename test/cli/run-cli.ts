import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled CLI, next to this compiled helper: dist/test/cli → dist/src/cli/main.js. */
export const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `expedition ...args` in a child node process (stdout and stderr are pipes, so never a TTY). */
export function cli(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary directory, removed by the returned cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'expedition-cli-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
