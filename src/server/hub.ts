import { randomBytes } from 'node:crypto';
import { DEFAULT_BOT_DELAY_MS } from '../bots/pacing.js';
import type { Seat } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { Match } from '../core/match.js';
import { CURRENT_SEEDING } from '../core/rng.js';
import { botFromSpec, type Bot, type BotLimits } from '../bots/index.js';
import { MAX_THINK_MS } from '../bots/limits.js';
import { GAMES } from '../bots/registry.js';
import { BotPool } from './bot-pool.js';
import { DEFAULT_AWAY_AFTER_MS, LiveGame, type GameServer, type GameSettings, type Subscriber } from './live-game.js';
import { defaultLog, type Log } from './log.js';
import { Refusal } from './refusal.js';
import type { BotRules } from './seat-bots.js';
import type { ClientMessage, CreateGame } from './protocol.js';
import { StoreConflict, type SeatConfig, type Store, type StoredGame } from './store.js';
import { hashToken, newGameId, newInviteKey, newToken, tokenMatches } from './tokens.js';
import { Turns } from './turns.js';
import { AccountError } from './accounts/context.js';
import type { ChatRequest } from './chat/game-chat.js';
import { botAccountOfSpec } from './ratings/bot-accounts.js';
import { checkRatedGame } from './ratings/rated-games.js';

/** The account joining a seat (a rated game's seats are taken by accounts only). */
export interface Joiner {
  readonly id: string;
  readonly name: string;
}

/** A game made with its players seated already (quick play): its id, and each seat's token hash (null for a bot's). */
export interface SeatedGame {
  readonly id: string;
  readonly tokenHashes: readonly (string | null)[];
}

/** A human seat's invitation key, handed to the game's creator once, at creation. */
export interface Invite {
  readonly seat: Seat;
  readonly key: string;
}

export interface HubOptions {
  /** Bot pacing when a game does not set it. */
  readonly botDelayMs?: number;
  /**
   * How long a seat must be without a connection before the others may hand it to a bot, in games
   * whose creator sets no away time (and older games, created before the setting; default 3 min).
   */
  readonly awayAfterMs?: number;
  /** Worker threads for searching bots (0: every bot thinks on the event loop). */
  readonly botThreads?: number;
  /** Worker threads for quick bot jobs, greedy moves and hints (default QUICK_THREADS). */
  readonly botQuickThreads?: number;
  /** A search's turn while other owners' searches wait, in ms (default BOT_SLICE_MS). */
  readonly botSliceMs?: number;
  /** A finished game nobody watches leaves memory after this long (reloaded from the store on demand). */
  readonly evictFinishedMs?: number;
  /** An unfinished game nobody watches and no bot is playing leaves memory after this long. */
  readonly evictIdleMs?: number;
  /**
   * Longest think time a bot spec may ask for, in ms (BOT_MAX_MS): at most MAX_THINK_MS, which
   * is the default. It is also the deadline budget of a pooled bot job its spec does not time.
   */
  readonly botMaxMs?: number;
  /** Slack over a pooled bot job's budget before its worker is ended (default BOT_GRACE_MS). */
  readonly botGraceMs?: number;
  /** Builds a bot from a spec within the given limits (default botFromSpec); a seam for tests. */
  readonly buildBot?: (spec: string, limits: BotLimits) => Bot;
  /**
   * Which games a client may choose the seed of: 'solo' (default), those with at most one human seat,
   * since the seed reveals every hidden tile; 'any' only for tests that replay fixed multi-player games.
   */
  readonly seedPolicy?: 'solo' | 'any';
  /** Where the hub and its games log (default: the process's logger at info, on stdout). */
  readonly log?: Log;
}

/**
 * What the Hub needs of cluster mode (cluster/index.ts): which process plays each game. Without
 * it (a single process) every game is played here.
 */
export interface HubCluster {
  /** This process's node id. */
  readonly id: string;
  /** Claims the game unless a live process owns it; the owner's id, or null when this process cannot own games now. */
  claim(id: string): Promise<string | null>;
  /** Claims every game of `ids` without a live owner (this process's own kept); the ids won. */
  claimMany(ids: readonly string[]): Promise<string[]>;
  /** Gives up a game this process no longer holds in memory. */
  release(id: string): void;
  /** Starts relaying a socket of this process to the game's owner `node`. */
  relayTo(socket: RelaySocket, node: string): RelayLink;
}

/** A socket as its relay sees it (cluster mode). */
export interface RelaySocket extends Pick<Subscriber, 'sendText' | 'close'> {
  /**
   * The owner at the other end of `link` is gone, or no longer plays the game for it: the link is
   * dropped, the socket stays open, its client is told to say hello again.
   */
  lost(message: string, link: RelayLink): void;
}

/** The owner's answer to a relayed hello: a welcome (`ok`) or an error, as text, and what it costs the client's budget (`welcomeCost`). */
export interface HelloAnswer {
  readonly ok: boolean;
  readonly text: string;
  readonly cost: number;
}

/** A socket's relay to the process that plays its game (cluster mode). */
export interface RelayLink {
  /** Says hello at the owner: its answer (a welcome when `ok`, else an error), as text. */
  hello(msg: Extract<ClientMessage, { type: 'hello' }>): Promise<HelloAnswer>;
  /** The hello's answer is written to the socket: the owner's texts that came after it follow. */
  release(): void;
  /** Sends a choice or an undo on; its answer comes back through the socket's sendText. */
  forward(msg: Extract<ClientMessage, { type: 'choice' | 'undo' | 'hint' | 'rematch' }> | ChatRequest): Promise<void>;
  /** The socket closed or said hello elsewhere. */
  close(): void;
}

/** The game is played by another process (cluster mode): its node id. */
export class Elsewhere extends Error {
  constructor(
    readonly game: string,
    readonly node: string,
  ) {
    super(`game ${game} is played by server process ${node}`);
  }
}

/** Games a cluster process loads at once when it takes games over (without a bulk read). */
const REBUILD_PARALLEL = 8;

/** Games a cluster process reads in one round of queries when it takes games over. */
const REBUILD_CHUNK = 50;

/** A takeover replays games back to back for this long at most before it lets the sockets in. */
const REPLAY_SLICE_MS = 20;

/** Defaults of the eviction settings (SECURITY.md lists them with their environment variables). */
export const EVICT_FINISHED_MS = 30_000;
export const EVICT_IDLE_MS = 10 * 60_000;

/** All games of this server process: live ones in memory, the rest in the store. */
export class Hub {
  private readonly live = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame | null>>();
  /** Games whose stored log failed to replay, with the reason. */
  private readonly broken = new Map<string, string>();
  /** The server's away time, for games whose creator sets none (HubOptions.awayAfterMs). */
  readonly awayAfterMs: number;
  private readonly botDelayMs: number;
  private readonly pool: BotPool | null;
  /** Games being created, by id, with the client address creating them: their bots' owner in the pool. */
  private readonly creators = new Map<string, string>();
  private readonly botRules: BotRules;
  /** What this server lends each of its games. */
  private readonly gameServer: GameServer;
  private readonly sweeper: ReturnType<typeof setInterval>;
  /** Welcomes and creations take turns with the other work of this process. */
  readonly turns = new Turns();
  private readonly seedPolicy: 'solo' | 'any';
  /** Cluster mode: set once by cluster/index.ts before the server listens. */
  cluster: HubCluster | null = null;
  /** Bumped when this process stops owning everything at once: loads begun before are dropped. */
  private generation = 0;
  readonly log: Log;

  constructor(
    readonly store: Store,
    opts: HubOptions = {},
  ) {
    this.log = opts.log ?? defaultLog();
    this.awayAfterMs = opts.awayAfterMs ?? DEFAULT_AWAY_AFTER_MS;
    this.botDelayMs = opts.botDelayMs ?? DEFAULT_BOT_DELAY_MS;
    const maxMs = opts.botMaxMs ?? MAX_THINK_MS;
    if (!(maxMs > 0 && maxMs <= MAX_THINK_MS))
      throw new InvalidInput(`the bots' think-time limit must be above 0 and at most ${MAX_THINK_MS} ms, not ${maxMs}`);
    const limits: BotLimits = { maxMs };
    const build = opts.buildBot ?? botFromSpec;
    this.botRules = { build: (spec) => build(spec, limits), maxMs };
    this.pool =
      opts.botThreads === 0
        ? null
        : new BotPool({
            ...(opts.botThreads !== undefined ? { size: opts.botThreads } : {}),
            ...(opts.botGraceMs !== undefined ? { graceMs: opts.botGraceMs } : {}),
            ...(opts.botQuickThreads !== undefined ? { quickSize: opts.botQuickThreads } : {}),
            ...(opts.botSliceMs !== undefined ? { sliceMs: opts.botSliceMs } : {}),
          });
    this.gameServer = { pool: this.pool, botRules: this.botRules, awayAfterMs: this.awayAfterMs, log: this.log };
    this.seedPolicy = opts.seedPolicy ?? 'solo';
    // Finished and long-idle games would otherwise stay in memory for the life of the process.
    const evictFinishedMs = opts.evictFinishedMs ?? EVICT_FINISHED_MS;
    const evictIdleMs = opts.evictIdleMs ?? EVICT_IDLE_MS;
    this.sweeper = setInterval(
      () => this.evict(evictFinishedMs, evictIdleMs),
      Math.max(250, Math.min(10_000, evictFinishedMs / 2, evictIdleMs / 2)),
    );
    this.sweeper.unref();
  }

  /** Whether a game is held in memory now (not evicted). */
  isLive(id: string): boolean {
    return this.live.has(id);
  }

  /** Drops the games nobody needs in memory; `get` reloads one from the store when it is asked for. */
  evict(evictFinishedMs: number, evictIdleMs: number, now = Date.now()): number {
    let n = 0;
    for (const [id, g] of this.live) {
      if (!g.evictable(now, evictFinishedMs, evictIdleMs)) continue;
      g.close();
      this.live.delete(id);
      this.cluster?.release(id);
      n++;
    }
    return n;
  }

  /**
   * Stops playing a game at once, without giving it up: another process owns it now (its append
   * met a move it did not know), or this process lost its database lock. Its connections, local
   * and relayed, stay open and are told to say hello again (Subscriber.lost): their processes are
   * well, and the hello finds the game at its new owner (or claims it).
   */
  disown(id: string, why: string): void {
    const g = this.live.get(id);
    if (!g) return;
    this.live.delete(id);
    g.close();
    for (const sub of [...g.subscribers]) sub.lost(why);
  }

  /** Stops playing every game at once (the lock connection is gone): see `disown`. */
  dropAll(why: string): void {
    this.generation++;
    for (const id of [...this.live.keys()]) this.disown(id, why);
  }

  /** Rebuilds every unfinished game by replaying its log; a game that fails (its hash check, say) is logged, reported and left out. */
  async rebuildAll(share?: (id: string) => boolean): Promise<{ loaded: number; failed: string[] }> {
    const failed: string[] = [];
    let loaded = 0;
    let ids = await this.store.activeGameIds();
    if (share) ids = ids.filter(share);
    // In a cluster, only the games without a live owner (claimed in one statement), and this process's own.
    const cluster = this.cluster;
    if (cluster) ids = (await cluster.claimMany(ids)).filter((id) => !this.live.has(id));
    const settle = async (id: string, p: Promise<LiveGame | null>): Promise<void> => {
      try {
        if (await p) loaded++;
      } catch (e) {
        // Taken by another process meanwhile: it plays the game.
        if (e instanceof Elsewhere) return;
        const why = e instanceof Error ? e.message : String(e);
        this.log.error({ game: id }, why);
        failed.push(why);
      }
    };
    const bulk = this.store.getGames?.bind(this.store);
    if (cluster && bulk) {
      // A takeover reads its games REBUILD_CHUNK at a time, each chunk in one round of queries: read
      // one by one, a hundred games took seconds (each read waiting its turn between the appends of
      // the games played here), and so did the hellos waiting for them. A game being loaded already
      // (a hello asked for it) is left to that load.
      for (let i = 0; i < ids.length; i += REBUILD_CHUNK) {
        const chunk = ids.slice(i, i + REBUILD_CHUNK).filter((id) => !this.live.has(id) && !this.loading.has(id));
        if (chunk.length === 0) continue;
        const read = bulk(chunk);
        // Each game's load is registered at once (a hello for it waits for it), but replays when
        // its turn comes: one after the other, yielding to the sockets every REPLAY_SLICE_MS.
        const go = new Map<string, () => void>();
        const loads = chunk.map((id) =>
          this.load(id, false, async () => {
            await new Promise<void>((r) => go.set(id, r));
            return (await read).get(id) ?? null;
          }),
        );
        await read.catch(() => undefined);
        let slice = performance.now();
        for (let k = 0; k < chunk.length; k++) {
          go.get(chunk[k]!)?.();
          await settle(chunk[k]!, loads[k]!);
          if (performance.now() - slice > REPLAY_SLICE_MS) {
            await new Promise((r) => setImmediate(r));
            slice = performance.now();
          }
        }
      }
      return { loaded, failed };
    }
    // One by one (a single process's restart), or several at once in a cluster whose store has no bulk read.
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < ids.length) {
        const id = ids[next++]!;
        await settle(id, this.get(id, cluster !== null));
      }
    };
    await Promise.all(Array.from({ length: cluster ? REBUILD_PARALLEL : 1 }, worker));
    return { loaded, failed };
  }

  /**
   * The live game, loaded from the store on first use; null when there is no such game. In a
   * cluster a game is loaded only by the process that wins its claim (`claimed`: won already):
   * elsewhere this throws Elsewhere.
   */
  get(id: string, claimed = false, won?: () => Promise<void>): Promise<LiveGame | null> {
    const g = this.live.get(id);
    if (g) return Promise.resolve(g);
    const broken = this.broken.get(id);
    if (broken) return Promise.reject(new Refusal('corrupt', broken));
    return this.loading.get(id) ?? this.load(id, !claimed, () => this.store.getGame(id), won);
  }

  /**
   * The game a hello asks for, after the hello's turn here (`turns`): the welcome that follows is
   * costly. In a cluster, a game played by another process throws Elsewhere before any turn: the
   * hello is relayed to the owner and waits for its turn there (relay.ts), where the welcome is
   * made, and not here as well. A game this process claims waits after its claim, before its load.
   */
  async helloGame(id: string): Promise<LiveGame | null> {
    let waited = false;
    const turn = (): Promise<void> => {
      waited = true;
      return this.turns.next();
    };
    if (!this.cluster || this.live.has(id) || this.loading.has(id)) await turn();
    let g = await this.get(id, false, turn);
    // Found loading or loaded by another request (which may have waited, but for itself).
    if (!waited) await turn();
    // Evicted between lookup and now: the next lookup loads it afresh from the store.
    if (g?.closed) g = await this.get(id);
    return g;
  }

  /**
   * Loads game `id` (claiming it first when `claim`) from what `read` returns, unless a load of it
   * is under way; `won` is awaited once the game is this process's, before it is read.
   */
  private load(id: string, claim: boolean, read: () => Promise<StoredGame | null>, won?: () => Promise<void>): Promise<LiveGame | null> {
    let p = this.loading.get(id);
    if (!p) {
      p = (async () => {
        const generation = this.generation;
        const cluster = this.cluster;
        if (cluster && claim) {
          const owner = await cluster.claim(id);
          if (owner === null)
            throw new Refusal('unavailable', 'this server process has lost its database connection for a moment; try again');
          if (owner !== cluster.id) throw new Elsewhere(id, owner);
        }
        await won?.();
        const stored = await read();
        if (!stored) {
          cluster?.release(id);
          return null;
        }
        const game = GAMES.get(stored.game);
        let lg: LiveGame;
        try {
          if (!game) throw new Error(`game ${id} is of unknown kind "${stored.game}"`);
          lg = LiveGame.load(this.guarded(id), game, stored, this.gameServer, this.creators.get(id));
        } catch (e) {
          // A stored log that does not replay is left as it is and refused, not replayed again.
          const msg = `cannot rebuild from its stored log: ${e instanceof Error ? e.message : String(e)}`;
          this.broken.set(id, msg);
          cluster?.release(id);
          throw new Refusal('corrupt', msg);
        }
        if (generation !== this.generation) {
          // This process stopped owning games while this one was loading.
          lg.close();
          throw new Refusal('unavailable', 'this server process has lost its database connection for a moment; try again');
        }
        this.live.set(id, lg);
        lg.scheduleNext();
        return lg;
      })().finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }

  /**
   * The store as a game of this process writes to it. In a cluster, a write that meets a move it
   * did not expect means that another process plays the game now: this one stops at once.
   */
  private guarded(id: string): Store {
    if (!this.cluster) return this.store;
    const store = this.store;
    const conflict = (e: unknown): never => {
      if (e instanceof StoreConflict) {
        const why = 'this game is played by another server process now; say hello again';
        this.log.warn({ game: id }, `${e.message}; another process plays it now, this one stops`);
        this.disown(id, why);
        throw new Refusal('unavailable', why);
      }
      throw e;
    };
    const appendMove: Store['appendMove'] = (...a) => store.appendMove(...a).catch(conflict);
    const truncateMoves: Store['truncateMoves'] = (...a) => store.truncateMoves(...a).catch(conflict);
    // A seat update refused by the owner check (Store.fenceBy) means the same.
    const updateSeat: Store['updateSeat'] = (...a) => store.updateSeat(...a).catch(conflict);
    return new Proxy(store, {
      get(t, k) {
        if (k === 'appendMove') return appendMove;
        if (k === 'truncateMoves') return truncateMoves;
        if (k === 'updateSeat') return updateSeat;
        const v: unknown = Reflect.get(t, k);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
  }

  /**
   * Creates a game; `invites` holds each human seat's key, which the store keeps only hashed.
   * `seated` (quick play): the game's id, and each human seat already taken by the holder of the
   * token whose hash it gives (no invitation key).
   */
  async create(req: CreateGame, owner?: string, seated?: SeatedGame): Promise<{ id: string; invites: Invite[] }> {
    const game = GAMES.get(req.game);
    if (!game) throw new InvalidInput(`unknown game "${req.game}" (known: ${[...GAMES.keys()].join(', ')})`);
    const n = req.seats.length;
    if (n < game.minSeats || n > game.maxSeats)
      throw new InvalidInput(`${game.id} is played by ${game.minSeats}–${game.maxSeats} seats, not ${n}`);
    checkRatedGame(req);
    const rated = req.rated === true;
    for (const s of req.seats) if (s.kind === 'bot') this.botRules.build(s.bot);
    if (req.botLevel !== undefined) this.botRules.build(req.botLevel);
    const options = game.options(req.options ?? {});
    // Whoever chooses the seed knows every hidden tile: only a creator playing alone against bots may.
    if (req.seed !== undefined && this.seedPolicy === 'solo' && req.seats.filter((s) => s.kind === 'human').length > 1) {
      throw new InvalidInput(
        'a game with a chosen "seed" may have at most one human seat (every other seat a bot): the seed reveals every hidden tile',
      );
    }
    const seed = req.seed === undefined ? randomBytes(16).toString('hex') : String(req.seed);
    const match = new Match(game, n, seed, options, CURRENT_SEEDING);
    const settings: GameSettings = {
      ...(req.clock ? { clock: req.clock } : {}),
      botDelayMs: req.botDelayMs ?? this.botDelayMs,
      rng: CURRENT_SEEDING,
      awayAfterMs: req.awayAfterMs ?? this.awayAfterMs,
      ...(req.botLevel !== undefined ? { botLevel: req.botLevel } : {}),
    };
    const invites: Invite[] = [];
    const invite = (seat: Seat): string => {
      const key = newInviteKey();
      invites.push({ seat, key });
      return hashToken(key);
    };
    const seats: SeatConfig[] = req.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      bot: s.kind === 'bot' ? s.bot : null,
      // A rated game's bot plays as its level's account, under that account's name.
      name: rated && s.kind === 'bot' ? botAccountOfSpec(s.bot)!.name : (s.name ?? (s.kind === 'bot' ? s.bot : null)),
      tokenHash: seated?.tokenHashes[seat] ?? null,
      inviteHash: s.kind === 'human' && !seated ? invite(seat) : null,
      claimed: s.kind === 'bot' || seated !== undefined,
      clockMs: req.clock && s.kind === 'human' ? req.clock.bankMs : null,
    }));
    const id = seated?.id ?? newGameId();
    const listed = req.open ?? false;
    const createdAt = Date.now();
    await this.store.createGame({ id, game: game.id, seats: n, seed, options, settings, createdAt, listed, rated }, seats, match.hash());
    if (rated)
      for (const s of req.seats.flatMap((c, seat) => (c.kind === 'bot' ? [{ seat, bot: botAccountOfSpec(c.bot)! }] : [])))
        await this.store.accounts.attachSeat(s.bot.id, id, s.seat, createdAt);
    if (owner !== undefined) this.creators.set(id, owner);
    try {
      await this.get(id);
    } finally {
      this.creators.delete(id);
    }
    return { id, invites };
  }

  /**
   * Takes a human seat for the caller and returns its new token, the only key to act for it.
   * With the seat's invitation key the seat moves here even when someone holds it: the link is the
   * seat, so the old token is revoked and its connections are closed. A seat attached to the
   * caller's signed-in account moves the same way without a key (the account is the seat's other
   * key, so the player's games follow them to every device they sign in on). Without either, only a
   * free seat of a game open to anyone can be taken; its key is then replaced, so that the joiner's
   * own link (returned) is the only one that opens the seat.
   */
  async join(
    id: string,
    seat: Seat,
    name?: string,
    key?: string,
    account: Joiner | null = null,
  ): Promise<{ token: string; seat: Seat; key: string }> {
    const g = await this.mustGet(id);
    return g.serial(async () => {
      const c = g.seatConfigs[seat];
      if (!c) throw new Refusal('bad_message', `game ${id} has no seat ${seat}`);
      if (c.kind !== 'human') throw new Refusal('bad_message', `seat ${seat} is a bot's`);
      const owners = account === null ? null : await this.store.ratings.seatAccounts(id);
      if (g.stored.rated) this.checkRatedJoin(seat, account, owners);
      const owned = account !== null && owners?.get(seat) === account.id;
      let inviteKey: string;
      if (key !== undefined && tokenMatches(key, c.inviteHash)) {
        inviteKey = key;
      } else if (owned) {
        // The link's old key would still open the seat for whoever holds it: a new one replaces it.
        inviteKey = newInviteKey();
      } else if (key !== undefined) {
        throw new Refusal('bad_token', `this link's key does not open seat ${seat}; ask for the seat's current link`);
      } else {
        if (!g.stored.listed)
          throw new Refusal(
            'bad_token',
            `seat ${seat} of this game is taken only with its invitation link (the key after #key= is missing)`,
          );
        if (c.claimed) throw new Refusal('bad_token', `seat ${seat} is taken; reconnect with its token or open its link`);
        inviteKey = newInviteKey();
      }
      const token = newToken();
      // A rated game's seat is its account's, under the account's name; an account's seat keeps its name.
      const shown = g.stored.rated && account ? account.name : owned ? c.name : (name ?? c.name);
      await g.changeSeat(seat, { tokenHash: hashToken(token), inviteHash: hashToken(inviteKey), claimed: true, name: shown });
      if (account && !owned) {
        if (g.stored.rated) await this.store.accounts.attachSeat(account.id, id, seat, Date.now());
        // A signed-in player's seat of any other game goes with the account too: its lobby lists it.
        else await this.store.accounts.seatTaken(account.id, id, seat, Date.now());
      }
      if (c.claimed)
        g.dropSeat(seat, 'bad_token', `seat ${seat} was taken on another device with its link; open the link here to take it back`);
      g.announcer.announce('[]');
      return { token, seat, key: inviteKey };
    });
  }

  /**
   * A rated game's seat is taken by a signed-in account, once per game, and stays its account's:
   * its link opens it on another device of the same account only.
   */
  private checkRatedJoin(seat: Seat, account: Joiner | null, owners: ReadonlyMap<number, string> | null): void {
    if (account === null || owners === null)
      throw new AccountError(401, 'signed-out', "A rated game's seats are taken by signed-in players: sign in first.");
    for (const [s, owner] of owners) {
      if (owner !== account.id) continue;
      if (s !== seat) throw new AccountError(409, 'already-seated', `Your account plays seat ${s} of this rated game already.`);
    }
    const owner = owners.get(seat);
    if (owner !== undefined && owner !== account.id)
      throw new AccountError(409, 'seat-taken', `Seat ${seat} of this rated game is another player's.`);
  }

  /** The seat a token belongs to, or a refusal. */
  seatOf(g: LiveGame, token: string): Seat {
    const c = g.seatConfigs.find((s) => tokenMatches(token, s.tokenHash));
    if (!c) throw new Refusal('bad_token', 'this token holds no seat of this game');
    return c.seat;
  }

  /**
   * Another seat's player hands `seat` to the game's bot (the level its creator set: the player
   * handing it over does not choose how well the absent one plays), when its player has been away
   * for the game's away time, or its clock ran out.
   */
  async handToBot(id: string, seat: Seat, token: string): Promise<void> {
    const g = await this.mustGet(id);
    const by = this.seatOf(g, token);
    const bot = g.botLevel;
    const c = g.seatConfigs[seat];
    if (!c || c.kind !== 'human') throw new Refusal('bad_message', `seat ${seat} is not a player's seat`);
    if (by === seat) throw new Refusal('bad_message', 'a player cannot hand its own seat to a bot this way');
    if (c.bot) throw new Refusal('bad_message', `seat ${seat} is already played by a bot`);
    this.botRules.build(bot);
    const away = g.awaySince[seat];
    const gone = !c.claimed || (!g.present(seat) && away !== null && away !== undefined && Date.now() - away >= g.awayAfterMs);
    const clock = g.clockLeft(seat);
    const timedOut = clock !== null && clock <= 0;
    if (!gone && !timedOut)
      throw new Refusal(
        'bad_message',
        `seat ${seat}'s player is still here (gone for ${g.awayAfterMs / 1000} s, or out of time, is needed)`,
      );
    await g.handToBot(seat, bot, timedOut ? 'clock' : 'away');
  }

  async mustGet(id: string): Promise<LiveGame> {
    const g = await this.get(id);
    if (!g) throw new Refusal('no_game', `no game "${id}"`);
    return g;
  }

  async summary(id: string): Promise<unknown> {
    const g = await this.mustGet(id);
    return {
      id,
      game: g.game.id,
      seats: g.publicSeats(),
      status: g.status,
      moves: g.match.decisions,
      toAct: g.toAct(),
      result: g.game.result(g.state),
      ...(g.stored.rated ? { rated: true } : {}),
    };
  }

  /**
   * What the lobby's list shows of a game in memory (its seats and who is to act), without
   * loading one that is not: a game out of memory has been idle for a while (EVICT_IDLE_MS).
   */
  liveListing(id: string): { readonly players: unknown[]; readonly toAct: Seat | null } | null {
    const g = this.live.get(id);
    return g ? { players: g.publicSeats(), toAct: g.toAct() } : null;
  }

  /** Whether the game is in memory and not over (what the per-address cap on live games counts). */
  isPlaying(id: string): boolean {
    return this.live.get(id)?.status === 'active';
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    for (const g of this.live.values()) g.close();
    this.live.clear();
    await this.pool?.close();
  }
}
