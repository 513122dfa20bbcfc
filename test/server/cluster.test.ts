/**
 * Several server processes, one service (cluster mode), in one node process: three servers on one
 * PostgreSQL schema and one Redis (its own redis-server, which a test stops and starts again).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { http, type TestClient } from '../helpers/ws-client.js';
import { parseMsg, type JoinedSeat, type ServerMsg } from '../helpers/wire.js';
import type { RedisProcess } from '../helpers/cluster.js';
import { InProcessCluster } from '../helpers/cluster-in-process.js';
import { StoreConflict } from '../../src/server/store.js';
import type { LiveGame } from '../../src/server/live-game.js';
import { autoPlay, createGame, hello, inviteKeys, joinSeat, PG_URL, until } from '../helpers/server.js';

describe('several processes, one service', { timeout: 240_000 }, () => {
  let cluster: InProcessCluster;
  let redis: RedisProcess;
  const startNode = () => cluster.node();

  before(async () => {
    cluster = await InProcessCluster.start();
    redis = cluster.redis;
  });

  after(async () => {
    await cluster?.close();
  });

  test('players on two processes play a whole game owned by a third; a spectator on another sees every move', async () => {
    const [a, b, c] = [await startNode(), await startNode(), await startNode()];
    const id = await createGame(a.base, {
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
      seed: 'cluster-1',
    });
    assert.ok(a.hub.isLive(id), 'the creating process plays the game');
    // Joined at processes that do not play the game: run at the owner over the bus.
    const t0 = await joinSeat(b.base, id, 0);
    const t1 = await joinSeat(c.base, id, 1);
    assert.ok(!b.hub.isLive(id) && !c.hub.isLive(id));

    const spectator = await c.client();
    const seen = new Set<number>();
    spectator.ws.on('message', (d) => {
      const m = parseMsg(d);
      if (m.type === 'state' || m.type === 'welcome') seen.add(m.moves);
    });
    await hello(spectator, id);

    const p0 = await b.client();
    const p1 = await c.client();
    await hello(p0, id, t0);
    await hello(p1, id, t1);
    // Presence crosses processes: both seats show as connected at the owner.
    const g = (await a.hub.get(id))!;
    assert.ok(g.present(0) && g.present(1));

    // An ack at a relaying process comes after the owner stored the move.
    const stored: boolean[] = [];
    p0.ws.on('message', (d) => {
      const m = parseMsg(d);
      if (m.type === 'ack')
        void a.store.getGame(id).then((s) => stored.push(s !== null && s.moves.length > (m as { index: number }).index));
    });
    const players = [autoPlay(p0, 0, 'c0'), autoPlay(p1, 1, 'c1')];
    const end = await Promise.race(players.map((p) => p.done));
    await Promise.all(players.map((p) => p.done));
    assert.equal(end.status, 'finished');
    await until(() => seen.has(end.moves), 'the spectator to see the last move');
    for (let i = 1; i <= end.moves; i++) assert.ok(seen.has(i), `the spectator saw move ${i}`);
    await until(() => stored.length === players[0]!.acks.length, 'the store checks');
    assert.ok(stored.length > 0 && stored.every(Boolean), 'every ack at the edge follows the stored move');
    // The record, from a process that does not play the game.
    const rec = await http<{ choices: unknown[] }>(c.base, 'GET', `/api/games/${id}/record`);
    assert.equal(rec.status, 200);
    assert.equal(rec.json.choices.length, end.moves);
    await cluster.stopNodes();
  });

  test('a hint asked through a relayed socket is answered by the owner, to that socket only', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }], seed: 'cluster-hint' });
    const token = await joinSeat(b.base, id, 0);
    const player = await b.client();
    await hello(player, id, token);
    const watcher = await b.client();
    await hello(watcher, id);
    const g = (await a.hub.get(id))!;
    await until(() => g.toAct() === 0, 'the person to act');
    assert.ok(!b.hub.isLive(id), 'the edge does not play the game');
    const h = await player.request({ type: 'hint' });
    assert.equal(h.type, 'hint', JSON.stringify(h));
    assert.equal(h.move, g.moves.length);
    assert.ok(
      g.game.choices(g.state).some((c) => JSON.stringify(c) === JSON.stringify(h.choice)),
      'the hint is an offered choice',
    );
    const refused = await watcher.request({ type: 'hint' });
    assert.equal(refused.code, 'not_joined');
    assert.equal(watcher.messages.filter((m) => m.type === 'hint').length, 0, 'the spectator was sent the hint');
    await cluster.stopNodes();
  });

  test('a relayed hello waits for its turn at the owner only, not at the edge as well', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-turns' });
    const token = await joinSeat(b.base, id, 0);
    // The sockets open first: an upgrade takes its own turn where it lands, before any hello.
    const player = await b.client();
    const watcher = await a.client();
    // Each process's hello queue, watched: the edge's waits are counted, the owner's held until the test lets them go.
    let edgeTurns = 0;
    const edgeNext = b.hub.turns.next.bind(b.hub.turns);
    b.hub.turns.next = () => {
      edgeTurns++;
      return edgeNext();
    };
    let ownerTurns = 0;
    let asked!: () => void;
    const ownerAsked = new Promise<void>((r) => (asked = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const ownerNext = a.hub.turns.next.bind(a.hub.turns);
    a.hub.turns.next = async () => {
      ownerTurns++;
      asked();
      await released;
      return ownerNext();
    };
    const welcomed = hello(player, id, token);
    // The owner's queue holds the hello: a flood of relayed hellos takes turns there, where the welcomes are made.
    await ownerAsked;
    assert.ok(!player.messages.some((m) => m.type === 'welcome'), 'welcomed before its turn at the owner');
    release();
    assert.equal((await welcomed).seat, 0);
    assert.deepEqual({ edgeTurns, ownerTurns }, { edgeTurns: 0, ownerTurns: 1 });
    // A hello at the process that plays the game waits there, once.
    await hello(watcher, id);
    assert.deepEqual({ edgeTurns, ownerTurns }, { edgeTurns: 0, ownerTurns: 2 });
    await cluster.stopNodes();
  });

  test('when the owner dies, a socket relayed to it stays open at its healthy process: told to say hello again, it does so on the same socket and plays on; bots resume', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, {
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
      seed: 'cluster-2',
      botDelayMs: 0,
    });
    const t0 = await joinSeat(b.base, id, 0);
    const p0 = await b.client();
    await hello(p0, id, t0);
    const player = autoPlay(p0, 0, 'f0');
    await until(() => player.acks.length >= 5, 'five acknowledged choices');
    player.stop();
    const acked = Math.max(...player.acks);
    const closes: number[] = [];
    p0.ws.on('close', (code) => closes.push(code));
    const told = p0.next((m) => m.type === 'error' && m.id === undefined);
    await a.crash();
    const lost = await told;
    assert.equal(lost.code, 'unavailable');
    assert.match(String(lost.message), /say hello again/);
    // The socket is kept: a ping is answered on it (before the change it was closed with 1013).
    assert.equal((await stillOpen(p0, closes)).type, 'pong');
    // Until it says hello again, what it asks of the lost game is refused, with its id, and nothing closes.
    const refused = await stillOpen(p0, closes, { type: 'choice', choice: { t: 'pass' }, index: acked + 1 });
    assert.deepEqual([refused.type, refused.code], ['error', 'unavailable']);
    // Hello on the same socket: B claims the game (or already took it over) and welcomes it with every acknowledged move.
    const w = await hello(p0, id, t0);
    assert.ok(w.moves > acked, `the welcome holds every acknowledged move (${w.moves} > ${acked})`);
    const more = autoPlay(p0, 0, 'f1');
    await until(() => more.acks.length >= 3, 'play to go on');
    more.stop();
    assert.ok(b.hub.isLive(id), 'process B plays the game now');
    assert.deepEqual(closes, [], 'the socket at B was never closed');
    await b.stop();
  });

  test('after a takeover the log still tells that a seat was handed to a bot, and why', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-table' });
    const ga = (await a.hub.get(id))!;
    const other = 1 - ga.toAct()!;
    await ga.handToBot(other, 'random', 'away');
    const watcher = await a.client();
    const table = (w: { log: readonly unknown[] }) => w.log.filter((e) => (e as { table?: true }).table === true);
    const before = table(await hello(watcher, id));
    assert.equal(before.length, 1);
    const closed = watcher.closed(10_000);
    await a.crash();
    await closed;
    await until(() => b.hub.isLive(id), 'process B to take the game over', 15_000);
    assert.deepEqual(table(await hello(await b.client(), id)), before);
    await b.stop();
  });

  test('HTTP at a process that does not play the game: join, summary, hand to a bot', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-3', awayAfterMs: 1000 });
    const t1 = await joinSeat(b.base, id, 1);
    const s = await http<{ seats: { claimed: boolean }[] }>(b.base, 'GET', `/api/games/${id}`);
    assert.equal(s.status, 200);
    assert.deepEqual(
      s.json.seats.map((x) => x.claimed),
      [false, true],
    );
    const wrong = await http(b.base, 'POST', `/api/games/${id}/join`, { seat: 0, key: 'x'.repeat(22) });
    assert.equal(wrong.status, 403, 'a refusal at the owner comes back as it is');
    const key = inviteKeys.get(id)!.get(0)!;
    const j = await http<JoinedSeat>(b.base, 'POST', `/api/games/${id}/join`, { seat: 0, key });
    assert.equal(j.status, 200);
    // Seat 0 has not been here for its away time: seat 1's player hands it to the bot, through B.
    const g = (await a.hub.get(id))!;
    await until(() => Date.now() - (g.awaySince[0] ?? Date.now()) >= 1000, 'seat 0 to be away for a second');
    const h = await http<{ seats: { bot: string | null }[] }>(b.base, 'POST', `/api/games/${id}/seats/0/bot`, { token: t1 });
    assert.equal(h.status, 200, JSON.stringify(h.json));
    assert.equal(h.json.seats[0]!.bot, 'greedy');
    // The lobby at B describes an open game played by A (its seats, who is to act).
    const open = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }], seed: 'cluster-3b', open: true });
    const list = await http<{ games: { id: string; players?: unknown[] }[] }>(b.base, 'GET', '/api/games');
    assert.equal(list.json.games.find((x) => x.id === open)?.players?.length, 2, JSON.stringify(list.json));
    await cluster.stopNodes();
  });

  test('Redis down: games of other processes are unavailable, local games go on; Redis back: all works again', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-4' });
    const [t0, t1] = [await joinSeat(a.base, id, 0), await joinSeat(a.base, id, 1)];
    const local = await a.client();
    await hello(local, id, t0);
    const relayed = await b.client();
    await hello(relayed, id, t1);
    const relayedClosed = relayed.closed(10_000);

    await redis.kill();
    assert.equal(await relayedClosed, 1013, 'the relayed socket is closed with "try again later"');
    await until(() => !a.cluster.bus.up && !b.cluster.bus.up, 'both processes to see Redis down');
    // At B: a hello for A's game, and HTTP that needs A, are refused with `unavailable`.
    const refused = await b.client();
    const err = refused.next((m) => m.type === 'error');
    refused.send({ type: 'hello', game: id, token: t1 });
    assert.equal((await err).code, 'unavailable');
    assert.equal((await http(b.base, 'GET', `/api/games/${id}`)).status, 503);
    // At A, its own game goes on.
    const g = (await a.hub.get(id))!;
    const seat = g.toAct()!;
    if (seat === 0) {
      const p = autoPlay(local, 0, 'r0');
      await until(() => p.acks.length >= 1, 'a choice at the owner while Redis is down');
      p.stop();
    }

    await redis.restart();
    await until(() => a.cluster.bus.up && b.cluster.bus.up, 'both processes to see Redis back', 15_000);
    const back = await b.client();
    const w = await hello(back, id, t1);
    assert.equal(w.seat, 1);
    assert.equal((await http(b.base, 'GET', `/api/games/${id}`)).status, 200);
    await cluster.stopNodes();
  });

  test('a process that loses its PostgreSQL lock stops playing at once but keeps its sockets; another takes over; a hello on the same socket plays on there; it comes back and relays', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, {
      seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
      seed: 'cluster-5',
      botDelayMs: 0,
    });
    const t0 = await joinSeat(a.base, id, 0);
    const local = await a.client();
    await hello(local, id, t0);
    const player = autoPlay(local, 0, 'l0');
    await until(() => player.acks.length >= 3, 'three acknowledged choices');
    player.stop();
    const acked = Math.max(...player.acks);
    const closes: number[] = [];
    local.ws.on('close', (code) => closes.push(code));
    const told = local.next((m) => m.type === 'error' && m.id === undefined);
    a.cluster.node.breakLockConnection();
    const lost = await told;
    assert.equal(lost.code, 'unavailable');
    assert.match(String(lost.message), /say hello again/);
    // The socket is kept (before, it was closed with 1013): a ping is answered on it.
    assert.equal((await stillOpen(local, closes)).type, 'pong');
    assert.ok(!a.hub.isLive(id), 'the process without its lock plays nothing');
    await until(() => b.hub.isLive(id), 'the other process to take the game over', 15_000);
    // Hello on the same socket: A relays it to B, which welcomes it with every acknowledged move; play goes on.
    const back = await hello(local, id, t0);
    assert.ok(back.moves > acked, `the welcome holds every acknowledged move (${back.moves} > ${acked})`);
    const more = autoPlay(local, 0, 'l1');
    await until(() => more.acks.length >= 2, 'play to go on through A');
    more.stop();
    assert.deepEqual(closes, [], 'the socket at A was never closed');
    // A registers again by itself, and relays to B.
    await until(() => a.cluster.node.registered, 'A to register again', 10_000);
    const again = await a.client();
    const w = await hello(again, id, t0);
    assert.equal(w.seat, 0);
    assert.ok(!a.hub.isLive(id) && b.hub.isLive(id));
    await cluster.stopNodes();
  });

  test('split brain: a process whose append meets a move it did not make stops playing the game; its socket stays open and a hello on it plays on at the owner', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-6' });
    const tokens = [await joinSeat(a.base, id, 0), await joinSeat(a.base, id, 1)];
    const ga = (await a.hub.get(id))!;
    const seat = ga.toAct()!;
    const player = await a.client();
    await hello(player, id, tokens[seat]);
    // Force what a partition could cause: B believes it plays the game too, and plays the move.
    await cluster.sql(`UPDATE "${cluster.schema}".cluster_owners SET node = $1 WHERE game_id = $2`, [b.cluster.id, id]);
    const gb = (await b.hub.get(id))!;
    const n = gb.moves.length;
    await gb.submit(seat, gb.game.choices(gb.state)[0], n);
    // A, unaware, accepts the same move index from its player: the store refuses it, A lets go.
    const closes: number[] = [];
    player.ws.on('close', (code) => closes.push(code));
    const told = player.next((m) => m.type === 'error' && m.id === undefined);
    const reply = await player.request({ type: 'choice', choice: ga.game.choices(ga.state)[0], index: n });
    assert.deepEqual([reply.type, reply.code], ['error', 'unavailable']);
    // Its client is told to say hello again, and the socket is kept (before, it was closed with 1013).
    const lost = await told;
    assert.equal(lost.code, 'unavailable');
    assert.match(String(lost.message), /say hello again/);
    assert.equal((await stillOpen(player, closes)).type, 'pong');
    assert.ok(!a.hub.isLive(id), 'A stopped playing the game');
    assert.equal((await a.store.getGame(id))!.moves.length, n + 1, "only B's move is stored");
    // Hello on the same socket: relayed to B, which plays the game; its move is there, and play goes on.
    assert.equal((await hello(player, id, tokens[seat])).moves, n + 1);
    for (let i = 0; i < 50 && gb.toAct() !== seat; i++) await gb.submit(gb.toAct()!, gb.game.choices(gb.state)[0], gb.moves.length);
    const ack = await stillOpen(player, closes, { type: 'choice', choice: gb.game.choices(gb.state)[0], index: gb.moves.length });
    assert.equal(ack.type, 'ack', JSON.stringify(ack));
    assert.deepEqual(closes, [], 'the socket at A was never closed');
    for (const x of [a, b]) await x.stop();
  });

  test("fenced writes: a process that lost a game's row can write neither a move nor a seat of it, and lets the game go", async () => {
    const [a, b] = [await startNode(), await startNode()];
    const ids = [
      await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-8' }),
      await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-9' }),
    ];
    const [g1, g2] = [(await a.hub.get(ids[0]!))!, (await a.hub.get(ids[1]!))!];
    const stored = async (id: string) => {
      const g = (await a.store.getGame(id))!;
      return { moves: g.moves.length, bots: g.seatConfigs.map((c) => c.bot), table: g.table };
    };
    const before = [await stored(ids[0]!), await stored(ids[1]!)];
    // A was thought dead (paused, say): B claimed both games' rows. B has not played them yet, so
    // no move index tells A that it lost them: only the owner check can.
    for (const id of ids)
      await cluster.sql(`UPDATE "${cluster.schema}".cluster_owners SET node = $1 WHERE game_id = $2`, [b.cluster.id, id]);
    const unavailable = (e: Error & { code?: string }) => e.code === 'unavailable';
    // A, unaware, plays a move of the first: refused (its client is told to say hello again), nothing written.
    const n = g1.moves.length;
    const seat = g1.toAct()!;
    await assert.rejects(g1.submit(seat, g1.game.choices(g1.state)[0], n), unavailable);
    assert.deepEqual(await stored(ids[0]!), before[0], 'a move was written by a process that does not own the game');
    // And hands a seat of the second to a bot: refused too.
    await assert.rejects(g2.handToBot(1, 'random', 'away'), unavailable);
    assert.deepEqual(await stored(ids[1]!), before[1], 'a seat was updated by a process that does not own the game');
    assert.ok(!a.hub.isLive(ids[0]!) && !a.hub.isLive(ids[1]!), 'A let both games go');
    // B, the owner, plays on from the store.
    const gb = (await b.hub.get(ids[0]!))!;
    await gb.submit(seat, gb.game.choices(gb.state)[0], n);
    assert.equal((await stored(ids[0]!)).moves, n + 1);
    for (const x of [a, b]) await x.stop();
  });

  test("fenced undo: a process that lost a game's row cannot take a move back (StoreConflict), nothing stored changes, and it lets the game go", async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-10' });
    const g = (await a.hub.get(id))!;
    // Play until the seat that just chose may take its choice back.
    let seat = g.toAct()!;
    for (let i = 0; i < 60 && !g.canUndo(seat); i++) {
      seat = g.toAct()!;
      await g.submit(seat, g.game.choices(g.state)[0], g.moves.length);
    }
    assert.ok(g.canUndo(seat), 'some choice could be taken back');
    const n = g.moves.length;
    const before = await a.store.getGame(id);
    assert.equal(before!.moves.length, n);
    // A was thought dead (paused, say): B claimed the game's row, and has played nothing yet, so no
    // move index tells A that it lost the game: only the owner check can.
    await cluster.sql(`UPDATE "${cluster.schema}".cluster_owners SET node = $1 WHERE game_id = $2`, [b.cluster.id, id]);
    // A's store (fenced by A's node) refuses the undo as a conflict, and writes nothing.
    await assert.rejects(
      a.store.truncateMoves(id, n - 1, { hash: 'not-this-games-hash', status: 'active' }),
      (e: unknown) => e instanceof StoreConflict && /does not own the game/.test(e.message),
    );
    assert.deepEqual(await a.store.getGame(id), before, 'an undo was stored by a process that does not own the game');
    // A's live game, unaware, takes the choice back: refused (its client is told to say hello again), nothing stored.
    await assert.rejects(g.undo(seat), (e: Error & { code?: string }) => e.code === 'unavailable');
    assert.deepEqual(await a.store.getGame(id), before, 'an undo was stored by a process that does not own the game');
    assert.ok(!a.hub.isLive(id), 'A let the game go');
    // B, the owner, loads the game with every move and may take the choice back.
    const gb = (await b.hub.get(id))!;
    assert.equal(gb.moves.length, n);
    await gb.undo(seat);
    assert.equal((await a.store.getGame(id))!.moves.length, n - 1);
    for (const x of [a, b]) await x.stop();
  });

  test("a takeover's claim of many games waits for no row a live process's append holds, and wins the dead owner's games (no deadlock)", async () => {
    const [a, b] = [await startNode(), await startNode()];
    const mine = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-claim-1' });
    const orphan = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-claim-2' });
    const owners = `"${cluster.schema}".cluster_owners`;
    // The second game's owner died (a node id with no lock); A plays the first.
    await cluster.sql(`UPDATE ${owners} SET node = 'dead-node' WHERE game_id = $1`, [orphan]);
    // A fenced append of A's game under way: its owner row held FOR SHARE, as Store.fenceBy's check does.
    const tx = new pg.Client({ connectionString: PG_URL });
    await tx.connect();
    try {
      await tx.query('BEGIN');
      await tx.query(`SELECT 1 FROM ${owners} WHERE game_id = $1 FOR SHARE`, [mine]);
      // B's takeover claims every active game in one statement. Before, its ON CONFLICT locked A's
      // row too, so it waited here for the append (and, against appends holding several rows, deadlocked).
      let done = false;
      const claim = b.cluster.claimMany([mine, orphan]).finally(() => (done = true));
      const waits = async () => {
        const r = await tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid
           WHERE NOT l.granted AND s.query LIKE '%cluster_owners%'`,
        );
        return r.rows[0]!.n > 0;
      };
      await until(async () => done || (await waits()), 'the claim to end, or to wait for a lock');
      assert.ok(done, "the claim waited for the append's row lock");
      assert.deepEqual(await claim, [orphan], "B won the dead owner's game, not A's");
      await tx.query('COMMIT');
    } finally {
      await tx.end();
    }
    for (const x of [a, b]) await x.stop();
  });

  test('a bus blip at one process only: the owner forgets the sockets that process relayed, so presence stays true', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-7' });
    const t1 = await joinSeat(a.base, id, 1);
    const relayed = await b.client();
    await hello(relayed, id, t1);
    const g = (await a.hub.get(id))!;
    assert.ok(g.present(1));
    const closed = relayed.closed(10_000);
    b.cluster.bus.blip();
    assert.equal(await closed, 1013);
    await until(() => b.cluster.bus.up, 'B to be subscribed again');
    // A never saw Redis go, yet it learns from B that B's sockets are gone.
    await until(() => !g.present(1), 'seat 1 to show as away at the owner', 5000);
    const again = await b.client();
    await hello(again, id, t1);
    await until(() => g.present(1), 'seat 1 back');
    for (const x of [a, b]) await x.stop();
  });

  test("a bus blip at the owner only: the edge drops its side of the owner's forgotten sockets but keeps them open, and a hello again on one plays on", async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-8' });
    const t1 = await joinSeat(a.base, id, 1);
    const relayed = await b.client();
    await hello(relayed, id, t1);
    const g = (await a.hub.get(id))!;
    assert.ok(g.present(1));
    const closes: number[] = [];
    relayed.ws.on('close', (code) => closes.push(code));
    const told = relayed.next((m) => m.type === 'error' && m.id === undefined);
    // A forgets the sockets relayed to it; once its bus is back it says so, and B drops its links to A.
    a.cluster.bus.blip();
    const lost = await told;
    assert.equal(lost.code, 'unavailable');
    assert.match(String(lost.message), /say hello again/);
    assert.equal((await stillOpen(relayed, closes)).type, 'pong');
    assert.equal(b.cluster.relay.counts().relayed, 0, 'B relays nothing to A any more');
    await until(() => !g.present(1), 'seat 1 to show as away at the owner', 5000);
    // Hello on the same socket: relayed to A again, seat 1 present again, and its choice reaches A.
    await hello(relayed, id, t1);
    await until(() => g.present(1), 'seat 1 back');
    for (let i = 0; g.toAct() === 0 && i < 50; i++) await g.submit(0, g.game.choices(g.state)[0], g.moves.length);
    assert.equal(g.toAct(), 1);
    const ack = await stillOpen(relayed, closes, { type: 'choice', choice: g.game.choices(g.state)[0], index: g.moves.length });
    assert.equal(ack.type, 'ack', JSON.stringify(ack));
    assert.deepEqual(closes, [], 'the socket at B was never closed');
    for (const x of [a, b]) await x.stop();
  });

  test('an owner that stops playing a game (its fenced write refused) leaves the sockets relayed to it open: told to say hello again, one does so on the same socket, is welcomed with every acknowledged move and plays on', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-lost-owner' });
    const t0 = await joinSeat(a.base, id, 0);
    const relayed = await b.client();
    await hello(relayed, id, t0);
    const ga = (await a.hub.get(id))!;
    const acks = await playRelayed(ga, relayed, 3);
    const closes: number[] = [];
    relayed.ws.on('close', (code) => closes.push(code));
    const told = relayed.next((m) => m.type === 'error' && m.id === undefined);
    // A was thought dead (paused, say): B claimed the game's row. A, alive and unaware, plays seat
    // 1's move: its fenced append is refused, and A stops playing the game.
    await cluster.sql(`UPDATE "${cluster.schema}".cluster_owners SET node = $1 WHERE game_id = $2`, [b.cluster.id, id]);
    const n = ga.moves.length;
    await assert.rejects(ga.submit(1, ga.game.choices(ga.state)[0], n), (e: Error & { code?: string }) => e.code === 'unavailable');
    assert.ok(!a.hub.isLive(id), 'A stopped playing the game');
    // B, the socket's process, is well: it keeps the socket (before, it closed it with 1013) and tells it to say hello again.
    const lost = await told;
    assert.equal(lost.code, 'unavailable');
    assert.match(String(lost.message), /say hello again/);
    assert.equal((await stillOpen(relayed, closes)).type, 'pong');
    assert.equal(b.cluster.relay.counts().relayed, 0, 'B relays nothing to A any more');
    // Hello on the same socket: B plays the game now, with every acknowledged move.
    const w = await hello(relayed, id, t0);
    assert.equal(w.moves, n);
    assert.ok(w.moves > Math.max(...acks), `the welcome holds every acknowledged move (${w.moves})`);
    assert.ok(b.hub.isLive(id), 'B plays the game');
    const more = await playRelayed((await b.hub.get(id))!, relayed, 2);
    assert.ok(more.length >= 2);
    assert.deepEqual(closes, [], 'the socket at B was never closed');
    for (const x of [a, b]) await x.stop();
  });

  test('an owner asked for a relayed socket it does not know tells the edge, which keeps the socket: told to say hello again, it does so on the same socket and plays on', async () => {
    const [a, b] = [await startNode(), await startNode()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'cluster-lost-link' });
    const t0 = await joinSeat(a.base, id, 0);
    const relayed = await b.client();
    await hello(relayed, id, t0);
    const g = (await a.hub.get(id))!;
    const acks = await playRelayed(g, relayed, 3);
    for (let i = 0; i < 50 && g.toAct() !== 0; i++) await g.submit(1, g.game.choices(g.state)[0], g.moves.length);
    assert.equal(g.toAct(), 0);
    const closes: number[] = [];
    relayed.ws.on('close', (code) => closes.push(code));
    // A forgets the socket (as when its bus was down and B has not heard of it yet).
    for (const r of [...a.cluster.relay.remotes.values()]) r.leave();
    assert.ok(!g.present(0));
    const told = relayed.next((m) => m.type === 'error' && m.id === undefined);
    const n = g.moves.length;
    relayed.send({ type: 'choice', choice: g.game.choices(g.state)[0], index: n, id: 'unknown-link' });
    // B keeps the socket (before, A's answer made it close it with 1013) and tells it to say hello again.
    const lost = await told;
    assert.equal(lost.code, 'unavailable');
    assert.match(String(lost.message), /say hello again/);
    assert.equal((await stillOpen(relayed, closes)).type, 'pong');
    assert.equal(b.cluster.relay.counts().relayed, 0, 'B dropped its link');
    // Hello on the same socket: relayed to A again, with every acknowledged move (the choice A did not hear was not played).
    const w = await hello(relayed, id, t0);
    assert.equal(w.moves, n);
    assert.ok(w.moves > Math.max(...acks));
    assert.ok(g.present(0), 'seat 0 is back at the owner');
    const more = await playRelayed(g, relayed, 2);
    assert.ok(more.length >= 2);
    assert.deepEqual(closes, [], 'the socket at B was never closed');
    for (const x of [a, b]) await x.stop();
  });
});

/**
 * Plays game `g` at its owner until `c`, seat 0's socket, has had `n` choices acknowledged and seat
 * 1 is to act: seat 1 in process, seat 0 through `c`. The indexes acknowledged.
 */
async function playRelayed(g: LiveGame, c: TestClient, n: number): Promise<number[]> {
  const acks: number[] = [];
  for (let i = 0; i < 200 && (acks.length < n || g.toAct() !== 1); i++) {
    assert.equal(g.status, 'active');
    if (g.toAct() === 1) {
      await g.submit(1, g.game.choices(g.state)[0], g.moves.length);
      continue;
    }
    const ack = await c.request({ type: 'choice', choice: g.game.choices(g.state)[0], index: g.moves.length });
    assert.equal(ack.type, 'ack', JSON.stringify(ack));
    acks.push(ack.index);
  }
  assert.ok(acks.length >= n, `${acks.length} choices acknowledged`);
  return acks;
}

/**
 * Sends `msg` (a ping unless given) with an id and resolves with its reply; rejects at once, with
 * the code, if the socket closes instead.
 */
function stillOpen(c: TestClient, closes: number[], msg: Record<string, unknown> = { type: 'ping' }): Promise<ServerMsg> {
  if (closes.length > 0) return Promise.reject(new Error(`the socket was closed (${closes.join(', ')})`));
  return new Promise((resolve, reject) => {
    const onClose = (code: number) => reject(new Error(`the socket was closed (${code}) instead of answering ${JSON.stringify(msg)}`));
    c.ws.once('close', onClose);
    c.request(msg).then(
      (m) => (c.ws.off('close', onClose), resolve(m)),
      (e: Error) => (c.ws.off('close', onClose), reject(e)),
    );
  });
}
