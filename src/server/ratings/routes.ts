/**
 * Ratings over HTTP, in the account API's shape (`{ error, message }`, kebab-case codes): a
 * game's leaderboard, a player's public profile, and the signed-in player's games in progress
 * (the lobby's "waiting for you"). Public data only: names, ratings, games and results, never a
 * token, a key or anything of an account's sign-in.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { GAMES } from '../../bots/registry.js';
import { BOT_LEVELS } from '../../bots/levels.js';
import { AccountError, parseBody, type AccountContext } from '../accounts/context.js';
import { accountErrorHandler } from '../accounts/routes.js';
import type { Store } from '../store.js';
import { botAccount } from './bot-accounts.js';
import { displayDeviation, displayRating } from './scale.js';
import type { AccountGame, HistoryRow } from './store.js';
import type { WaitingSeat } from '../waits/store.js';
import { sendWithEtag } from '../waits/etag.js';

/** Rated games of a game an account needs to be on its leaderboard… */
export const LEADERBOARD_MIN_GAMES = 5;
/** …the last of them this recently. */
export const LEADERBOARD_ACTIVE_MS = 90 * 24 * 3600 * 1000;
/** Games of each kind a profile lists (in progress, finished). */
export const PROFILE_GAMES = 50;
/** Points of a rating's history a profile shows (the latest). */
export const PROFILE_HISTORY = 500;
/** Finished games the profile's record against the bots counts. */
const VS_BOTS_GAMES = 500;

const BoardPath = z.object({ game: z.string().max(64) });
const BoardQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }).strict();
const PlayerPath = z.object({ name: z.string().max(100) });
const NoQuery = z.object({}).strict();

/** What a profile's and the lobby's list say of a game in progress. */
interface InProgress {
  readonly gameId: string;
  readonly game: string;
  readonly seat: number;
  readonly yourTurn: boolean;
  /** When the account's time for its move runs out (its turn in a game with clocks), else null. */
  readonly dueAt: number | null;
  readonly players: (string | null)[];
  readonly moves: number;
  readonly rated: boolean;
}

export async function ratingRoutes(
  app: FastifyInstance,
  opts: {
    store: Store;
    ctx: AccountContext;
  },
): Promise<void> {
  const { store, ctx } = opts;
  app.setErrorHandler(accountErrorHandler);

  /**
   * The account's games with its turn now, from the stored waits (waits/store.ts): telling it
   * loads no game, so the lobby may ask again and again.
   */
  const waitingFor = async (accountId: string): Promise<Map<string, WaitingSeat>> =>
    new Map((await store.waits.waitingFor(accountId)).map((w) => [w.gameId, w]));
  const inProgress = (games: readonly AccountGame[], waiting: ReadonlyMap<string, WaitingSeat>): InProgress[] =>
    games.map((g) => {
      const w = waiting.get(g.gameId);
      const yourTurn = w !== undefined && g.seats.includes(w.seat);
      return {
        gameId: g.gameId,
        game: g.game,
        // The seat whose turn it is, when the account holds several.
        seat: yourTurn ? w.seat : g.seats[0]!,
        yourTurn,
        dueAt: yourTurn ? w.dueAt : null,
        players: g.players.map((p) => p.name),
        moves: g.moves,
        rated: g.rated,
      };
    });

  app.get('/api/leaderboard/:game', async (req) => {
    const { game } = parseBody(BoardPath, req.params);
    const { limit } = parseBody(BoardQuery, req.query);
    if (!GAMES.has(game)) throw new AccountError(404, 'no-game', `There is no game "${game}".`);
    const rows = await store.ratings.leaderboard(game, {
      since: Date.now() - LEADERBOARD_ACTIVE_MS,
      minGames: LEADERBOARD_MIN_GAMES,
      limit: limit ?? 50,
    });
    return {
      game,
      players: rows.map((r) => ({
        name: r.name,
        rating: displayRating(r.mu),
        deviation: displayDeviation(r.sigma),
        games: r.games,
        bot: botAccount(r.accountId) !== undefined,
      })),
    };
  });

  app.get('/api/players/:name', async (req, reply) => {
    const { name } = parseBody(PlayerPath, req.params);
    const account = await store.accounts.accountByName(name);
    if (account === null) throw new AccountError(404, 'no-player', `There is no player "${name}".`);
    const viewer = await ctx.session(req, reply);
    const own = viewer?.account.id === account.id;
    const [ratings, history, active, finished] = await Promise.all([
      store.ratings.ratingsOf(account.id),
      store.ratings.historyOf(account.id),
      store.ratings.gamesOf(account.id, { status: 'active', limit: PROFILE_GAMES }),
      store.ratings.gamesOf(account.id, { status: 'finished', limit: VS_BOTS_GAMES }),
    ]);
    const historyOf = new Map<string, HistoryRow>(history.map((h) => [h.gameId, h]));
    return {
      name: account.name,
      bot: botAccount(account.id) !== undefined,
      /** A bot account played by its owner's program (docs/bot-api.md): people may challenge it. */
      botAccount: await store.botApi.isBot(account.id),
      createdAt: account.createdAt,
      ratings: ratings.map((r) => ({
        game: r.game,
        rating: displayRating(r.mu),
        deviation: displayDeviation(r.sigma),
        games: r.games,
        history: history
          .filter((h) => h.game === r.game)
          .slice(-PROFILE_HISTORY)
          .map((h) => ({ at: h.at, rating: displayRating(h.mu), deviation: displayDeviation(h.sigma), gameId: h.gameId })),
      })),
      left: { games: history.length, left: history.filter((h) => h.left).length },
      // Told to the account's own viewer only.
      // Anyone else sees the rated ones only: a game with friends is found through its links alone.
      inProgress: inProgress(own ? active : active.filter((g) => g.rated), own ? await waitingFor(account.id) : new Map()),
      finished: finished.slice(0, PROFILE_GAMES).map((g) => {
        const h = historyOf.get(g.gameId);
        const mine = g.seats.map((s) => g.result?.ranks[s] ?? null).filter((r): r is number => r !== null);
        return {
          gameId: g.gameId,
          game: g.game,
          endedAt: g.result?.endedAt ?? g.updatedAt,
          rated: g.rated,
          players: g.players.map((p) => ({
            name: p.name,
            score: g.result?.scores[p.seat] ?? null,
            rank: g.result?.ranks[p.seat] ?? null,
            bot: p.kind === 'bot',
          })),
          rank: mine.length > 0 ? Math.min(...mine) : null,
          ratingChange: h === undefined ? null : displayRating(h.mu) - displayRating(h.muBefore),
        };
      }),
      vsBots: vsBots(finished),
    };
  });

  app.get('/api/account/games', async (req, reply) => {
    parseBody(NoQuery, req.query);
    const { account } = await ctx.signedIn(req, reply);
    const [active, waiting] = await Promise.all([
      store.ratings.gamesOf(account.id, { status: 'active', limit: PROFILE_GAMES }),
      waitingFor(account.id),
    ]);
    // The latest played first (gamesOf's order), and the games waiting for the player before the others.
    const games = inProgress(active, waiting);
    games.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn));
    const body = {
      waiting: games.map((g) => ({
        gameId: g.gameId,
        game: g.game,
        seat: g.seat,
        yourTurn: g.yourTurn,
        dueAt: g.dueAt,
        players: g.players,
        moves: g.moves,
      })),
    };
    // Polled by every open page of a signed-in player (docs/server-api.md): unchanged, it is a 304.
    return sendWithEtag(req, reply, body);
  });
}

/**
 * The account's record against each bot level, over finished games with a stored result: a game
 * with a bot of that level counts once, and is a win when the account's seat ranked above every
 * seat of that level.
 */
export function vsBots(games: readonly AccountGame[]): { level: string; games: number; wins: number }[] {
  const tally = new Map<string, { games: number; wins: number }>(BOT_LEVELS.map((l) => [l.key, { games: 0, wins: 0 }]));
  for (const g of games) {
    if (g.result === null) continue;
    const ranks = g.result.ranks;
    const mine = Math.min(...g.seats.map((s) => ranks[s] ?? Infinity));
    for (const l of BOT_LEVELS) {
      const theirs = g.players.filter((p) => p.kind === 'bot' && p.bot === l.spec && !g.seats.includes(p.seat)).map((p) => ranks[p.seat]!);
      if (theirs.length === 0) continue;
      const t = tally.get(l.key)!;
      t.games++;
      if (mine < Math.min(...theirs)) t.wins++;
    }
  }
  return BOT_LEVELS.map((l) => ({ level: l.key, ...tally.get(l.key)! })).filter((t) => t.games > 0);
}
