/**
 * Which waiting tickets sit down together: pure, so that the stores run it inside the transaction
 * that claims the tickets, and the bench and the tests run it on their own.
 *
 * Tickets go together only for the same game, pace and rated-or-not. Each is matched at its rating
 * (display points) within a band that starts at BAND_START and widens by BAND_WIDEN_PER_S a second
 * of waiting, up to BAND_MAX: two tickets fit when each is within the other's band, and a table
 * when its highest and lowest ratings are within every member's band. The oldest ticket is seated
 * first, at the largest table size it accepts that the waiting tickets can fill; once it has waited
 * its own `botsAfterMs`, the smallest table it accepts is filled with bots of its level.
 */
import type { Pace } from './wire.js';

export const BAND_START = 100;
export const BAND_WIDEN_PER_S = 10;
export const BAND_MAX = 600;

/** How far from its rating a ticket that has waited `waitedMs` accepts others. */
export const bandAfter = (waitedMs: number): number =>
  Math.min(BAND_MAX, BAND_START + Math.floor((BAND_WIDEN_PER_S * Math.max(0, waitedMs)) / 1000));

/** A ticket as the planner sees it. */
export interface WaitingTicket {
  readonly id: string;
  readonly game: string;
  /** Accepted table sizes, ascending. */
  readonly seats: readonly number[];
  readonly pace: Pace;
  readonly rated: boolean;
  readonly rating: number;
  readonly botsAfterMs: number | null;
  readonly queuedAt: number;
}

/** A bot seat, of the level whose rating is nearest the table's. */
export interface BotSeat {
  readonly spec: string;
}

/** A table to make: the tickets at its first seats, in order, then the bots. */
export interface TablePlan {
  readonly game: string;
  readonly pace: Pace;
  readonly rated: boolean;
  readonly tickets: readonly string[];
  readonly bots: readonly BotSeat[];
}

/** The bot level nearest a rating at a game (bot-accounts.ts, with the bots' current ratings). */
export type BotOfLevel = (game: string, rating: number) => BotSeat;

const bucketOf = (t: WaitingTicket): string => `${t.game}\u0000${t.pace}\u0000${t.rated ? 1 : 0}`;

/**
 * The tables to make of `tickets` at time `now`; each ticket is in one table at most. Tickets of
 * one bucket are looked at oldest first; candidates are found in a rating-sorted list, so a crowd
 * of thousands is planned in a few milliseconds.
 */
export function planTables(tickets: readonly WaitingTicket[], now: number, botOf: BotOfLevel): TablePlan[] {
  const buckets = new Map<string, WaitingTicket[]>();
  for (const t of tickets) {
    const b = buckets.get(bucketOf(t));
    if (b) b.push(t);
    else buckets.set(bucketOf(t), [t]);
  }
  const out: TablePlan[] = [];
  for (const bucket of buckets.values()) out.push(...planBucket(bucket, now, botOf));
  return out;
}

function planBucket(tickets: readonly WaitingTicket[], now: number, botOf: BotOfLevel): TablePlan[] {
  const byAge = [...tickets].sort((a, b) => a.queuedAt - b.queuedAt || (a.id < b.id ? -1 : 1));
  const byRating = [...tickets].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1));
  const band = new Map(tickets.map((t) => [t.id, bandAfter(now - t.queuedAt)]));
  const bandOf = (t: WaitingTicket): number => band.get(t.id)!;
  const used = new Set<string>();
  const out: TablePlan[] = [];
  const firstAtLeast = (r: number): number => {
    let lo = 0;
    let hi = byRating.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (byRating[mid]!.rating < r) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (const anchor of byAge) {
    if (used.has(anchor.id)) continue;
    const reach = bandOf(anchor);
    // Everyone within the anchor's band who has it within theirs, nearest first.
    const near: WaitingTicket[] = [];
    for (let i = firstAtLeast(anchor.rating - reach); i < byRating.length; i++) {
      const c = byRating[i]!;
      if (c.rating > anchor.rating + reach) break;
      if (c.id === anchor.id || used.has(c.id)) continue;
      if (Math.abs(c.rating - anchor.rating) <= bandOf(c)) near.push(c);
    }
    near.sort((a, b) => Math.abs(a.rating - anchor.rating) - Math.abs(b.rating - anchor.rating) || a.queuedAt - b.queuedAt);
    let table: WaitingTicket[] | null = null;
    for (const n of [...anchor.seats].reverse()) {
      const group = gather(anchor, near, n, bandOf, (c) => c.seats.includes(n));
      if (group.length === n) {
        table = group;
        break;
      }
    }
    if (table) {
      for (const t of table) used.add(t.id);
      out.push({ game: anchor.game, pace: anchor.pace, rated: anchor.rated, tickets: table.map((t) => t.id), bots: [] });
      continue;
    }
    if (anchor.botsAfterMs === null || now - anchor.queuedAt < anchor.botsAfterMs) continue;
    // Bots fill the smallest table the anchor accepts, with any near player whose own wait for bots is over too.
    const n = anchor.seats[0]!;
    const group = gather(
      anchor,
      near,
      n,
      bandOf,
      (c) => c.seats.includes(n) && c.botsAfterMs !== null && now - c.queuedAt >= c.botsAfterMs,
    );
    for (const t of group) used.add(t.id);
    const mean = group.reduce((s, t) => s + t.rating, 0) / group.length;
    const bot = botOf(anchor.game, mean);
    out.push({
      game: anchor.game,
      pace: anchor.pace,
      rated: anchor.rated,
      tickets: group.map((t) => t.id),
      bots: Array.from({ length: n - group.length }, () => bot),
    });
  }
  return out;
}

/** The anchor and up to `n - 1` of `near` that `fits` and keep the table's spread within every member's band. */
function gather(
  anchor: WaitingTicket,
  near: readonly WaitingTicket[],
  n: number,
  bandOf: (t: WaitingTicket) => number,
  fits: (c: WaitingTicket) => boolean,
): WaitingTicket[] {
  const group = [anchor];
  let lo = anchor.rating;
  let hi = anchor.rating;
  let tightest = bandOf(anchor);
  for (const c of near) {
    if (group.length >= n) break;
    if (!fits(c)) continue;
    const l = Math.min(lo, c.rating);
    const h = Math.max(hi, c.rating);
    const b = Math.min(tightest, bandOf(c));
    if (h - l > b) continue;
    group.push(c);
    lo = l;
    hi = h;
    tightest = b;
  }
  return group;
}
