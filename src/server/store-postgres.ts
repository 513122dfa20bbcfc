/**
 * The Store on PostgreSQL through a pg Pool, for deployments that already run a database server
 * or run several server processes on one database.
 */
import pg from 'pg';
import { GroupCommit, type ItemResult, type PendingAppend } from './group-commit.js';
import { defaultLog, type Log } from './log.js';
import { encodeAppend, encodeTableEntry, jsonText, wholeMs } from './store-encoding.js';
import { accountSchemaPostgres, postgresAccountStore } from './accounts/store-postgres.js';
import { postgresWaitStore, waitSchemaPostgres } from './waits/store-postgres.js';
import { botSchemaPostgres, postgresBotStore } from './accounts/bot-store-postgres.js';
import { matchSchemaPostgres, postgresMatchQueueStore } from './matchmaking/store-postgres.js';
import { ensureBotAccountsPostgres, postgresRatingStore, ratingSchemaPostgres, writeEndPostgres } from './ratings/store-postgres.js';
import { chatSchemaPostgres, postgresChatStore } from './chat/store-postgres.js';
import { StoreConflict, type GameStatus, type GameSummary, type SeatConfig, type Store, type StoredGame } from './store.js';
import { inTransaction } from './pg-transaction.js';

export interface PostgresStoreOptions {
  /** Schema holding the tables, created by init() if missing; default: the connection's search_path. */
  readonly schema?: string;
  /** Most connections the pool opens (default 10). */
  readonly poolSize?: number;
  /** Give up connecting after this long (default 10 s) instead of hanging while the server is down. */
  readonly connectTimeoutMs?: number;
  /** Called after each committed statement of appends with its number of moves (tests, benchmarks). */
  readonly onCommit?: (moves: number) => void;
  /** Where the store logs (default: the process's logger). */
  readonly log?: Log;
}

/**
 * JSON columns are `json`, not `jsonb`: jsonb reorders object keys (shorter first) and drops
 * duplicates, while options and choices must come back exactly as stored, key order included,
 * because replay and hashes may depend on it. Nothing queries inside them, so jsonb gains nothing.
 * Times are bigint ms; pg hands bigint back as strings, turned into numbers when rows are read.
 */
function schemaSql(p: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${p}games (
  id         text PRIMARY KEY,
  game       text NOT NULL,
  seats      integer NOT NULL,
  seed       text NOT NULL,
  options    json NOT NULL,
  settings   json NOT NULL,
  status     text NOT NULL,
  hash       text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  listed     boolean NOT NULL,
  moves      integer NOT NULL
);
CREATE TABLE IF NOT EXISTS ${p}seats (
  game_id    text NOT NULL REFERENCES ${p}games (id) ON DELETE CASCADE,
  seat       integer NOT NULL,
  kind       text NOT NULL,
  bot        text,
  name       text,
  token_hash text,
  invite_hash text,
  claimed    boolean NOT NULL,
  clock_ms   bigint,
  PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS ${p}moves (
  game_id text NOT NULL REFERENCES ${p}games (id) ON DELETE CASCADE,
  idx     integer NOT NULL,
  seat    integer NOT NULL,
  choice  json NOT NULL,
  hash    text NOT NULL,
  at      bigint NOT NULL,
  PRIMARY KEY (game_id, idx)
);
-- The table's events between moves (Store.updateSeat's entry), in the order written (id).
CREATE TABLE IF NOT EXISTS ${p}table_events (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id text NOT NULL REFERENCES ${p}games (id) ON DELETE CASCADE,
  moves   integer NOT NULL,
  at      bigint NOT NULL,
  events  json NOT NULL
);
CREATE INDEX IF NOT EXISTS table_events_game ON ${p}table_events (game_id, moves);
-- Columns added after the first release, for databases created before them. Games created before
-- invitation keys existed were all listed in the lobby; they stay listed, so their free seats
-- (which have no key) can still be taken there. games.moves is the length of the game's log, kept
-- by every write so that appending needs no count; init() fills it for existing games.
ALTER TABLE ${p}games ADD COLUMN IF NOT EXISTS listed boolean NOT NULL DEFAULT true;
ALTER TABLE ${p}games ALTER COLUMN listed DROP DEFAULT;
ALTER TABLE ${p}seats ADD COLUMN IF NOT EXISTS invite_hash text;
ALTER TABLE ${p}games ADD COLUMN IF NOT EXISTS moves integer NOT NULL DEFAULT 0;
ALTER TABLE ${p}games ALTER COLUMN moves DROP DEFAULT;
-- Partial indexes: every move sets updated_at, so an index holding it for every game costs index
-- writes on every move. The lobby lists only listed active games, a start only active
-- ones. The earlier full indexes are dropped.
DROP INDEX IF EXISTS ${p}games_status_updated;
DROP INDEX IF EXISTS ${p}games_listed_status_updated;
CREATE INDEX IF NOT EXISTS games_lobby ON ${p}games (updated_at DESC, id) WHERE listed AND status = 'active';
CREATE INDEX IF NOT EXISTS games_active ON ${p}games (created_at, id) WHERE status = 'active';`;
}

/** Same key for every store: concurrent init()s (parallel tests, several servers) take turns. */
const INIT_LOCK = 0x45787064; // "Expd"

type Num = string | number;
interface GameDbRow {
  id: string;
  game: string;
  seats: number;
  seed: string;
  options: unknown;
  settings: unknown;
  status: GameStatus;
  hash: string;
  created_at: Num;
  updated_at: Num;
  listed: boolean;
  moves: number;
  rated: boolean;
}
interface SeatDbRow {
  seat: number;
  kind: 'human' | 'bot';
  bot: string | null;
  name: string | null;
  token_hash: string | null;
  invite_hash: string | null;
  claimed: boolean;
  clock_ms: Num | null;
}
interface MoveDbRow {
  idx: number;
  seat: number;
  choice: unknown;
  hash: string;
  at: Num;
}

interface TableDbRow {
  moves: number;
  at: Num;
  events: unknown;
}

/** A game's rows as the store hands them over. */
function storedGame(g: GameDbRow, seats: readonly SeatDbRow[], moves: readonly MoveDbRow[], table: readonly TableDbRow[]): StoredGame {
  return {
    id: g.id,
    game: g.game,
    seats: g.seats,
    seed: g.seed,
    options: g.options,
    settings: g.settings,
    createdAt: num(g.created_at),
    listed: g.listed,
    rated: g.rated,
    status: g.status,
    hash: g.hash,
    updatedAt: num(g.updated_at),
    seatConfigs: seats.map((r): SeatConfig => ({
      seat: r.seat,
      kind: r.kind,
      bot: r.bot,
      name: r.name,
      tokenHash: r.token_hash,
      inviteHash: r.invite_hash,
      claimed: r.claimed,
      clockMs: r.clock_ms === null ? null : num(r.clock_ms),
    })),
    moves: moves.map((m) => ({ index: m.idx, seat: m.seat, choice: m.choice, hash: m.hash, at: num(m.at) })),
    table: table.map((e) => ({ move: e.moves, at: num(e.at), events: e.events })),
  };
}

interface SummaryDbRow {
  id: string;
  game: string;
  seats: number;
  status: GameStatus;
  moves: number;
  created_at: Num;
  updated_at: Num;
  open_seats: number[];
  rated: boolean;
}

const num = (v: Num): number => Number(v);

const pgCode = (e: unknown): unknown => (typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined);

/** unique_violation: a primary key already taken, i.e. another writer got there first. */
const isUniqueViolation = (e: unknown): boolean => pgCode(e) === '23505';

/** Deadlocks are retried this many times: a batch that loses one to another process wrote nothing. */
const DEADLOCK_RETRIES = 3;

/** The owner check of a fenced write of game `gameId` (an SQL expression), the owner being `node` (see Store.fenceBy). */
function ownedBy(p: string, gameId: string, node: string): string {
  return `EXISTS (SELECT 1 FROM ${p}cluster_owners o WHERE o.game_id = ${gameId} AND o.node = ${node} FOR SHARE)`;
}

/**
 * A batch of appends (at most one per game) as one statement, so one round trip and one commit:
 * `adv` moves each game on only where the move is the next one (the conflict check, and the row
 * lock that makes writers to one game take turns), `ins` and `clk` write the moves and clocks of
 * the games `adv` moved on (only the clocks that changed: every append carries every seat's, most
 * of them unchanged, all null in a game without clocks), and the result says for each game whether it was, with its count.
 * Values travel as bound arrays. A concurrent writer to a game is waited for by the UPDATE, which
 * then re-checks `moves` on the row it wrote (READ COMMITTED), so exactly one of them wins.
 * `fenced` (Store.fenceBy): `adv` also needs the game's owner row to name $12, and locks it.
 */
function appendBatchSql(p: string, fenced: boolean): string {
  return `
WITH i AS (
  SELECT * FROM unnest($1::text[], $2::integer[], $3::integer[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
    AS i(game_id, idx, seat, choice, hash, at, game_hash, status)
), adv AS (
  UPDATE ${p}games g SET moves = g.moves + 1, hash = i.game_hash, status = i.status, updated_at = i.at
  FROM i WHERE g.id = i.game_id AND g.moves = i.idx${fenced ? ` AND ${ownedBy(p, 'g.id', '$12')}` : ''}
  RETURNING g.id
), ins AS (
  INSERT INTO ${p}moves (game_id, idx, seat, choice, hash, at)
  SELECT i.game_id, i.idx, i.seat, i.choice::json, i.hash, i.at FROM i JOIN adv ON adv.id = i.game_id
), clk AS (
  UPDATE ${p}seats s SET clock_ms = c.ms
  FROM unnest($9::text[], $10::integer[], $11::bigint[]) AS c(game_id, seat, ms) JOIN adv ON adv.id = c.game_id
  WHERE s.game_id = c.game_id AND s.seat = c.seat AND s.clock_ms IS DISTINCT FROM c.ms
)
SELECT i.game_id, adv.id IS NOT NULL AS written, (SELECT g.moves FROM ${p}games g WHERE g.id = i.game_id) AS now
FROM i LEFT JOIN adv ON adv.id = i.game_id`;
}

export function openPostgresStore(url: string, opts: PostgresStoreOptions = {}): Store {
  if (opts.schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(opts.schema)) {
    throw new Error(`invalid schema name ${JSON.stringify(opts.schema)}: use lower-case letters, digits and _`);
  }
  const schema = opts.schema;
  // Tables are named with their schema in every statement rather than through search_path, so
  // no statement can land in another schema whatever the connection's settings.
  const p = schema === undefined ? '' : `"${schema}".`;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
  });
  // An idle connection that the server drops emits 'error' on the pool; unhandled, that would
  // crash the process. The pool discards the connection and opens a new one when needed.
  const log: Log = opts.log ?? defaultLog();
  pool.on('error', (e) => log.warn({ err: e }, `the store's PostgreSQL pool lost an idle connection: ${e.message}`));

  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  const inTx = <T>(fn: (c: pg.PoolClient) => Promise<T>, begin?: string): Promise<T> => inTransaction(pool, fn, begin);

  const appendSql = appendBatchSql(p, false);
  const fencedAppendSql = appendBatchSql(p, true);
  /** The node whose ownership every write needs (fenceBy), or null: writes are not fenced. */
  let fence: string | null = null;
  /** A fenced write found nothing to write: the game exists (it is not ours: a conflict), or not (an Error). */
  async function refusedWrite(gameId: string, what: string): Promise<Error> {
    const r = await pool.query(`SELECT 1 FROM ${p}games WHERE id = $1`, [gameId]);
    return r.rowCount === 0
      ? new Error(`unknown game ${gameId}`)
      : new StoreConflict(`game ${gameId}: ${what} refused: this server process does not own the game (cluster_owners)`);
  }
  /**
   * A batch of appends. The moves that end a game go each in a transaction of its own, with the
   * game's result and the ratings it changes (writeEndPostgres): a game ends once, so these are few.
   * The others keep the one statement of the batch, which touches no table but the game's.
   */
  async function commitAppends(batch: readonly PendingAppend[]): Promise<ItemResult[]> {
    if (!batch.some((a) => a.end !== undefined)) return commitPlain(batch);
    const results: ItemResult[] = new Array<ItemResult>(batch.length);
    const plain = batch.flatMap((a, i) => (a.end === undefined ? [{ a, i }] : []));
    if (plain.length > 0) {
      const r = await commitPlain(plain.map((x) => x.a));
      plain.forEach((x, k) => (results[x.i] = r[k]));
    }
    for (const [i, a] of batch.entries()) {
      if (a.end === undefined) continue;
      try {
        results[i] = await commitEnd(a, a.end);
      } catch (e) {
        results[i] = e instanceof Error ? e : new Error(String(e));
      }
    }
    return results;
  }
  /** A game's last move, its result and its ratings, in one transaction (retried after a deadlock, which wrote nothing). */
  async function commitEnd(a: PendingAppend, end: NonNullable<PendingAppend['end']>): Promise<ItemResult> {
    const fenced = fence !== null;
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await inTx(async (c) => {
          const r = await c.query<{ game_id: string; written: boolean; now: number | null }>({
            text: fenced ? fencedAppendSql : appendSql,
            values: appendValues([a]),
          });
          const item = itemResults([a], r.rows, fenced)[0];
          if (item === undefined) await writeEndPostgres(c, p, a.gameId, a.at, end);
          return item;
        });
        opts.onCommit?.(1);
        return result;
      } catch (e) {
        if (pgCode(e) !== '40P01' || attempt >= DEADLOCK_RETRIES) throw e;
      }
    }
  }
  function appendValues(batch: readonly PendingAppend[]): unknown[] {
    const clockGame: string[] = [];
    const clockSeat: number[] = [];
    const clockMs: (number | null)[] = [];
    for (const a of batch) {
      a.clocks?.forEach((ms, seat) => {
        clockGame.push(a.gameId);
        clockSeat.push(seat);
        clockMs.push(ms);
      });
    }
    return [
      batch.map((a) => a.gameId),
      batch.map((a) => a.index),
      batch.map((a) => a.seat),
      batch.map((a) => a.choice),
      batch.map((a) => a.hash),
      batch.map((a) => a.at),
      batch.map((a) => a.gameHash),
      batch.map((a) => a.status),
      clockGame,
      clockSeat,
      clockMs,
      ...(fence !== null ? [fence] : []),
    ];
  }
  /** Each append's fate from the batch statement's rows. */
  function itemResults(
    batch: readonly PendingAppend[],
    rows: readonly { game_id: string; written: boolean; now: number | null }[],
    fenced: boolean,
  ): ItemResult[] {
    const byGame = new Map(rows.map((row) => [row.game_id, row]));
    return batch.map((a): ItemResult => {
      const row = byGame.get(a.gameId);
      if (row?.written === true) return undefined;
      if (row?.now == null) return new Error(`unknown game ${a.gameId}`);
      // The right index, not written: the owner check refused it.
      if (fenced && row.now === a.index)
        return new StoreConflict(`game ${a.gameId}: move ${a.index} refused: this server process does not own the game (cluster_owners)`);
      return new StoreConflict(`game ${a.gameId}: move ${a.index} is not the next one (${row.now})`);
    });
  }
  async function commitPlain(batch: readonly PendingAppend[]): Promise<ItemResult[]> {
    const values = appendValues(batch);
    const fenced = fence !== null;
    for (let attempt = 0; ; attempt++) {
      try {
        // Named: each pooled connection parses and plans it once.
        const r = await pool.query<{ game_id: string; written: boolean; now: number | null }>({
          name: fenced ? 'append-batch-fenced' : 'append-batch',
          text: fenced ? fencedAppendSql : appendSql,
          values,
        });
        opts.onCommit?.(batch.length);
        return itemResults(batch, r.rows, fenced);
      } catch (e) {
        if (pgCode(e) !== '40P01' || attempt >= DEADLOCK_RETRIES) throw e;
      }
    }
  }
  // One statement per batch can change a game's row once: a game's second append waits for the next batch.
  const appends = new GroupCommit<PendingAppend>(commitAppends, { keyOf: (a) => a.gameId });
  const waits = postgresWaitStore(pool, p);

  return {
    kind: 'postgres',
    accounts: postgresAccountStore(pool, p),
    ratings: postgresRatingStore(pool, p),
    waits,
    botApi: postgresBotStore(pool, p),
    matchQueue: postgresMatchQueueStore(pool, p),
    chat: postgresChatStore(pool, p),
    async init() {
      await inTx(async (c) => {
        await c.query('SELECT pg_advisory_xact_lock($1)', [INIT_LOCK]);
        if (schema !== undefined) await c.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        const hadCount = await c.query(
          `SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = 'moves' AND NOT attisdropped`,
          [`${p}games`],
        );
        await c.query(schemaSql(p));
        await c.query(accountSchemaPostgres(p));
        await c.query(ratingSchemaPostgres(p));
        await c.query(waitSchemaPostgres(p));
        await c.query(botSchemaPostgres(p));
        await c.query(matchSchemaPostgres(p));
        await c.query(chatSchemaPostgres(p));
        await ensureBotAccountsPostgres(c, p, Date.now());
        if (hadCount.rowCount === 0) {
          await c.query(`UPDATE ${p}games g SET moves = (SELECT count(*) FROM ${p}moves m WHERE m.game_id = g.id)`);
        }
      });
    },
    async createGame(g, seats, hash) {
      await appends.settled();
      try {
        await inTx(async (c) => {
          const at = wholeMs(g.createdAt);
          await c.query(
            `INSERT INTO ${p}games (id, game, seats, seed, options, settings, status, hash, created_at, updated_at, listed, moves, rated)
             VALUES ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $8, $9, 0, $10)`,
            [g.id, g.game, g.seats, g.seed, jsonText(g.options), jsonText(g.settings), hash, at, g.listed, g.rated === true],
          );
          for (const s of seats) {
            await c.query(
              `INSERT INTO ${p}seats (game_id, seat, kind, bot, name, token_hash, invite_hash, claimed, clock_ms)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
              [g.id, s.seat, s.kind, s.bot, s.name, s.tokenHash, s.inviteHash, s.claimed, s.clockMs === null ? null : wholeMs(s.clockMs)],
            );
          }
        });
      } catch (e) {
        if (isUniqueViolation(e) && (e as { table?: string }).table === 'games') throw new StoreConflict(`game ${g.id} already exists`);
        throw e;
      }
    },
    async getGame(id) {
      await appends.settled();
      // One snapshot for the three reads, so the game's hash matches its moves while others write.
      return inTx(async (c): Promise<StoredGame | null> => {
        const g = (await c.query<GameDbRow>(`SELECT * FROM ${p}games WHERE id = $1`, [id])).rows[0];
        if (g === undefined) return null;
        const seats = (await c.query<SeatDbRow>(`SELECT * FROM ${p}seats WHERE game_id = $1 ORDER BY seat`, [id])).rows;
        const moves = (await c.query<MoveDbRow>(`SELECT idx, seat, choice, hash, at FROM ${p}moves WHERE game_id = $1 ORDER BY idx`, [id]))
          .rows;
        const table = (
          await c.query<TableDbRow>(`SELECT moves, at, events FROM ${p}table_events WHERE game_id = $1 ORDER BY moves, id`, [id])
        ).rows;
        return storedGame(g, seats, moves, table);
      }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },
    async getGames(ids) {
      await appends.settled();
      // Three queries for all of them, in one snapshot: a takeover of a hundred games costs one
      // round of reads instead of a hundred (each waiting for its turn on the pool between appends).
      return inTx(async (c): Promise<Map<string, StoredGame>> => {
        const list = [...ids];
        const games = (await c.query<GameDbRow>(`SELECT * FROM ${p}games WHERE id = ANY($1::text[])`, [list])).rows;
        const seats = (
          await c.query<SeatDbRow & { game_id: string }>(`SELECT * FROM ${p}seats WHERE game_id = ANY($1::text[]) ORDER BY game_id, seat`, [
            list,
          ])
        ).rows;
        const moves = (
          await c.query<MoveDbRow & { game_id: string }>(
            `SELECT game_id, idx, seat, choice, hash, at FROM ${p}moves WHERE game_id = ANY($1::text[]) ORDER BY game_id, idx`,
            [list],
          )
        ).rows;
        const table = (
          await c.query<TableDbRow & { game_id: string }>(
            `SELECT game_id, moves, at, events FROM ${p}table_events WHERE game_id = ANY($1::text[]) ORDER BY game_id, moves, id`,
            [list],
          )
        ).rows;
        const byGame = <R extends { game_id: string }>(rows: R[]): Map<string, R[]> => {
          const m = new Map<string, R[]>();
          for (const r of rows) {
            const l = m.get(r.game_id);
            if (l) l.push(r);
            else m.set(r.game_id, [r]);
          }
          return m;
        };
        const seatsOf = byGame(seats);
        const movesOf = byGame(moves);
        const tableOf = byGame(table);
        return new Map(games.map((g) => [g.id, storedGame(g, seatsOf.get(g.id) ?? [], movesOf.get(g.id) ?? [], tableOf.get(g.id) ?? [])]));
      }, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    },
    async listGames(o = {}) {
      // The lobby's case is spelled out so that the planner can use the partial index games_lobby.
      const lobby = o.listed === true && o.status === 'active';
      const r = await pool.query<SummaryDbRow>(
        `SELECT g.id, g.game, g.seats, g.status, g.created_at, g.updated_at, g.moves, g.rated,
           ARRAY(SELECT s.seat FROM ${p}seats s
                 WHERE s.game_id = g.id AND s.kind = 'human' AND NOT s.claimed ORDER BY s.seat) AS open_seats
         FROM ${p}games g WHERE ${lobby ? `g.listed AND g.status = 'active'` : '($2::text IS NULL OR g.status = $2) AND ($3::boolean IS NULL OR g.listed = $3)'}
         ORDER BY g.updated_at DESC, g.id LIMIT $1`,
        lobby ? [o.limit ?? null] : [o.limit ?? null, o.status ?? null, o.listed ?? null], // LIMIT NULL: no limit
      );
      return r.rows.map((g): GameSummary => ({
        id: g.id,
        game: g.game,
        seats: g.seats,
        status: g.status,
        moves: g.moves,
        createdAt: num(g.created_at),
        updatedAt: num(g.updated_at),
        openSeats: g.open_seats,
        rated: g.rated,
      }));
    },
    async appendMove(gameId, move, after) {
      return appends.add(encodeAppend(gameId, move, after));
    },
    async truncateMoves(gameId, fromIndex, after) {
      await appends.settled();
      await inTx(async (c) => {
        // The update first: it locks the game's row, so an append from another process is either
        // committed before the DELETE's snapshot or waits for this transaction.
        const g = await c.query(
          `UPDATE ${p}games SET moves = LEAST(moves, GREATEST($2, 0)), hash = $3, status = $4, updated_at = $5
           WHERE id = $1${fence !== null ? ` AND ${ownedBy(p, '$1', '$6')}` : ''}`,
          [gameId, fromIndex, after.hash, after.status, Date.now(), ...(fence !== null ? [fence] : [])],
        );
        if (g.rowCount === 0) throw fence !== null ? await refusedWrite(gameId, 'undo') : new Error(`unknown game ${gameId}`);
        await c.query(`DELETE FROM ${p}moves WHERE game_id = $1 AND idx >= $2`, [gameId, fromIndex]);
        await c.query(`DELETE FROM ${p}table_events WHERE game_id = $1 AND moves > GREATEST($2, 0)`, [gameId, fromIndex]);
      });
    },
    async updateSeat(gameId, seat, patch, entry) {
      const e = entry === undefined ? undefined : encodeTableEntry(entry);
      await appends.settled();
      const sets: string[] = [];
      const values: unknown[] = [gameId, seat];
      const set = (column: string, v: unknown): void => {
        values.push(v);
        sets.push(`${column} = $${values.length}`);
      };
      if (patch.kind !== undefined) set('kind', patch.kind);
      if (patch.bot !== undefined) set('bot', patch.bot);
      if (patch.name !== undefined) set('name', patch.name);
      if (patch.tokenHash !== undefined) set('token_hash', patch.tokenHash);
      if (patch.inviteHash !== undefined) set('invite_hash', patch.inviteHash);
      if (patch.claimed !== undefined) set('claimed', patch.claimed);
      if (patch.clockMs !== undefined) set('clock_ms', patch.clockMs === null ? null : wholeMs(patch.clockMs));
      const owner = fence;
      if (owner !== null) values.push(owner);
      // An empty patch still checks that the seat exists, like the SQLite store.
      let sql =
        `UPDATE ${p}seats SET ${sets.length > 0 ? sets.join(', ') : 'seat = seat'} WHERE game_id = $1 AND seat = $2` +
        (owner !== null ? ` AND ${ownedBy(p, '$1', `$${values.length}`)}` : '');
      if (e !== undefined) {
        // The entry only where the seat was updated, in the same statement: its count is the update's.
        values.push(e.move, e.at, e.events);
        const n = values.length;
        sql = `WITH u AS (${sql} RETURNING game_id)
          INSERT INTO ${p}table_events (game_id, moves, at, events) SELECT game_id, $${n - 2}::integer, $${n - 1}::bigint, $${n}::json FROM u`;
      }
      const r = await pool.query(sql, values);
      if (r.rowCount === 0) {
        // Fenced: the seat exists but the game is not ours (a conflict), or there is no such seat.
        if (owner !== null) {
          const seatThere = await pool.query(`SELECT 1 FROM ${p}seats WHERE game_id = $1 AND seat = $2`, [gameId, seat]);
          if (seatThere.rowCount !== 0)
            throw new StoreConflict(
              `game ${gameId}: seat ${seat}'s update refused: this server process does not own the game (cluster_owners)`,
            );
        }
        throw new Error(`unknown seat ${seat} of game ${gameId}`);
      }
    },
    fenceBy(node) {
      fence = node;
    },
    async activeGameIds() {
      const r = await pool.query<{ id: string }>(`SELECT id FROM ${p}games WHERE status = 'active' ORDER BY created_at, id`);
      return r.rows.map((g) => g.id);
    },
    async close() {
      await appends.settled();
      await waits.settled();
      if (!pool.ended) await pool.end();
    },
  };
}
