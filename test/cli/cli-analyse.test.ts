import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli, tempDir } from './run-cli.js';

/** The documented shape of `analyse --json` (docs/cli.md, Analyse). */
interface Decision {
  index: number;
  seat: number;
  choice: unknown;
  preferred: unknown;
  before: number;
  after: number;
  drop: number;
  flagged: boolean;
  forced: boolean;
  chances: number[];
  beforeChance: number[] | null;
}
interface Change {
  index: number;
  seat: number;
  byChoice: number[];
  byChance: number[];
  chance: boolean;
}
interface Analysis {
  game: string;
  seats: number;
  iterations: number;
  seed: number | string;
  finished: boolean;
  winners: number[] | null;
  seat: number | null;
  decisions: Decision[];
  curve: number[][];
  changes: Change[];
  flagged: number[];
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe('expedition analyse', () => {
  const { dir, cleanup } = tempDir();
  let file = '';
  let record: Record<string, unknown> & { choices: unknown[] } = { choices: [] };

  before(() => {
    // A short game: 2 greedy seats, stopped after turn 8.
    const r = cli(
      'simulate',
      '--games',
      '1',
      '--seed',
      '4',
      '--players',
      '2',
      '--bots',
      'greedy',
      '--cap',
      '8',
      '--save-dir',
      dir,
      '--json',
    );
    assert.equal(r.code, 0, r.stderr);
    file = join(dir, 'game-0001.json');
    record = JSON.parse(readFileSync(file, 'utf8')) as typeof record;
  });
  after(cleanup);

  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  it('--json: one object of the documented shape, every decision indexing the record', () => {
    const r = cli('analyse', file, '--iterations', '20', '--seed', 'x', '--json');
    assert.equal(r.code, 0, r.stderr);
    const a = JSON.parse(r.stdout) as Analysis;
    assert.deepEqual(Object.keys(a).sort(), [
      'changes',
      'curve',
      'decisions',
      'finished',
      'flagged',
      'game',
      'iterations',
      'seat',
      'seats',
      'seed',
      'winners',
    ]);
    assert.equal(a.game, 'relic-runners');
    assert.equal(a.seats, 2);
    assert.equal(a.iterations, 20);
    assert.equal(a.seed, 'x');
    assert.equal(a.finished, false);
    assert.equal(a.winners, null);
    assert.equal(a.seat, null);
    const n = record.choices.length;
    assert.ok(n > 10, `a game of ${n} choices`);
    assert.equal(a.decisions.length, n);
    assert.equal(a.curve.length, n + 1);
    a.decisions.forEach((d, i) => {
      assert.deepEqual(Object.keys(d).sort(), [
        'after',
        'before',
        'beforeChance',
        'chances',
        'choice',
        'drop',
        'flagged',
        'forced',
        'index',
        'preferred',
        'seat',
      ]);
      assert.equal(d.index, i);
      assert.deepEqual(d.choice, record.choices[d.index], 'the decision is the record choice it names');
      assert.ok(d.seat === 0 || d.seat === 1);
      for (const v of [d.before, d.after, ...d.chances]) assert.ok(v >= 0 && v <= 100, `${v} is a percentage`);
      assert.equal(d.drop, Math.round((d.before - d.after) * 10) / 10);
      assert.equal(d.flagged, d.drop >= 10);
      assert.deepEqual(a.curve[i], d.chances);
      // One distribution per move; the change to the next step is the mover's choice plus chance.
      assert.ok(Math.abs(sum(d.chances) - 100) < 1e-9, `move ${i}'s chances add up to ${sum(d.chances)}`);
      const c = a.changes[i]!;
      assert.equal(c.seat, d.seat);
      assert.equal(c.chance, d.beforeChance !== null);
      c.byChoice.forEach((x, s) => assert.ok(Math.abs(x + c.byChance[s]! - (a.curve[i + 1]![s]! - d.chances[s]!)) < 1e-9));
    });
    assert.equal(a.changes.length, n);
    assert.ok(Math.abs(sum(a.curve[n]!) - 100) < 1e-9);
    assert.deepEqual(
      a.flagged,
      a.decisions
        .filter((d) => d.flagged)
        .sort((x, y) => y.drop - x.drop || x.index - y.index)
        .map((d) => d.index),
    );
    // Seeded: the same file, seed and iterations print the same analysis.
    assert.equal(cli('analyse', file, '--iterations', '20', '--seed', 'x', '--json').stdout, r.stdout);
  });

  it('--seat narrows the decisions to that seat; the text report lists them and the flags', () => {
    const all = JSON.parse(cli('analyse', file, '--iterations', '20', '--json').stdout) as Analysis;
    const r = cli('analyse', file, '--iterations', '20', '--seat', '1', '--json');
    assert.equal(r.code, 0, r.stderr);
    const one = JSON.parse(r.stdout) as Analysis;
    assert.equal(one.seat, 1);
    assert.deepEqual(
      one.decisions,
      all.decisions.filter((d) => d.seat === 1),
    );
    assert.deepEqual(one.curve, all.curve, 'the curve is the whole game, every seat');
    assert.deepEqual(one.changes, all.changes, 'so are its changes');
    assert.ok(one.flagged.every((i) => all.decisions[i]!.seat === 1));

    const text = cli('analyse', file, '--iterations', '20', '--seat', '1');
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /relic-runners, 2 seats, \d+ decisions, not finished/);
    assert.match(text.stdout, /from only\nwhat the mover knew then/);
    const lines = text.stdout.split('\n').filter((l) => /^#\d+/.test(l));
    assert.equal(lines.length, one.decisions.length);
    assert.ok(lines.every((l) => / seat 1 /.test(l)));
    // Seat 1's story only: where its chance went, its falls, its flagged choices in percentage points.
    assert.match(
      text.stdout,
      /^Seat 1: [\d.]+ % → [\d.]+ %: own choices [+−][\d.]+ pp, seat 0's moves [+−][\d.]+ pp, chance [+−][\d.]+ pp\.$/m,
    );
    assert.doesNotMatch(text.stdout, /^Seat 0:/m);
    assert.match(text.stdout, /Falls of 10 pp or more at one move:|No fall of 10 pp or more at one move\./);
    assert.match(
      text.stdout,
      one.flagged.length > 0 ? /Flagged \(a cost of 10 pp of winning chance or more\)/ : /No choice cost 10 pp of winning chance or more/,
    );
    assert.doesNotMatch(text.stdout, /points/, 'percentage points, never "points" that read like victory points');
  });

  it('bad input: a clear error and the exit codes of the other commands', () => {
    const missing = cli('analyse', join(dir, 'nope.json'));
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^expedition: cannot read .*nope\.json/);
    const notJson = cli('analyse', write('bad.json', '{"format":'));
    assert.equal(notJson.code, 1);
    assert.match(notJson.stderr, /is not valid JSON/);
    const choices = record.choices.slice();
    choices[3] = { t: 'cheat' };
    const tampered = cli('analyse', write('tampered.json', JSON.stringify({ ...record, choices })));
    assert.equal(tampered.code, 1);
    assert.match(tampered.stderr, /choice #3 \(\{"t":"cheat"\}\)/);
    for (const [args, msg] of [
      [['--seat', '2'], /--seat must be between 0 and 1, got 2/],
      [['--seat=-1'], /--seat must be between 0 and 1, got -1/],
      [['--seat', 'one'], /--seat must be an integer/],
      [['--iterations', '5'], /--iterations must be between 10 and/],
      [['--seed', ''], /--seed must not be empty/],
    ] as const) {
      const r = cli('analyse', file, ...args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, msg);
      assert.equal(r.stdout, '');
    }
    const none = cli('analyse');
    assert.equal(none.code, 2);
    assert.match(none.stderr, /analyse needs a FILE/);
    assert.doesNotMatch(missing.stderr + tampered.stderr, /\n\s+at /, 'no stack trace');
  });

  it('is listed in the usage, with its own --help', () => {
    assert.match(cli('--help').stdout, /analyse/);
    const h = cli('analyse', '--help');
    assert.equal(h.code, 0);
    assert.match(h.stdout, /--iterations N/);
  });
});
