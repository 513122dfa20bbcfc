/**
 * The table chat over the WebSocket, on both stores: who reads which room, quick phrases, mutes,
 * reports, suspended accounts, what survives a reload, and every chat message a client can send
 * tried with bad input (each refused with a clear error, nothing stored nor told).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AccountBrowser, refused, uniqueName } from '../helpers/account-browser.js';
import { BAD_TEXT } from '../helpers/bad-text.js';
import { createGame, hello, joinSeat, live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import type { ServerMsg } from '../helpers/wire.js';
import { SESSION_COOKIE } from '../../src/server/accounts/session-cookie.js';
import { CHAT_BURST, CHAT_REQUESTS_BURST } from '../../src/server/chat/game-chat.js';
import type { ChatEntry, ChatWelcome } from '../../src/server/chat/protocol.js';
import { MAX_CHAT_CHARS } from '../../src/core/chat.js';

const PASSWORD = 'correct horse battery';

/** The chat messages a client was sent (in `chat` messages), in order. */
const heard = (c: TestClient): ChatEntry[] =>
  c.messages.flatMap((m) => ((m.type as string) === 'chat' ? (m as unknown as { messages: ChatEntry[] }).messages : []));
const chatOfWelcome = (w: ServerMsg): ChatWelcome => (w as unknown as { chat: ChatWelcome }).chat;
const nextChat = (c: TestClient, pred: (e: ChatEntry) => boolean) =>
  c.next((m) => (m.type as string) === 'chat' && (m as unknown as { messages: ChatEntry[] }).messages.some(pred));

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`table chat on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      srv = await startServer(kind);
    });
    after(async () => {
      await srv?.stop();
    });

    /** A game of `n` claimed human seats, each with a client said hello, and a guest spectator. */
    const table = async (n = 2, seed = 'chat') => {
      const id = await createGame(srv.base, { seats: Array.from({ length: n }, () => ({ kind: 'human' })), seed });
      const names = ['Ada', 'Bo', 'Cy', 'Di'];
      const tokens: string[] = [];
      const players: TestClient[] = [];
      for (let s = 0; s < n; s++) {
        tokens.push(await joinSeat(srv.base, id, s, names[s]));
        const c = await srv.client();
        await hello(c, id, tokens[s]);
        players.push(c);
      }
      const guest = await srv.client();
      await hello(guest, id);
      return { id, tokens, players, guest };
    };

    /** A signed-in account and a WebSocket carrying its session, as its browser opens one. */
    const account = async () => {
      const b = new AccountBrowser(srv.base);
      const name = uniqueName('chat');
      const r = await b.post('/api/account/sign-up', { name, password: PASSWORD });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const socket = async () => {
        const c = await TestClient.connect(srv.wsUrl, { cookie: `${SESSION_COOKIE}=${b.cookies.get(SESSION_COOKIE)!}`, origin: srv.base });
        clients.push(c);
        return c;
      };
      return { b, name, id: r.json.account.id, socket };
    };
    const clients: TestClient[] = [];
    after(() => {
      for (const c of clients) c.ws.terminate();
    });

    const count = async (id: string) =>
      (await srv.store.chat.recentMessages(id, 'players', 1000)).length +
      (await srv.store.chat.recentMessages(id, 'spectators', 1000)).length;

    test("players talk in the players' room: each player hears the text as sent and the phrase as its code; spectators hear neither", async () => {
      const { players, guest } = await table(3, 'chat-1');
      const a = await players[0]!.request({ type: 'chat', text: 'Hi <b>all</b> & good luck' });
      assert.equal(a.type, 'ack', JSON.stringify(a));
      const p = await players[1]!.request({ type: 'chat', phrase: 'goodGame' });
      assert.equal(p.type, 'ack', JSON.stringify(p));
      for (const c of players) {
        await until(() => heard(c).length === 2, 'both messages to reach every player');
        const [m1, m2] = heard(c);
        assert.deepEqual(
          { room: m1!.room, seat: m1!.seat, name: m1!.name, text: m1!.text },
          { room: 'players', seat: 0, name: 'Ada', text: 'Hi <b>all</b> & good luck' },
        );
        assert.equal(m2!.phrase, 'goodGame');
        assert.equal(m2!.text, undefined);
        assert.ok(m2!.id > m1!.id);
      }
      // A spectator's later message reaches it: had it been sent the players' words, they would come first.
      await guest.request({ type: 'ping' });
      assert.deepEqual(heard(guest), [], "a spectator hears nothing of the players' room");
    });

    test("a signed-in spectator speaks in the spectators' room; a player reads it only after asking to, with its backlog, and stops when it hides it", async () => {
      const { id, players, guest } = await table(2, 'chat-2');
      const fan = await account();
      const ws = await fan.socket();
      await hello(ws, id);
      assert.equal((await ws.request({ type: 'chat', text: 'first' })).type, 'ack');
      await until(() => heard(guest).some((m) => m.text === 'first'), 'the other spectator to hear it');
      const [m] = heard(guest);
      assert.deepEqual({ room: m!.room, seat: m!.seat, name: m!.name }, { room: 'spectators', seat: null, name: fan.name });
      await players[0]!.request({ type: 'ping' });
      assert.deepEqual(heard(players[0]!), [], "a player hears nothing of the spectators' room unless it asks");

      const backlog = nextChat(players[0]!, (e) => e.text === 'first');
      assert.equal((await players[0]!.request({ type: 'chatSpectators', show: true })).type, 'ack');
      await backlog;
      await ws.request({ type: 'chat', text: 'second' });
      await until(() => heard(players[0]!).some((e) => e.text === 'second'), 'the player who asked to hear the second one');
      assert.ok(!heard(players[1]!).some((e) => e.room === 'spectators'), 'the other player still hears none of it');

      await players[0]!.request({ type: 'chatSpectators', show: false });
      await ws.request({ type: 'chat', text: 'third' });
      await until(() => heard(guest).some((e) => e.text === 'third'), 'the spectators to hear the third');
      await players[0]!.request({ type: 'ping' });
      assert.ok(!heard(players[0]!).some((e) => e.text === 'third'), 'hidden again: not sent');
    });

    test('a guest watching reads the spectators’ room but may not speak in it', async () => {
      const { id, guest } = await table(2, 'chat-3');
      const r = await guest.request({ type: 'chat', text: 'hello' });
      assert.equal(r.code, 'signed_out', JSON.stringify(r));
      assert.match(r.message, /sign in/);
      assert.equal(await count(id), 0);
    });

    test('messages and mutes are stored with the game: after a reload the welcome brings each reader its room and its mutes', async () => {
      const { id, tokens, players } = await table(3, 'chat-4');
      await players[0]!.request({ type: 'chat', text: 'from Ada' });
      await players[2]!.request({ type: 'chat', text: 'from Cy' });
      assert.equal((await players[1]!.request({ type: 'mute', seat: 0, muted: true })).type, 'ack');
      await players[0]!.request({ type: 'chat', text: 'Ada again' });
      await players[2]!.request({ type: 'chat', text: 'Cy again' });
      await until(() => heard(players[1]!).some((e) => e.text === 'Cy again'), 'the last message');
      assert.deepEqual(
        heard(players[1]!).map((e) => e.text),
        ['from Ada', 'from Cy', 'Cy again'],
        'the muted seat is not sent to the player who muted it',
      );
      assert.ok(
        heard(players[2]!).some((e) => e.text === 'Ada again'),
        'the others still hear it',
      );

      const g = await live(srv.hub, id);
      for (const c of [...g.subscribers]) c.close('no_game', 'test: restart');
      await until(() => g.subscribers.size === 0, 'the connections to leave');
      srv.hub.evict(0, 0);
      assert.ok(!srv.hub.isLive(id));

      const back = await srv.client();
      const w1 = chatOfWelcome(await hello(back, id, tokens[1]));
      assert.deepEqual(w1.muted, [0]);
      assert.deepEqual(
        w1.messages.map((e) => e.text),
        ['from Cy', 'Cy again'],
      );
      const w0 = chatOfWelcome(await hello(await srv.client(), id, tokens[0]));
      assert.deepEqual(
        w0.messages.map((e) => e.text),
        ['from Ada', 'from Cy', 'Ada again', 'Cy again'],
      );
      assert.deepEqual(
        chatOfWelcome(await hello(await srv.client(), id)).messages,
        [],
        "a spectator's welcome has none of the players' words",
      );
      // Unmuted: the seat's new messages come again.
      await back.request({ type: 'mute', seat: 0, muted: false });
      const c0 = await srv.client();
      await hello(c0, id, tokens[0]);
      await c0.request({ type: 'chat', text: 'heard again' });
      await until(() => heard(back).some((e) => e.text === 'heard again'), 'the unmuted seat to be heard');
    });

    test('every chat request refuses bad input with a clear error, and stores and tells nothing', async () => {
      const { id, players, guest } = await table(2, 'chat-5');
      const other = await table(2, 'chat-5b');
      await other.players[0]!.request({ type: 'chat', text: 'elsewhere' });
      const [elsewhere] = await srv.store.chat.recentMessages(other.id, 'players', 1);
      const p = players[0]!;
      const bad: [Record<string, unknown>, string][] = [
        [{ type: 'chat', text: 'x'.repeat(MAX_CHAT_CHARS + 1) }, 'bad_message'],
        [{ type: 'chat' }, 'bad_message'],
        [{ type: 'chat', text: 'hi', phrase: 'thanks' }, 'bad_message'],
        [{ type: 'chat', phrase: 'insult' }, 'bad_message'],
        [{ type: 'chat', text: 7 }, 'bad_message'],
        [{ type: 'chat', text: 'hi', room: 'spectators' }, 'bad_message'],
        // The account of a message is the socket's, never the client's word.
        [{ type: 'chat', text: 'hi', as: { id: 'x', name: 'admin' } }, 'bad_message'],
        [{ type: 'chatSpectators', show: 'yes' }, 'bad_message'],
        [{ type: 'mute', seat: 0, muted: true }, 'bad_message'],
        [{ type: 'mute', seat: 5, muted: true }, 'bad_message'],
        [{ type: 'mute', seat: -1, muted: true }, 'bad_message'],
        [{ type: 'chatSpectators', show: true, room: 'players' }, 'bad_message'],
        [{ type: 'mute', seat: 1, muted: 'yes' }, 'bad_message'],
        [{ type: 'mute', seat: 1.5, muted: true }, 'bad_message'],
        [{ type: 'mute', seat: '1', muted: true }, 'bad_message'],
        [{ type: 'report', message: 0 }, 'bad_message'],
        [{ type: 'report', message: -3 }, 'bad_message'],
        [{ type: 'report', message: 2.5 }, 'bad_message'],
        [{ type: 'report', message: '1' }, 'bad_message'],
        [{ type: 'report', message: 2 ** 60 }, 'bad_message'],
        [{ type: 'report', message: elsewhere!.id }, 'signed_out'],
        ...BAD_TEXT.map((t): [Record<string, unknown>, string] => [{ type: 'chat', text: t }, 'bad_message']),
      ];
      for (const [msg, code] of bad) {
        const r = await p.request(msg);
        assert.equal(r.type, 'error', `${JSON.stringify(msg)}: ${JSON.stringify(r)}`);
        assert.equal(r.code, code, `${JSON.stringify(msg)}: ${JSON.stringify(r)}`);
        assert.ok(r.message.length > 5, 'words say why');
      }
      assert.equal((await guest.request({ type: 'mute', seat: 0, muted: true })).code, 'bad_message', 'a spectator mutes nobody');
      assert.equal((await guest.request({ type: 'chatSpectators', show: true })).code, 'bad_message');
      const nobody = await srv.client();
      assert.equal((await nobody.request({ type: 'chat', text: 'hi' })).code, 'not_joined');
      // Another table's message is no message here, even for a signed-in reader.
      const fan = await account();
      const ws = await fan.socket();
      await hello(ws, id);
      const r = await ws.request({ type: 'report', message: elsewhere!.id });
      assert.equal(r.code, 'bad_message', JSON.stringify(r));
      assert.equal(await count(id), 0, 'nothing was stored');
      assert.deepEqual(await srv.store.chat.mutes(id), new Map());
      assert.deepEqual(await srv.store.chat.reports(100).then((l) => l.filter((x) => x.gameId === other.id)), []);
      await p.request({ type: 'ping' });
      assert.deepEqual(heard(players[1]!), [], 'nothing was told');
    });

    test('a seat may say CHAT_BURST messages at once, then waits: on every connection of the seat', async () => {
      const { id, tokens, players } = await table(2, 'chat-6');
      const second = await srv.client();
      await hello(second, id, tokens[0]);
      for (let i = 0; i < CHAT_BURST; i++) assert.equal((await players[0]!.request({ type: 'chat', text: `m${i}` })).type, 'ack');
      const r = await second.request({ type: 'chat', text: 'one more' });
      assert.equal(r.code, 'rate_limited', JSON.stringify(r));
      assert.equal((await players[1]!.request({ type: 'chat', text: 'other seat' })).type, 'ack', 'another seat has its own budget');
      assert.equal(await count(id), CHAT_BURST + 1);
    });

    test("in a rated game the seat's account answers for its words: suspended, its seat's token may not chat either", async () => {
      const owner = await account();
      const r = await owner.b.send<{ id: string; invites: { seat: number; key: string }[] }>('POST', '/api/games', {
        game: 'relic-runners',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }],
        clock: { bankMs: 600_000, incrementMs: 0 },
        rated: true,
      });
      assert.equal(r.status, 201, JSON.stringify(r.json));
      const { id, invites } = r.json;
      const joined = await owner.b.send<{ token: string }>('POST', `/api/games/${id}/join`, { seat: 0, key: invites[0]!.key });
      assert.equal(joined.status, 200, JSON.stringify(joined.json));
      // A socket without the session: the seat's token alone.
      const c = await srv.client();
      await hello(c, id, joined.json.token);
      assert.equal((await c.request({ type: 'chat', phrase: 'hello' })).type, 'ack');
      await srv.store.chat.suspend(owner.id, Date.now(), 'test');
      const refusedChat = await c.request({ type: 'chat', phrase: 'hello' });
      assert.equal(refusedChat.code, 'suspended', JSON.stringify(refusedChat));
      assert.equal((await srv.store.chat.recentMessages(id, 'players', 10)).length, 1);
      await srv.store.chat.unsuspend(owner.id);
    });

    test('each connection may send CHAT_REQUESTS_BURST chat requests at once; the next is refused', async () => {
      const { players } = await table(2, 'chat-8');
      const answers = await Promise.all(
        Array.from({ length: CHAT_REQUESTS_BURST + 1 }, (_, i) => players[0]!.request({ type: 'chatSpectators', show: i % 2 === 0 })),
      );
      assert.equal(answers.filter((a) => a.type === 'ack').length, CHAT_REQUESTS_BURST);
      assert.deepEqual(
        answers.filter((a) => a.type === 'error').map((a) => a.code),
        ['rate_limited'],
      );
    });

    test('a signed-in reader reports a message for the operators; a suspended account cannot chat, report, sign in or start a game', async () => {
      const { id, players } = await table(2, 'chat-7');
      await players[0]!.request({ type: 'chat', text: 'rude words' });
      const [msg] = await srv.store.chat.recentMessages(id, 'players', 1);
      const fan = await account();
      const ws = await fan.socket();
      await hello(ws, id);
      // A spectator does not read the players' room: it cannot report what it was never sent.
      assert.equal((await ws.request({ type: 'report', message: msg!.id })).code, 'bad_message');
      await ws.request({ type: 'chat', text: 'spam spam' });
      const [spam] = await srv.store.chat.recentMessages(id, 'spectators', 1);
      const reporter = await account();
      const rws = await reporter.socket();
      await hello(rws, id);
      assert.equal((await rws.request({ type: 'report', message: spam!.id })).type, 'ack');
      assert.equal((await rws.request({ type: 'report', message: spam!.id })).type, 'ack', 'twice is once');
      const reports = (await srv.store.chat.reports(100)).filter((x) => x.gameId === id);
      assert.equal(reports.length, 1);
      assert.deepEqual(
        { by: reports[0]!.reporterName, text: reports[0]!.message.text, speaker: reports[0]!.speakerAccount },
        { by: reporter.name, text: 'spam spam', speaker: fan.name },
      );

      await srv.store.chat.suspend(fan.id, Date.now(), 'spam');
      const r = await ws.request({ type: 'chat', text: 'more spam' });
      assert.equal(r.code, 'suspended', JSON.stringify(r));
      assert.equal((await ws.request({ type: 'report', message: spam!.id })).code, 'suspended');
      assert.equal((await srv.store.chat.recentMessages(id, 'spectators', 10)).length, 1, 'nothing more stored');
      refused(
        await fan.b.post('/api/games', { game: 'relic-runners', seats: [{ kind: 'human' }, { kind: 'human' }] }),
        403,
        'suspended',
        'a new game',
      );
      refused(
        await new AccountBrowser(srv.base).post('/api/account/sign-in', { name: fan.name, password: PASSWORD }),
        403,
        'suspended',
        'a sign-in',
      );
      await srv.store.chat.unsuspend(fan.id);
      assert.equal(
        (await new AccountBrowser(srv.base).post('/api/account/sign-in', { name: fan.name, password: PASSWORD })).status,
        200,
        'lifted: signs in again',
      );
    });
  });
}
