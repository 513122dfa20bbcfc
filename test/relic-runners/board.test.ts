import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadBoard } from '../../src/games/relic-runners/board.js';
import { STANDARD_BOARD } from '../../src/games/relic-runners/index.js';

interface Raw {
  locations: { id: string; kind: string }[];
  trails: { id: number; a: string; b: string; river: boolean }[];
  firstGameTemples: Record<string, string>;
}
const raw = (): Raw =>
  JSON.parse(readFileSync(new URL('../../../src/games/relic-runners/data/board-standard.json', import.meta.url), 'utf8')) as Raw;

test('RR-COMP-1 the standard board loads: camp, 8 ruins, 12 temples, 40 trails, 10 rivers', () => {
  const b = STANDARD_BOARD;
  assert.equal(b.locations[b.camp]!.kind, 'camp');
  assert.equal(b.ruins.length, 8);
  assert.equal(b.temples.length, 12);
  assert.equal(b.trails.length, 40);
  assert.equal(b.rivers.length, 10);
  assert.equal(b.incident[b.camp]!.length, 6);
  for (const inc of b.incident) assert.ok(inc.length >= 3 && inc.length <= 6);
});

function rejects(mutate: (d: Raw) => void, message: RegExp): void {
  const d = raw();
  mutate(d);
  assert.throws(
    () => loadBoard(d),
    (e: Error) => e.name === 'InvalidInput' && message.test(e.message),
  );
}

test('a malformed board is rejected with a message naming the fault', () => {
  assert.throws(() => loadBoard(null), /not a JSON object/);
  assert.throws(() => loadBoard('board'), /not a JSON object/);
  rejects((d) => ((d as unknown as { locations: unknown }).locations = 'x'), /"locations" must be an array/);
  rejects((d) => d.locations.push({ ...d.locations[1]! }), /location id "ruin-1" is not unique/);
  rejects((d) => (d.locations[2]!.kind = 'castle'), /unknown kind "castle"/);
  rejects((d) => (d.locations[1]!.kind = 'temple'), /exactly 8 ruin sites, has 7/);
  rejects((d) => (d.trails[0]!.b = 'atlantis'), /trail 1 ends at unknown location "atlantis"/);
  rejects((d) => (d.trails[0]!.b = 'camp'), /trail 1 joins "camp" to itself/);
  rejects((d) => (d.trails[0]!.river = true), /exactly 10 river trails, has 11/);
  rejects((d) => d.trails.push({ id: 99, a: 'ruin-3', b: 'camp', river: false }), /two trails join "ruin-3" and "camp"/);
  rejects((d) => d.trails.push({ ...d.trails[3]! }), /trail id 4 is not unique/);
  rejects((d) => (d.firstGameTemples['temple-1'] = 'gold'), /temple "temple-1" colour "gold"/);
  rejects((d) => (d.firstGameTemples['temple-1'] = 'blue'), /4 temples of each colour/);
  // Cut temple-1 off: drop its trails and any river flag count stays 10 by moving none of them.
  rejects((d) => {
    const t = d.trails;
    const cut = t.filter((x) => x.a === 'temple-1' || x.b === 'temple-1');
    const rivers = cut.filter((x) => x.river).length;
    d.trails = t.filter((x) => !cut.includes(x));
    d.trails
      .filter((x) => !x.river)
      .slice(0, rivers)
      .forEach((x) => (x.river = true));
  }, /not connected: temple-1 cannot be reached/);
});
