import type { GameEvent } from './game.js';

/**
 * Where the rules write the events of the choice being applied. Each `apply` passes its own
 * recorder down explicitly (never a module-level one, so two engines in one process can never
 * share it). A search that reads no events gets the shared silent recorder; rules write
 * `rec.loud && rec.push({…})`, so that a silent search does not even build the event.
 */
export class EventRecorder<E extends GameEvent = GameEvent> {
  readonly list: E[] = [];
  constructor(readonly loud: boolean) {}

  push(e: E): void {
    if (this.loud) this.list.push(e);
  }
}

const SILENT = new EventRecorder<never>(false);

/** The recorder that keeps nothing: shared, since it never holds an event. */
export function silentRecorder<E extends GameEvent>(): EventRecorder<E> {
  return SILENT;
}
