/**
 * End to end, on both stores: two people and a bot play Relic Runners to the end over real
 * WebSockets while a spectator watches; the published record replays to the stored hash.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { replay, parseRecord } from '../../src/core/match.js';
import { gameById } from '../../src/bots/registry.js';
import { http } from '../helpers/ws-client.js';
import type { RecordReply } from '../helpers/wire.js';
import { autoPlay, createGame, hello, joinSeat, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`end to end on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    test('two players and a greedy bot play a whole game; a spectator watches; refusals change nothing', async () => {
      const { base, hub, store } = srv;
      const id = await createGame(base, {
        seats: [
          { kind: 'human', name: 'Ada' },
          { kind: 'human', name: 'Bo' },
          { kind: 'bot', bot: 'greedy' },
        ],
        seed: `e2e-${kind}`,
        open: true, // listed while it runs, so that the end of the test can see it leave the list
      });

      const spectator = await srv.client();
      const w = await hello(spectator, id);
      assert.equal(w.seat, null);
      assert.equal(w.view.choices, null);

      const tokens = [await joinSeat(base, id, 0, 'Ada'), await joinSeat(base, id, 1, 'Bo')];

      // A wrong token is refused and the connection holds no seat.
      const stranger = await srv.client();
      const bad = stranger.next((m) => m.type === 'error' || m.type === 'welcome');
      stranger.send({ type: 'hello', game: id, token: 'A'.repeat(43) });
      const badReply = await bad;
      assert.equal(badReply.type, 'error');
      assert.equal(badReply.code, 'bad_token');

      const clients = [await srv.client(), await srv.client()];
      for (const [seat, c] of clients.entries()) {
        const welcome = await hello(c, id, tokens[seat]);
        assert.equal(welcome.seat, seat);
      }

      // Quiet: the bot has played until a person is to act, and nobody plays yet.
      const g = await live(hub, id);
      await until(() => g.toAct() === 0 || g.toAct() === 1, 'a person to act');
      const x = g.toAct()!;
      const y = 1 - x;
      const movesBefore = g.moves.length;
      const hashBefore = g.game.hash(g.state);
      const legal = g.game.choices(g.state)[0];

      const r1 = await spectator.request({ type: 'choice', choice: legal });
      assert.equal(r1.type, 'error');
      assert.equal(r1.code, 'not_joined');
      const r2 = await stranger.request({ type: 'choice', choice: legal });
      assert.equal(r2.code, 'not_joined');
      const r3 = await clients[y]!.request({ type: 'choice', choice: legal });
      assert.equal(r3.code, 'not_your_turn');
      assert.match(String(r3.message), /seat/);
      const r4 = await clients[y]!.request({ type: 'choice', choice: legal, index: movesBefore });
      assert.equal(r4.code, 'not_your_turn');
      const rec = await http(base, 'GET', `/api/games/${id}/record`);
      assert.equal(rec.status, 409, 'no record (with the seed) while the game is on');

      assert.equal(g.moves.length, movesBefore);
      assert.equal(g.game.hash(g.state), hashBefore);
      assert.equal((await http(base, 'GET', `/api/games/${id}`)).json.moves, movesBefore);
      assert.equal((await store.getGame(id))!.hash, hashBefore);

      // Play to the end.
      const players = clients.map((c, seat) => autoPlay(c, seat, `e2e-${kind}-seat${seat}`));
      const finals = await Promise.all(players.map((p) => p.done));
      for (const p of players) p.stop();
      await until(() => spectator.messages.some((m) => m.status === 'finished'), 'the spectator to hear of the end');

      for (const f of finals) {
        assert.equal(f.status, 'finished');
        assert.equal(f.toAct, null);
        assert.ok(f.view.result, 'the final view has the result');
        assert.equal(f.view.result.scores.length, 3);
      }
      const summary = (await http(base, 'GET', `/api/games/${id}`)).json;
      assert.equal(summary.status, 'finished');
      assert.ok(summary.result);

      // The record replays to the stored hash.
      const stored = (await store.getGame(id))!;
      assert.equal(stored.status, 'finished');
      const record = await http<RecordReply>(base, 'GET', `/api/games/${id}/record`);
      assert.equal(record.status, 200);
      const m = replay(gameById(record.json.game), parseRecord(record.json));
      assert.equal(m.game.toAct(m.state), null);
      assert.equal(m.game.hash(m.state), stored.hash);
      assert.equal(g.game.hash(g.state), stored.hash);
      assert.equal(record.json.choices.length, stored.moves.length);

      // Acks: each seat's in order, exactly the indices of its stored moves; the bot made the rest.
      for (const [seat, p] of players.entries()) {
        assert.deepEqual(p.errors, []);
        const mine = stored.moves.filter((mv) => mv.seat === seat).map((mv) => mv.index);
        assert.deepEqual(p.acks, mine, `seat ${seat}'s acks`);
        assert.ok(mine.length > 0);
      }
      assert.ok(
        stored.moves.some((mv) => mv.seat === 2),
        'the bot played',
      );
      stored.moves.forEach((mv, i) => assert.equal(mv.index, i));

      // The spectator heard of every move, in order, and never saw anything private before the end.
      const states = spectator.messages.filter((mm) => mm.type === 'state' || mm.type === 'welcome');
      const counts = states.map((s) => s.moves);
      for (let i = 1; i < counts.length; i++) assert.ok(counts[i]! >= counts[i - 1]!, 'moves never go back');
      const heard = new Set(counts);
      for (let n = 1; n <= stored.moves.length; n++) assert.ok(heard.has(n), `the spectator heard of move ${n}`);
      let active = 0;
      for (const s of states) {
        assert.equal(s.seat, null);
        assert.equal(s.canUndo, false);
        assert.equal(s.view.choices, null);
        assert.equal(s.view.peek, null);
        if (s.status !== 'active') continue;
        active++;
        for (const p of s.view.players) {
          assert.equal(p.vp, null, `spectator saw seat ${p.seat}'s VP at move ${s.moves}`);
          for (const b of p.blue) assert.equal(b.shown, true, `spectator saw an unrevealed blue tile of seat ${p.seat} at move ${s.moves}`);
        }
      }
      assert.ok(active > 10);
      const last = states.at(-1)!;
      assert.equal(last.status, 'finished');
      for (const p of last.view.players) assert.equal(typeof p.vp, 'number', 'everything is shown at the end');

      // After the end: a choice is refused as game over.
      const over = await clients[0]!.request({ type: 'choice', choice: { t: 'pass' } });
      assert.equal(over.code, 'game_over');
      const list = (await http(base, 'GET', '/api/games')).json.games;
      assert.ok(!list.some((s) => s.id === id), 'finished games are not listed as open');
    });
  });
}
