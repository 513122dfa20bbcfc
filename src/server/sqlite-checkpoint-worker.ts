/** The thread of a Checkpointer (sqlite-checkpointer.ts): its own connection, PASSIVE checkpoints on request. */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { CheckpointReport } from './sqlite-checkpointer.js';

const { file } = workerData as { file: string };
const db = new Database(file, { fileMustExist: true });

parentPort!.on('message', (m: 'checkpoint' | 'close') => {
  if (m === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  // PASSIVE copies what it can without waiting for the writer or readers; the next one does the rest.
  const [r] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
  if (r) parentPort!.postMessage({ log: r.log } satisfies CheckpointReport);
});
