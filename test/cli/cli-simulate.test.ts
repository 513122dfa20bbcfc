import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { cli, tempDir } from './run-cli.js';

interface Summary {
  game: string;
  games: number;
  finished: number;
  capped: number;
  decisions: number;
  seconds: number;
  hashes: string[];
  meanScore: number | null;
}

function simulate(...extra: string[]): Summary {
  const r = cli('simulate', '--game', 'relic-runners', '--players', '4', '--bots', 'random', '--json', ...extra);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stderr, '', 'no progress bar or noise on a non-TTY stderr');
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 1, 'exactly one JSON object on stdout');
  return JSON.parse(lines[0]!) as Summary;
}

describe('expedition simulate', () => {
  it('--json prints one object with consistent counts', () => {
    const s = simulate('--games', '5', '--seed', '7', '--cap', '60');
    assert.deepEqual(Object.keys(s).sort(), ['capped', 'decisions', 'finished', 'game', 'games', 'hashes', 'meanScore', 'seconds']);
    assert.equal(s.game, 'relic-runners');
    assert.equal(s.games, 5);
    assert.equal(s.finished + s.capped, 5);
    assert.equal(s.hashes.length, 5);
    for (const h of s.hashes) assert.match(h, /^[0-9a-f]{16}$/);
    assert.ok(s.decisions > 0);
    assert.ok(s.seconds >= 0);
    // No finished game at this cap means no mean score; otherwise a number.
    if (s.finished === 0) assert.equal(s.meanScore, null);
    else assert.equal(typeof s.meanScore, 'number');
  });

  it('a small cap caps every game and never reports it as finished', () => {
    const s = simulate('--games', '3', '--seed', '1', '--cap', '2');
    assert.equal(s.capped, 3);
    assert.equal(s.finished, 0);
    assert.equal(s.meanScore, null);
  });

  it('finished games report a mean score', () => {
    // Random games need several hundred turns; a generous cap lets them end.
    const s = simulate('--games', '2', '--seed', '7', '--cap', '5000', '--players', '2');
    assert.equal(s.finished, 2);
    assert.equal(typeof s.meanScore, 'number');
  });

  it('is deterministic: same seed gives identical hashes, another seed different ones', () => {
    const a = simulate('--games', '4', '--seed', '11', '--cap', '40');
    const b = simulate('--games', '4', '--seed', '11', '--cap', '40');
    const c = simulate('--games', '4', '--seed', '12', '--cap', '40');
    assert.deepEqual(a.hashes, b.hashes);
    assert.equal(a.decisions, b.decisions);
    assert.notDeepEqual(a.hashes, c.hashes);
    assert.equal(new Set(a.hashes).size, 4, 'each game of a run has its own seed');
  });

  it('--save-dir writes one record per game that replays to the printed hash', () => {
    const { dir, cleanup } = tempDir();
    try {
      const s = simulate('--games', '3', '--seed', '5', '--cap', '60', '--save-dir', dir);
      const files = readdirSync(dir).sort();
      assert.deepEqual(files, ['game-0001.json', 'game-0002.json', 'game-0003.json']);
      files.forEach((f, i) => {
        const rec = JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>;
        assert.equal(rec.format, 'expedition-match');
        assert.equal(rec.game, 'relic-runners');
        assert.equal(rec.seats, 4);
        assert.equal(rec.seed, `5:${i + 1}`);
        assert.equal(rec.hash, s.hashes[i]);
        const r = cli('replay', join(dir, f), '--json');
        assert.equal(r.code, 0, r.stderr);
        const out = JSON.parse(r.stdout) as { hash: string; finished: boolean; decisions: number };
        assert.equal(out.hash, s.hashes[i]);
        assert.equal(out.decisions, (rec.choices as unknown[]).length);
        assert.equal(out.finished, rec.capped === false);
      });
    } finally {
      cleanup();
    }
  });

  it('prints a human summary without --json', () => {
    const r = cli('simulate', '--games', '2', '--seed', '3', '--cap', '20');
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /relic-runners: 2 games, 4 players/);
    assert.match(r.stdout, /finished 0, capped 2 \(turn cap 20\)/);
  });

  it('bad arguments are usage errors (exit 2) without a stack trace', () => {
    for (const args of [
      ['--players', '9'],
      ['--games', 'many'],
      ['--bots', 'random,random'],
      ['--bots', 'nobody'],
      ['--game', 'chess'],
      ['--frobnicate'],
    ]) {
      const r = cli('simulate', ...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /^expedition: /);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    }
  });
});

describe('expedition (dispatch)', () => {
  it('--help prints usage and exits 0', () => {
    const r = cli('--help');
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: expedition COMMAND/);
    assert.match(r.stdout, /simulate/);
  });

  it('an unknown command prints usage and exits 2', () => {
    const r = cli('conquer');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown command "conquer"/);
    assert.match(r.stderr, /Usage: expedition/);
  });
});
