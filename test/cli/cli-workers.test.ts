import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli, tempDir } from './run-cli.js';

/** Runs a command with --json and returns its object without "seconds", the one field that may differ. */
function json(...args: string[]): Record<string, unknown> {
  const r = cli(...args, '--json');
  assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
  assert.equal(r.stderr, '');
  const o = JSON.parse(r.stdout) as Record<string, unknown>;
  delete o.seconds;
  return o;
}

// Deterministic bots only: a time-limited bot plays differently from run to run, workers or not.
const CASES = [
  { game: 'relic-runners', bots: 'greedy,ismcts:3it,random' },
  { game: 'quetzal', bots: 'ismcts:3it,greedy,random' },
];

for (const { game, bots } of CASES) {
  describe(`--workers gives the output of one worker: ${game}`, () => {
    const common = ['--game', game, '--players', '3', '--bots', bots, '--seed', 'w17'];

    it('simulate: 2 workers, and 3 workers for 2 games', () => {
      const one = json('simulate', ...common, '--games', '4', '--workers', '1');
      assert.equal((one.hashes as string[]).length, 4);
      assert.deepEqual(json('simulate', ...common, '--games', '4', '--workers', '2'), one);
      const oneOfTwo = json('simulate', ...common, '--games', '2', '--workers', '1');
      assert.deepEqual(json('simulate', ...common, '--games', '2', '--workers', '3'), oneOfTwo);
    });

    it('tournament: 2 workers, and 3 workers for 2 games', () => {
      const one = json('tournament', ...common, '--games', '4', '--workers', '1');
      assert.equal((one.bots as unknown[]).length, 3);
      assert.equal(one.capped, 0, 'finished games, so that ratings move');
      assert.deepEqual(json('tournament', ...common, '--games', '4', '--workers', '2'), one);
      const oneOfTwo = json('tournament', ...common, '--games', '2', '--workers', '1');
      assert.deepEqual(json('tournament', ...common, '--games', '2', '--workers', '3'), oneOfTwo);
    });
  });
}

describe('--workers', () => {
  it('--save-dir writes the same files with 2 workers as with 1', () => {
    const a = tempDir();
    const b = tempDir();
    try {
      const args = ['simulate', '--game', 'quetzal', '--players', '2', '--bots', 'greedy', '--games', '3', '--cap', '20'];
      json(...args, '--workers', '1', '--save-dir', a.dir);
      json(...args, '--workers', '2', '--save-dir', b.dir);
      const files = readdirSync(a.dir).sort();
      assert.deepEqual(files, ['game-0001.json', 'game-0002.json', 'game-0003.json']);
      assert.deepEqual(readdirSync(b.dir).sort(), files);
      for (const f of files) assert.equal(readFileSync(join(b.dir, f), 'utf8'), readFileSync(join(a.dir, f), 'utf8'), f);
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });

  it('is a usage error (exit 2) unless a positive integer', () => {
    for (const cmd of ['simulate', 'tournament']) {
      for (const w of ['0', 'abc', '-1', '1.5']) {
        const r = cli(cmd, `--workers=${w}`);
        assert.equal(r.code, 2, `${cmd} --workers ${w}: ${r.stderr}`);
        assert.match(r.stderr, /^expedition: --workers must be/);
      }
    }
  });

  it('is described in the usage text, with what may differ', () => {
    for (const cmd of ['simulate', 'tournament']) {
      const r = cli(cmd, '--help');
      assert.equal(r.code, 0);
      assert.match(r.stdout, /--workers N/);
      assert.match(r.stdout, /"seconds", the wall time/);
      assert.match(r.stdout, /time\s+limit \(ismcts:1s\)/);
    }
  });
});
