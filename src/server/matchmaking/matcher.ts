/**
 * The matcher every server process runs: each tick it expires the tickets nobody asks about,
 * claims waiting tickets and plans tables of them (planner.ts) in one transaction, then makes the
 * games of the pending tables, its own and any a dead process left (store.ts says how a kill -9
 * between the two steps neither loses a ticket nor seats one twice).
 */
import { InvalidInput } from '../../core/errors.js';
import { AccountError } from '../accounts/context.js';
import type { Hub } from '../hub.js';
import type { Log } from '../log.js';
import type { CreateGame } from '../protocol.js';
import { BOT_ACCOUNTS, botAccountOfSpec, startRating } from '../ratings/bot-accounts.js';
import { displayRating } from '../ratings/scale.js';
import type { Store } from '../store.js';
import { newGameId } from '../tokens.js';
import { planTables, type BotOfLevel } from './planner.js';
import { TableRefused, type PendingTable } from './store.js';
import type { Pace } from './wire.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Each pace's clock: a quick game for one sitting, or a day a move (a rated game needs a clock either way). */
export const PACE_CLOCKS: Readonly<Record<Pace, { readonly bankMs: number; readonly incrementMs: number }>> = {
  realtime: { bankMs: 5 * MINUTE, incrementMs: 10_000 },
  daily: { bankMs: 3 * DAY, incrementMs: DAY },
};

/** How often each process looks at the queue. */
export const MATCH_TICK_MS = 500;
/** A waiting ticket its player has not asked about for this long is expired (the client asks every 2 s). */
export const ABANDON_MS = 30_000;
/** Tickets one claim looks at, oldest first. */
const CLAIM_LIMIT = 2000;
/** Games one tick makes at most (the rest wait for the next tick, or another process). */
const MAKE_PER_TICK = 50;
/** The bots' ratings are read again after this long. */
const BOT_RATINGS_MS = MINUTE;
/** A table whose game still cannot be made this long after it was planned is given up: its players wait again. */
export const GIVE_UP_MS = 2 * MINUTE;
/** Tickets and tables that are over are deleted after this long, once a minute. */
const KEEP_MS = DAY;
const PRUNE_EVERY_MS = MINUTE;

export interface MatcherOptions {
  readonly tickMs?: number;
  readonly abandonMs?: number;
  readonly now?: () => number;
  readonly log: Log;
}

export class Matcher {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private botRatings: { at: number; byGame: Map<string, { spec: string; rating: number }[]> } | null = null;
  private prunedAt = -Infinity;
  readonly tickMs: number;
  readonly abandonMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Store,
    private readonly hub: Hub,
    private readonly opts: MatcherOptions,
  ) {
    this.tickMs = opts.tickMs ?? MATCH_TICK_MS;
    this.abandonMs = opts.abandonMs ?? ABANDON_MS;
    this.now = opts.now ?? Date.now;
  }

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .then(() => undefined)
        .catch((e: unknown) => this.opts.log.warn({ err: e }, `quick play: a round of matching failed: ${(e as Error).message}`))
        .finally(() => (this.running = null));
    }, this.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round: expire, claim and plan, make the pending games. The tables planned and the games made. */
  async tick(now = this.now()): Promise<{ planned: number; made: number }> {
    const q = this.store.matchQueue;
    await q.expire(now - this.abandonMs);
    if (now - this.prunedAt >= PRUNE_EVERY_MS) {
      await q.prune(now - KEEP_MS);
      this.prunedAt = now;
    }
    const botOf = await this.botOfLevel(now);
    const tables = await q.claim({
      seenSince: now - this.abandonMs,
      limit: CLAIM_LIMIT,
      now,
      plan: (tickets) => planTables(tickets, now, botOf),
      newId: newGameId,
    });
    const made = await q.completePending(
      (t) => this.make(t, now),
      MAKE_PER_TICK,
      (t, e) => this.opts.log.warn({ err: e, game: t.id }, `quick play: the game of a table cannot be made yet: ${(e as Error).message}`),
    );
    return { planned: tables.length, made };
  }

  /**
   * Makes a table's game with its players seated, unless a process before this one did; then
   * attaches the seats to their accounts. A game refused (or still failing GIVE_UP_MS after the
   * table was planned, and not stored) is a TableRefused: its players wait again.
   */
  async make(t: PendingTable, now = this.now()): Promise<void> {
    if (!(await this.store.getGame(t.id))) {
      try {
        await this.hub.create(requestOf(t), undefined, {
          id: t.id,
          tokenHashes: t.seats.map((s) => (s.kind === 'player' ? s.tokenHash : null)),
        });
      } catch (e) {
        if (e instanceof InvalidInput || e instanceof AccountError) throw new TableRefused(e.message);
        if (now - t.createdAt > GIVE_UP_MS && !(await this.store.getGame(t.id))) throw new TableRefused((e as Error).message);
        throw e;
      }
    }
    // Again after a takeover: attaching a seat twice is no change. An account deleted meanwhile
    // cannot be attached; its seat plays on by its token.
    for (const [seat, s] of t.seats.entries()) {
      const account = s.kind === 'player' ? s.accountId : t.rated ? botAccountOfSpec(s.spec)!.id : null;
      if (account === null) continue;
      try {
        await this.store.accounts.attachSeat(account, t.id, seat, t.createdAt);
      } catch (e) {
        if (!(await this.store.accounts.accountById(account))) continue;
        throw e;
      }
    }
  }

  /** The bot level whose rating at the game (its account's, else where bots start) is nearest. */
  private async botOfLevel(now: number): Promise<BotOfLevel> {
    if (!this.botRatings || now - this.botRatings.at > BOT_RATINGS_MS) {
      const byGame = new Map<string, { spec: string; rating: number }[]>();
      for (const b of BOT_ACCOUNTS) {
        const rows = await this.store.ratings.ratingsOf(b.id);
        for (const r of rows) {
          const list = byGame.get(r.game) ?? [];
          list.push({ spec: b.spec, rating: displayRating(r.mu) });
          byGame.set(r.game, list);
        }
      }
      this.botRatings = { at: now, byGame };
    }
    const known = this.botRatings.byGame;
    return (game, rating) => {
      const rated = known.get(game) ?? [];
      const levels = BOT_ACCOUNTS.map((b) => ({
        spec: b.spec,
        rating: rated.find((x) => x.spec === b.spec)?.rating ?? displayRating(startRating(b.id, game).mu),
      }));
      const best = levels.reduce((a, b) => (Math.abs(b.rating - rating) < Math.abs(a.rating - rating) ? b : a));
      return { spec: best.spec };
    };
  }
}

/** The game a table asks for: its players and bots, its pace's clock, rated or not. */
export function requestOf(t: PendingTable): CreateGame {
  const bot = t.seats.find((s) => s.kind === 'bot');
  return {
    game: t.game,
    seats: t.seats.map((s) => (s.kind === 'player' ? { kind: 'human' as const, name: s.name } : { kind: 'bot' as const, bot: s.spec })),
    clock: { ...PACE_CLOCKS[t.pace] },
    ...(t.rated ? { rated: true } : {}),
    ...(bot ? { botLevel: bot.spec } : {}),
  };
}
