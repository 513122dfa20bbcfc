/**
 * The lobby and the seat life cycle: creating games, claiming seats, reconnecting, undo, handing
 * a seat to a bot, and clocks.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { GameEvent } from '../../src/core/game.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import type { LiveGame } from '../../src/server/live-game.js';
import { http, type TestClient } from '../helpers/ws-client.js';
import type { ApiReply, ServerMsg } from '../helpers/wire.js';
import { autoPlay, createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';

let srv: TestServer;
before(async () => {
  srv = await startServer('sqlite');
});
after(async () => {
  await srv?.stop();
});

function refused(r: { status: number; json: ApiReply }, status: number, what: string, pattern?: RegExp): void {
  assert.equal(r.status, status, `${what}: ${JSON.stringify(r.json)}`);
  assert.equal(typeof r.json.error, 'string', what);
  assert.ok(typeof r.json.message === 'string' && r.json.message.length > 0, what);
  if (pattern) assert.match(r.json.message, pattern, what);
}

/** Plays a choice for the seat to act through its client; returns the ack. */
async function play(c: TestClient, g: LiveGame, choice: unknown): Promise<ServerMsg> {
  const ack = await c.request({ type: 'choice', choice, index: g.moves.length });
  assert.equal(ack.type, 'ack', JSON.stringify(ack));
  return ack;
}

/** What a choice would do now (on a copy of the true state). */
function lookahead(g: LiveGame, choice: unknown): { state: unknown; events: GameEvent[] } {
  const state: unknown = g.game.clone(g.state);
  return { state, events: g.game.apply(state, choice) };
}

/**
 * Plays seeded random choices (each seat through its own client) until the seat to act has a
 * choice satisfying `want`; returns that seat and choice, unplayed.
 */
async function advanceUntil(
  clients: readonly TestClient[],
  g: LiveGame,
  rng: Rng,
  want: (choice: unknown, after: { state: unknown; events: GameEvent[] }, seat: number) => boolean,
): Promise<{ seat: number; choice: unknown }> {
  for (let i = 0; i < 3000; i++) {
    const seat = g.toAct();
    assert.notEqual(seat, null, 'the game ended before the situation arose');
    const cs = g.game.choices(g.state);
    const hit = cs.find((c) => want(c, lookahead(g, c), seat!));
    if (hit) return { seat: seat!, choice: hit };
    await play(clients[seat!]!, g, cs[rng.int(cs.length)]);
  }
  throw new Error('the situation did not arise');
}

const lastState = (c: TestClient): ServerMsg => [...c.messages].reverse().find((m) => m.type === 'state' || m.type === 'welcome')!;

describe('creating and joining', () => {
  test('invalid seats, bots or options are refused with 400 and a message', async () => {
    const human = { kind: 'human' };
    const cases: [unknown, RegExp?][] = [
      [{ game: 'relic-runners', seats: [] }],
      [{ game: 'relic-runners', seats: [human] }, /2–5 seats/],
      [{ game: 'relic-runners', seats: Array.from({ length: 6 }, () => human) }, /2–5 seats/],
      [{ game: 'relic-runners', seats: [human, { kind: 'bot', bot: 'nobody' }] }, /unknown bot "nobody"/],
      [{ game: 'relic-runners', seats: [human, { kind: 'bot' }] }, /bot/],
      [{ game: 'relic-runners', seats: [human, { kind: 'robot', bot: 'greedy' }] }],
      [{ game: 'relic-runners', seats: [human, human], options: { layout: 'weird' } }, /layout/],
      [{ game: 'relic-runners', seats: [human, human], options: { colours: 3 } }, /unknown option "colours"/],
      [{ game: 'relic-runners', seats: [human, human, human], options: { startSeat: 3 } }, /startSeat/],
      [{ game: 'relic-runners', seats: [human, human], options: { openScores: 'yes' } }, /openScores/],
      [{ game: 'quetzal-x', seats: [human, human] }, /unknown game "quetzal-x"/],
      [{ game: 'relic-runners', seats: [human, human], clock: { bankMs: 10, incrementMs: 0 } }, /clock/],
    ];
    for (const [body, pattern] of cases) refused(await http(srv.base, 'POST', '/api/games', body), 400, JSON.stringify(body), pattern);
    assert.equal((await srv.store.listGames()).length, 0, 'nothing was created');
  });

  test('a claimed seat cannot be joined again; a bot seat cannot be joined; the lobby lists open seats', async () => {
    const id = await createGame(srv.base, {
      seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'random' }],
      seed: 'lobby-join',
      open: true,
    });
    const listed = () => http(srv.base, 'GET', '/api/games').then((r) => r.json.games.find((s) => s.id === id)!);
    assert.deepEqual((await listed()).openSeats, [0, 1]);
    await joinSeat(srv.base, id, 0, 'Ada');
    assert.deepEqual((await listed()).openSeats, [1]);
    refused(await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 0 }), 403, 'seat 0 again', /taken/);
    refused(await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 2 }), 409, 'bot seat', /bot/);
    refused(await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 3 }), 409, 'no seat 3', /no seat 3/);
    const summary = (await http(srv.base, 'GET', `/api/games/${id}`)).json;
    assert.equal(summary.seats[0]!.name, 'Ada');
    assert.equal(summary.seats[0]!.claimed, true);
    assert.equal(summary.seats[1]!.claimed, false);
    assert.equal(JSON.stringify(summary).includes('token'), false, 'no token (or its hash) in the summary');
  });

  test('reconnecting with the token on a new socket restores the seat, choices included', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'lobby-reconnect' });
    const token = await joinSeat(srv.base, id, 0);
    const first = await srv.client();
    const w1 = await hello(first, id, token);
    assert.equal(w1.seat, 0);
    assert.equal(w1.toAct, 0, 'seat 0 starts');
    assert.ok(w1.view.choices !== null && w1.view.choices.length > 0);
    const choice = w1.view.choices[0];
    first.close();
    await until(async () => !(await http(srv.base, 'GET', `/api/games/${id}`)).json.seats[0]!.connected, 'seat 0 to show as gone');

    // The new socket sends its move right behind its hello, without waiting for the welcome.
    const second = await srv.client();
    const welcome = second.next((m) => m.type === 'welcome');
    second.send({ type: 'hello', game: id, token });
    const ack = await second.request({ type: 'choice', choice, index: 0 });
    const w2 = await welcome;
    assert.equal(w2.seat, 0);
    assert.equal(w2.view.viewer, 0);
    assert.deepEqual(w2.view.choices, w1.view.choices);
    assert.equal(typeof w2.view.players[0]!.vp, 'number');
    assert.ok(second.messages.indexOf(w2) < second.messages.indexOf(ack), 'welcome, then the ack');
    assert.ok((await http(srv.base, 'GET', `/api/games/${id}`)).json.seats[0]!.connected);
    assert.deepEqual({ type: ack.type, index: ack.index }, { type: 'ack', index: 0 });
  });
});

describe('undo', () => {
  test('a seat takes back its own last choice of the turn: same hash, one move fewer', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'lobby-undo-1' });
    const clients = [await srv.client(), await srv.client()];
    for (const [seat, c] of clients.entries()) await hello(c, id, await joinSeat(srv.base, id, seat));
    const g = await live(srv.hub, id);
    const rng = createRng('undo-1');
    const turn = () => g.game.turn(g.state);
    const { seat, choice } = await advanceUntil(
      clients,
      g,
      rng,
      (_c, a, s) => !a.events.some((e) => e.reveals) && g.game.toAct(a.state) === s && g.game.turn(a.state) === turn(),
    );
    const c = clients[seat]!;
    const other = clients[1 - seat]!;
    const moves = g.moves.length;
    const hash = g.game.hash(g.state);
    assert.equal(lastState(c).canUndo, false, 'nothing of this seat to take back yet');

    const ack = await play(c, g, choice);
    assert.equal(ack.index, moves);
    assert.equal(lastState(c).moves, moves + 1);
    assert.equal(lastState(c).canUndo, true, 'the state message offers undo');
    assert.equal(lastState(other).canUndo, false);
    assert.notEqual(g.game.hash(g.state), hash);
    // The other seat cannot take back this seat's choice.
    assert.equal((await other.request({ type: 'undo' })).code, 'cannot_undo');

    const undone = await c.request({ type: 'undo' });
    assert.equal(undone.type, 'ack', JSON.stringify(undone));
    assert.equal(undone.undone, true);
    assert.equal(undone.moves, moves);
    assert.equal(g.moves.length, moves);
    assert.equal(g.game.hash(g.state), hash, 'the state is as before the choice');
    const stored = (await srv.store.getGame(id))!;
    assert.equal(stored.moves.length, moves);
    assert.equal(stored.hash, hash);
    await until(() => lastState(other).moves === moves, 'the other seat to hear of the undo');
    assert.deepEqual(lastState(other).events, [{ type: 'undo', seat }]);
    assert.equal(lastState(c).canUndo, g.canUndo(seat));

    // Play goes on from there; the index is reused.
    const again = await play(c, g, choice);
    assert.equal(again.index, moves);
    assert.equal((await srv.store.getGame(id))!.moves.length, moves + 1);
  });

  test('no undo after a choice that revealed hidden information (exploring)', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'lobby-undo-2' });
    const clients = [await srv.client(), await srv.client()];
    for (const [seat, c] of clients.entries()) await hello(c, id, await joinSeat(srv.base, id, seat));
    const g = await live(srv.hub, id);
    const { seat, choice } = await advanceUntil(
      clients,
      g,
      createRng('undo-2'),
      (c, a, s) => (c as { t: string }).t === 'explore' && a.events.some((e) => e.reveals) && g.game.toAct(a.state) === s,
    );
    const c = clients[seat]!;
    await play(c, g, choice);
    assert.equal(g.toAct(), seat, 'still this seat’s turn');
    const moves = g.moves.length;
    const hash = g.game.hash(g.state);
    assert.equal(lastState(c).canUndo, false);
    const r = await c.request({ type: 'undo' });
    assert.equal(r.code, 'cannot_undo');
    assert.match(String(r.message), /hidden information/);
    assert.equal(g.moves.length, moves);
    assert.equal(g.game.hash(g.state), hash);
    assert.equal((await srv.store.getGame(id))!.moves.length, moves);
  });

  test('no undo after another seat acted', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'lobby-undo-3' });
    const clients = [await srv.client(), await srv.client()];
    for (const [seat, c] of clients.entries()) await hello(c, id, await joinSeat(srv.base, id, seat));
    const g = await live(srv.hub, id);
    // A choice without reveal that passes the turn to the other seat.
    const { seat, choice } = await advanceUntil(
      clients,
      g,
      createRng('undo-3'),
      (_c, a, s) => !a.events.some((e) => e.reveals) && g.game.toAct(a.state) === 1 - s,
    );
    const c = clients[seat]!;
    await play(c, g, choice);
    assert.equal((await c.request({ type: 'undo' })).code, 'cannot_undo', 'not this seat’s turn any more');
    const next = g.game.choices(g.state)[0];
    await play(clients[1 - seat]!, g, next);
    const moves = g.moves.length;
    const hash = g.game.hash(g.state);
    const r = await c.request({ type: 'undo' });
    assert.equal(r.code, 'cannot_undo');
    assert.equal(g.moves.length, moves);
    assert.equal(g.game.hash(g.state), hash);
  });
});

describe('handing a seat to a bot', () => {
  test("the seat gets the game's bot level, set at creation: the player handing it over cannot choose a weaker bot", async () => {
    const id = await createGame(srv.base, {
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seed: 'lobby-hand-level',
      botLevel: 'greedy',
      botDelayMs: 10_000,
    });
    // Seat 1 was never taken, so seat 0 may hand it over at once.
    const token = await joinSeat(srv.base, id, 0);
    const hand = (body: Record<string, unknown>) => http(srv.base, 'POST', `/api/games/${id}/seats/1/bot`, body);
    for (const bot of ['random', 'greedy', 'ismcts:1s']) {
      refused(await hand({ token, bot }), 400, `choosing ${bot}`, /bot/);
      assert.equal((await live(srv.hub, id)).seatConfigs[1]!.bot, null, `choosing ${bot} changed nothing`);
    }
    const r = await hand({ token });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.seats[1]!.bot, 'greedy');
    assert.equal((await srv.store.getGame(id))!.seatConfigs[1]!.bot, 'greedy', 'stored');
  });

  test('with the default wait, a seat that just left cannot be handed yet', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'lobby-hand-wait' });
    const tokens = [await joinSeat(srv.base, id, 0), await joinSeat(srv.base, id, 1)];
    const c1 = await srv.client();
    await hello(c1, id, tokens[1]);
    c1.close();
    await until(async () => !(await http(srv.base, 'GET', `/api/games/${id}`)).json.seats[1]!.connected, 'seat 1 to show as gone');
    refused(await http(srv.base, 'POST', `/api/games/${id}/seats/1/bot`, { token: tokens[0] }), 409, 'too soon', /still here/);
  });

  test('a disconnected seat is handed to a bot by another seat, and the bot plays it; a connected one cannot be', async () => {
    const s2 = await startServer('sqlite', { awayAfterMs: 0 });
    try {
      const id = await createGame(s2.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'lobby-hand', botLevel: 'random' });
      const tokens = [await joinSeat(s2.base, id, 0), await joinSeat(s2.base, id, 1)];
      const clients = [await s2.client(), await s2.client()];
      for (const [seat, c] of clients.entries()) await hello(c, id, tokens[seat]);
      const hand = (seat: number, token: string) => http(s2.base, 'POST', `/api/games/${id}/seats/${seat}/bot`, { token });

      refused(await hand(0, tokens[1]!), 409, 'a connected seat', /still here/);
      refused(await hand(1, tokens[1]!), 409, 'one’s own seat', /own seat/);

      clients[1]!.close();
      await until(async () => !(await http(s2.base, 'GET', `/api/games/${id}`)).json.seats[1]!.connected, 'seat 1 to show as gone');
      const r = await hand(1, tokens[0]!);
      assert.equal(r.status, 200, JSON.stringify(r.json));
      assert.equal(r.json.seats[1]!.bot, 'random');
      refused(await hand(1, tokens[0]!), 409, 'already a bot', /already/);
      const g = await live(s2.hub, id);
      const handedAt = g.moves.length;

      // Seat 0 plays on; the bot answers for seat 1.
      const p = autoPlay(clients[0]!, 0, 'hand-seat0');
      await until(() => g.moves.some((m, i) => i >= handedAt && m.seat === 1), 'the bot to play seat 1');
      p.stop();
      assert.deepEqual(p.errors, []);
      const stored = (await s2.store.getGame(id))!;
      assert.equal(stored.seatConfigs[1]!.bot, 'random', 'the hand-over is stored');
      assert.ok(stored.moves.some((m) => m.seat === 1));

      // The player comes back with its token and has its seat again.
      const back = await s2.client();
      await hello(back, id, tokens[1]);
      await until(async () => (await http(s2.base, 'GET', `/api/games/${id}`)).json.seats[1]!.bot === null, 'seat 1 to be reclaimed');
      assert.equal((await s2.store.getGame(id))!.seatConfigs[1]!.bot, null, 'the reclaim is stored');
    } finally {
      await s2.stop();
    }
  });
});

describe('clocks', () => {
  test('clocks run down for the seat to act, and a seat out of time may be handed to a bot', async () => {
    const bankMs = 2000;
    const created = Date.now();
    const id = await createGame(srv.base, {
      seats: [{ kind: 'human' }, { kind: 'human' }],
      seed: 'lobby-clock',
      clock: { bankMs, incrementMs: 0 },
    });
    const tokens = [await joinSeat(srv.base, id, 0), await joinSeat(srv.base, id, 1)];
    const clients = [await srv.client(), await srv.client()];
    const welcomes = [];
    for (const [seat, c] of clients.entries()) welcomes.push(await hello(c, id, tokens[seat]));
    const g = await live(srv.hub, id);
    const start = welcomes[0]!.clocks;
    assert.ok(start !== null && start.length === 2);
    assert.ok(start[0]! <= bankMs && start[1] === bankMs, JSON.stringify(start));

    // Seat 0 makes a few choices of its turn, with pauses: its clock goes down, seat 1's does not,
    // and it is never charged more than the time that has passed.
    const rng = createRng('clock');
    let previous = start[0]!;
    for (let i = 0; i < 3 && g.toAct() === 0; i++) {
      const since = Date.now();
      await until(() => Date.now() - since >= 30, 'a pause');
      const cs = g.game.choices(g.state);
      await play(clients[0]!, g, cs[rng.int(cs.length)]);
      const msg = lastState(clients[0]!);
      const clocks = msg.clocks;
      assert.ok(clocks !== null);
      assert.ok(clocks[0]! < previous, `seat 0's clock went down: ${previous} → ${clocks[0]}`);
      // Seat 1's clock runs only once it is to act.
      if (msg.toAct === 1) assert.ok(clocks[1]! <= bankMs);
      else assert.equal(clocks[1], bankMs);
      assert.ok(
        clocks[0]! >= bankMs - (Date.now() - created),
        `seat 0 was charged ${bankMs - clocks[0]!} ms in ${Date.now() - created} ms`,
      );
      previous = clocks[0]!;
    }

    // Whoever is to act now: nobody may take the seat while its player is here with time left.
    const late = g.toAct()!;
    const lateAt = g.moves.length;
    const other = 1 - late;
    refused(await http(srv.base, 'POST', `/api/games/${id}/seats/${late}/bot`, { token: tokens[other] }), 409, 'time left', /still here/);

    // Its clock runs out (as seen in fresh welcomes), then the other seat hands it to a bot.
    const watcher = await srv.client();
    let seen = Infinity;
    await until(
      async () => {
        const w = await hello(watcher, id);
        const left = w.clocks?.[late];
        assert.ok(left !== undefined, 'the welcome shows the clocks');
        assert.ok(left <= seen, 'the clock never goes up');
        seen = left;
        if (left > 0) await new Promise((r) => setTimeout(r, 50));
        return left <= 0;
      },
      'the clock to run out',
      bankMs + 5000,
    );
    // The server hands a seat out of time to a bot itself, at once (test/server/presence.test.ts).
    await until(() => g.seatConfigs[late]!.bot !== null, 'the seat out of time to go to a bot', 5000);
    refused(await http(srv.base, 'POST', `/api/games/${id}/seats/${late}/bot`, { token: tokens[other] }), 409, 'already a bot', /already/);
    await until(() => g.moves.some((m, i) => i >= lateAt && m.seat === late), 'the bot to play the seat out of time');
  });
});
