/**
 * The delivery preview is the engine's own scoring: over seeded random games, at
 * every delivery decision, what `deliveryPay` says a delivery pays — computed from what the
 * deciding seat sees (its view) — equals what applying it changes in the state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { silentRecorder } from '../../src/core/events.js';
import { CARD_ID_OF } from '../../src/games/quetzal/data.js';
import { deliveryPay, type DeliveryPay } from '../../src/games/quetzal/delivery.js';
import { play } from '../../src/games/quetzal/rules.js';
import { cloneState, type State } from '../../src/games/quetzal/state.js';
import { act, buildPosition, forSeeds, g, randomGame, range, type QChoice } from '../helpers/quetzal.js';

/** The preview as the table computes it: only from the deciding seat's view. */
function preview(s: State, extra: string[] = []): DeliveryPay {
  const seat = g.toAct(s)!;
  const v = g.view(s, seat);
  const names = [...v.pending!.added!, ...extra];
  return deliveryPay(
    v.players[seat]!.discovery,
    names.map((n) => CARD_ID_OF.get(n)!),
    v.pending!.scoredWith!,
  );
}

/** What playing `cs` (only those choices, before the automatic rules run) changes for the deciding seat. */
function applied(s: State, ...cs: QChoice[]): DeliveryPay {
  const seat = g.toAct(s)!;
  const t = cloneState(s);
  const before = { ...t.players[seat]! };
  const depth = t.stack.length;
  for (const c of cs) play(t, c, silentRecorder());
  const p = t.players[seat]!;
  // Discovery spaces with an upgrade push one draw each on top of where the delivery was.
  const draws = t.stack.slice(depth - 1).filter((f) => f.k === 'upgradeDraw').length;
  return { vp: p.vp - before.vp, coins: p.coins - before.coins, discovery: p.disc - before.disc, upgrades: draws };
}

test('Q-DEL-1 Q-DEL-2 QD-11 Q-DISC-1 the preview of every legal delivery equals what applying it gains (seeded random games)', () => {
  let checked = 0;
  let withUpgrades = 0;
  let withTrack = 0;
  forSeeds(range(1, 25), (seed) => {
    randomGame(seed, 2 + (seed % 4), (s) => {
      if (g.view(s, null).decision !== 'deliver') return;
      const cs = g.choices(s);
      for (const c of cs) {
        if (c.t === 'deliver') {
          const want = applied(s, c);
          assert.deepEqual(preview(s), want, `deliver ${JSON.stringify(g.view(s, g.toAct(s)).pending)}`);
          checked++;
          if (g.view(s, null).pending!.scoredWith!.length > 0 && want.vp + want.coins > 0) withUpgrades++;
          if (want.upgrades > 0) withTrack++;
        } else if (c.t === 'add') {
          // "Add this card, then deliver": the preview of the bigger delivery, before it is built.
          assert.deepEqual(preview(s, [c.card]), applied(s, c, { t: 'deliver' }), `add ${c.card}, then deliver`);
          checked++;
        }
      }
    });
  });
  assert.ok(checked > 500, `enough deliveries checked (${checked})`);
  assert.ok(withUpgrades > 0, `some delivery was scored with upgrades (${withUpgrades})`);
  assert.ok(withTrack > 0, `some delivery reached an upgrade space of the discovery track (${withTrack})`);
});

test('Q-DEL-2 QD-11 the preview counts the upgrades the delivery is scored with (a preview short of the upgrades showed 8 for a delivery paid 11)', () => {
  // 3 jars with jarSet held: 5 + 3 VP, 1 coin; the jar+vp bonus 1 VP more.
  const s = buildPosition({
    seats: 3,
    phase: 'activate',
    bids: { ship1: { holder: 0 } },
    players: [{ upgrades: ['jarSet'], hand: ['jar', 'jar', 'jar+vp'] }],
  });
  act(s, { t: 'add', card: 'jar' }, { t: 'add', card: 'jar' }, { t: 'add', card: 'jar+vp' });
  assert.deepEqual(preview(s), { vp: 5 + 1 + 3, coins: 1, discovery: 0, upgrades: 0 });
  assert.deepEqual(preview(s), applied(s, { t: 'deliver' }));
});
