/**
 * The Store on SQLite through better-sqlite3: embedded, synchronous (each call is atomic within
 * this process) and durable with WAL. The default backend: one file, no server to run.
 */
import Database from 'better-sqlite3';
import { defaultLog, type Log } from './log.js';
import { Checkpointer, FALLBACK_AUTOCHECKPOINT_PAGES } from './sqlite-checkpointer.js';
import { GroupCommit, type ItemResult, type PendingAppend } from './group-commit.js';
import { encodeAppend, encodeTableEntry, jsonText, wholeMs } from './store-encoding.js';
import { ACCOUNT_SCHEMA_SQLITE, sqliteAccountStore } from './accounts/store-sqlite.js';
import type { AccountStore } from './accounts/store.js';
import { BOT_SCHEMA_SQLITE, sqliteBotStore } from './accounts/bot-store-sqlite.js';
import type { BotStore } from './accounts/bot-store.js';
import {
  RATING_SCHEMA_SQLITE,
  ensureBotAccountsSqlite,
  sqliteEndWriter,
  sqliteRatingStore,
  type EndWriter,
} from './ratings/store-sqlite.js';
import type { RatingStore } from './ratings/store.js';
import { MATCH_SCHEMA_SQLITE, sqliteMatchQueueStore } from './matchmaking/store-sqlite.js';
import type { MatchQueueStore } from './matchmaking/store.js';
import { CHAT_SCHEMA_SQLITE, sqliteChatStore } from './chat/store-sqlite.js';
import type { ChatStore } from './chat/store.js';
import {
  StoreConflict,
  type GameStatus,
  type GameSummary,
  type NewGame,
  type SeatConfig,
  type SeatPatch,
  type Store,
  type StoredGame,
} from './store.js';
import { sqliteWaitStore, WAIT_SCHEMA_SQLITE } from './waits/store-sqlite.js';
import type { WaitStore } from './waits/store.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS games (
  id         TEXT PRIMARY KEY,
  game       TEXT NOT NULL,
  seats      INTEGER NOT NULL,
  seed       TEXT NOT NULL,
  options    TEXT NOT NULL,
  settings   TEXT NOT NULL,
  status     TEXT NOT NULL,
  hash       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  listed     INTEGER NOT NULL,
  moves      INTEGER NOT NULL,
  rated      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seats (
  game_id    TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  bot        TEXT,
  name       TEXT,
  token_hash TEXT,
  invite_hash TEXT,
  claimed    INTEGER NOT NULL,
  clock_ms   INTEGER,
  PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  idx     INTEGER NOT NULL,
  seat    INTEGER NOT NULL,
  choice  TEXT NOT NULL,
  hash    TEXT NOT NULL,
  at      INTEGER NOT NULL,
  PRIMARY KEY (game_id, idx)
);
-- The table's events between moves (Store.updateSeat's entry), in the order written (id).
CREATE TABLE IF NOT EXISTS table_events (
  id      INTEGER PRIMARY KEY,
  game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  moves   INTEGER NOT NULL,
  at      INTEGER NOT NULL,
  events  TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS table_events_game ON table_events (game_id, moves);
`;

/**
 * Columns added after the first release, for databases created before them, each with the
 * statements that fill it in the rows that already exist. Games created before invitation keys
 * existed were all listed in the lobby; they stay listed, so their free seats (which have no key)
 * can still be taken there. `games.moves` is the length of the game's log when the row was last
 * written: a listed game's row follows every move, an unlisted game's only some (see appendOne).
 */
const ADDED_COLUMNS: readonly { table: string; column: string; sql: string }[] = [
  { table: 'games', column: 'listed', sql: 'ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 1' },
  { table: 'seats', column: 'invite_hash', sql: 'ALTER TABLE seats ADD COLUMN invite_hash TEXT' },
  {
    table: 'games',
    column: 'moves',
    sql: `ALTER TABLE games ADD COLUMN moves INTEGER NOT NULL DEFAULT 0;
      UPDATE games SET moves = (SELECT count(*) FROM moves m WHERE m.game_id = games.id);`,
  },
  { table: 'games', column: 'rated', sql: 'ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0' },
];

/**
 * Indexes on added columns: created once the columns exist. Both are partial: every move of a
 * listed game sets updated_at, and an index holding it for every game would take two more page
 * writes per move (their cost is in bench/README.md). The lobby lists only
 * listed active games, and a start only active ones, so those are all these indexes hold; the
 * earlier full indexes are dropped.
 */
const LATE_INDEXES = `
DROP INDEX IF EXISTS games_status_updated;
DROP INDEX IF EXISTS games_listed_status_updated;
CREATE INDEX IF NOT EXISTS games_lobby ON games (updated_at DESC, id) WHERE listed = 1 AND status = 'active';
CREATE INDEX IF NOT EXISTS games_active ON games (created_at, id) WHERE status = 'active';`;

/**
 * A summary's columns (alias g: games). The moves' count and the last move's time come from the
 * moves themselves: an unlisted game's row does not follow its moves (see appendOne).
 */
const SUMMARY_COLUMNS = `g.id, g.game, g.seats, g.status, g.created_at,
  max(g.updated_at, coalesce((SELECT m.at FROM moves m WHERE m.game_id = g.id ORDER BY m.idx DESC LIMIT 1), 0)) AS updated_at,
  coalesce((SELECT max(m.idx) + 1 FROM moves m WHERE m.game_id = g.id), 0) AS moves,
  (SELECT group_concat(s.seat) FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' AND s.claimed = 0) AS open_seats, g.rated`;

interface GameDbRow {
  id: string;
  game: string;
  seats: number;
  seed: string;
  options: string;
  settings: string;
  status: GameStatus;
  hash: string;
  created_at: number;
  updated_at: number;
  listed: number;
  moves: number;
  rated: number;
}
interface SeatDbRow {
  seat: number;
  kind: 'human' | 'bot';
  bot: string | null;
  name: string | null;
  token_hash: string | null;
  invite_hash: string | null;
  claimed: number;
  clock_ms: number | null;
}
interface MoveDbRow {
  idx: number;
  seat: number;
  choice: string;
  hash: string;
  at: number;
}
interface TableDbRow {
  moves: number;
  at: number;
  events: string;
}
interface SummaryDbRow {
  id: string;
  game: string;
  seats: number;
  status: GameStatus;
  moves: number;
  created_at: number;
  updated_at: number;
  open_seats: string | null;
  rated: number;
}

function openSeatsOf(list: string | null): number[] {
  return list === null
    ? []
    : list
        .split(',')
        .map(Number)
        .sort((a, b) => a - b);
}

function seatFromRow(r: SeatDbRow): SeatConfig {
  return {
    seat: r.seat,
    kind: r.kind,
    bot: r.bot,
    name: r.name,
    tokenHash: r.token_hash,
    inviteHash: r.invite_hash,
    claimed: r.claimed !== 0,
    clockMs: r.clock_ms,
  };
}

export interface SqliteStoreOptions {
  /** When a commit reaches the disk (see the comment at the pragma). Default 'NORMAL'. */
  readonly synchronous?: 'NORMAL' | 'FULL';
  /** Called after each committed transaction of appends with its number of moves (tests, benchmarks). */
  readonly onCommit?: (moves: number) => void;
  /** Where the store logs (default: the process's logger). */
  readonly log?: Log;
}

/**
 * Opens (creating if missing) the database at `file`, or a private in-memory one for ':memory:'.
 * Call init() before anything else.
 */
export function openSqliteStore(file: string, opts: SqliteStoreOptions = {}): Store {
  const db = new Database(file);
  // WAL: readers never block the writer and a commit is one append to the log.
  // synchronous=FULL syncs the log at every commit, so an acknowledged move survives power loss
  // and OS crashes too; NORMAL syncs only at checkpoints, so a commit survives kill -9 of the
  // process (it is in the OS's page cache) but the last few can be lost on power loss. Appends
  // are group-committed (one transaction, hence one sync, per event-loop turn), so under load the
  // sync is shared by a whole batch. With many games in flight FULL costs little throughput
  // (`npm run bench:store`), but better-sqlite3 syncs on the event loop: every sync stalls every
  // game of the process, which multiplies the p99 at a human pace (`SQLITE_SYNCHRONOUS=FULL
  // THINK_MS=2000 SIZES=2000 npm run bench:server` against NORMAL; figures in bench/README.md).
  // So NORMAL is the default (an acknowledged move survives a crash or kill -9 of the server, not
  // a power loss of the machine); SQLITE_SYNCHRONOUS=FULL for a deployment that prefers the sync
  // to the latency, and PostgreSQL for both.
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${opts.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  // Another process (a second server, a CLI) may hold the write lock briefly: wait, don't fail.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // Checkpoints run on a thread of their own (see sqlite-checkpointer.ts); an in-memory database has none.
  const checkpointer =
    file === ':memory:' ? null : new Checkpointer(file, () => db.pragma('wal_checkpoint(PASSIVE)'), opts.log ?? defaultLog());
  if (checkpointer) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);

  /**
   * The listed games this store created or read, still active: their row follows every move (the
   * lobby's order). A game is read (LiveGame.load) before this process appends to it.
   */
  const listedIds = new Set<string>();

  let st: ReturnType<typeof prepare> | null = null;
  const s = (): ReturnType<typeof prepare> => {
    if (st === null) throw new Error('SQLite store: call init() first');
    return st;
  };

  function prepare() {
    return {
      insertGame:
        db.prepare(`INSERT INTO games (id, game, seats, seed, options, settings, status, hash, created_at, updated_at, listed, moves, rated)
        VALUES (@id, @game, @seats, @seed, @options, @settings, 'active', @hash, @createdAt, @createdAt, @listed, 0, @rated)`),
      insertSeat: db.prepare(`INSERT INTO seats (game_id, seat, kind, bot, name, token_hash, invite_hash, claimed, clock_ms)
        VALUES (@gameId, @seat, @kind, @bot, @name, @tokenHash, @inviteHash, @claimed, @clockMs)`),
      gameById: db.prepare<[string], GameDbRow>('SELECT * FROM games WHERE id = ?'),
      seatsOf: db.prepare<[string], SeatDbRow>('SELECT * FROM seats WHERE game_id = ? ORDER BY seat'),
      movesOf: db.prepare<[string], MoveDbRow>('SELECT idx, seat, choice, hash, at FROM moves WHERE game_id = ? ORDER BY idx'),
      tableOf: db.prepare<[string], TableDbRow>('SELECT moves, at, events FROM table_events WHERE game_id = ? ORDER BY moves, id'),
      insertTable: db.prepare('INSERT INTO table_events (game_id, moves, at, events) VALUES (?, ?, ?, ?)'),
      deleteTableAfter: db.prepare('DELETE FROM table_events WHERE game_id = ? AND moves > max(?, 0)'),
      summaries: db.prepare<[{ status: GameStatus | null; listed: number | null; limit: number }], SummaryDbRow>(`
        SELECT * FROM (SELECT ${SUMMARY_COLUMNS}
          FROM games g WHERE (@status IS NULL OR g.status = @status) AND (@listed IS NULL OR g.listed = @listed))
        ORDER BY updated_at DESC, id LIMIT @limit`),
      // The lobby's query, with its conditions spelled out so that the planner can use games_lobby
      // (a listed game's row follows its moves: see appendOne).
      lobby: db.prepare<[number], SummaryDbRow>(`
        SELECT ${SUMMARY_COLUMNS}
        FROM games g WHERE g.listed = 1 AND g.status = 'active'
        ORDER BY g.updated_at DESC, g.id LIMIT ?`),
      // A move is written only as the next one: the first of a game that exists, or the one after a
      // stored move (the same index twice breaks the primary key). Nothing else is read or written.
      insertMove: db.prepare<[string, number, number, string, string, number, number, string, string, number]>(
        `INSERT INTO moves (game_id, idx, seat, choice, hash, at) SELECT ?, ?, ?, ?, ?, ?
         WHERE (? = 0 AND EXISTS (SELECT 1 FROM games WHERE id = ?)) OR EXISTS (SELECT 1 FROM moves WHERE game_id = ? AND idx = ? - 1)`,
      ),
      movesNow: db.prepare<[string], { moves: number | null }>(
        'SELECT (SELECT max(idx) + 1 FROM moves WHERE game_id = g.id) AS moves FROM games g WHERE g.id = ?',
      ),
      // The game's row after a move, when it must follow it (appendOne says when).
      touch: db.prepare('UPDATE games SET moves = ?, hash = ?, status = ?, updated_at = ? WHERE id = ?'),
      // After the moves from `fromIndex` on are deleted: the game's row is told what is left.
      rewind: db.prepare(
        'UPDATE games SET moves = coalesce((SELECT max(idx) + 1 FROM moves WHERE game_id = games.id), 0), hash = ?, status = ?, updated_at = ? WHERE id = ?',
      ),
      // Every append carries every seat's clock, most of them unchanged (all null without clocks):
      // rows whose clock is the same are not written.
      setClock: db.prepare('UPDATE seats SET clock_ms = ? WHERE game_id = ? AND seat = ? AND clock_ms IS NOT ?'),
      deleteMovesFrom: db.prepare('DELETE FROM moves WHERE game_id = ? AND idx >= ?'),
      // One statement for any patch: a has_* flag of 0 keeps the column as it is.
      updateSeat: db.prepare(`UPDATE seats SET
          kind = CASE WHEN @hasKind THEN @kind ELSE kind END,
          bot = CASE WHEN @hasBot THEN @bot ELSE bot END,
          name = CASE WHEN @hasName THEN @name ELSE name END,
          token_hash = CASE WHEN @hasTokenHash THEN @tokenHash ELSE token_hash END,
          invite_hash = CASE WHEN @hasInviteHash THEN @inviteHash ELSE invite_hash END,
          claimed = CASE WHEN @hasClaimed THEN @claimed ELSE claimed END,
          clock_ms = CASE WHEN @hasClockMs THEN @clockMs ELSE clock_ms END
        WHERE game_id = @gameId AND seat = @seat`),
      activeIds: db.prepare<[], { id: string }>(`SELECT id FROM games WHERE status = 'active' ORDER BY created_at, id`),
    };
  }

  // IMMEDIATE takes the write lock at BEGIN, so two processes appending to the same game queue on
  // busy_timeout instead of both reading the same count and one failing to upgrade its lock.
  const createTx = (g: NewGame, seats: readonly SeatConfig[], hash: string): void => {
    if (s().gameById.get(g.id) !== undefined) throw new StoreConflict(`game ${g.id} already exists`);
    s().insertGame.run({
      id: g.id,
      game: g.game,
      seats: g.seats,
      seed: g.seed,
      options: jsonText(g.options),
      settings: jsonText(g.settings),
      hash,
      createdAt: wholeMs(g.createdAt),
      listed: g.listed ? 1 : 0,
      rated: g.rated === true ? 1 : 0,
    });
    for (const c of seats) {
      s().insertSeat.run({
        gameId: g.id,
        seat: c.seat,
        kind: c.kind,
        bot: c.bot,
        name: c.name,
        tokenHash: c.tokenHash,
        inviteHash: c.inviteHash,
        claimed: c.claimed ? 1 : 0,
        clockMs: c.clockMs === null ? null : wholeMs(c.clockMs),
      });
    }
  };
  /**
   * One append of a batch; a move that is not the next one is refused alone, before it writes
   * anything. The move's row is all that an unlisted game's move writes: its game's row is written
   * only for what the moves do not tell (a new status, a game hash other than the move's), and
   * reads take the count, the time and the hash from the moves. That row's page would be one of
   * the ~3 pages each move writes to the WAL, each synced and checkpointed again (its cost shows in
   * `HUMANS=1 THINK_MS=2000 SIZES=10000 npm run bench:server`'s µs/choice; bench/README.md). A
   * listed game's row follows every move: the lobby orders them by it, through its index.
   */
  const appendOne = (a: PendingAppend): ItemResult => {
    let written: number;
    try {
      written = s().insertMove.run(a.gameId, a.index, a.seat, a.choice, a.hash, a.at, a.index, a.gameId, a.gameId, a.index).changes;
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') throw e;
      written = 0;
    }
    if (written === 0) {
      const now = s().movesNow.get(a.gameId);
      return now === undefined
        ? new Error(`unknown game ${a.gameId}`)
        : new StoreConflict(`game ${a.gameId}: move ${a.index} is not the next one (${now.moves ?? 0})`);
    }
    // The row follows a listed game's every move (the lobby's order), else only what the moves do
    // not tell: a new status (games start active and take moves only while active), or a game hash
    // other than the move's (see readGame).
    if (a.status !== 'active' || a.gameHash !== a.hash || listedIds.has(a.gameId)) {
      s().touch.run(a.index + 1, a.gameHash, a.status, a.at, a.gameId);
      if (a.status !== 'active') listedIds.delete(a.gameId);
    }
    // The game's end, with the ratings it changes, in this move's transaction.
    if (a.end !== undefined) writeEnd()(a.gameId, a.at, a.end);
    a.clocks?.forEach((ms, seat) => {
      s().setClock.run(ms, a.gameId, seat, ms);
    });
    return undefined;
  };
  // Items are applied in order, so two appends of one game in one batch work as they would apart.
  const appendBatchTx = (batch: readonly PendingAppend[]): ItemResult[] => batch.map(appendOne);
  const truncateTx = (gameId: string, fromIndex: number, after: { hash: string; status: GameStatus }): void => {
    s().deleteMovesFrom.run(gameId, fromIndex);
    if (s().rewind.run(after.hash, after.status, Date.now(), gameId).changes === 0) throw new Error(`unknown game ${gameId}`);
    s().deleteTableAfter.run(gameId, fromIndex);
  };
  /** A seat's update, and the table's entry that comes with it: both or neither. */
  const seatTx = (gameId: string, seat: number, patch: SeatPatch, entry: ReturnType<typeof encodeTableEntry> | undefined): void => {
    const has = (k: keyof typeof patch): number => (Object.prototype.hasOwnProperty.call(patch, k) && patch[k] !== undefined ? 1 : 0);
    const info = s().updateSeat.run({
      gameId,
      seat,
      hasKind: has('kind'),
      kind: patch.kind ?? null,
      hasBot: has('bot'),
      bot: patch.bot ?? null,
      hasName: has('name'),
      name: patch.name ?? null,
      hasTokenHash: has('tokenHash'),
      tokenHash: patch.tokenHash ?? null,
      hasInviteHash: has('inviteHash'),
      inviteHash: patch.inviteHash ?? null,
      hasClaimed: has('claimed'),
      claimed: patch.claimed ? 1 : 0,
      hasClockMs: has('clockMs'),
      clockMs: patch.clockMs == null ? null : wholeMs(patch.clockMs),
    });
    if (info.changes === 0) throw new Error(`unknown seat ${seat} of game ${gameId}`);
    if (entry) s().insertTable.run(gameId, entry.move, entry.at, entry.events);
  };
  // A read transaction gives one snapshot, so the game's hash matches its moves even while
  // another process writes.
  const readGame = (id: string): StoredGame | null => {
    const g = s().gameById.get(id);
    if (g === undefined) return null;
    if (g.listed !== 0 && g.status === 'active') listedIds.add(id);
    const rows = s().movesOf.all(id);
    const last = rows.at(-1);
    return {
      id: g.id,
      game: g.game,
      seats: g.seats,
      seed: g.seed,
      options: JSON.parse(g.options) as unknown,
      settings: JSON.parse(g.settings) as unknown,
      createdAt: g.created_at,
      listed: g.listed !== 0,
      rated: g.rated !== 0,
      status: g.status,
      // The row's hash holds when the row has followed every move so far (its count is theirs: an
      // append the row did not follow came after it), else the last move's, which then is the game's.
      hash: last === undefined || g.moves === last.idx + 1 ? g.hash : last.hash,
      updatedAt: Math.max(g.updated_at, last?.at ?? 0),
      seatConfigs: s().seatsOf.all(id).map(seatFromRow),
      moves: rows.map((m) => ({ index: m.idx, seat: m.seat, choice: JSON.parse(m.choice) as unknown, hash: m.hash, at: m.at })),
      table: s()
        .tableOf.all(id)
        .map((e) => ({ move: e.moves, at: e.at, events: JSON.parse(e.events) as unknown })),
    };
  };
  let accounts: AccountStore | null = null;
  let ratings: RatingStore | null = null;
  let waits: WaitStore | null = null;
  let botApi: BotStore | null = null;
  let matchQueue: MatchQueueStore | null = null;
  let chat: ChatStore | null = null;
  let endWriter: EndWriter | null = null;
  const writeEnd = (): EndWriter => {
    if (endWriter === null) throw new Error('SQLite store: call init() first');
    return endWriter;
  };
  let tx: {
    create: typeof createTx;
    appendBatch: typeof appendBatchTx;
    truncate: typeof truncateTx;
    seat: typeof seatTx;
    read: typeof readGame;
  } | null = null;
  const t = (): NonNullable<typeof tx> => {
    if (tx === null) throw new Error('SQLite store: call init() first');
    return tx;
  };

  const appends = new GroupCommit<PendingAppend>((batch) => {
    const results = t().appendBatch(batch);
    checkpointer?.wrote(batch.length);
    opts.onCommit?.(batch.length);
    return results;
  });

  // The Store interface is promise-based (PostgreSQL answers later); better-sqlite3 answers at once.
  // The methods stay async so that a throw still reaches callers as a rejected promise. Every
  // write but an append first waits for the appends queued before it (appends.settled()), so
  // that it cannot overtake them; reads too, so that a caller reads what it wrote.
  return {
    kind: 'sqlite',
    get accounts() {
      if (accounts === null) throw new Error('SQLite store: call init() first');
      return accounts;
    },
    get ratings() {
      if (ratings === null) throw new Error('SQLite store: call init() first');
      return ratings;
    },
    get waits() {
      if (waits === null) throw new Error('SQLite store: call init() first');
      return waits;
    },
    get botApi() {
      if (botApi === null) throw new Error('SQLite store: call init() first');
      return botApi;
    },
    get matchQueue() {
      if (matchQueue === null) throw new Error('SQLite store: call init() first');
      return matchQueue;
    },
    get chat() {
      if (chat === null) throw new Error('SQLite store: call init() first');
      return chat;
    },
    async init() {
      if (st !== null) return;
      db.transaction(() => {
        db.exec(SCHEMA);
        for (const a of ADDED_COLUMNS) {
          const columns = db.prepare<[], { name: string }>(`PRAGMA table_info(${a.table})`).all();
          if (!columns.some((c) => c.name === a.column)) db.exec(a.sql);
        }
        db.exec(LATE_INDEXES);
        db.exec(ACCOUNT_SCHEMA_SQLITE);
        db.exec(RATING_SCHEMA_SQLITE);
        db.exec(WAIT_SCHEMA_SQLITE);
        db.exec(BOT_SCHEMA_SQLITE);
        db.exec(MATCH_SCHEMA_SQLITE);
        db.exec(CHAT_SCHEMA_SQLITE);
        ensureBotAccountsSqlite(db, Date.now());
      }).immediate();
      st = prepare();
      accounts = sqliteAccountStore(db);
      ratings = sqliteRatingStore(db);
      waits = sqliteWaitStore(db);
      botApi = sqliteBotStore(db);
      matchQueue = sqliteMatchQueueStore(db);
      chat = sqliteChatStore(db);
      endWriter = sqliteEndWriter(db);
      // better-sqlite3's transaction variants are closures over their database: called alone, they pass
      // an undefined `this` on to the wrapped function, which uses none.
      /* eslint-disable @typescript-eslint/unbound-method */
      tx = {
        create: db.transaction(createTx).immediate,
        appendBatch: db.transaction(appendBatchTx).immediate,
        truncate: db.transaction(truncateTx).immediate,
        seat: db.transaction(seatTx).immediate,
        read: db.transaction(readGame).deferred,
      };
      /* eslint-enable @typescript-eslint/unbound-method */
    },
    async createGame(g, seats, hash) {
      await appends.settled();
      t().create(g, seats, hash);
      if (g.listed) listedIds.add(g.id);
      checkpointer?.wrote(1);
    },
    async getGame(id) {
      await appends.settled();
      return t().read(id);
    },
    async listGames(opts = {}) {
      const listed = opts.listed === undefined ? null : opts.listed ? 1 : 0;
      // LIMIT -1 is SQLite's "no limit".
      const limit = opts.limit ?? -1;
      const rows =
        listed === 1 && opts.status === 'active' ? s().lobby.all(limit) : s().summaries.all({ status: opts.status ?? null, listed, limit });
      return rows.map((r): GameSummary => ({
        id: r.id,
        game: r.game,
        seats: r.seats,
        status: r.status,
        moves: r.moves,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        openSeats: openSeatsOf(r.open_seats),
        rated: r.rated !== 0,
      }));
    },
    async appendMove(gameId, move, after) {
      t();
      return appends.add(encodeAppend(gameId, move, after));
    },
    async truncateMoves(gameId, fromIndex, after) {
      await appends.settled();
      t().truncate(gameId, fromIndex, after);
      checkpointer?.wrote(1);
    },
    async updateSeat(gameId, seat, patch, entry) {
      await appends.settled();
      t().seat(gameId, seat, patch, entry === undefined ? undefined : encodeTableEntry(entry));
      checkpointer?.wrote(1);
    },
    async activeGameIds() {
      return s()
        .activeIds.all()
        .map((r) => r.id);
    },
    async close() {
      await appends.settled();
      await waits?.settled();
      await checkpointer?.close();
      if (db.open) db.close();
    },
  };
}
