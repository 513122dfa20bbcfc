/**
 * The table chat in cluster mode: a message said on one process reaches the readers on the others
 * through the game's owner, with the speaker's account read where its socket is; after the owner
 * dies, the process that takes the game over tells the same backlog.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AccountBrowser, uniqueName } from '../helpers/account-browser.js';
import { InProcessCluster, type ClusterNode } from '../helpers/cluster-in-process.js';
import { createGame, hello, joinSeat, until } from '../helpers/server.js';
import { TestClient } from '../helpers/ws-client.js';
import type { ServerMsg } from '../helpers/wire.js';
import { SESSION_COOKIE } from '../../src/server/accounts/session-cookie.js';
import type { ChatEntry, ChatWelcome } from '../../src/server/chat/protocol.js';

const heard = (c: TestClient): ChatEntry[] =>
  c.messages.flatMap((m) => ((m.type as string) === 'chat' ? (m as unknown as { messages: ChatEntry[] }).messages : []));
const chatOfWelcome = (w: ServerMsg): ChatWelcome => (w as unknown as { chat: ChatWelcome }).chat;

describe('table chat across processes', { timeout: 120_000 }, () => {
  let cluster: InProcessCluster;
  const sockets: TestClient[] = [];
  before(async () => {
    cluster = await InProcessCluster.start();
  });
  after(async () => {
    for (const s of sockets) s.ws.terminate();
    await cluster?.close();
  });

  /** A signed-in account's socket on `node`. */
  const signedIn = async (node: ClusterNode) => {
    const b = new AccountBrowser(node.base);
    const name = uniqueName('cc');
    const r = await b.post('/api/account/sign-up', { name, password: 'correct horse battery' });
    assert.equal(r.status, 201, JSON.stringify(r.json));
    const c = await TestClient.connect(node.base.replace('http', 'ws') + '/ws', {
      cookie: `${SESSION_COOKIE}=${b.cookies.get(SESSION_COOKIE)!}`,
      origin: node.base,
    });
    sockets.push(c);
    return { c, name, id: r.json.account.id };
  };

  test('players and a spectator on other processes than the owner talk through it; mutes, reports and suspensions hold there too', async () => {
    const [a, b, c] = [await cluster.node(), await cluster.node(), await cluster.node()];
    const id = await createGame(a.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'chat-cluster' });
    const t0 = await joinSeat(b.base, id, 0, 'Ada');
    const t1 = await joinSeat(c.base, id, 1, 'Bo');
    const p0 = await b.client();
    await hello(p0, id, t0);
    const p1 = await c.client();
    await hello(p1, id, t1);
    assert.ok(a.hub.isLive(id) && !b.hub.isLive(id) && !c.hub.isLive(id), 'the game is played at its creator only');

    assert.equal((await p0.request({ type: 'chat', text: 'hello from b' })).type, 'ack');
    await until(() => heard(p1).some((e) => e.text === 'hello from b'), 'the player on c to hear the one on b');
    assert.equal((await p1.request({ type: 'chat', phrase: 'thanks' })).type, 'ack');
    await until(() => heard(p0).some((e) => e.phrase === 'thanks'), 'the player on b to hear the phrase said on c');

    const fan = await signedIn(b);
    await hello(fan.c, id);
    assert.equal((await fan.c.request({ type: 'chat', text: 'go Bo!' })).type, 'ack');
    const [said] = await a.store.chat.recentMessages(id, 'spectators', 1);
    assert.equal(said!.name, fan.name, "the speaker's account travels with the relayed message");
    assert.equal(said!.accountId, fan.id);
    await p1.request({ type: 'chatSpectators', show: true });
    await until(() => heard(p1).some((e) => e.text === 'go Bo!'), "the player who asked to read the spectators' room, on another process");
    await p0.request({ type: 'ping' });
    assert.ok(!heard(p0).some((e) => e.room === 'spectators'), 'the other player reads none of it');

    await p1.request({ type: 'mute', seat: 0, muted: true });
    await p0.request({ type: 'chat', text: 'muted now' });
    await p1.request({ type: 'chat', text: 'after' });
    await until(() => heard(p0).some((e) => e.text === 'after'), 'the last message');
    await p1.request({ type: 'ping' });
    assert.ok(!heard(p1).some((e) => e.text === 'muted now'), 'a muted seat is not told, across processes');

    const reporter = await signedIn(c);
    await hello(reporter.c, id);
    assert.equal((await reporter.c.request({ type: 'report', message: said!.id })).type, 'ack');
    assert.equal((await a.store.chat.reports(10)).filter((r) => r.messageId === said!.id).length, 1);
    await a.store.chat.suspend(fan.id, Date.now(), 'test');
    assert.equal((await fan.c.request({ type: 'chat', text: 'still here' })).code, 'suspended');

    // The owner dies: the game's new owner tells the stored backlog in its welcomes.
    await a.crash();
    // Refused `unavailable` (or unanswered) until a survivor has taken the game over: bounded, 30 s
    // (a takeover may take 15 s on a loaded machine: see cluster.test.ts). An `unavailable` hello
    // closes its socket, so that the client tries again: each try is a new connection, as a client's.
    let w: ServerMsg | null = null;
    for (const end = Date.now() + 30_000; w === null && Date.now() < end;) {
      const again = await b.client();
      const answer = again.next((x) => x.type === 'welcome' || (x.type === 'error' && x.id === undefined), 10_000).catch(() => null);
      again.send({ type: 'hello', game: id, token: t1 });
      const m = await answer;
      if (m?.type === 'welcome') w = m;
      else {
        again.close();
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    assert.ok(w, 'a survivor took the game over');
    assert.deepEqual(chatOfWelcome(w).muted, [0]);
    assert.deepEqual(
      chatOfWelcome(w).messages.map((e) => e.text ?? e.phrase),
      ['thanks', 'after'],
      "the new owner's welcome: the stored messages, the muted seat's left out",
    );
    await cluster.stopNodes();
  });
});
