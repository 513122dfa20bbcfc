/**
 * One rated game's update: OpenSkill's Plackett–Luce model (Weng and Lin's Bayesian rating for
 * games of any number of players, each a team of one), from the seats' ranks.
 */
import { rate } from 'openskill';
import { plackettLuce } from 'openskill/models';
import { startRating } from './bot-accounts.js';
import { DEFAULT_MU, DEFAULT_SIGMA } from './scale.js';

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** Every seat's skill after a game, from the skills before it and the ranks (1 best, ties share). */
export function rateGame(before: readonly Skill[], ranks: readonly number[]): Skill[] {
  const teams = before.map((s) => [{ mu: s.mu, sigma: s.sigma }]);
  return rate(teams, { rank: [...ranks], model: plackettLuce }).map((t) => ({ mu: t[0]!.mu, sigma: t[0]!.sigma }));
}

/** A game's end as the store keeps it and rates it. */
export interface GameEnd {
  /** The game's kind (its registry id): ratings are per kind. */
  readonly game: string;
  readonly scores: readonly number[];
  /** Each seat's rank, 1 best (ranking.ts): leavers last in a rated game. */
  readonly ranks: readonly number[];
  /** Each seat's player left (handed to a bot because away or out of time). */
  readonly left: readonly boolean[];
  readonly rated: boolean;
}

/** An account's rating at one game as stored. */
export interface StoredSkill extends Skill {
  readonly accountId: string;
  readonly games: number;
}

/** What one rated game writes: each account's new rating, and its history row. */
export interface RatingPlan {
  readonly ratings: readonly { accountId: string; mu: number; sigma: number; games: number }[];
  readonly history: readonly {
    accountId: string;
    muBefore: number;
    sigmaBefore: number;
    mu: number;
    sigma: number;
    rank: number;
    left: boolean;
  }[];
}

/**
 * The rating update of a rated game: `seats` maps seats to accounts (a seat without one, a guest's
 * or a deleted account's, takes part with the default rating and is written nowhere), `now` holds
 * each account's rating before (from its start when it has none). An account at several seats (a
 * bot level playing two of them) moves by the mean of its seats' results, once.
 */
export function planRatings(
  end: Pick<GameEnd, 'ranks' | 'left' | 'game'>,
  seats: ReadonlyMap<number, string>,
  now: ReadonlyMap<string, StoredSkill>,
): RatingPlan {
  const prior = (seat: number): Skill => {
    const id = seats.get(seat);
    if (id === undefined) return { mu: DEFAULT_MU, sigma: DEFAULT_SIGMA };
    return now.get(id) ?? startRating(id, end.game);
  };
  const before = end.ranks.map((_, s) => prior(s));
  const after = rateGame(before, end.ranks);
  const byAccount = new Map<string, number[]>();
  for (const [seat, id] of seats) {
    if (seat >= end.ranks.length) continue;
    byAccount.set(id, [...(byAccount.get(id) ?? []), seat]);
  }
  const ratings: RatingPlan['ratings'][number][] = [];
  const history: RatingPlan['history'][number][] = [];
  for (const [accountId, list] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const was = now.get(accountId) ?? { ...startRating(accountId, end.game), games: 0 };
    const mean = (f: (s: Skill) => number): number => list.reduce((t, s) => t + f(after[s]!), 0) / list.length;
    const mu = mean((s) => s.mu);
    const sigma = mean((s) => s.sigma);
    ratings.push({ accountId, mu, sigma, games: was.games + 1 });
    history.push({
      accountId,
      muBefore: was.mu,
      sigmaBefore: was.sigma,
      mu,
      sigma,
      rank: Math.min(...list.map((s) => end.ranks[s]!)),
      left: list.some((s) => end.left[s] === true),
    });
  }
  return { ratings, history };
}
