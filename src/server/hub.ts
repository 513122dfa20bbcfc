import { randomBytes } from 'node:crypto';
import type { Seat } from '../core/game.js';
import { InvalidInput } from '../core/errors.js';
import { createRng } from '../core/rng.js';
import { botFromSpec } from '../bots/index.js';
import { GAMES } from '../games/index.js';
import { BotPool } from './bot-pool.js';
import { LiveGame, Refusal, type GameSettings } from './live-game.js';
import type { CreateGame } from './protocol.js';
import type { SeatConfig, Store } from './store.js';
import { hashToken, newGameId, newToken, tokenMatches } from './tokens.js';

export interface HubOptions {
  /** Bot pacing when a game does not set it. */
  readonly botDelayMs?: number;
  /** How long a seat must be without a connection before the others may hand it to a bot. */
  readonly leftAfterMs?: number;
  /** Worker threads for searching bots (0: think on the event loop). */
  readonly botThreads?: number;
}

/** All games of this server process: live ones in memory, the rest in the store. */
export class Hub {
  private readonly live = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame | null>>();
  /** Games whose stored log failed to replay, with the reason. */
  private readonly broken = new Map<string, string>();
  readonly leftAfterMs: number;
  private readonly botDelayMs: number;
  private readonly pool: BotPool | null;

  constructor(readonly store: Store, opts: HubOptions = {}) {
    this.leftAfterMs = opts.leftAfterMs ?? 60_000;
    this.botDelayMs = opts.botDelayMs ?? 800;
    this.pool = opts.botThreads === 0 ? null : new BotPool(opts.botThreads);
  }

  /** Rebuilds every unfinished game by replaying its log; a game that fails its hash check is reported and left out. */
  async rebuildAll(): Promise<{ loaded: number; failed: string[] }> {
    const failed: string[] = [];
    let loaded = 0;
    for (const id of await this.store.activeGameIds()) {
      try {
        if (await this.get(id)) loaded++;
      } catch (e) {
        failed.push(e instanceof Error ? e.message : String(e));
      }
    }
    return { loaded, failed };
  }

  /** The live game, loaded from the store on first use; null when there is no such game. */
  get(id: string): Promise<LiveGame | null> {
    const g = this.live.get(id);
    if (g) return Promise.resolve(g);
    const broken = this.broken.get(id);
    if (broken) return Promise.reject(new Refusal('corrupt', broken));
    let p = this.loading.get(id);
    if (!p) {
      p = (async () => {
        const stored = await this.store.getGame(id);
        if (!stored) return null;
        const game = GAMES.get(stored.game);
        let lg: LiveGame;
        try {
          if (!game) throw new Error(`game ${id} is of unknown kind "${stored.game}"`);
          lg = LiveGame.load(this.store, game, stored);
        } catch (e) {
          // A stored log that does not replay is left as it is and refused, not replayed again.
          const msg = `cannot rebuild from its stored log: ${e instanceof Error ? e.message : String(e)}`;
          this.broken.set(id, msg);
          throw new Refusal('corrupt', msg);
        }
        lg.pool = this.pool;
        this.live.set(id, lg);
        lg.scheduleBot();
        return lg;
      })().finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    return p;
  }

  async create(req: CreateGame): Promise<{ id: string }> {
    const game = GAMES.get(req.game);
    if (!game) throw new InvalidInput(`unknown game "${req.game}" (known: ${[...GAMES.keys()].join(', ')})`);
    const n = req.seats.length;
    if (n < game.minSeats || n > game.maxSeats) throw new InvalidInput(`${game.id} is played by ${game.minSeats}–${game.maxSeats} seats, not ${n}`);
    for (const s of req.seats) if (s.kind === 'bot') botFromSpec(s.bot);
    const options = game.options(req.options ?? {});
    const seed = req.seed === undefined ? randomBytes(16).toString('hex') : String(req.seed);
    const state = game.setup(options, n, createRng(seed));
    const settings: GameSettings = { ...(req.clock ? { clock: req.clock } : {}), botDelayMs: req.botDelayMs ?? this.botDelayMs };
    const seats: SeatConfig[] = req.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      bot: s.kind === 'bot' ? s.bot : null,
      name: s.name ?? (s.kind === 'bot' ? s.bot : null),
      tokenHash: null,
      claimed: s.kind === 'bot',
      clockMs: req.clock && s.kind === 'human' ? req.clock.bankMs : null,
    }));
    const id = newGameId();
    await this.store.createGame({ id, game: game.id, seats: n, seed, options, settings, createdAt: Date.now() }, seats, game.hash(state));
    await this.get(id);
    return { id };
  }

  /** Claims a free human seat; the token returned is the only key to act for it. */
  async join(id: string, seat: Seat, name?: string): Promise<{ token: string; seat: Seat }> {
    const g = await this.mustGet(id);
    return g.serial(async () => {
      const c = g.seatConfigs[seat];
      if (!c) throw new Refusal('bad_message', `game ${id} has no seat ${seat}`);
      if (c.kind !== 'human') throw new Refusal('bad_message', `seat ${seat} is a bot's`);
      if (c.claimed) throw new Refusal('bad_token', `seat ${seat} is taken; reconnect with its token`);
      const token = newToken();
      const tokenHash = hashToken(token);
      await this.store.updateSeat(id, seat, { tokenHash, claimed: true, name: name ?? c.name });
      g.seatConfigs[seat] = { ...c, tokenHash, claimed: true, name: name ?? c.name };
      g.announce([]);
      return { token, seat };
    });
  }

  /** The seat a token belongs to, or a refusal. */
  seatOf(g: LiveGame, token: string): Seat {
    const c = g.seatConfigs.find((s) => tokenMatches(token, s.tokenHash));
    if (!c) throw new Refusal('bad_token', 'this token holds no seat of this game');
    return c.seat;
  }

  /** Another seat's player hands `seat` to a bot, when its player has left or its clock ran out. */
  async handToBot(id: string, seat: Seat, token: string, spec = 'greedy'): Promise<void> {
    const g = await this.mustGet(id);
    const by = this.seatOf(g, token);
    const c = g.seatConfigs[seat];
    if (!c || c.kind !== 'human') throw new Refusal('bad_message', `seat ${seat} is not a player's seat`);
    if (by === seat) throw new Refusal('bad_message', 'a player cannot hand its own seat to a bot this way');
    if (c.bot) throw new Refusal('bad_message', `seat ${seat} is already played by a bot`);
    botFromSpec(spec);
    const connected = [...g.subscribers].some((s) => s.seat === seat);
    const left = g.leftAt[seat];
    const gone = !c.claimed || (!connected && left !== null && left !== undefined && Date.now() - left >= this.leftAfterMs);
    const clock = g.clockLeft(seat);
    const timedOut = clock !== null && clock <= 0;
    if (!gone && !timedOut) throw new Refusal('bad_message', `seat ${seat}'s player is still here (gone for ${this.leftAfterMs / 1000} s, or out of time, is needed)`);
    await g.handToBot(seat, spec);
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
      moves: g.moves.length,
      toAct: g.toAct(),
      result: g.game.result(g.state),
    };
  }

  /** Whether the game is in memory and not over (what the per-address cap on live games counts). */
  isLive(id: string): boolean {
    return this.live.get(id)?.status === 'active';
  }

  async close(): Promise<void> {
    for (const g of this.live.values()) g.close();
    this.live.clear();
    await this.pool?.close();
  }
}
