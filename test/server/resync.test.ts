/**
 * State messages carry view patches (PROTOCOL.md). A client that misses one notices the
 * gap by the seq, says hello again on the same socket, and ends with the view of a client that
 * missed nothing; the server keeps a base view only for audiences someone watches.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawData } from 'ws';
import { relicRunners } from '../../src/games/relic-runners/index.js';
import { describeZodError, ServerMessage } from '../../src/server/protocol.js';
import { wsText, type ServerMsg } from '../helpers/wire.js';
import type { TestClient } from '../helpers/ws-client.js';
import { autoPlay, createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';

let srv: TestServer;
before(async () => {
  srv = await startServer('sqlite');
});
after(async () => {
  await srv?.stop();
});

/** What the server sent a client, as sent (the TestClient hands tests the patched view instead). */
function rawStates(c: TestClient): { seq: number; view: boolean; patch: boolean; bytes: number }[] {
  const seen: { seq: number; view: boolean; patch: boolean; bytes: number }[] = [];
  c.ws.on('message', (d) => {
    const text = wsText(d);
    const m = JSON.parse(text) as { type: string; seq: number; view?: unknown; patch?: unknown };
    // Every message the server sends is one its protocol describes (a state: a view or a patch, never both).
    const parsed = ServerMessage.safeParse(m);
    assert.ok(parsed.success, parsed.error && describeZodError(parsed.error));
    if (m.type === 'state') seen.push({ seq: m.seq, view: m.view !== undefined, patch: m.patch !== undefined, bytes: text.length });
  });
  return seen;
}

const views = (c: TestClient): ServerMsg[] => c.messages.filter((m) => m.type === 'state' || m.type === 'welcome');

test('a spectator that misses a state message says hello again and ends with the view of one that missed nothing', async () => {
  const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'resync-1' });
  const tokens = [await joinSeat(srv.base, id, 0), await joinSeat(srv.base, id, 1)];
  const players = [await srv.client(), await srv.client()];
  for (const [seat, c] of players.entries()) await hello(c, id, tokens[seat]);
  const full = await srv.client();
  const lossy = await srv.client();
  const fullRaw = rawStates(full);
  const lossyRaw = rawStates(lossy);
  await hello(full, id);
  await hello(lossy, id);
  // The fourth state message to come never reaches the lossy spectator's view.
  const dropAt = 4;
  let states = 0;
  lossy.ws.prependListener('message', (d: RawData) => {
    if ((JSON.parse(wsText(d)) as { type: string }).type === 'state' && ++states === dropAt - 1) lossy.dropStates(1);
  });
  const play = players.map((c, seat) => autoPlay(c, seat, `resync-${seat}`));
  const [final] = await Promise.all(play.map((p) => p.done));
  const last = final!.seq;
  await until(() => views(full).at(-1)?.seq === last && views(lossy).at(-1)?.seq === last, 'both spectators to reach the last state');

  assert.equal(lossy.resyncs, 1, 'one gap, one hello again');
  assert.equal(lossy.messages.filter((m) => m.type === 'welcome').length, 2, 'the second hello was welcomed');
  // Patches were on the wire (else the test shows nothing), and the lossy spectator got them after the welcome too.
  assert.ok(fullRaw.filter((s) => s.patch).length > 10, 'state messages carry patches');
  assert.ok(
    fullRaw.every((s) => s.view !== s.patch),
    'each state carries a view or a patch, never both',
  );
  assert.ok(
    lossyRaw.some((s) => s.patch && s.seq > lossyRaw[dropAt]!.seq),
    'patches again after the resync',
  );
  // Every view the lossy spectator held equals the one the other held at the same seq, and the truth at the end.
  const fullAt = new Map(views(full).map((m) => [m.seq, m.view]));
  for (const m of views(lossy)) assert.deepEqual(m.view, fullAt.get(m.seq), `view at seq ${m.seq}`);
  const g = await live(srv.hub, id);
  assert.deepEqual(
    views(lossy).at(-1)!.view,
    JSON.parse(JSON.stringify(relicRunners.view(g.state as Parameters<typeof relicRunners.view>[0], null))),
  );
  const dropped = lossyRaw[dropAt - 1]!.seq;
  assert.ok(!views(lossy).some((m) => m.seq === dropped && m.type === 'state'), 'the dropped message never reached the view');
  for (const c of [...players, full, lossy]) c.close();
  await until(() => g.subscribers.size === 0, 'every client to leave');
  assert.equal(g.announcer['sentAt'].size, 0, 'nothing is kept for audiences nobody watches');
});

test('an audience with a subscriber gets patches; one whose last subscriber left gets the whole view when someone comes back', async () => {
  const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], seed: 'resync-2', botDelayMs: 0 });
  const token = await joinSeat(srv.base, id, 0);
  const p = await srv.client();
  const raw = rawStates(p);
  await hello(p, id, token);
  const me = autoPlay(p, 0, 'resync-2');
  await until(() => raw.length >= 6, 'a few states');
  me.stop();
  assert.equal(raw[0]!.patch, true, 'the welcome set the base: the first state is a patch');
  assert.ok(raw.every((s) => s.patch && !s.view));
  const g = await live(srv.hub, id);
  const spec = await srv.client();
  await hello(spec, id);
  assert.ok(g.announcer['sentAt'].has(null), 'the welcome started the spectators’ audience');
  spec.close();
  await until(() => !g.announcer['sentAt'].has(null), 'the spectators’ audience to go with its last subscriber');
  p.close();
  await until(() => g.subscribers.size === 0, 'the player to leave');
  assert.equal(g.announcer['sentAt'].size, 0);
});
