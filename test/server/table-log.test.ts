/**
 * The table's events (a seat handed to a bot and why, a seat taken back) are part of the
 * game log a player reads. They are stored with the seat change they come with, so that a game
 * reloaded from the store (a restart, an eviction, another process taking it over) tells them as
 * the process that saw them did; on both stores.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServerMsg } from '../helpers/wire.js';
import { replay } from '../../src/core/match.js';
import { createRng } from '../../src/core/rng.js';
import type { LiveGame } from '../../src/server/live-game.js';
import { createGame, hello, joinSeat, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`the table's events after a reload on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    /** A two-player game with both seats claimed. */
    const twoPlayers = async (seed: string) => {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed });
      const tokens = [await joinSeat(srv.base, id, 0, 'Ada'), await joinSeat(srv.base, id, 1, 'Bo')];
      return { id, tokens, g: await live(srv.hub, id) };
    };

    /** The game leaves memory, as at a restart; the next use loads it from the store. */
    const reload = async (id: string) => {
      const g = await live(srv.hub, id);
      for (const c of [...g.subscribers]) c.close('no_game', 'test: restart');
      await until(() => g.subscribers.size === 0, 'the connections to leave');
      srv.hub.evict(0, 0);
      assert.ok(!srv.hub.isLive(id), 'the game left memory');
      return live(srv.hub, id);
    };

    /** A newcomer's welcome: the whole log. */
    const newcomer = async (id: string): Promise<ServerMsg> => hello(await srv.client(), id);

    const tableEntries = (w: ServerMsg) => w.log.filter((e) => (e as unknown as { table?: true }).table === true);

    test("the moves' log: each entry holds its move's events, played live and after a reload, and the live game keeps none (it plays them again for a welcome)", async () => {
      const { id, g } = await twoPlayers(`table-log-0-${kind}`);
      const rng = createRng(`table-log-0-${kind}`);
      for (let i = 0; i < 25 && g.toAct() !== null; i++) {
        const cs = g.game.choices(g.state);
        await g.submit(g.toAct()!, cs[rng.int(cs.length)], i);
      }
      const truth = replay(g.game, g.match.record).moves.map((m, i) => ({ move: i + 1, at: g.timeOf(i), events: m.events }));
      assert.ok(truth.some((e) => e.events.length > 0));
      const moveEntries = (w: ServerMsg) => w.log.filter((e) => e.move > 0 && !(e as unknown as { table?: true }).table);
      assert.deepEqual(moveEntries(await newcomer(id)), JSON.parse(JSON.stringify(truth)), 'live');
      assert.ok(
        g.moves.every((m) => m.events.length === 0),
        'no event objects kept with the moves',
      );
      // The moves are kept packed (Match's packMoves: an integer a move), the log not at all: one
      // move object, the last, is all the match keeps as objects.
      const objects = (x: LiveGame) => (x.match as unknown as { played: unknown[] }).played.length;
      assert.equal(objects(g), 1);
      // A returning client holding the log up to a move gets exactly the moves after it.
      const since = (x: LiveGame, k: number) => JSON.parse(x.welcomeText(null, k, x.timeOf(k - 1)).text) as ServerMsg & { logFrom: number };
      for (const k of [1, 15, 16, 19, 25]) {
        const w = since(g, k);
        assert.equal(w.logFrom, k);
        assert.deepEqual(moveEntries(w), JSON.parse(JSON.stringify(truth.slice(k))), `live, since move ${k}`);
      }
      const reloaded = await reload(id);
      assert.equal(objects(reloaded), 1);
      assert.deepEqual(moveEntries(since(reloaded, 19)), JSON.parse(JSON.stringify(truth.slice(19))));
      assert.deepEqual(moveEntries(await newcomer(id)), JSON.parse(JSON.stringify(truth)), 'after the reload');
      assert.ok(reloaded.moves.every((m) => m.events.length === 0));
      // Nor does the reloaded game keep the stored rows it was rebuilt from.
      assert.ok(!('moves' in reloaded.stored) && !('table' in reloaded.stored), 'the stored rows are not kept');
      assert.equal(reloaded.timeOf(reloaded.moves.length - 1), g.timeOf(g.moves.length - 1));
    });

    test('a seat handed to a bot and taken back: the log after a reload tells it as before, to a newcomer and to a returning client', async () => {
      const { id, tokens, g } = await twoPlayers(`table-log-1-${kind}`);
      const seat = g.toAct()!;
      await g.submit(seat, g.game.choices(g.state)[0], 0);
      // The seat not to act goes to a bot (it has nothing to play yet), and its player comes back.
      const other = 1 - g.toAct()!;
      await g.handToBot(other, 'random', 'away');
      const returning = await srv.client();
      await hello(returning, id, tokens[other]);
      await until(() => g.seatConfigs[other]!.bot === null, 'the seat to be taken back');
      const before = await newcomer(id);
      const n = g.moves.length;
      assert.deepEqual(
        tableEntries(before).map((e) => ({ move: e.move, events: e.events })),
        [
          { move: n, events: [{ type: 'seatToBot', seat: other, reason: 'away' }] },
          { move: n, events: [{ type: 'seatReclaimed', seat: other }] },
        ],
      );

      await reload(id);
      const after = await newcomer(id);
      assert.deepEqual(after.log, before.log, 'the log after the reload');
      // A client that holds the log up to the last move drops its copy of the table's entries after it (nextLog): they come again.
      const back = await srv.client();
      const w = back.next((m) => m.type === 'welcome' || m.type === 'error');
      back.send({ type: 'hello', game: id, token: tokens[other], since: n, at: g.timeOf(n - 1) });
      const resumed = await w;
      assert.equal(resumed.logFrom, n);
      assert.deepEqual(tableEntries(resumed), tableEntries(before));
    });

    test('a table event after a move that is taken back goes with the move, after a reload too', async () => {
      const { id, g } = await twoPlayers(`table-log-2-${kind}`);
      let seat = g.toAct()!;
      for (let i = 0; i < 60 && !g.canUndo(seat); i++) {
        seat = g.toAct()!;
        await g.submit(seat, g.game.choices(g.state)[0], g.moves.length);
      }
      assert.ok(g.canUndo(seat), 'some choice could be taken back');
      await g.handToBot(1 - seat, 'random', 'away');
      const kept = tableEntries(await newcomer(id)).length;
      await g.undo(seat);
      const before = await newcomer(id);
      assert.equal(tableEntries(before).length, kept - 1, 'the undo took the hand-over after the move back');
      await reload(id);
      assert.deepEqual((await newcomer(id)).log, before.log);
    });
  });
}
