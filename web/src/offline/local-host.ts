import { botPauseMs, DEFAULT_BOT_DELAY_MS } from '../../../src/bots/pacing.js';
import type { AnyChoice, HintResult, Snapshot } from '../net/session.js';
import type { LocalConfig } from './config.js';
import { LocalEngine } from './local-engine.js';
import type { LocalRecord } from './local-record.js';

/** What the page asks the worker. Every request gets one `reply` with its id. */
export type ToWorker =
  | { readonly type: 'start'; readonly id: number; readonly config: LocalConfig; readonly botDelayMs?: number }
  | { readonly type: 'load'; readonly id: number; readonly record: unknown; readonly botDelayMs?: number }
  | { readonly type: 'choice'; readonly id: number; readonly choice: AnyChoice }
  | { readonly type: 'undo'; readonly id: number }
  | { readonly type: 'hint'; readonly id: number };

/** What the worker tells the page: the new state (with the record to save), answers, and bot failures. */
export type FromWorker =
  | { readonly type: 'state'; readonly snapshot: Snapshot; readonly record: LocalRecord }
  | { readonly type: 'reply'; readonly id: number; readonly error?: string; readonly hint?: HintResult }
  | { readonly type: 'failure'; readonly message: string };

/** Pause before each bot decision, so that people can follow what the bots do (as at the server's tables). */
export const BOT_DELAY_MS = DEFAULT_BOT_DELAY_MS;

/**
 * The worker's logic: one offline game, its requests handled in order, and the bots played on a
 * timer. It only talks through `post`, so tests run it in the same thread.
 */
export class LocalHost {
  private engine: LocalEngine | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private botDelayMs = BOT_DELAY_MS;

  constructor(private readonly post: (m: FromWorker) => void) {}

  handle(msg: ToWorker): void {
    try {
      if (msg.type === 'hint') {
        // Nothing changes: no new state, only the answer.
        this.post({ type: 'reply', id: msg.id, hint: this.need().hint() });
        return;
      }
      switch (msg.type) {
        case 'start':
          // A bad config or record throws before anything is replaced: the current game goes on.
          this.replace(LocalEngine.start(msg.config), msg.botDelayMs);
          break;
        case 'load':
          this.replace(LocalEngine.load(msg.record), msg.botDelayMs);
          break;
        case 'choice':
          this.need().choose(msg.choice);
          this.publish();
          break;
        case 'undo':
          this.need().undo();
          this.publish();
          break;
      }
      this.post({ type: 'reply', id: msg.id });
    } catch (e) {
      this.post({ type: 'reply', id: msg.id, error: e instanceof Error ? e.message : String(e) });
    }
  }

  /** Stops the bots' timer (the page is leaving). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private need(): LocalEngine {
    if (!this.engine) throw new Error('no game has been started');
    return this.engine;
  }

  private replace(engine: LocalEngine, botDelayMs: number | undefined): void {
    this.stop();
    this.engine = engine;
    if (botDelayMs !== undefined) this.botDelayMs = botDelayMs;
    this.publish();
  }

  private publish(): void {
    const e = this.need();
    this.post({ type: 'state', snapshot: e.snapshot(), record: e.record });
    this.scheduleBot();
  }

  private scheduleBot(): void {
    const e = this.engine;
    if (this.timer || !e || !e.botToAct()) return;
    const at = e.moveCount;
    const pause = botPauseMs(this.botDelayMs, e.lastMover() !== e.toAct());
    this.timer = setTimeout(() => {
      this.timer = null;
      // Things may have changed meanwhile (a new game loaded): play only for the game we scheduled.
      if (this.engine !== e || e.moveCount !== at || !e.botToAct()) return;
      try {
        e.playBot();
      } catch (err) {
        this.post({ type: 'failure', message: err instanceof Error ? err.message : String(err) });
        return;
      }
      this.publish();
    }, pause);
  }
}
