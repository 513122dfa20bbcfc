import type { HelpText } from '../../outline.js';

// How the platform rates players, the same words in every game's help.
const en: HelpText = {
  title: 'Ratings',
  body: [
    'A rated game is one its creator marked as rated: every seat is a signed-in account, and every player has a clock. When it ends, each player’s rating at that game moves: up for finishing ahead of others, down for finishing behind them, and more when the result is a surprise (beating a much stronger player counts more than beating a weaker one).',
    'A rating is one number with its uncertainty, such as 1540 ± 120. The number is the best guess of a player’s strength; the ± says how far off that guess may still be. It is wide for a new player and narrows with every rated game, so the first games move the number more than later ones.',
    'Leaving a rated game before its end counts as a loss, whatever happens at the table after you go. Profiles show how often a player has left.',
    'The bots are rated too, on the same scale, from the games they play, so you can see how their levels compare with people. A game’s leaderboard lists the players with enough rated games who played in the last 90 days.',
  ],
};
export default en;
