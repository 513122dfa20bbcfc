/**
 * Seeds on the server, on both stores: who may choose a game's seed, and games stored before
 * seeding 2 (no `settings.rng`) keep replaying, undoing, thinking and publishing with seeding 1.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Choice } from '../../src/core/game.js';
import { Match, parseRecord, replay } from '../../src/core/match.js';
import { createRng, CURRENT_SEEDING, type Seeding } from '../../src/core/rng.js';
import { gameById } from '../../src/bots/registry.js';
import type { SeatConfig } from '../../src/server/store.js';
import { http } from '../helpers/ws-client.js';
import type { RecordReply } from '../helpers/wire.js';
import { live, startServer, until, type StoreKind, type TestServer } from '../helpers/server.js';

interface Fixture {
  seed: string;
  seats: number;
  options: unknown;
  choices: Choice[];
  hash: string;
}
const fixture = (dir: string): Fixture =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/${dir}/relic-runners.json`, import.meta.url), 'utf8')) as Fixture;
/** Relic Runners games recorded before seeding 2, and before seeding 3 (see test/core/match.test.ts). */
const V1 = fixture('records-v1');
const V2 = fixture('records-v2');
const rr = gameById('relic-runners');

/** Seat and state hash after each of the first `n` fixture choices, replayed with seeding 1 (of V2: seeding 2). */
function legacyMoves(n: number, fx = V1): { seat: number; choice: Choice; hash: string }[] {
  const m = new Match(rr, fx.seats, fx.seed, fx.options, fx === V1 ? 1 : 2);
  return fx.choices.slice(0, n).map((choice) => {
    const seat = rr.toAct(m.state)!;
    m.play(choice);
    return { seat, choice, hash: rr.hash(m.state) };
  });
}

const human = (seat: number): SeatConfig => ({
  seat,
  kind: 'human',
  bot: null,
  name: null,
  tokenHash: null,
  inviteHash: null,
  claimed: false,
  clockMs: null,
});
const bot = (seat: number, spec: string): SeatConfig => ({
  seat,
  kind: 'bot',
  bot: spec,
  name: spec,
  tokenHash: null,
  inviteHash: null,
  claimed: true,
  clockMs: null,
});

for (const kind of ['sqlite', 'postgres'] as StoreKind[]) {
  describe(`seeds on ${kind}`, () => {
    let srv: TestServer;
    before(async () => {
      // The production policy (the test helper's default lets tests fix the seed of any game).
      srv = await startServer(kind, { seedPolicy: 'solo', botThreads: 1 });
    });
    after(async () => {
      await srv?.stop();
    });

    /**
     * Stores the fixture's first `n` choices as a game created before seeding 2 (no `rng` in its
     * settings), or with V2 as one created before seeding 3 (`rng: 2`).
     */
    async function storeLegacyGame(n: number, seats: SeatConfig[], status: 'active' | 'finished' = 'active', fx = V1): Promise<string> {
      const id = `legacy-${randomBytes(6).toString('hex')}`;
      const moves = legacyMoves(n, fx);
      const seeding = fx === V1 ? 1 : 2;
      const setupHash = rr.hash(rr.setup(rr.options(fx.options), fx.seats, createRng(fx.seed, seeding)));
      await srv.store.createGame(
        {
          id,
          game: 'relic-runners',
          seats: fx.seats,
          seed: fx.seed,
          options: fx.options,
          settings: fx === V1 ? { botDelayMs: 0 } : { botDelayMs: 0, rng: 2 },
          createdAt: Date.now(),
          listed: false,
        },
        seats,
        setupHash,
      );
      for (const [index, m] of moves.entries()) {
        const last = index === moves.length - 1;
        await srv.store.appendMove(
          id,
          { index, seat: m.seat, choice: m.choice, hash: m.hash, at: Date.now() },
          { hash: m.hash, status: last ? status : 'active' },
        );
      }
      return id;
    }

    test('a chosen seed with two human seats is refused with 400 and nothing is stored', async () => {
      const before = (await srv.store.listGames({ limit: 100 })).length;
      for (const seats of [
        [{ kind: 'human' }, { kind: 'human' }],
        [{ kind: 'human' }, { kind: 'bot', bot: 'random' }, { kind: 'human' }],
      ]) {
        for (const seed of ['known', 7]) {
          const r = await http(srv.base, 'POST', '/api/games', { game: 'quetzal', seats, seed });
          assert.equal(r.status, 400, JSON.stringify(r.json));
          assert.equal(r.json.error, 'bad_message');
          assert.match(String(r.json.message), /"seed" may have at most one human seat/);
        }
      }
      assert.equal((await srv.store.listGames({ limit: 100 })).length, before);
      // Without a seed the same table is fine: the server draws 128 random bits.
      const ok = await http(srv.base, 'POST', '/api/games', { game: 'quetzal', seats: [{ kind: 'human' }, { kind: 'human' }] });
      assert.equal(ok.status, 201, JSON.stringify(ok.json));
      assert.match((await srv.store.getGame(ok.json.id))!.seed, /^[0-9a-f]{32}$/);
    });

    test('a chosen seed is accepted for one human against bots, and is read with the current seeding', async () => {
      for (const seats of [
        [{ kind: 'human' }, { kind: 'bot', bot: 'random' }],
        [
          { kind: 'bot', bot: 'random' },
          { kind: 'bot', bot: 'random' },
        ],
      ]) {
        const r = await http(srv.base, 'POST', '/api/games', { game: 'quetzal', seats, seed: 'solo-1', botDelayMs: 10_000 });
        assert.equal(r.status, 201, JSON.stringify(r.json));
        const stored = (await srv.store.getGame(r.json.id))!;
        assert.equal((stored.settings as { rng?: number }).rng, CURRENT_SEEDING);
        const q = gameById('quetzal');
        const setup = (seeding: Seeding) => q.hash(q.setup(q.options({}), 2, createRng('solo-1', seeding)));
        assert.equal(stored.hash, setup(CURRENT_SEEDING));
        for (const older of [1, 2] as const) assert.notEqual(stored.hash, setup(older));
      }
    });

    test('a game stored before seeding 2 reloads, undoes and publishes its record with seeding 1', async () => {
      // Mid-game, two people: undo rebuilds the state from the seed.
      const id = await storeLegacyGame(18, [human(0), human(1)]);
      const g = await live(srv.hub, id);
      assert.equal(g.seeding, 1);
      assert.equal(g.game.hash(g.state), legacyMoves(18)[17]!.hash);
      let undone = false;
      for (let i = 18; i < V1.choices.length && !undone; i++) {
        const seat = g.toAct()!;
        await g.submit(seat, V1.choices[i]);
        if (!g.canUndo(seat)) continue;
        await g.undo(seat);
        assert.equal(g.game.hash(g.state), legacyMoves(i)[i - 1]!.hash, `undo of move #${i}`);
        assert.equal((await srv.store.getGame(id))!.hash, legacyMoves(i)[i - 1]!.hash);
        undone = true;
      }
      assert.ok(undone, 'some move of the fixture could be taken back');

      // Finished: the published record says version 1 and replays to the recorded hash.
      const done = await storeLegacyGame(V1.choices.length, [human(0), human(1)], 'finished');
      const rec = await http<RecordReply>(srv.base, 'GET', `/api/games/${done}/record`);
      assert.equal(rec.status, 200, JSON.stringify(rec.json));
      assert.equal(rec.json.version, 1);
      assert.equal(rr.hash(replay(rr, parseRecord(rec.json)).state), V1.hash);
    });

    test('a game stored before seeding 3 reloads, plays on and publishes its record with seeding 2', async () => {
      const n = V2.choices.length - 1;
      const id = await storeLegacyGame(n, [human(0), human(1)], 'active', V2);
      const g = await live(srv.hub, id);
      assert.equal(g.seeding, 2);
      assert.equal(g.game.hash(g.state), legacyMoves(n, V2)[n - 1]!.hash);
      await g.submit(g.toAct()!, V2.choices[n]);
      assert.equal(g.game.hash(g.state), V2.hash);
      const rec = await http<RecordReply>(srv.base, 'GET', `/api/games/${id}/record`);
      assert.equal(rec.status, 200, JSON.stringify(rec.json));
      assert.equal(rec.json.version, 2);
      assert.equal(rr.hash(replay(rr, parseRecord(rec.json)).state), V2.hash);
    });

    test('a bot thinking in a worker rebuilds a game stored before seeding 2 with seeding 1', async () => {
      // Seat 1 acts after the first 18 choices; under seeding 2 those choices stop being legal at #17.
      assert.throws(() =>
        replay(rr, {
          format: 'expedition-match',
          version: 2,
          game: 'relic-runners',
          seats: 2,
          seed: V1.seed,
          options: V1.options,
          choices: V1.choices.slice(0, 18),
        }),
      );
      const id = await storeLegacyGame(18, [human(0), bot(1, 'greedy')]);
      const g = await live(srv.hub, id);
      await until(() => g.moves.length > 18, 'the greedy bot (in its worker) to play');
      assert.equal(g.moves[18]!.seat, 1);
    });
  });
}
