import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RULE_IDS } from '../../src/games/relic-runners/rule-ids.js';
import { cli } from './run-cli.js';

describe('expedition rules', () => {
  it('lists every rule id of the engine as ID<TAB>summary<TAB>where', () => {
    const r = cli('rules', 'relic-runners');
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, RULE_IDS.length);
    lines.forEach((line, i) => {
      const cols = line.split('\t');
      assert.equal(cols.length, 3, line);
      assert.equal(cols[0], RULE_IDS[i]!.id);
      assert.equal(cols[1], RULE_IDS[i]!.summary);
      assert.equal(cols[2], RULE_IDS[i]!.where);
    });
  });

  it('--json prints the same table as an array', () => {
    const r = cli('rules', 'relic-runners', '--json');
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout) as { id: string; summary: string; where: string }[];
    assert.deepEqual(
      rows.map((x) => x.id),
      RULE_IDS.map((x) => x.id),
    );
    assert.deepEqual(rows[0], { ...RULE_IDS[0] });
  });

  it('an unknown or missing game is a usage error', () => {
    const r = cli('rules', 'chess');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown game "chess" \(known: relic-runners/);
    assert.equal(cli('rules').code, 2);
  });
});
