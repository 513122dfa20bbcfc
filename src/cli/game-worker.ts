import { workerData } from 'node:worker_threads';
import { BotCache, playTask, type GameRun, type GameTask } from './play-games.js';
import { serveTasks } from './worker-pool.js';

/** A worker thread of playGames: plays whole games of one run, one at a time as they are handed out. */
const run = workerData as GameRun;
const bots = new BotCache();
serveTasks((task: GameTask) => playTask(run, task, bots));
