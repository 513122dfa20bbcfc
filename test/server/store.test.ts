/**
 * One suite for every Store backend: SQLite in memory, SQLite in a file and PostgreSQL (at
 * TEST_DATABASE_URL, in a fresh schema dropped at the end). PostgreSQL tests fail, not skip, when
 * the server is unreachable: .ci/run starts it.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import Database from 'better-sqlite3';
import { StoreConflict, type NewGame, type SeatConfig, type Store } from '../../src/server/store.js';
import { openSqliteStore } from '../../src/server/store-sqlite.js';
import { openPostgresStore } from '../../src/server/store-postgres.js';
import { openStore } from '../../src/server/store-open.js';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const tmp = mkdtempSync(join(tmpdir(), 'expedition-store-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
/** Ids unique across tests sharing one store. */
const uid = (tag: string): string => `${tag}-${++counter}-${randomBytes(3).toString('hex')}`;

const T0 = 1_700_000_000_000;

function newGame(id: string, over: Partial<NewGame> = {}): NewGame {
  return {
    id,
    game: 'relic-runners',
    seats: 3,
    seed: 'seed-42',
    // Key order that JSON sorting (or jsonb) would change, nesting, unicode, awkward numbers.
    options: { zeta: 1, alpha: [1, { b: null, '': 'x' }], 'long key': 'ünïcode ✓', f: 0.1, neg: -5, big: 1e21, t: true },
    settings: { clock: { initialMs: 600000, incrementMs: 5000 }, visibility: 'public', botDelayMs: 300 },
    createdAt: T0,
    listed: false,
    ...over,
  };
}

function seats(): SeatConfig[] {
  return [
    {
      seat: 0,
      kind: 'human',
      bot: null,
      name: 'Ada',
      tokenHash: 'a'.repeat(64),
      inviteHash: 'd'.repeat(64),
      claimed: true,
      clockMs: 600000,
    },
    {
      seat: 1,
      kind: 'human',
      bot: null,
      name: null,
      tokenHash: 'b'.repeat(64),
      inviteHash: 'e'.repeat(64),
      claimed: false,
      clockMs: 600000,
    },
    { seat: 2, kind: 'bot', bot: 'ismcts:500ms', name: 'Bot', tokenHash: null, inviteHash: null, claimed: false, clockMs: null },
  ];
}

const move = (index: number, choice: unknown = { type: 'move', to: [index, 2] }) => ({
  index,
  seat: index % 3,
  choice,
  hash: `h${index}`,
  at: T0 + 1000 * (index + 1),
});

/** The tables as the first release made them, before invitation keys. */
const OLD_SQLITE_SCHEMA = `
CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, seats INTEGER NOT NULL, seed TEXT NOT NULL, options TEXT NOT NULL,
  settings TEXT NOT NULL, status TEXT NOT NULL, hash TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE INDEX games_status_updated ON games (status, updated_at);
CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat INTEGER NOT NULL, kind TEXT NOT NULL,
  bot TEXT, name TEXT, token_hash TEXT, claimed INTEGER NOT NULL, clock_ms INTEGER, PRIMARY KEY (game_id, seat));
CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE, idx INTEGER NOT NULL, seat INTEGER NOT NULL,
  choice TEXT NOT NULL, hash TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (game_id, idx));
`;
const OLD_POSTGRES_SCHEMA = `
CREATE TABLE games (id text PRIMARY KEY, game text NOT NULL, seats integer NOT NULL, seed text NOT NULL, options json NOT NULL,
  settings json NOT NULL, status text NOT NULL, hash text NOT NULL, created_at bigint NOT NULL, updated_at bigint NOT NULL);
CREATE INDEX games_status_updated ON games (status, updated_at);
CREATE TABLE seats (game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE, seat integer NOT NULL, kind text NOT NULL,
  bot text, name text, token_hash text, claimed boolean NOT NULL, clock_ms bigint, PRIMARY KEY (game_id, seat));
CREATE TABLE moves (game_id text NOT NULL REFERENCES games (id) ON DELETE CASCADE, idx integer NOT NULL, seat integer NOT NULL,
  choice json NOT NULL, hash text NOT NULL, at bigint NOT NULL, PRIMARY KEY (game_id, idx));
`;

/** The two moves the first release's game 'old' holds (seats 0 and 1, choices "a" and "b"). */
const OLD_MOVES = [
  { index: 0, seat: 0, choice: 'a', hash: 'h0', at: T0 + 1 },
  { index: 1, seat: 1, choice: 'b', hash: 'h1', at: T0 + 2 },
];

/**
 * A game written by the first release ('old': seat 0 claimed by Ada, seat 1 free, two moves) after
 * migration: listed as before, no invitation keys, its move count back-filled (listGames
 * reads it, and appending checks it), moves and seat updates work, and new games sit beside it.
 */
async function checkMigratedGame(st: Store): Promise<void> {
  const g = await st.getGame('old');
  assert.ok(g);
  assert.equal(g.listed, true, 'games made before invitation keys were all public, and stay so');
  assert.deepEqual(
    g.seatConfigs.map((c) => [c.name, c.tokenHash, c.inviteHash, c.claimed]),
    [
      ['Ada', 'a'.repeat(64), null, true],
      [null, null, null, false],
    ],
  );
  assert.deepEqual(g.moves, OLD_MOVES);
  assert.deepEqual(
    (await st.listGames({ listed: true })).map((x) => [x.id, x.openSeats, x.moves]),
    [['old', [1], 2]],
  );
  await rejectsConflict(st.appendMove('old', move(1), { hash: 'x', status: 'active' }));
  await rejectsConflict(st.appendMove('old', move(0), { hash: 'x', status: 'active' }));
  await st.appendMove('old', move(2), { hash: 'h2', status: 'active' });
  await st.updateSeat('old', 1, { tokenHash: 'b'.repeat(64), inviteHash: 'c'.repeat(64), claimed: true });
  const after = await st.getGame('old');
  assert.equal(after?.moves.length, 3);
  assert.equal(after?.hash, 'h2');
  assert.equal((await st.listGames({ listed: true }))[0]?.moves, 3);
  assert.equal(after?.seatConfigs[1]?.inviteHash, 'c'.repeat(64));
  await st.createGame(newGame('new'), seats(), 'h');
  assert.equal((await st.getGame('new'))?.listed, false);
  assert.deepEqual(
    (await st.listGames({ listed: true })).map((x) => x.id),
    ['old'],
  );
}

async function rejectsConflict(p: Promise<unknown>): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof StoreConflict && e.name === 'StoreConflict');
}

interface ContractHooks {
  /** Transactions of appends the store has committed so far (its onCommit option). */
  readonly commits: () => number;
  /**
   * Makes the database refuse, as an error of the whole transaction, any insert of a move whose
   * choice is "boom"; returns the undo. Absent where the test cannot reach the database.
   */
  readonly refuseBoom?: () => Promise<() => Promise<void>>;
}

/** Counts a store's committed transactions of appends, through its onCommit option. */
function commitCounter(): { onCommit: () => void; commits: () => number } {
  let n = 0;
  return {
    onCommit: () => {
      n++;
    },
    commits: () => n,
  };
}

/** The behaviour every backend must share; `store()` is valid once the suite's before() ran. */
function storeContract(store: () => Store, hooks: ContractHooks): void {
  test('createGame then getGame returns everything as given, JSON key order included', async () => {
    const id = uid('rt');
    const g = newGame(id);
    await store().createGame(g, seats(), 'h-setup');
    const got = await store().getGame(id);
    assert.ok(got);
    assert.deepEqual(got, {
      ...g,
      rated: false,
      status: 'active',
      hash: 'h-setup',
      updatedAt: T0,
      seatConfigs: seats(),
      moves: [],
      table: [],
    });
    assert.equal(JSON.stringify(got.options), JSON.stringify(g.options));
    assert.equal(JSON.stringify(got.settings), JSON.stringify(g.settings));
  });

  test('getGame of an unknown id is null', async () => {
    assert.equal(await store().getGame(uid('none')), null);
  });

  test('creating a game twice is a StoreConflict and keeps the first', async () => {
    const id = uid('dup');
    await store().createGame(newGame(id), seats(), 'first');
    await rejectsConflict(store().createGame(newGame(id, { seed: 'other' }), [], 'second'));
    const got = await store().getGame(id);
    assert.equal(got?.seed, 'seed-42');
    assert.equal(got?.hash, 'first');
    assert.equal(got?.seatConfigs.length, 3);
  });

  test("a game's hash, move count and time follow its last move, whichever hash the moves before it gave the game", async () => {
    const id = uid('follow');
    const base = T0 + 7;
    await store().createGame(newGame(id, { createdAt: base }), seats(), 'setup');
    const state = async () => {
      const g = await store().getGame(id);
      const listed = (await store().listGames()).find((x) => x.id === id);
      return { hash: g?.hash, moves: g?.moves.length, updatedAt: g?.updatedAt, listedMoves: listed?.moves, listedAt: listed?.updatedAt };
    };
    await store().appendMove(id, { ...move(0), at: base + 10 }, { hash: 'game-0', status: 'active' });
    assert.deepEqual(await state(), { hash: 'game-0', moves: 1, updatedAt: base + 10, listedMoves: 1, listedAt: base + 10 });
    await store().appendMove(id, { ...move(1), at: base + 20 }, { hash: 'h1', status: 'active' });
    await store().appendMove(id, { ...move(2), at: base + 30 }, { hash: 'h2', status: 'active' });
    assert.deepEqual(await state(), { hash: 'h2', moves: 3, updatedAt: base + 30, listedMoves: 3, listedAt: base + 30 });
    await store().truncateMoves(id, 1, { hash: 'back-1', status: 'active' });
    const back = await state();
    assert.deepEqual({ ...back, updatedAt: 0, listedAt: 0 }, { hash: 'back-1', moves: 1, updatedAt: 0, listedMoves: 1, listedAt: 0 });
    assert.ok(back.updatedAt! > base + 30 && back.listedAt === back.updatedAt, 'an undo is a change of its own');
    await store().appendMove(id, { ...move(1, 'redo'), at: Date.now() + 1000 }, { hash: 'h1', status: 'active' });
    assert.equal((await state()).hash, 'h1');
    await rejectsConflict(store().appendMove(id, move(3), { hash: 'x', status: 'active' }));
    await store().appendMove(id, { ...move(2), at: Date.now() + 2000 }, { hash: 'h2', status: 'finished' });
    const done = await store().getGame(id);
    assert.equal(done?.status, 'finished');
    assert.equal(done?.hash, 'h2');
    assert.deepEqual(
      await store()
        .activeGameIds()
        .then((ids) => ids.includes(id)),
      false,
    );
  });

  test('appendMove keeps the order and choices exactly, and updates hash, status, time and clocks', async () => {
    const id = uid('append');
    await store().createGame(newGame(id), seats(), 'h-setup');
    const choices = [{ z: 1, a: 2 }, ['pass'], 'string choice', 42, null, { nested: { deep: [{ y: 'ÿ', x: -0.5 }] } }];
    for (const [i, c] of choices.entries()) {
      await store().appendMove(id, move(i, c), { hash: `h${i}`, status: 'active', clocks: [600000 - i, 599000 - i, null] });
    }
    const got = await store().getGame(id);
    assert.ok(got);
    assert.deepEqual(
      got.moves,
      choices.map((c, i) => move(i, c)),
    );
    assert.equal(JSON.stringify(got.moves.map((m) => m.choice)), JSON.stringify(choices));
    assert.equal(got.hash, `h${choices.length - 1}`);
    assert.equal(got.updatedAt, T0 + 1000 * choices.length);
    assert.deepEqual(
      got.seatConfigs.map((s) => s.clockMs),
      [600000 - 5, 599000 - 5, null],
    );
  });

  test('appendMove with a wrong index is a StoreConflict and writes nothing', async () => {
    const id = uid('conflict');
    await store().createGame(newGame(id), seats(), 'h-setup');
    await store().appendMove(id, move(0), { hash: 'h0', status: 'active', clocks: [500, 400, null] });
    const before = await store().getGame(id);
    await rejectsConflict(store().appendMove(id, move(0, 'again'), { hash: 'bad', status: 'finished', clocks: [1, 1, 1] }));
    await rejectsConflict(store().appendMove(id, move(2), { hash: 'bad', status: 'finished', clocks: [1, 1, 1] }));
    await rejectsConflict(store().appendMove(id, move(-1), { hash: 'bad', status: 'finished' }));
    assert.deepEqual(await store().getGame(id), before);
    await store().appendMove(id, move(1), { hash: 'h1', status: 'active' });
    assert.equal((await store().getGame(id))?.moves.length, 2);
  });

  test('two writers racing for the same index: exactly one wins', async () => {
    const id = uid('race');
    await store().createGame(newGame(id), seats(), 'h-setup');
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map((w) => store().appendMove(id, move(0, { writer: w }), { hash: `w${w}`, status: 'active' })),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    for (const r of results) if (r.status === 'rejected') assert.ok(r.reason instanceof StoreConflict, String(r.reason));
    const got = await store().getGame(id);
    assert.equal(got?.moves.length, 1);
    assert.equal(got?.hash, `w${(got?.moves[0]?.choice as { writer: number }).writer}`);
  });

  test('appendMove and truncateMoves on an unknown game fail without a StoreConflict', async () => {
    const id = uid('ghost');
    await assert.rejects(
      store().appendMove(id, move(0), { hash: 'x', status: 'active' }),
      (e: unknown) => e instanceof Error && !(e instanceof StoreConflict) && /unknown game/.test(e.message),
    );
    await assert.rejects(store().truncateMoves(id, 0, { hash: 'x', status: 'active' }), /unknown game/);
  });

  test('truncateMoves drops the moves from an index on and sets hash and status; appending goes on from there', async () => {
    const id = uid('undo');
    await store().createGame(newGame(id), seats(), 'h-setup');
    for (let i = 0; i < 5; i++) await store().appendMove(id, move(i), { hash: `h${i}`, status: i === 4 ? 'finished' : 'active' });
    await store().truncateMoves(id, 2, { hash: 'h1', status: 'active' });
    let got = await store().getGame(id);
    assert.deepEqual(got?.moves, [move(0), move(1)]);
    assert.equal(got?.hash, 'h1');
    assert.equal(got?.status, 'active');
    await rejectsConflict(store().appendMove(id, move(3), { hash: 'x', status: 'active' }));
    await store().appendMove(id, move(2, 'redo'), { hash: 'h2b', status: 'active' });
    await store().truncateMoves(id, 0, { hash: 'h-setup', status: 'active' });
    got = await store().getGame(id);
    assert.deepEqual(got?.moves, []);
    assert.equal(got?.hash, 'h-setup');
  });

  test('updateSeat changes only the given fields; null clears; an unknown seat fails', async () => {
    const id = uid('seat');
    await store().createGame(newGame(id), seats(), 'h');
    await store().updateSeat(id, 1, { claimed: true, name: 'Grace' });
    await store().updateSeat(id, 0, { kind: 'bot', bot: 'greedy' });
    await store().updateSeat(id, 2, { clockMs: 1234, tokenHash: 'c'.repeat(64) });
    await store().updateSeat(id, 0, { name: null, clockMs: null });
    await store().updateSeat(id, 2, {});
    const [s0, s1, s2] = seats();
    assert.deepEqual((await store().getGame(id))?.seatConfigs, [
      { ...s0, kind: 'bot', bot: 'greedy', name: null, clockMs: null },
      { ...s1, claimed: true, name: 'Grace' },
      { ...s2, clockMs: 1234, tokenHash: 'c'.repeat(64) },
    ]);
    await assert.rejects(store().updateSeat(id, 7, { claimed: true }), /unknown seat/);
    await assert.rejects(store().updateSeat(uid('none'), 0, {}), /unknown seat/);
  });

  test('updateSeat with a table entry stores both; entries come back in order; an undo drops those after the moves kept', async () => {
    const id = uid('table');
    await store().createGame(newGame(id), seats(), 'h');
    const toBot = (seat: number, move: number) => ({
      move,
      at: T0 + 100 * move + seat,
      events: [{ type: 'seatToBot', seat, reason: 'away' }],
    });
    const back = (seat: number, move: number) => ({ move, at: T0 + 100 * move + 50 + seat, events: [{ type: 'seatReclaimed', seat }] });
    await store().updateSeat(id, 1, { bot: 'random' }, toBot(1, 0));
    for (let i = 0; i < 3; i++) await store().appendMove(id, move(i), { hash: `h${i}`, status: 'active' });
    await store().updateSeat(id, 2, { bot: 'greedy' }, toBot(2, 2));
    await store().updateSeat(id, 1, { bot: null, clockMs: 5000 }, back(1, 2));
    await store().updateSeat(id, 2, { bot: null }, back(2, 3));
    let got = (await store().getGame(id))!;
    assert.deepEqual(got.table, [toBot(1, 0), toBot(2, 2), back(1, 2), back(2, 3)]);
    assert.deepEqual(
      got.seatConfigs.map((c) => [c.bot, c.clockMs]),
      [
        [null, 600000],
        [null, 5000],
        [null, null],
      ],
    );
    // Undo of the third move: the entry after it goes, those up to the moves kept stay.
    await store().truncateMoves(id, 2, { hash: 'h1', status: 'active' });
    got = (await store().getGame(id))!;
    assert.deepEqual(got.table, [toBot(1, 0), toBot(2, 2), back(1, 2)]);
    await store().truncateMoves(id, 0, { hash: 'h', status: 'active' });
    assert.deepEqual((await store().getGame(id))!.table, [toBot(1, 0)]);
  });

  test('a bad table entry, or one for an unknown seat, is refused with a clear error and writes neither the seat nor the entry', async () => {
    const id = uid('badtable');
    await store().createGame(newGame(id), seats(), 'h');
    await store().appendMove(id, move(0), { hash: 'h0', status: 'active' });
    const before = await store().getGame(id);
    const events = [{ type: 'seatToBot', seat: 1, reason: 'away' }];
    for (const [entry, pattern] of [
      [{ move: -1, at: T0, events }, /not a move count: -1/],
      [{ move: 1.5, at: T0, events }, /not a move count: 1.5/],
      [{ move: Number.NaN, at: T0, events }, /not a move count: NaN/],
      [{ move: 1, at: Number.POSITIVE_INFINITY, events }, /not a time in ms: Infinity/],
    ] as const) {
      await assert.rejects(store().updateSeat(id, 1, { bot: 'random' }, entry), pattern);
    }
    await assert.rejects(store().updateSeat(id, 7, { bot: 'random' }, { move: 1, at: T0, events }), /unknown seat 7/);
    assert.deepEqual(await store().getGame(id), before);
  });

  test('listGames: summaries with move counts and open seats, status filter, newest first, limit', async () => {
    // Times past every other test's, so these three are the newest in a shared store.
    const base = T0 * 3;
    const [a, b, c] = [uid('list'), uid('list'), uid('list')];
    await store().createGame(newGame(a, { createdAt: base }), seats(), 'h');
    await store().createGame(
      newGame(b, { createdAt: base + 1, seats: 2 }),
      seats()
        .slice(0, 2)
        .map((s) => ({ ...s, claimed: false })),
      'h',
    );
    await store().createGame(newGame(c, { createdAt: base + 2 }), seats(), 'h');
    await store().appendMove(a, { ...move(0), at: base + 10 }, { hash: 'h0', status: 'active' });
    await store().appendMove(a, { ...move(1), at: base + 11 }, { hash: 'h1', status: 'finished' });

    const all = await store().listGames();
    const mine = all.filter((g) => [a, b, c].includes(g.id));
    assert.deepEqual(mine, [
      {
        id: a,
        game: 'relic-runners',
        seats: 3,
        status: 'finished',
        moves: 2,
        createdAt: base,
        updatedAt: base + 11,
        openSeats: [1],
        rated: false,
      },
      {
        id: c,
        game: 'relic-runners',
        seats: 3,
        status: 'active',
        moves: 0,
        createdAt: base + 2,
        updatedAt: base + 2,
        openSeats: [1],
        rated: false,
      },
      {
        id: b,
        game: 'relic-runners',
        seats: 2,
        status: 'active',
        moves: 0,
        createdAt: base + 1,
        updatedAt: base + 1,
        openSeats: [0, 1],
        rated: false,
      },
    ]);
    assert.deepEqual(
      (await store().listGames({ limit: 2 })).map((g) => g.id),
      [a, c],
    );
    const active = await store().listGames({ status: 'active' });
    assert.ok(active.every((g) => g.status === 'active'));
    assert.deepEqual(
      active.slice(0, 2).map((g) => g.id),
      [c, b],
    );
    assert.deepEqual((await store().listGames({ status: 'finished' })).filter((g) => g.id === a).length, 1);
    assert.deepEqual(await store().listGames({ status: 'abandoned', limit: 0 }), []);
  });

  test('activeGameIds follows status changes from appendMove and truncateMoves', async () => {
    const [a, b] = [uid('act'), uid('act')];
    await store().createGame(newGame(a), seats(), 'h');
    await store().createGame(newGame(b), seats(), 'h');
    let ids = await store().activeGameIds();
    assert.ok(ids.includes(a) && ids.includes(b));
    await store().appendMove(a, move(0), { hash: 'h0', status: 'finished' });
    await store().appendMove(b, move(0), { hash: 'h0', status: 'abandoned' });
    ids = await store().activeGameIds();
    assert.ok(!ids.includes(a) && !ids.includes(b));
    await store().truncateMoves(a, 0, { hash: 'h', status: 'active' });
    ids = await store().activeGameIds();
    assert.ok(ids.includes(a) && !ids.includes(b));
    assert.equal((await store().getGame(b))?.status, 'abandoned');
  });

  test('invitation key hashes and the open-to-anyone flag are stored; listGames filters on the flag', async () => {
    const base = T0 * 4;
    const [open, friends] = [uid('open'), uid('friends')];
    await store().createGame(newGame(open, { createdAt: base, listed: true }), seats(), 'h');
    await store().createGame(newGame(friends, { createdAt: base + 1 }), seats(), 'h');
    assert.equal((await store().getGame(open))?.listed, true);
    assert.equal((await store().getGame(friends))?.listed, false);
    const listed = await store().listGames({ listed: true, status: 'active' });
    assert.ok(listed.some((g) => g.id === open) && !listed.some((g) => g.id === friends));
    const unlisted = await store().listGames({ listed: false });
    assert.ok(unlisted.some((g) => g.id === friends) && !unlisted.some((g) => g.id === open));
    const all = await store().listGames();
    assert.ok(all.some((g) => g.id === open) && all.some((g) => g.id === friends));

    await store().updateSeat(friends, 1, { inviteHash: 'f'.repeat(64), tokenHash: '1'.repeat(64), claimed: true });
    await store().updateSeat(friends, 0, { inviteHash: null });
    const [s0, s1, s2] = seats();
    assert.deepEqual((await store().getGame(friends))?.seatConfigs, [
      { ...s0, inviteHash: null },
      { ...s1, inviteHash: 'f'.repeat(64), tokenHash: '1'.repeat(64), claimed: true },
      s2,
    ]);
  });

  test('appends of many games made in one turn commit in fewer transactions, each acknowledged after its commit', async () => {
    const ids = Array.from({ length: 12 }, () => uid('group'));
    for (const id of ids) await store().createGame(newGame(id), seats(), 'h-setup');
    const before = hooks.commits();
    let resolved = 0;
    await Promise.all(
      ids.map((id, n) =>
        store()
          .appendMove(id, move(0, { game: n }), { hash: `g${n}`, status: 'active', clocks: [n, 2 * n, null] })
          .then(() => {
            resolved++;
            // Every move acknowledged so far was in a committed transaction.
            assert.ok(hooks.commits() > before, 'acknowledged before any commit');
          }),
      ),
    );
    assert.equal(resolved, ids.length);
    const transactions = hooks.commits() - before;
    assert.ok(transactions >= 1 && transactions < ids.length, `${ids.length} moves in ${transactions} transactions`);
    for (const [n, id] of ids.entries()) {
      const g = await store().getGame(id);
      assert.deepEqual(g?.moves, [move(0, { game: n })]);
      assert.equal(g?.hash, `g${n}`);
      assert.deepEqual(
        g?.seatConfigs.map((c) => c.clockMs),
        [n, 2 * n, null],
      );
    }
    const counts = new Map((await store().listGames()).map((g) => [g.id, g.moves]));
    assert.deepEqual(
      ids.map((id) => counts.get(id)),
      ids.map(() => 1),
    );
  });

  test('in one batch, a conflicting append and an append to an unknown game fail alone; the others are stored', async () => {
    const [a, b, c] = [uid('batch'), uid('batch'), uid('batch')];
    for (const id of [a, b, c]) await store().createGame(newGame(id), seats(), 'h-setup');
    await store().appendMove(b, move(0), { hash: 'b0', status: 'active' });
    const before = hooks.commits();
    const [ra, rb, rc, rd] = await Promise.allSettled([
      store().appendMove(a, move(0), { hash: 'a0', status: 'active' }),
      store().appendMove(b, move(0, 'again'), { hash: 'bad', status: 'finished', clocks: [1, 1, 1] }),
      store().appendMove(c, move(0), { hash: 'c0', status: 'active' }),
      store().appendMove(uid('ghost'), move(0), { hash: 'x', status: 'active' }),
    ]);
    assert.equal(hooks.commits() - before, 1, 'one transaction for the four');
    assert.equal(ra?.status, 'fulfilled');
    assert.equal(rc?.status, 'fulfilled');
    assert.ok(rb?.status === 'rejected' && rb.reason instanceof StoreConflict, rb?.status);
    assert.ok(rd?.status === 'rejected' && !(rd.reason instanceof StoreConflict) && /unknown game/.test(String(rd.reason)), rd?.status);
    assert.deepEqual((await store().getGame(a))?.moves, [move(0)]);
    assert.deepEqual((await store().getGame(c))?.moves, [move(0)]);
    const gb = await store().getGame(b);
    assert.deepEqual(gb?.moves, [move(0)]);
    assert.equal(gb?.hash, 'b0');
    assert.equal(gb?.status, 'active');
    assert.deepEqual(
      gb?.seatConfigs.map((x) => x.clockMs),
      [600000, 600000, null],
    );
  });

  test('several appends of one game made in one turn are stored in order', async () => {
    const id = uid('burst');
    await store().createGame(newGame(id), seats(), 'h-setup');
    await Promise.all([0, 1, 2, 3].map((i) => store().appendMove(id, move(i), { hash: `h${i}`, status: 'active' })));
    const got = await store().getGame(id);
    assert.deepEqual(
      got?.moves,
      [0, 1, 2, 3].map((i) => move(i)),
    );
    assert.equal(got?.hash, 'h3');
  });

  test('a write or read asked for after an append in the same turn sees the append', async () => {
    const id = uid('order');
    await store().createGame(newGame(id), seats(), 'h-setup');
    // Not awaited between: neither the seat update nor the read may overtake the queued append.
    const appended = store().appendMove(id, move(0), { hash: 'h0', status: 'active', clocks: [5, 6, null] });
    const seat = store().updateSeat(id, 0, { clockMs: 7 });
    const read = store().getGame(id);
    assert.deepEqual((await read)?.moves, [move(0)]);
    await Promise.all([appended, seat]);
    // Nor may a truncation overtake an append queued before it. (A read asked for before a write is
    // not promised to run before it: on PostgreSQL they take separate connections, so this test
    // once asserted that too, and failed now and then.)
    const appended1 = store().appendMove(id, move(1), { hash: 'h1', status: 'active' });
    const undone = store().truncateMoves(id, 0, { hash: 'h-setup', status: 'active' });
    await Promise.all([appended1, undone]);
    const got = await store().getGame(id);
    assert.deepEqual(got?.moves, []);
    assert.equal(got?.hash, 'h-setup');
    assert.deepEqual(
      got?.seatConfigs.map((x) => x.clockMs),
      [7, 6, null],
    );
    assert.equal((await store().listGames()).find((g) => g.id === id)?.moves, 0);
    await store().appendMove(id, move(0, 'again'), { hash: 'h0b', status: 'active' });
    assert.deepEqual((await store().getGame(id))?.moves, [move(0, 'again')]);
  });

  test(
    'a batch whose transaction fails rejects every caller and stores nothing of it',
    { skip: hooks.refuseBoom === undefined },
    async () => {
      const ids = [uid('doomed'), uid('doomed'), uid('doomed')];
      for (const id of ids) await store().createGame(newGame(id), seats(), 'h-setup');
      const undo = await hooks.refuseBoom!();
      let results: PromiseSettledResult<void>[];
      try {
        results = await Promise.allSettled(
          ids.map((id, n) =>
            store().appendMove(id, move(0, n === 1 ? 'boom' : 'fine'), { hash: 'bad', status: 'finished', clocks: [1, 1, 1] }),
          ),
        );
      } finally {
        await undo();
      }
      for (const r of results) {
        assert.ok(r.status === 'rejected' && !(r.reason instanceof StoreConflict) && /boom/.test(String(r.reason)), String(r.status));
      }
      for (const id of ids) {
        const g = await store().getGame(id);
        assert.deepEqual(g?.moves, []);
        assert.equal(g?.hash, 'h-setup');
        assert.equal(g?.status, 'active');
        assert.deepEqual(
          g?.seatConfigs.map((x) => x.clockMs),
          [600000, 600000, null],
        );
      }
      // The count rolled back with the rest: the first move is still the next one.
      await Promise.all(ids.map((id) => store().appendMove(id, move(0), { hash: 'h0', status: 'active' })));
      for (const id of ids) assert.deepEqual((await store().getGame(id))?.moves, [move(0)]);
    },
  );

  test('a choice that cannot be stored fails alone, before its batch', async () => {
    const [a, b] = [uid('bad'), uid('bad')];
    for (const id of [a, b]) await store().createGame(newGame(id), seats(), 'h-setup');
    const [ra, rb] = await Promise.allSettled([
      store().appendMove(a, move(0, { n: 1n }), { hash: 'x', status: 'active' }),
      store().appendMove(b, move(0), { hash: 'h0', status: 'active' }),
    ]);
    assert.equal(ra?.status, 'rejected');
    assert.equal(rb?.status, 'fulfilled');
    assert.deepEqual((await store().getGame(a))?.moves, []);
    assert.deepEqual((await store().getGame(b))?.moves, [move(0)]);
  });

  test('init is idempotent and keeps the data', async () => {
    const id = uid('init');
    await store().createGame(newGame(id), seats(), 'h');
    await store().init();
    assert.equal((await store().getGame(id))?.id, id);
  });
}

describe('SQLite store in memory', () => {
  let s: Store;
  const counter = commitCounter();
  before(async () => {
    s = openSqliteStore(':memory:', { onCommit: counter.onCommit });
    await s.init();
  });
  after(() => s.close());
  test('kind is sqlite', () => assert.equal(s.kind, 'sqlite'));
  storeContract(() => s, { commits: counter.commits });
});

describe('SQLite store in a file', () => {
  const file = join(tmp, 'contract.sqlite');
  let s: Store;
  const counter = commitCounter();
  before(async () => {
    s = openSqliteStore(file, { onCommit: counter.onCommit });
    await s.init();
  });
  after(() => s.close());
  storeContract(() => s, {
    commits: counter.commits,
    refuseBoom: async () => {
      const db = new Database(file);
      db.exec(`CREATE TRIGGER boom BEFORE INSERT ON moves WHEN NEW.choice = '"boom"' BEGIN SELECT RAISE(ABORT, 'boom'); END`);
      return async () => {
        db.exec('DROP TRIGGER boom');
        db.close();
      };
    },
  });

  test('appends queued on a closed store all fail, and none is stored', async () => {
    const f = join(tmp, 'closed.sqlite');
    const a = openSqliteStore(f);
    await a.init();
    await a.createGame(newGame('g1'), seats(), 'h');
    await a.createGame(newGame('g2'), seats(), 'h');
    await a.close();
    const results = await Promise.allSettled(['g1', 'g2'].map((id) => a.appendMove(id, move(0), { hash: 'h0', status: 'active' })));
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    const b = openSqliteStore(f);
    await b.init();
    assert.deepEqual((await b.getGame('g1'))?.moves, []);
    assert.deepEqual((await b.getGame('g2'))?.moves, []);
    await b.close();
  });

  test('closing waits for the appends already queued', async () => {
    const f = join(tmp, 'close-drains.sqlite');
    const a = openSqliteStore(f);
    await a.init();
    await a.createGame(newGame('g'), seats(), 'h');
    const appended = a.appendMove('g', move(0), { hash: 'h0', status: 'active' });
    await a.close();
    await appended;
    const b = openSqliteStore(f);
    await b.init();
    assert.deepEqual((await b.getGame('g'))?.moves, [move(0)]);
    await b.close();
  });

  test('WAL checkpoints run on a thread of their own, not in the writer’s commits', async () => {
    // The writer's own checkpoint waits for 64 MB of WAL (a safety net); the checkpointer's thread
    // copies the log into the database file every 200 writes. So the file grows long before that.
    const f = join(tmp, 'checkpoints.sqlite');
    const a = openSqliteStore(f);
    await a.init();
    const ids = Array.from({ length: 400 }, (_, i) => `c${i}`);
    for (const id of ids) await a.createGame(newGame(id), seats(), 'h');
    for (let i = 0; i < 10; i++) await Promise.all(ids.map((id) => a.appendMove(id, move(i), { hash: `h${i}`, status: 'active' })));
    // The database file alone (a copy without its WAL) holds what the checkpoints copied into it.
    const inFile = (): number => {
      const copy = join(tmp, 'checkpoints-copy.sqlite');
      copyFileSync(f, copy);
      let db: Database.Database | null = null;
      try {
        db = new Database(copy);
        return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM moves').get()!.n;
      } catch {
        return 0; // copied in the middle of a checkpoint's writes: look again
      } finally {
        db?.close();
        for (const x of ['', '-wal', '-shm']) rmSync(copy + x, { force: true });
      }
    };
    const deadline = Date.now() + 10_000;
    while (inFile() < 3000) {
      assert.ok(Date.now() < deadline, `the database file holds ${inFile()} of 4,000 moves`);
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(statSync(`${f}-wal`).size < 64 * 2 ** 20, 'the writer did not checkpoint by itself');
    await a.close();
    const b = openSqliteStore(f);
    await b.init();
    assert.equal((await b.getGame('c399'))?.moves.length, 10);
    await b.close();
  });

  test("an unlisted game's moves write only their own rows, a listed game's its row too (the lobby's order)", async () => {
    const [quiet, open] = [uid('quiet'), uid('open')];
    await s.createGame(newGame(quiet, { createdAt: T0 }), seats(), 'setup');
    await s.createGame(newGame(open, { createdAt: T0, listed: true }), seats(), 'setup');
    for (const id of [quiet, open])
      for (let i = 0; i < 3; i++) await s.appendMove(id, { ...move(i), at: T0 + 10 * (i + 1) }, { hash: `h${i}`, status: 'active' });
    const raw = new Database(file, { readonly: true });
    const row = raw.prepare<[string], { moves: number; hash: string; updated_at: number }>(
      'SELECT moves, hash, updated_at FROM games WHERE id = ?',
    );
    assert.deepEqual({ ...row.get(quiet) }, { moves: 0, hash: 'setup', updated_at: T0 });
    assert.deepEqual({ ...row.get(open) }, { moves: 3, hash: 'h2', updated_at: T0 + 30 });
    raw.close();
    // Read through the store, both are the same.
    for (const id of [quiet, open])
      assert.deepEqual(await s.getGame(id).then((g) => [g?.hash, g?.updatedAt, g?.moves.length]), ['h2', T0 + 30, 3]);
    // A store that did not create the listed game learns it is listed when it reads it (as a server loads a game before playing it).
    const other = openSqliteStore(file);
    await other.init();
    await other.getGame(open);
    await other.appendMove(open, { ...move(3), at: T0 + 40 }, { hash: 'h3', status: 'active' });
    await other.close();
    const again = new Database(file, { readonly: true });
    assert.deepEqual(
      { ...again.prepare<[string], { moves: number; updated_at: number }>('SELECT moves, updated_at FROM games WHERE id = ?').get(open) },
      { moves: 4, updated_at: T0 + 40 },
    );
    again.close();
  });

  test('uses WAL', () => {
    assert.ok(existsSync(`${file}-wal`));
  });

  test('a game survives closing and reopening the file', async () => {
    const f = join(tmp, 'reopen.sqlite');
    const a = openSqliteStore(f);
    await a.init();
    await a.createGame(newGame('g1'), seats(), 'h');
    await a.appendMove('g1', move(0), { hash: 'h0', status: 'active', clocks: [1, 2, null] });
    await a.updateSeat('g1', 1, { claimed: true });
    const before = await a.getGame('g1');
    await a.close();
    const b = openSqliteStore(f);
    await b.init();
    assert.deepEqual(await b.getGame('g1'), before);
    assert.deepEqual(await b.activeGameIds(), ['g1']);
    await b.close();
  });

  test('an acknowledged move survives kill -9 of the process', async () => {
    const f = join(tmp, 'killed.sqlite');
    const setup = openSqliteStore(f);
    await setup.init();
    await setup.createGame(newGame('g'), seats(), 'h');
    await setup.close();
    const storeUrl = new URL('../../src/server/store-sqlite.js', import.meta.url).href;
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      const { openSqliteStore } = await import(${JSON.stringify(storeUrl)});
      const s = openSqliteStore(${JSON.stringify(f)});
      await s.init();
      await s.appendMove('g', ${JSON.stringify(move(0, 'acked'))}, { hash: 'h0', status: 'active' });
      process.kill(process.pid, 'SIGKILL');
    `,
      ],
      { encoding: 'utf8', timeout: 20_000 },
    );
    assert.equal(child.signal, 'SIGKILL', child.stderr);
    const s = openSqliteStore(f);
    await s.init();
    assert.deepEqual((await s.getGame('g'))?.moves, [move(0, 'acked')]);
    await s.close();
  });

  test('two connections to one file: the second writer of an index gets a StoreConflict', async () => {
    const other = openSqliteStore(file);
    await other.init();
    const id = uid('twoconn');
    await s.createGame(newGame(id), seats(), 'h');
    await other.appendMove(id, move(0), { hash: 'h0', status: 'active' });
    await rejectsConflict(s.appendMove(id, move(0), { hash: 'x', status: 'active' }));
    assert.equal((await s.getGame(id))?.hash, 'h0');
    await other.close();
  });

  test('a database made before invitation keys gains the columns; its games stay listed and playable', async () => {
    const f = join(tmp, 'old-schema.sqlite');
    const old = new Database(f);
    old.exec(OLD_SQLITE_SCHEMA);
    old.prepare(`INSERT INTO games VALUES ('old', 'relic-runners', 2, 'seed', '{}', '{"botDelayMs":0}', 'active', 'h0', ?, ?)`).run(T0, T0);
    old.prepare(`INSERT INTO seats VALUES ('old', 0, 'human', NULL, 'Ada', ?, 1, NULL)`).run('a'.repeat(64));
    old.prepare(`INSERT INTO seats VALUES ('old', 1, 'human', NULL, NULL, NULL, 0, NULL)`).run();
    for (const m of OLD_MOVES) {
      old.prepare(`INSERT INTO moves VALUES ('old', ?, ?, ?, ?, ?)`).run(m.index, m.seat, JSON.stringify(m.choice), m.hash, m.at);
    }
    old.close();

    const st = openSqliteStore(f);
    await st.init();
    await st.init(); // idempotent on a migrated file too
    const check = new Database(f, { readonly: true });
    const cols = (table: string) =>
      check
        .prepare<[], { name: string }>(`PRAGMA table_info(${table})`)
        .all()
        .map((c) => c.name);
    assert.ok(cols('games').includes('listed'), 'games.listed added');
    assert.ok(cols('seats').includes('invite_hash'), 'seats.invite_hash added');
    assert.ok(cols('games').includes('moves'), 'games.moves added');
    // The indexes over every game's updated_at (two page writes per move) give way to partial ones.
    const indexes = check
      .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games' AND sql IS NOT NULL`)
      .all()
      .map((r) => r.name)
      .sort();
    assert.deepEqual(indexes, ['games_active', 'games_lobby']);
    const plan = check
      .prepare<[], { detail: string }>(
        `EXPLAIN QUERY PLAN SELECT id FROM games WHERE listed = 1 AND status = 'active' ORDER BY updated_at DESC, id LIMIT 100`,
      )
      .all()
      .map((r) => r.detail)
      .join('; ');
    assert.match(plan, /games_lobby/, `the lobby's query reads its index: ${plan}`);
    check.close();
    await checkMigratedGame(st);
    await st.close();
  });

  test('a store that was not initialized says so', async () => {
    const fresh = openSqliteStore(':memory:');
    await assert.rejects(fresh.getGame('x'), /init\(\)/);
    await fresh.close();
  });
});

describe(`PostgreSQL store (${PG_URL})`, () => {
  const schema = `test_store_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client | undefined;
  let s: Store | undefined;
  const counter = commitCounter();
  const store = (): Store => {
    if (s === undefined) throw new Error('PostgreSQL store not opened (see the before hook failure)');
    return s;
  };

  before(async () => {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5000 });
    c.on('error', () => undefined);
    try {
      await c.connect();
    } catch (e) {
      throw new Error(
        `PostgreSQL is unreachable at ${PG_URL}: ${(e as Error).message}. ` +
          'These tests need it: .ci/run starts it; locally start PostgreSQL or set TEST_DATABASE_URL.',
        { cause: e },
      );
    }
    admin = c;
    s = openPostgresStore(PG_URL, { schema, connectTimeoutMs: 5000, onCommit: counter.onCommit });
    await s.init();
  });
  after(async () => {
    await s?.close();
    if (admin !== undefined) {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  });

  test('kind is postgres, and the tables live in the test schema', async () => {
    assert.equal(store().kind, 'postgres');
    const r = await admin!.query<{ table_name: string }>(
      'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
      [schema],
    );
    assert.deepEqual(
      r.rows.map((t) => t.table_name),
      [
        'account_seats',
        'account_suspensions',
        'accounts',
        'api_tokens',
        'auth_challenges',
        'bot_accounts',
        'bot_challenges',
        'chat_messages',
        'chat_mutes',
        'chat_reports',
        'game_results',
        'game_waits',
        'games',
        'match_queue',
        'match_tables',
        'moves',
        'passkeys',
        'rating_history',
        'ratings',
        'seats',
        'sessions',
        'sign_in_failures',
        'table_events',
      ],
    );
  });
  test('getGames reads several games at once exactly as getGame reads each, and leaves unknown ids out', async () => {
    const ids = [uid('bulk'), uid('bulk'), uid('bulk')];
    for (const [k, id] of ids.entries()) {
      await store().createGame(newGame(id), seats(), `h-${k}`);
      for (let i = 0; i < k * 2; i++) await store().appendMove(id, move(i), { hash: `h-${k}-${i}`, status: 'active' });
    }
    await store().updateSeat(ids[1]!, 0, { name: 'renamed', claimed: true });
    await store().updateSeat(ids[2]!, 1, { bot: 'random' }, { move: 3, at: T0, events: [{ type: 'seatToBot', seat: 1, reason: 'away' }] });
    await store().updateSeat(ids[2]!, 1, { bot: null }, { move: 4, at: T0 + 1, events: [{ type: 'seatReclaimed', seat: 1 }] });
    const got = await store().getGames!([...ids, uid('none')]);
    assert.deepEqual([...got.keys()].sort(), [...ids].sort());
    for (const id of ids) assert.deepEqual(got.get(id), await store().getGame(id));
    assert.equal(got.get(ids[2]!)!.moves.length, 4);
    assert.deepEqual(
      got.get(ids[2]!)!.table.map((e) => e.move),
      [3, 4],
    );
    assert.equal((await store().getGames!([])).size, 0);
  });
  storeContract(store, {
    commits: counter.commits,
    refuseBoom: async () => {
      await admin!.query(`
        CREATE FUNCTION "${schema}".boom() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN IF NEW.choice::text = '"boom"' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$;
        CREATE TRIGGER boom BEFORE INSERT ON "${schema}".moves FOR EACH ROW EXECUTE FUNCTION "${schema}".boom();`);
      return async () => {
        await admin!.query(`DROP TRIGGER boom ON "${schema}".moves; DROP FUNCTION "${schema}".boom();`);
      };
    },
  });

  test('a batch with a value the server rejects (a seat beyond integer) fails whole; nothing of it is stored', async () => {
    const [a, b] = [uid('range'), uid('range')];
    for (const id of [a, b]) await store().createGame(newGame(id), seats(), 'h-setup');
    const results = await Promise.allSettled([
      store().appendMove(a, move(0), { hash: 'h0', status: 'active' }),
      store().appendMove(b, { ...move(0), seat: 2 ** 40 }, { hash: 'h0', status: 'active' }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.deepEqual((await store().getGame(a))?.moves, []);
    assert.deepEqual((await store().getGame(b))?.moves, []);
  });

  test('appends queued on a closed store all fail', async () => {
    const other = openPostgresStore(PG_URL, { schema });
    await other.init();
    const [a, b] = [uid('closed'), uid('closed')];
    for (const id of [a, b]) await store().createGame(newGame(id), seats(), 'h-setup');
    await other.close();
    const results = await Promise.allSettled([a, b].map((id) => other.appendMove(id, move(0), { hash: 'h0', status: 'active' })));
    assert.deepEqual(
      results.map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.deepEqual((await store().getGame(a))?.moves, []);
    assert.deepEqual((await store().getGame(b))?.moves, []);
  });

  test('a schema made before invitation keys gains the columns; its games stay listed and playable', async () => {
    const oldSchema = `test_store_old_${randomBytes(6).toString('hex')}`;
    await admin!.query(`CREATE SCHEMA "${oldSchema}"; SET search_path TO "${oldSchema}"; ${OLD_POSTGRES_SCHEMA} RESET search_path;`);
    const st = openPostgresStore(PG_URL, { schema: oldSchema });
    try {
      await admin!.query(
        `INSERT INTO "${oldSchema}".games VALUES ('old', 'relic-runners', 2, 'seed', '{}', '{"botDelayMs":0}', 'active', 'h0', $1, $1)`,
        [T0],
      );
      await admin!.query(
        `INSERT INTO "${oldSchema}".seats VALUES ('old', 0, 'human', NULL, 'Ada', $1, true, NULL), ('old', 1, 'human', NULL, NULL, NULL, false, NULL)`,
        ['a'.repeat(64)],
      );
      for (const m of OLD_MOVES) {
        await admin!.query(`INSERT INTO "${oldSchema}".moves VALUES ('old', $1, $2, $3, $4, $5)`, [
          m.index,
          m.seat,
          JSON.stringify(m.choice),
          m.hash,
          m.at,
        ]);
      }
      await st.init();
      await st.init();
      const cols = async (table: string) =>
        (
          await admin!.query<{ column_name: string }>(
            'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
            [oldSchema, table],
          )
        ).rows.map((r) => r.column_name);
      assert.ok((await cols('games')).includes('listed'), 'games.listed added');
      assert.ok((await cols('seats')).includes('invite_hash'), 'seats.invite_hash added');
      assert.ok((await cols('games')).includes('moves'), 'games.moves added');
      const indexes = (
        await admin!.query<{ indexname: string }>(
          `SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'games' AND indexname <> 'games_pkey' ORDER BY indexname`,
          [oldSchema],
        )
      ).rows.map((r) => r.indexname);
      assert.deepEqual(
        indexes,
        ['games_active', 'games_lobby'],
        'partial indexes (live games, open games) instead of the ones over every game',
      );
      await checkMigratedGame(st);
    } finally {
      await st.close();
      await admin!.query(`DROP SCHEMA IF EXISTS "${oldSchema}" CASCADE`);
    }
  });

  test('times come back as numbers (bigint columns)', async () => {
    const id = uid('num');
    await store().createGame(newGame(id, { createdAt: 2 ** 50 }), seats(), 'h');
    const g = await store().getGame(id);
    assert.equal(g?.createdAt, 2 ** 50);
    assert.equal(typeof g?.seatConfigs[0]?.clockMs, 'number');
  });

  test('two stores on one schema: writers to one game take turns through the row lock', async () => {
    const other = openPostgresStore(PG_URL, { schema });
    await other.init();
    const id = uid('twopool');
    await store().createGame(newGame(id), seats(), 'h');
    const stores = [store(), other, store(), other];
    const results = await Promise.allSettled(stores.map((st, w) => st.appendMove(id, move(0, w), { hash: `w${w}`, status: 'active' })));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    assert.ok(results.every((r) => r.status === 'fulfilled' || r.reason instanceof StoreConflict));
    await other.close();
  });

  test('openStore picks PostgreSQL when DATABASE_URL is set', async () => {
    const o = await openStore({ DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
    try {
      assert.equal(o.kind, 'postgres');
      const id = uid('open');
      await store().createGame(newGame(id), seats(), 'h');
      assert.equal((await o.getGame(id))?.id, id);
    } finally {
      await o.close();
    }
  });

  test('an invalid schema name is refused', () => {
    assert.throws(() => openPostgresStore(PG_URL, { schema: 'x"; DROP TABLE games; --' }), /invalid schema/);
  });
});

describe('openStore without DATABASE_URL', () => {
  test('opens SQLite at EXPEDITION_DB, creating its directory', async () => {
    const file = join(tmp, 'nested', 'dir', 'expedition.sqlite');
    const s = await openStore({ EXPEDITION_DB: file });
    try {
      assert.equal(s.kind, 'sqlite');
      await s.createGame(newGame('g'), seats(), 'h');
      assert.ok(existsSync(file));
    } finally {
      await s.close();
    }
  });

  test('an empty DATABASE_URL still means SQLite', async () => {
    const s = await openStore({ DATABASE_URL: '', EXPEDITION_DB: ':memory:' });
    assert.equal(s.kind, 'sqlite');
    assert.deepEqual(await s.listGames(), []);
    await s.close();
  });
});
