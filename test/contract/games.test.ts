/** Every registered game keeps the Game contract: a new game is checked by being added to GAMES. */
import { GAMES } from '../../src/bots/registry.js';
import { gameContract } from './game-contract.js';

for (const game of GAMES.values()) gameContract(game);
