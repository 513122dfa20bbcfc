import type { GameEvent } from './game.js';

/**
 * Events of the choice being applied, collected in one place so that rules need not thread a list
 * through every function. Searches that never read events switch `loud` off; rules then write
 * `rec.loud && rec.list.push({...})`, so that a silent search does not even build the event.
 */
export class EventRecorder {
  loud = true;
  list: GameEvent[] = [];

  /** Forgets events left by a rule that threw. */
  drop(): void {
    if (this.list.length > 0) this.list = [];
  }

  take(): GameEvent[] {
    const e = this.list;
    this.list = [];
    return e;
  }
}
