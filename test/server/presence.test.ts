/**
 * "A game never stalls": live presence (heartbeat, pushed seats), clocks enforced by
 * a bot, the away-time setting, and taking a seat back from the bot.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { DEFAULT_AWAY_AFTER_MS } from '../../src/server/live-game.js';
import { http, type TestClient } from '../helpers/ws-client.js';
import { wsText, type ApiReply, type ServerMsg } from '../helpers/wire.js';
import { autoPlay, createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';

/** Heartbeat period of these tests' server: small, so that a silent drop is seen in well under a second. */
const BEAT_MS = 100;

let srv: TestServer;
before(async () => {
  srv = await startServer('sqlite', { heartbeatMs: BEAT_MS });
});
after(async () => {
  await srv?.stop();
});

/** A pushed presence message (not part of the tests' wire type, which predates it). */
interface SeatsMsg {
  readonly type: 'seats';
  readonly seats: readonly { seat: number; connected: boolean; awayMs: number | null }[];
}
const asSeats = (m: ServerMsg): SeatsMsg | null => ((m as { type: string }).type === 'seats' ? (m as unknown as SeatsMsg) : null);

/** The next pushed seats message in which `seat` is (or is not) connected. */
function seatsWhere(c: TestClient, seat: number, connected: boolean, ms = 5000): Promise<SeatsMsg> {
  return c.next((m) => asSeats(m)?.seats[seat]?.connected === connected, ms) as unknown as Promise<SeatsMsg>;
}

/** A two-player game with both seats claimed and both players connected. */
async function twoPlayers(body: Record<string, unknown>, seed: string) {
  const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed, ...body });
  const tokens = [await joinSeat(srv.base, id, 0, 'Ada'), await joinSeat(srv.base, id, 1, 'Bo')];
  const clients = [await srv.client(), await srv.client()];
  const welcomes: ServerMsg[] = [];
  for (const [seat, c] of clients.entries()) welcomes.push(await hello(c, id, tokens[seat]));
  return { id, tokens, clients, welcomes, g: await live(srv.hub, id) };
}

describe('live presence', () => {
  test('a socket that stops answering pings is cut off and its seat is pushed as away within a few beats; its return is pushed too', async (t) => {
    const { id, tokens, clients } = await twoPlayers({}, 'presence-heartbeat');
    const [c0, c1] = clients as [TestClient, TestClient];
    // Seat 1's machine goes silent: its socket stays open but nothing is read, so no pong comes back.
    const away = seatsWhere(c0, 1, false);
    const silentAt = Date.now();
    c1.ws.pause();
    const pushed = await away;
    const took = Date.now() - silentAt;
    // A missed ping is seen at the next beat: two beats at most, plus scheduling slack on a loaded machine.
    assert.ok(took < 20 * BEAT_MS, `seen away after ${took} ms (beat ${BEAT_MS} ms)`);
    t.diagnostic(`a silent socket was pushed as away after ${took} ms (heartbeat every ${BEAT_MS} ms)`);
    assert.equal(pushed.seats[0]!.connected, true, 'seat 0 answers its pings and stays');
    assert.equal(typeof pushed.seats[1]!.awayMs, 'number');
    assert.equal(pushed.seats[0]!.awayMs, null);

    // A seat that answers its pings is never cut off.
    const since = Date.now();
    await until(() => Date.now() - since >= 5 * BEAT_MS, 'five beats');
    assert.equal(c0.ws.readyState, c0.ws.OPEN);

    // The player comes back: everyone is told without asking.
    const back = seatsWhere(c0, 1, true);
    const c1b = await srv.client();
    await hello(c1b, id, tokens[1]);
    const again = await back;
    assert.equal(again.seats[1]!.awayMs, null);
  });

  test('a socket that keeps talking is not pinged, and stays although it answers no ping', async () => {
    // A client that never answers pings (autoPong off) but sends a message every beat: before,
    // it was pinged every beat and cut off at the second; its messages are proof enough of life.
    const ws = new WebSocket(srv.wsUrl, { autoPong: false });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    let pings = 0;
    let pongs = 0;
    ws.on('ping', () => pings++);
    ws.on('message', (d) => {
      if ((JSON.parse((d as Buffer).toString()) as { type: string }).type === 'pong') pongs++;
    });
    let closed = false;
    ws.on('close', () => (closed = true));
    const talk = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), BEAT_MS / 4);
    try {
      // Counted from its first message on (a beat may come between the upgrade and that message).
      ws.send(JSON.stringify({ type: 'ping' }));
      await until(() => pongs > 0, 'the first answer');
      pings = 0;
      const since = Date.now();
      await until(() => closed || Date.now() - since >= 10 * BEAT_MS, 'ten beats');
      assert.equal(closed, false, 'a socket that talks is not cut off');
      assert.ok(pongs > 10, `its messages were answered (${pongs})`);
      assert.equal(pings, 0, 'a socket that talks is not pinged');
      // Once it falls silent it is pinged again, and cut off for not answering.
      clearInterval(talk);
      await until(() => closed, 'the silent socket cut off', 20 * BEAT_MS);
      assert.ok(pings >= 1, 'pinged once silent');
    } finally {
      clearInterval(talk);
      ws.terminate();
    }
  });

  test('a closed tab is pushed as away at once, with how long it has been away, to players and spectators alike', async () => {
    const { id, clients } = await twoPlayers({}, 'presence-close');
    const watcher = await srv.client();
    await hello(watcher, id);
    const toPlayer = seatsWhere(clients[0]!, 1, false, 2000);
    const toWatcher = seatsWhere(watcher, 1, false, 2000);
    clients[1]!.close();
    const [a, b] = await Promise.all([toPlayer, toWatcher]);
    assert.deepEqual(a, b, 'everyone gets the same seats');
    // The welcome of a newcomer says how long seat 1 has been away, and the game's away time.
    const late = await srv.client();
    const w = await hello(late, id);
    const awayMs = (w.seats[1] as unknown as { awayMs: number | null }).awayMs;
    assert.ok(awayMs !== null && awayMs >= 0, JSON.stringify(w.seats[1]));
    assert.equal((w as unknown as { awayAfterMs: number }).awayAfterMs, DEFAULT_AWAY_AFTER_MS, 'the default away time is 3 minutes');
  });

  test('a move’s state message leaves the unchanged seats out; after someone came or went the next one carries them again', async () => {
    const { id, clients, welcomes } = await twoPlayers({}, 'presence-seats-once');
    const watcher = await srv.client();
    await hello(watcher, id);
    // What the server sent, as sent: the TestClient hands tests the patched view, not the text.
    const raw: Record<string, unknown>[] = [];
    watcher.ws.on('message', (d) => {
      const m = JSON.parse(wsText(d)) as Record<string, unknown>;
      if (m.type === 'state') raw.push(m);
    });
    let moves = welcomes[0]!.moves;
    const toAct = async (): Promise<number> => (await live(srv.hub, id)).toAct()!;
    const play = async (): Promise<Record<string, unknown>> => {
      const seen = raw.length;
      const c = clients[await toAct()]!;
      const view = [...c.messages].reverse().find((m) => m.type === 'state' || m.type === 'welcome')!.view;
      const ack = await c.request({ type: 'choice', choice: view.choices![0], index: moves });
      assert.equal(ack.type, 'ack', JSON.stringify(ack));
      moves++;
      await until(() => raw.length > seen && raw.at(-1)!.moves === moves, `the state after move ${moves}`);
      return raw.at(-1)!;
    };
    // Both players came since the last state message: the first move's carries the seats.
    assert.ok((await play()).seats, 'the seats after both players came');
    const first = await play();
    assert.equal(first.seats, undefined, 'a move changes no seat');
    assert.equal(first.awayAfterMs, undefined, 'the away time is the welcome’s');
    // The seat not to act leaves: told at once (a seats message), and again with the next move's state.
    const leaver = 1 - (await toAct());
    const away = seatsWhere(watcher, leaver, false, 2000);
    clients[leaver]!.close();
    await away;
    const next = await play();
    const seats = next.seats as { seat: number; connected: boolean }[] | undefined;
    assert.ok(seats, 'the state after someone left carries the seats');
    assert.deepEqual(
      seats.map((x) => x.connected),
      [leaver !== 0, leaver !== 1],
    );
    if ((await toAct()) !== leaver) assert.equal((await play()).seats, undefined, 'and the one after leaves them out again');
  });
});

describe('clocks enforced', () => {
  test('a seat out of time is played by the game’s bot at once, the log says why, and coming back brings no time: the bot plays on to the end', async () => {
    const bankMs = 1000;
    const { id, tokens, clients, g } = await twoPlayers({ clock: { bankMs, incrementMs: 1000 }, botLevel: 'random' }, 'presence-clock');
    const late = g.toAct()!;
    const other = 1 - late;
    const handed = clients[other]!.next((m) => m.type === 'state' && m.events.some((e) => e.type === 'seatToBot'), bankMs + 5000);
    // The other seat plays its own turns at once, so that only `late` runs out.
    const p = autoPlay(clients[other]!, other, 'presence-clock-other');
    const m = await handed;
    const expiredAt = g.moves.length > 0 ? g.timeOf(g.moves.length - 1) : g.stored.createdAt;
    const ev = m.events.find((e) => e.type === 'seatToBot')! as unknown as { seat: number; reason: string };
    assert.deepEqual({ seat: ev.seat, reason: ev.reason }, { seat: late, reason: 'clock' });
    assert.equal(m.seats[late]!.bot, 'random', 'the game’s bot level plays the seat');
    assert.ok(Date.now() - expiredAt < bankMs + 3000, 'handed over when the time ran out, not later');
    // The bot moves for the seat (no one asked it to).
    const handedAt = g.moves.length;
    await until(() => g.moves.some((mv, i) => i >= handedAt && mv.seat === late), 'the bot to play the seat out of time');
    // The seat's own player was told too, and a newcomer reads it in the log.
    const watcher = await srv.client();
    const w = await hello(watcher, id);
    const table = w.log.filter((e) => (e as unknown as { table?: true }).table === true);
    assert.ok(
      table.some((e) => e.events.some((x) => x.type === 'seatToBot' && (x as unknown as { reason: string }).reason === 'clock')),
      JSON.stringify(table),
    );

    // Its player returns with the same token: reconnecting brings no time, so the seat stays with
    // the bot to the end of the game and a choice of theirs is refused.
    p.stop();
    clients[late]!.close();
    const back = await srv.client();
    const welcome = await hello(back, id, tokens[late]);
    assert.equal(g.seatConfigs[late]!.bot, 'random', 'the seat is still the bot’s');
    assert.equal(g.clockLeft(late), 0, 'its clock is empty');
    assert.equal((welcome.clocks as (number | null)[] | null)?.[late], 0, 'the welcome shows the empty clock');
    const p2 = autoPlay(clients[other]!, other, 'presence-clock-other-2');
    await until(() => g.toAct() === late || g.status !== 'active', 'the seat out of time to be to act', 10_000);
    if (g.status === 'active') {
      const refused = await back.request({ type: 'choice', choice: g.game.choices(g.state)[0], index: g.moves.length });
      assert.equal(refused.type, 'error', JSON.stringify(refused));
      await until(() => g.moves.length > 0 && g.moves.at(-1)!.seat === late, 'the bot to play on for the seat out of time');
    }
    p2.stop();
    // Out of memory and back (a restart, an eviction, another process taking the game over): the same.
    for (const c of [...g.subscribers]) c.close('no_game', 'test: restart');
    await until(() => srv.hub.evict(0, 0) === 1, 'the game to leave memory once its bot has moved');
    const again = await live(srv.hub, id);
    const back2 = await srv.client();
    await hello(back2, id, tokens[late]);
    assert.equal(again.seatConfigs[late]!.bot, 'random');
    assert.equal(again.clockLeft(late), 0);
    assert.equal((await srv.store.getGame(id))!.seatConfigs[late]!.clockMs, 0, 'the empty clock is stored');
  });

  test('a clock stands still while a bot plays the seat: its player comes back with what it had, never more than the bank and its own increments', async () => {
    const bankMs = 60_000;
    const incrementMs = 5_000;
    const { id, tokens, clients, g } = await twoPlayers(
      { clock: { bankMs, incrementMs }, awayAfterMs: 1000, botLevel: 'random' },
      'presence-clock-freeze',
    );
    const leaver = g.toAct()!;
    const other = 1 - leaver;
    // The leaver goes while owing a decision; once away long enough the other hands the seat to the bot.
    clients[leaver]!.close();
    await until(() => g.awaySince[leaver] !== null && Date.now() - g.awaySince[leaver]! > 1100, 'the seat to be away for the away time');
    const r = await http<ApiReply>(srv.base, 'POST', `/api/games/${id}/seats/${leaver}/bot`, { token: tokens[other] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const atHandover = g.clockLeft(leaver)!;
    assert.ok(atHandover < bankMs && atHandover > 0, `charged up to the hand-over: ${atHandover} ms`);
    // The bot plays several of the seat's moves; the other seat plays its own at once.
    const p = autoPlay(clients[other]!, other, 'presence-clock-freeze-other');
    const handedAt = g.moves.length;
    await until(
      () => g.moves.filter((mv, i) => i >= handedAt && mv.seat === leaver).length >= 3 || g.status !== 'active',
      'the bot to play three moves',
    );
    p.stop();
    assert.equal(g.clockLeft(leaver), atHandover, 'no time spent and no increment earned while the bot played');
    const back = await srv.client();
    await hello(back, id, tokens[leaver]);
    await until(() => g.seatConfigs[leaver]!.bot === null, 'the seat to be taken back');
    assert.ok(g.clockLeft(leaver)! <= atHandover, `came back with ${g.clockLeft(leaver)} ms, had ${atHandover} ms`);
    assert.equal((await srv.store.getGame(id))!.seatConfigs[leaver]!.bot, null, 'the reclaim is stored');
  });

  test('the clock timer follows a load: a seat whose time ran out while the game was out of memory goes to the bot on load', async () => {
    const { id, g } = await twoPlayers({ clock: { bankMs: 1000, incrementMs: 0 } }, 'presence-clock-load');
    const late = g.toAct()!;
    // The process "restarts": the game leaves memory before the time runs out, and is loaded after.
    for (const c of [...g.subscribers]) c.close('no_game', 'test: restart');
    assert.equal(srv.hub.evict(0, 0), 1);
    await until(() => Date.now() - g.stored.createdAt > 1200, 'the clock to run out meanwhile');
    const again = await live(srv.hub, id);
    await until(() => again.seatConfigs[late]!.bot !== null, 'the seat to go to a bot on load', 5000);
    assert.equal(again.seatConfigs[late]!.bot, 'greedy', 'the default bot is the lobby’s middle level');
  });
});

describe('the away-time setting', () => {
  test('bad away times and bot levels are refused with a clear error', async () => {
    for (const [body, pattern] of [
      [{ awayAfterMs: 500 }, /awayAfterMs/],
      [{ awayAfterMs: 'soon' }, /awayAfterMs/],
      [{ awayAfterMs: 1.5e3 + 0.5 }, /awayAfterMs/],
      [{ awayAfterMs: 8 * 24 * 3600 * 1000 }, /awayAfterMs/],
      [{ botLevel: 'nobody' }, /unknown bot/],
    ] as const) {
      const r = await http<ApiReply>(srv.base, 'POST', '/api/games', {
        game: 'relic-runners',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        ...body,
      });
      assert.equal(r.status, 400, JSON.stringify(r.json));
      assert.match(r.json.message, pattern, JSON.stringify(body));
    }
  });

  test('after the game’s away time (not before) another seat hands the seat to the game’s bot; the log says so; the player takes it back by returning', async () => {
    const awayAfterMs = 1000;
    const { id, tokens, clients, welcomes, g } = await twoPlayers({ awayAfterMs, botLevel: 'random' }, 'presence-away');
    assert.equal((welcomes[0] as unknown as { awayAfterMs: number }).awayAfterMs, awayAfterMs);
    assert.equal(g.awayAfterMs, awayAfterMs, 'stored with the game’s settings');
    const gone = seatsWhere(clients[0]!, 1, false);
    clients[1]!.close();
    await gone;
    const hand = (token: string) => http<ApiReply>(srv.base, 'POST', `/api/games/${id}/seats/1/bot`, { token });
    const early = await hand(tokens[0]!);
    assert.equal(early.status, 409, JSON.stringify(early.json));
    assert.match(early.json.message, /still here/);
    await until(() => Date.now() - g.awaySince[1]! >= awayAfterMs, 'the away time to pass');
    const told = clients[0]!.next((m) => m.type === 'state' && m.events.some((e) => e.type === 'seatToBot'));
    const r = await hand(tokens[0]!);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.seats[1]!.bot, 'random');
    const ev = (await told).events.find((e) => e.type === 'seatToBot') as unknown as { seat: number; reason: string };
    assert.deepEqual({ seat: ev.seat, reason: ev.reason }, { seat: 1, reason: 'away' });

    const back = await srv.client();
    const reclaimed = clients[0]!.next((m) => m.type === 'state' && m.events.some((e) => e.type === 'seatReclaimed'));
    await hello(back, id, tokens[1]);
    await reclaimed;
    assert.equal(g.seatConfigs[1]!.bot, null);
  });

  test('an older game without the setting uses the server’s default away time', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'presence-old' });
    const stored = (await srv.store.getGame(id))!;
    const { awayAfterMs: _dropped, ...older } = stored.settings as Record<string, unknown>;
    assert.equal(_dropped, DEFAULT_AWAY_AFTER_MS);
    const oldId = `${id}-old`;
    await srv.store.createGame(
      {
        id: oldId,
        game: stored.game,
        seats: stored.seats,
        seed: stored.seed,
        options: stored.options,
        settings: older,
        createdAt: Date.now(),
        listed: false,
      },
      stored.seatConfigs,
      stored.hash,
    );
    const g = await live(srv.hub, oldId);
    assert.equal(g.settings.awayAfterMs, undefined);
    assert.equal(g.awayAfterMs, srv.hub.awayAfterMs);
    assert.equal(srv.hub.awayAfterMs, DEFAULT_AWAY_AFTER_MS);
  });
});

describe('what a socket keeps (a server holds thousands of them)', () => {
  test('an open socket keeps nothing of its upgrade (no response with its headers); an error on it closes it and frees the seat', async () => {
    const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'presence-upgrade' });
    const token = await joinSeat(srv.base, id, 0, 'Ada');
    const c = await srv.client();
    await hello(c, id, token);
    const g = await live(srv.hub, id);
    const [sub] = [...g.subscribers];
    const ws = (sub as unknown as { socket: WebSocket }).socket;
    const tcp = (ws as unknown as { _socket: { _httpMessage: unknown } })._socket;
    assert.equal(tcp._httpMessage, null, 'the TCP socket no longer points at the upgrade response');
    // Every 'error' listener left is the server's own: none closes over the upgrade's request or reply.
    assert.ok(ws.listeners('error').every((f) => !/request|reply/.test(f.toString())));
    ws.emit('error', new Error('test: a broken frame'));
    assert.ok((await c.closed()) !== 0);
    await until(() => g.subscribers.size === 0, 'the connection to leave');
    assert.equal(g.publicSeats()[0]!.connected, false);
  });
});
