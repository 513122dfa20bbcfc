/**
 * Hidden information over the wire (rules §7): every message each seat and a spectator receive
 * during a whole game is checked against what that seat may know.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { replay, parseRecord } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import { relicRunners as game, type State } from '../../src/games/relic-runners/index.js';
import { http } from '../helpers/ws-client.js';
import type { RecordReply, ServerMsg } from '../helpers/wire.js';
import { autoPlay, createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';

let srv: TestServer;
before(async () => {
  srv = await startServer('sqlite');
});
after(async () => {
  await srv?.stop();
});

/** Paths of every `key` field anywhere in a JSON value. */
function findKey(v: unknown, key: string, path = '$'): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => findKey(x, key, `${path}[${i}]`));
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => [...(k === key ? [`${path}.${k}`] : []), ...findKey(x, key, `${path}.${k}`)]);
}

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

test('a whole game: no seat and no spectator ever receives what it may not see', async (t) => {
  const { base, hub } = srv;
  const id = await createGame(base, {
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
    // With this seed (and the players' seeds below) a player uses IV2-2 once, so a peek is sent.
    seed: 'hidden-0',
  });
  const g = await live(hub, id);
  const spectator = await srv.client();
  await hello(spectator, id);
  const seats = [await srv.client(), await srv.client()];
  for (const [seat, c] of seats.entries()) await hello(c, id, await joinSeat(base, id, seat));

  // Live samples of the true state, as the hub holds it, while the game is played.
  const samples: State[] = [];
  spectator.ws.on('message', () => {
    if (spectator.messages.length % 37 === 0) samples.push(g.state as State);
  });

  // Players who use IV2-2 whenever they can, so that peeks (owner only) happen.
  const players = seats.map((c, seat) => autoPlay(c, seat, `hidden-seat${seat}`, (ch) => ch.t === 'peek' && ch.use === true));
  await Promise.all(players.map((p) => p.done));
  await until(() => spectator.messages.some((m) => m.status === 'finished'), 'the spectator to hear of the end');

  // The true state after each move, from the published record (checked against the stored hash).
  const rec = await http<RecordReply>(base, 'GET', `/api/games/${id}/record`);
  assert.equal(rec.status, 200);
  assert.equal(rec.json.game, game.id);
  const record = parseRecord(rec.json);
  const truth: State[] = [];
  const m = replay<State>(game, { ...record, choices: [] });
  truth.push(game.clone(m.state));
  for (const c of record.choices) {
    game.apply(m.state, c);
    truth.push(game.clone(m.state));
  }
  assert.equal(game.hash(truth.at(-1)!), g.game.hash(g.state));

  let peeks = 0;
  let choiceMsgs = 0;
  const audiences: [number | null, readonly ServerMsg[]][] = [
    [null, spectator.messages],
    [0, seats[0]!.messages],
    [1, seats[1]!.messages],
  ];
  for (const [viewer, msgs] of audiences) {
    assert.ok(msgs.length > 50);
    for (const msg of msgs) {
      assert.deepEqual(findKey(msg, 'seed'), [], `a message to ${viewer} has a seed field`);
      if (msg.type !== 'state' && msg.type !== 'welcome') continue;
      const where = `message to ${viewer === null ? 'the spectator' : `seat ${viewer}`} at move ${msg.moves}`;
      assert.equal(msg.seat, viewer, where);
      const v = msg.view;
      // The view is exactly the engine's view of the true position for this viewer.
      assert.deepEqual(plain(game.view(truth[msg.moves]!, viewer)), v, where);
      if (v.choices !== null) {
        choiceMsgs++;
        assert.equal(msg.toAct, viewer, `${where}: choices for a seat not to act`);
      } else if (msg.status === 'active') {
        assert.notEqual(msg.toAct, viewer, `${where}: no choices for the seat to act`);
      }
      if (v.peek !== null) {
        peeks++;
        assert.equal(v.toAct, viewer, `${where}: peek for another seat`);
        assert.equal(v.decision, 'pick');
      }
      for (const e of msg.events) {
        if (e.type === 'blueTaken')
          assert.equal((e as { value?: unknown }).value, undefined, `${where}: a blue tile's value in a public event`);
        assert.deepEqual(findKey(e, 'tiles'), [], `${where}: tiles in a public event`);
      }
      if (msg.status !== 'active') continue;
      for (const p of v.players) {
        if (p.seat === viewer) {
          assert.equal(typeof p.vp, 'number', where);
          assert.equal(p.blue.length, p.blueCount, `${where}: a seat sees all its own blue tiles`);
        } else {
          assert.equal(p.vp, null, `${where}: seat ${p.seat}'s VP shown`);
          for (const b of p.blue) assert.equal(b.shown, true, `${where}: an unrevealed blue tile of seat ${p.seat} shown`);
        }
      }
    }
  }
  assert.ok(choiceMsgs > 20);
  assert.ok(peeks > 0, 'the game had an IV2-2 peek (the seeds were chosen for it)');
  for (const msgs of [seats[0]!.messages, seats[1]!.messages]) {
    assert.ok(msgs.some((mm) => mm.type === 'state' && mm.view.choices !== null));
  }

  // The stronger check: a seat's view is the same in every world consistent with what it knows.
  // (Once the game is over everything is public, and determinize is not meant for it.)
  // Every 9th position, the live samples, and every IV2-2 pick (the picker knows that stack).
  const positions = [...truth.filter((st, i) => i % 9 === 0 || game.view(st, null).decision === 'pick'), ...samples].filter(
    (st) => game.toAct(st) !== null,
  );
  assert.ok(positions.length > 50 && samples.length > 5);
  const rng = createRng('hidden-determinize');
  let differentWorlds = 0;
  for (const [i, st] of positions.entries()) {
    for (let seat = 0; seat < 3; seat++) {
      const world = game.determinize(st, seat, rng);
      if (game.hash(world) !== game.hash(st)) differentWorlds++;
      assert.deepEqual(game.view(world, seat), game.view(st, seat), `position ${i}, seat ${seat}`);
    }
  }
  assert.ok(differentWorlds > positions.length, 'the determinized worlds do differ from the truth');
  t.diagnostic(` ${truth.length - 1} moves, ${positions.length} positions determinized, ${peeks} messages with a peek`);
});
