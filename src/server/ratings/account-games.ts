/** How both stores turn the rows of an account's games into AccountGames. */
import type { GameStatus } from '../store.js';
import type { AccountGame, GamePlayer } from './store.js';

/** Rows of (game, seat) grouped by game, the latest changed first, with each game's players. */
export function accountGames(
  rows: readonly {
    game_id: string;
    game: string;
    seat: number;
    status: GameStatus;
    rated: number | boolean;
    moves: number;
    updated_at: number | string;
    ended_at: number | string | null;
    scores: unknown;
    ranks: unknown;
    leavers: unknown;
  }[],
  playersOf: (id: string) => GamePlayer[],
): AccountGame[] {
  const byGame = new Map<string, AccountGame & { seats: number[] }>();
  for (const r of rows) {
    const had = byGame.get(r.game_id);
    if (had) {
      had.seats.push(r.seat);
      continue;
    }
    const json = (v: unknown): unknown => (typeof v === 'string' ? JSON.parse(v) : v);
    byGame.set(r.game_id, {
      gameId: r.game_id,
      game: r.game,
      seats: [r.seat],
      status: r.status,
      rated: r.rated === true || r.rated === 1,
      moves: Number(r.moves),
      updatedAt: Number(r.updated_at),
      players: playersOf(r.game_id),
      result:
        r.ended_at === null
          ? null
          : {
              endedAt: Number(r.ended_at),
              scores: json(r.scores) as number[],
              ranks: json(r.ranks) as number[],
              left: json(r.leavers) as boolean[],
            },
    });
  }
  return [...byGame.values()].sort((a, b) => (b.result?.endedAt ?? b.updatedAt) - (a.result?.endedAt ?? a.updatedAt));
}
