/**
 * The Bot API across a cluster's processes (in-process nodes on one PostgreSQL schema and one
 * Redis): a challenge made at one process reaches the bot's event stream at another, the game the
 * accept makes there is joined through the first, and a second stream at the first replaces the
 * one at the second. Nothing of it lives in one process's memory.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { bearer, botWithToken, EventStream, signedUp } from '../helpers/bot-api.js';
import { InProcessCluster, type ClusterNode } from '../helpers/cluster-in-process.js';

let cluster: InProcessCluster;
let a: ClusterNode;
let b: ClusterNode;
const streams: EventStream[] = [];
before(async () => {
  cluster = await InProcessCluster.start();
  a = await cluster.node();
  b = await cluster.node();
});
after(async () => {
  for (const s of streams) s.close();
  await cluster?.close();
});

test('a challenge at one process reaches the stream at another; the game is joined through either', { timeout: 60_000 }, async () => {
  const bot = await botWithToken(a.base, a.base);
  const p = await signedUp(a.base, a.base);
  const atB = new EventStream(b.base, bot.token);
  streams.push(atB);
  assert.equal(await atB.status, 200);

  const c = await p.b.send<{ id: string }>('POST', `/api/challenge/${bot.name}`, { game: 'quetzal' });
  assert.equal(c.status, 201, JSON.stringify(c.json));
  await atB.next((e) => e.type === 'challenge' && e.challenge?.id === c.json.id, 'the challenge made at the other process');
  const ok = await bearer<{ gameId: string; seat: number }>(b.base, bot.token, 'POST', `/api/challenge/${c.json.id}/accept`);
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  assert.ok(b.hub.isLive(ok.json.gameId), 'the accepting process plays the game');
  await atB.next((e) => e.type === 'gameStart' && e.game?.id === ok.json.gameId, 'the game start');

  // Through the other process: the person's answer, the person's seat and the bot's.
  const seen = await p.b.get<{ gameId: string; seat: number }>(`/api/challenge/${c.json.id}`);
  assert.equal(seen.json.gameId, ok.json.gameId);
  const person = await p.b.send<{ token: string }>('POST', `/api/games/${ok.json.gameId}/join`, { seat: seen.json.seat });
  assert.equal(person.status, 200, JSON.stringify(person.json));
  const botSeat = await bearer<{ token: string }>(a.base, bot.token, 'POST', `/api/games/${ok.json.gameId}/join`, { seat: ok.json.seat });
  assert.equal(botSeat.status, 200, JSON.stringify(botSeat.json));

  // One stream per bot account, whichever process holds it.
  const atA = new EventStream(a.base, bot.token);
  streams.push(atA);
  assert.equal(await atA.status, 200);
  await atB.ended;
  const again = await atA.next((e) => e.type === 'gameStart', 'the game in play, told to the new stream');
  assert.equal(again.game?.id, ok.json.gameId);
});
