import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli, tempDir } from './run-cli.js';

describe('expedition replay', () => {
  const { dir, cleanup } = tempDir();
  let file = '';
  let record: Record<string, unknown> & { choices: unknown[] } = { choices: [] };
  let hash = '';

  before(() => {
    const r = cli('simulate', '--games', '1', '--seed', '9', '--cap', '30', '--save-dir', dir, '--json');
    assert.equal(r.code, 0, r.stderr);
    hash = (JSON.parse(r.stdout) as { hashes: string[] }).hashes[0]!;
    file = join(dir, 'game-0001.json');
    record = JSON.parse(readFileSync(file, 'utf8')) as typeof record;
  });
  after(cleanup);

  function write(name: string, text: string): string {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  }

  it('prints the final hash of a saved game', () => {
    const r = cli('replay', file);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`hash ${hash}`));
    const j = cli('replay', file, '--json');
    assert.deepEqual(JSON.parse(j.stdout), { hash, finished: false, decisions: record.choices.length });
  });

  it('a record without "hash" and "capped" replays too', () => {
    const { hash: _h, capped: _c, ...bare } = record;
    const r = cli('replay', write('bare.json', JSON.stringify(bare)), '--json');
    assert.equal(r.code, 0, r.stderr);
    assert.equal((JSON.parse(r.stdout) as { hash: string }).hash, hash);
  });

  it('a tampered choice exits 1 naming the first bad choice by index', () => {
    const k = 5;
    const choices = record.choices.slice();
    choices[k] = { t: 'move', trails: [9999] };
    const r = cli('replay', write('tampered.json', JSON.stringify({ ...record, choices })));
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^expedition: /);
    assert.match(r.stderr, new RegExp(`choice #${k} \\(\\{"t":"move","trails":\\[9999\\]\\}\\) is not legal`));
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });

  it('an unknown choice type is named too', () => {
    const choices = record.choices.slice();
    choices[0] = { t: 'cheat' };
    const r = cli('replay', write('cheat.json', JSON.stringify({ ...record, choices })));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /choice #0 \(\{"t":"cheat"\}\)/);
  });

  it('extra choices after the end of the game are rejected', () => {
    const r = cli('simulate', '--games', '1', '--seed', '2', '--players', '2', '--cap', '5000', '--save-dir', join(dir, 'full'), '--json');
    assert.equal(r.code, 0, r.stderr);
    const full = JSON.parse(readFileSync(join(dir, 'full', 'game-0001.json'), 'utf8')) as typeof record;
    assert.equal(full.capped, false);
    const { hash: _h, capped: _c, ...rest } = full;
    const n = full.choices.length;
    const x = cli('replay', write('extra.json', JSON.stringify({ ...rest, choices: [...full.choices, { t: 'end' }] })));
    assert.equal(x.code, 1);
    assert.match(x.stderr, new RegExp(`choice #${n} .*the game is already over`));
  });

  it('a wrong "hash" field is an error', () => {
    const r = cli('replay', write('badhash.json', JSON.stringify({ ...record, hash: '0123456789abcdef' })));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /differs from the recorded hash 0123456789abcdef/);
  });

  it('corrupt JSON exits 1 with a clear message', () => {
    const p = write('corrupt.json', readFileSync(file, 'utf8').slice(0, 100));
    const r = cli('replay', p);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^expedition: .*corrupt\.json is not valid JSON/);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
  });

  it('a file of the wrong shape exits 1 naming the field', () => {
    const cases: [unknown, RegExp][] = [
      [[1, 2, 3], /must be a JSON object/],
      [{ ...record, format: 'chess-pgn' }, /"format"/],
      [{ ...record, choices: 'none' }, /"choices" must be an array/],
      [{ ...record, seats: 'four' }, /"seats" must be an integer/],
      [{ ...record, game: 'chess' }, /unknown game "chess"/],
    ];
    cases.forEach(([value, re], i) => {
      const r = cli('replay', write(`shape-${i}.json`, JSON.stringify(value)));
      assert.equal(r.code, 1, `case ${i}: ${r.stderr}`);
      assert.match(r.stderr, re);
    });
  });

  it('a missing file exits 1; a missing argument is a usage error', () => {
    const r = cli('replay', join(dir, 'nope.json'));
    assert.equal(r.code, 1);
    assert.match(r.stderr, /cannot read .*nope\.json/);
    assert.equal(cli('replay').code, 2);
  });
});
