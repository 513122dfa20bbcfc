import type { MatchRecord } from '../core/match.js';

/** What `simulate --save-dir` writes: the match record plus the final hash and whether the game was capped. */
export interface SavedGame extends MatchRecord {
  readonly hash: string;
  readonly capped: boolean;
}

/** JSON with one choice per line, so saved games diff and read well. */
export function formatSavedGame(g: SavedGame): string {
  const { choices, ...head } = g;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v ?? null)},`);
  const body = choices.map((c, i) => `    ${JSON.stringify(c)}${i < choices.length - 1 ? ',' : ''}`);
  return ['{', ...lines, '  "choices": [', ...body, '  ]', '}', ''].join('\n');
}
