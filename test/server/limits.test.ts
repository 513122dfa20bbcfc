/**
 * Per-connection limits, on both stores: a client that never reads is cut off, a flood
 * of hellos pays for what it receives and a returning client gets only the log it lacks,
 * finished and idle games leave memory, hostile shapes and texts are refused, and a choice made
 * after the seat's time ran out is not accepted.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket, { type RawData } from 'ws';
import { Hub } from '../../src/server/hub.js';
import { WELCOME_BYTES_PER_MESSAGE, WELCOME_MOVES_PER_MESSAGE } from '../../src/server/announcer.js';
import { http, type TestClient } from '../helpers/ws-client.js';
import { parseMsg, type ServerMsg } from '../helpers/wire.js';
import { createGame, hello, inviteKeys, joinSeat, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';

/** A finished all-bot game: many moves, a long public log. */
async function finishedBotGame(srv: TestServer): Promise<string> {
  // Random bots wander: about 1,600 moves and a 200 KB log for this seed.
  const id = await createGame(srv.base, {
    seats: [1, 2, 3, 4].map(() => ({ kind: 'bot', bot: 'random' })),
    botDelayMs: 0,
    seed: 'issue-13-long-game',
  });
  const g = await live(srv.hub, id);
  await until(() => g.status !== 'active', 'the bot game to end', 60_000);
  return id;
}

/** Sends `n` messages and collects the next `n` answers of the given types. */
async function answers(c: TestClient, n: number, send: (i: number) => unknown): Promise<ServerMsg[]> {
  const got: ServerMsg[] = [];
  const done = new Promise<void>((resolve) => {
    const on = (d: RawData) => {
      const m = parseMsg(d);
      if (m.type !== 'welcome' && m.type !== 'error') return;
      got.push(m);
      if (got.length === n) {
        c.ws.off('message', on);
        resolve();
      }
    };
    c.ws.on('message', on);
  });
  for (let i = 0; i < n; i++) c.send(send(i));
  await done;
  return got;
}

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`per-connection limits on ${kind}`, () => {
    let srv: TestServer;
    let longGame: string;
    before(async () => {
      srv = await startServer(kind, { wsMaxBufferedBytes: 256 * 1024, evictFinishedMs: 60 * 60_000 });
      longGame = await finishedBotGame(srv);
    });
    after(async () => {
      await srv?.stop();
    });

    test('a client that never reads is closed once its unsent bytes pass the limit, and its socket is freed', async () => {
      const welcomeBytes = JSON.stringify(await hello(await srv.client(), longGame)).length;
      const raw = new WebSocket(srv.wsUrl);
      await new Promise<void>((resolve, reject) => {
        raw.once('open', () => resolve());
        raw.once('error', reject);
      });
      const closed = new Promise<number>((resolve) => raw.once('close', (code) => resolve(code)));
      // Stop reading: what the server sends piles up, first in the kernel's buffers, then in its own.
      (raw as unknown as { _socket: { pause(): void } })._socket.pause();
      const before = srv.app.websocketServer.clients.size;
      const watching = (await live(srv.hub, longGame)).subscribers.size;
      // Enough welcomes to fill both kernels' socket buffers many times over (bounded).
      const n = Math.ceil((64 * 1024 * 1024) / welcomeBytes);
      for (let i = 0; i < n && raw.readyState === WebSocket.OPEN; i++) raw.send(JSON.stringify({ type: 'hello', game: longGame }));
      await until(() => srv.app.websocketServer.clients.size === before - 1, 'the server to drop the client that does not read', 30_000);
      (raw as unknown as { _socket: { resume(): void } })._socket.resume();
      const code = await closed;
      assert.ok(code === 4001 || code === 1006, `closed with ${code}`);
      assert.equal((await live(srv.hub, longGame)).subscribers.size, watching);
      assert.deepEqual((await http(srv.base, 'GET', '/health')).json, { ok: true });
    });

    test('a returning client names the log it holds and receives only the moves after it', async () => {
      const g = await live(srv.hub, longGame);
      const n = g.moves.length;
      const c = await srv.client();
      const full = await hello(c, longGame);
      assert.equal(full.logFrom, 0);
      assert.equal(full.log.length, n);
      assert.deepEqual(
        full.log.map((e) => e.move),
        Array.from({ length: n }, (_, i) => i + 1),
      );
      const k = n - 3;
      const tail = await (async () => {
        const w = c.next((m) => m.type === 'welcome' || m.type === 'error');
        c.send({ type: 'hello', game: longGame, since: k, at: full.log[k - 1]!.at });
        return w;
      })();
      assert.equal(tail.type, 'welcome');
      assert.equal(tail.logFrom, k);
      assert.deepEqual(tail.log, full.log.slice(k));
      assert.ok(JSON.stringify(tail).length < JSON.stringify(full).length / 10, 'the short welcome is much smaller');
      // A copy that no longer matches (the move at `since` is not the one the client saw) gets everything.
      const stale = await (async () => {
        const w = c.next((m) => m.type === 'welcome' || m.type === 'error');
        c.send({ type: 'hello', game: longGame, since: k, at: full.log[k - 1]!.at + 1 });
        return w;
      })();
      assert.equal(stale.logFrom, 0);
      assert.equal(stale.log.length, n);
      const beyond = await (async () => {
        const w = c.next((m) => m.type === 'welcome' || m.type === 'error');
        c.send({ type: 'hello', game: longGame, since: n + 5, at: 1 });
        return w;
      })();
      assert.equal(beyond.logFrom, 0);
    });

    test('a choice nested 4,000 deep is refused as a bad message, not an internal error', async () => {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }] });
      const token = await joinSeat(srv.base, id, 0, 'Ann');
      const c = await srv.client();
      await hello(c, id, token);
      const g = await live(srv.hub, id);
      await until(() => g.toAct() === 0, 'seat 0 to act');
      const moves = g.moves.length;
      const deep = '['.repeat(4000) + ']'.repeat(4000);
      const r = await new Promise<ServerMsg>((resolve) => {
        const w = c.next((m) => m.type === 'error' && m.id === 'deep');
        c.send(`{"type":"choice","choice":{"t":"move","x":${deep}},"id":"deep"}`);
        void w.then(resolve);
      });
      assert.equal(r.code, 'bad_message', JSON.stringify(r));
      assert.match(r.message, /nested more than/);
      assert.equal(g.moves.length, moves);
      const body = await http(srv.base, 'POST', '/api/games', {
        game: 'relic-runners',
        seats: [{ kind: 'human' }, { kind: 'human' }],
        options: { x: JSON.parse(deep) as unknown },
      });
      assert.equal(body.status, 400);
      assert.equal(body.json.error, 'bad_message');
    });

    test('names are 1–40 printable characters on every store; NUL, controls, overrides and blanks are refused', async () => {
      for (const bad of ['A\u0000B', 'tab\there', 'line\nbreak', '   ', '\u202Egnp.exe', 'x\uD800', 'a'.repeat(41)]) {
        const create = await http(srv.base, 'POST', '/api/games', {
          game: 'relic-runners',
          seats: [
            { kind: 'human', name: bad },
            { kind: 'bot', bot: 'greedy' },
          ],
        });
        assert.equal(create.status, 400, `create with name ${JSON.stringify(bad)}: ${JSON.stringify(create.json)}`);
        assert.equal(create.json.error, 'bad_message');
      }
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }] });
      const nul = await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 0, name: 'Ann\u0000' });
      assert.equal(nul.status, 400, JSON.stringify(nul.json));
      assert.equal((await srv.store.getGame(id))!.seatConfigs[0]!.claimed, false);
      const bot = await http(srv.base, 'POST', '/api/games', {
        game: 'relic-runners',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy\u0000' }],
      });
      assert.equal(bot.status, 400);
      const ok = await http(srv.base, 'POST', `/api/games/${id}/join`, { seat: 1, name: 'Zoë 🦜 Łukasz', key: inviteKeys.get(id)!.get(1) });
      assert.equal(ok.status, 200, JSON.stringify(ok.json));
      assert.equal((await srv.store.getGame(id))!.seatConfigs[1]!.name, 'Zoë 🦜 Łukasz');
    });

    test("a choice that arrives after the seat's time ran out is refused, and a reload does not refund the time", async () => {
      const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], clock: { bankMs: 1000, incrementMs: 0 } });
      const token = await joinSeat(srv.base, id, 0, 'Ann');
      const g = await live(srv.hub, id);
      const seat = g.toAct()!;
      const c = await srv.client();
      await hello(c, id, seat === 0 ? token : await joinSeat(srv.base, id, seat, 'Bo'));
      // A reload on a second hub (as after a restart) counts the time since the game began.
      await until(() => Date.now() - g.stored.createdAt >= 300, '300 ms of thinking');
      const reloaded = await new Hub(srv.store, { botThreads: 0 }).get(id);
      assert.ok(reloaded!.clockLeft(seat)! <= 700, `clock after reload: ${reloaded!.clockLeft(seat)}`);
      await reloaded!.serial(() => reloaded!.close());
      await until(() => g.clockLeft(seat)! <= 0, 'the clock to run out', 5000);
      // The server hands the seat to the game's bot the moment its time runs out
      // (test/server/presence.test.ts): a choice of the player arriving after that is refused —
      // out of time, or stale or not its turn once the bot has moved — and never played.
      const r = await c.request({ type: 'choice', choice: g.game.choices(g.state)[0], index: g.moves.length });
      assert.equal(r.type, 'error');
      assert.ok(['out_of_time', 'stale', 'not_your_turn'].includes(r.code), JSON.stringify(r));
      await until(() => g.seatConfigs[seat]!.bot !== null, 'the bot to take the seat');
    });
  });

  describe(`hello budget and eviction on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind, { wsPerSecond: 20, evictFinishedMs: 200, evictIdleMs: 400 });
    });
    after(async () => {
      await srv?.stop();
    });

    test('a flood of hellos for a long log is paid by the bytes it receives', async () => {
      const id = await finishedBotGame(srv);
      const c = await srv.client();
      // 20 hellos fit the message budget (a burst of 40) when each counts as one message.
      const got = await answers(c, 20, () => ({ type: 'hello', game: id }));
      const welcomes = got.filter((m) => m.type === 'welcome');
      const limited = got.filter((m) => m.type === 'error' && m.code === 'rate_limited');
      assert.ok(JSON.stringify(welcomes[0]).length > 64 * 1024, 'the log is long');
      assert.ok(welcomes.length <= 10, `${welcomes.length} full welcomes answered in one burst`);
      assert.equal(welcomes.length + limited.length, 20);
    });

    test('a flood of hellos that each make the server play moves again to tell the log is paid by those moves', async () => {
      const id = await finishedBotGame(srv);
      const g = await live(srv.hub, id);
      const n = g.match.decisions;
      // The log since the move before a checkpoint: a short welcome, for which the server plays
      // the moves from the checkpoint before that (the live game keeps no events).
      const since = 64 * Math.floor(n / 64) - 1;
      const c = await srv.client();
      const got = await answers(c, 20, () => ({ type: 'hello', game: id, since, at: g.timeOf(since - 1) }));
      const welcomes = got.filter((m) => m.type === 'welcome');
      assert.equal(welcomes[0]!.logFrom, since);
      assert.ok(JSON.stringify(welcomes[0]).length < WELCOME_BYTES_PER_MESSAGE, 'a welcome its bytes alone would not charge');
      const played = n - (since - 63);
      assert.ok(played >= 2 * WELCOME_MOVES_PER_MESSAGE);
      // A burst of 40 messages, each welcome worth 1 + played/32 of them.
      assert.ok(welcomes.length <= Math.ceil(40 / (1 + Math.floor(played / WELCOME_MOVES_PER_MESSAGE))), `${welcomes.length} answered`);
      assert.equal(got.length - welcomes.length, got.filter((m) => m.type === 'error' && m.code === 'rate_limited').length);
    });

    test('finished and idle games leave memory and come back from the store on demand', async () => {
      const id = await finishedBotGame(srv);
      const c = await srv.client();
      const w1 = await hello(c, id);
      const moves = w1.moves;
      c.close();
      await until(() => !srv.hub.isLive(id), 'the finished game to leave memory', 10_000);
      const c2 = await srv.client();
      const w2 = await hello(c2, id);
      assert.equal(w2.moves, moves);
      assert.equal(w2.status, 'finished');
      assert.deepEqual(w2.log, w1.log);
      c2.close();

      // An unfinished game nobody watches leaves memory too, and plays on once someone is back.
      const game = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }] });
      const token = await joinSeat(srv.base, game, 0, 'Ann');
      await until(() => !srv.hub.isLive(game), 'the idle game to leave memory', 10_000);
      const p = await srv.client();
      const w3 = await hello(p, game, token);
      assert.equal(w3.seat, 0);
      const g = await live(srv.hub, game);
      await until(() => g.toAct() === 0, 'seat 0 to act');
      const r = await p.request({ type: 'choice', choice: g.game.choices(g.state)[0], index: g.moves.length });
      assert.equal(r.type, 'ack', JSON.stringify(r));
      // Watched games stay.
      await until(() => Date.now() - g.touchedAt > 800, 'longer than the idle time');
      assert.ok(srv.hub.isLive(game));
    });
  });
}
