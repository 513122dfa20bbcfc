/**
 * How long a bot at a table waits before each decision, so that a person can follow it: long
 * enough to read the last move on the board, and longer when the turn has just passed to the bot
 * (the eye moves to another seat). Tests and benches set the pause to 0, and then nothing waits.
 */

/** The pause before each bot decision by default (the server's and the offline games'). */
export const DEFAULT_BOT_DELAY_MS = 900;

/** A turn change adds this share of the per-decision pause: 900 ms becomes 1575 ms. */
export const TURN_CHANGE_EXTRA = 0.75;

/**
 * The pause before a bot's decision: `perDecisionMs`, more when `turnChange` (the seat that
 * decided last is another one, or nobody has yet).
 */
export function botPauseMs(perDecisionMs: number, turnChange: boolean): number {
  return turnChange ? Math.round(perDecisionMs * (1 + TURN_CHANGE_EXTRA)) : perDecisionMs;
}
