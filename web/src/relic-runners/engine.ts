import { relicRunners, type State } from '../../../src/games/relic-runners/index.js';
import { scoreBreakdown } from '../../../src/games/relic-runners/scoring.js';
import type { ClientEngine } from '../game-types.js';

/** The Relic Runners engine in the replay viewer: its `engine` in the client's registry (registry.ts), loaded by replays only. */
export const relicRunnersEngine: ClientEngine = {
  game: relicRunners,
  scoresNow: (s) => (s as State).players.map((p) => scoreBreakdown(p).total),
  // A spectator sees no VP until the end (RR-EXP-3 and the open-scores option): a replay shows
  // each seat's VP as that seat's own view has it.
  replayView: (s) => {
    const st = s as State;
    const v = relicRunners.view(st, null);
    return { ...v, players: v.players.map((p, q) => ({ ...p, vp: relicRunners.view(st, q).players[q]!.vp })) };
  },
};
