/**
 * What a rated game must be, checked when it is created: a clock (a rated game must end, and a
 * player out of time is ranked last rather than holding it up), two seats or more with a person
 * among them, every bot seat one of the lobby's levels (it plays as that level's account), and no
 * chosen seed (the seed tells every hidden tile). Refusals in the account API's shape.
 */
import { AccountError } from '../accounts/context.js';
import type { CreateGame } from '../protocol.js';
import { botAccountOfSpec } from './bot-accounts.js';

export function checkRatedGame(req: CreateGame): void {
  if (req.rated !== true) return;
  if (req.clock === undefined)
    throw new AccountError(400, 'rated-needs-clock', 'A rated game needs a clock ("clock": a time bank and an increment per move).');
  const bad = (why: string) => new AccountError(400, 'bad-rated-game', `A rated game ${why}.`);
  if (req.seats.length < 2) throw bad('has two seats or more');
  if (!req.seats.some((s) => s.kind === 'human')) throw bad('has a person at one seat at least');
  for (const s of req.seats)
    if (s.kind === 'bot' && botAccountOfSpec(s.bot) === undefined)
      throw bad(`plays bots of the lobby's levels only ("${s.bot}" is none of them)`);
  if (req.seed !== undefined) throw bad('has no chosen seed (a seed tells every hidden tile)');
}
