import type { AnyChoice } from '../game-types.js';
import type { GameSession, HintResult, SessionTypes, Snapshot } from '../net/session.js';
import type { LocalConfig } from './config.js';
import type { FromWorker, ToWorker } from './local-host.js';
import type { LocalRecord } from './local-record.js';
import { newSlot, writeSave } from './saves.js';

/** The page's end of the worker (a Worker, or an in-thread stand-in in tests). */
export interface WorkerPort {
  postMessage(m: ToWorker): void;
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null;
  onerror?: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

/** The game refused a request (its reason is the message): for a reopened game, a record that does not replay. */
export class WorkerRefusal extends Error {
  override readonly name = 'WorkerRefusal';
}

export const spawnWorker = (): WorkerPort =>
  new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'expedition-offline' });

export type OpenRequest = { readonly config: LocalConfig } | { readonly record: unknown };

export interface OpenOptions {
  readonly port?: WorkerPort;
  readonly storage?: Pick<Storage, 'setItem'>;
  /** Pause before each bot decision (0 in tests). */
  readonly botDelayMs?: number;
  /** The save slot this game is kept in (saves.ts); a new one when not given. */
  readonly slot?: string;
}

/** A request before the session numbers it. */
type Request = ToWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

type Reply = Extract<FromWorker, { type: 'reply' }>;
type Pending = { resolve: (r: Reply) => void; reject: (e: Error) => void };

/**
 * A game played in this browser: the worker decides, this side forwards requests and saves the
 * record (the game's whole truth) after every change, so a reload can pick the game up again.
 */
export class LocalSession<T extends SessionTypes = SessionTypes> implements GameSession<T> {
  private last: Snapshot<T> | null = null;
  private lastRecord: LocalRecord | null = null;
  private readonly listeners = new Set<{ snap: (s: Snapshot<T>) => void; err?: (m: string) => void }>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private constructor(
    private readonly port: WorkerPort,
    private readonly storage: Pick<Storage, 'setItem'>,
    /** The save slot the game is kept in: its own, so no other game overwrites it. */
    readonly slot: string,
  ) {
    port.onmessage = (e) => this.receive(e.data);
    // A worker that cannot even load (old browser, blocked script) must not leave requests hanging.
    port.onerror = (e) => {
      const err = new Error(`the game engine stopped: ${e.message || 'the worker failed to load'}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.fail(err.message);
    };
  }

  /**
   * Starts a new game or reopens a saved one. Rejects with the worker's reason (a corrupt record,
   * a bad config) and then stops the worker; nothing is saved in that case.
   */
  static async open(req: OpenRequest, opts: OpenOptions = {}): Promise<LocalSession> {
    const s = new LocalSession(opts.port ?? spawnWorker(), opts.storage ?? localStorage, opts.slot ?? newSlot());
    const msg: Request =
      'config' in req
        ? { type: 'start', config: req.config, botDelayMs: opts.botDelayMs }
        : { type: 'load', record: req.record, botDelayMs: opts.botDelayMs };
    try {
      await s.request(msg);
    } catch (e) {
      s.close();
      throw e;
    }
    return s;
  }

  get snapshot(): Snapshot<T> | null {
    return this.last;
  }

  get record(): LocalRecord | null {
    return this.lastRecord;
  }

  subscribe(onSnapshot: (s: Snapshot<T>) => void, onError?: (message: string) => void): () => void {
    const l = { snap: onSnapshot, err: onError };
    this.listeners.add(l);
    if (this.last) onSnapshot(this.last);
    return () => this.listeners.delete(l);
  }

  choose(choice: T['choice']): Promise<void> {
    // The worker's messages name every game's choices; its engine is this session's game.
    return this.request({ type: 'choice', choice: choice as AnyChoice }).then(() => undefined);
  }

  undo(): Promise<void> {
    return this.request({ type: 'undo' }).then(() => undefined);
  }

  async hint(): Promise<HintResult> {
    const r = await this.request({ type: 'hint' });
    if (!r.hint) throw new Error('the game engine gave no hint');
    return r.hint;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.onmessage = null;
    if (this.port.onerror !== undefined) this.port.onerror = null;
    this.port.terminate();
    for (const p of this.pending.values()) p.reject(new Error('the game was closed'));
    this.pending.clear();
    this.listeners.clear();
  }

  private request(msg: Request): Promise<Reply> {
    if (this.closed) return Promise.reject(new Error('the game was closed'));
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.port.postMessage({ ...msg, id });
    });
  }

  private receive(m: FromWorker): void {
    if (this.closed) return;
    switch (m.type) {
      case 'state':
        this.lastRecord = m.record;
        try {
          writeSave(this.slot, m.record, this.storage);
        } catch (e) {
          // A full or disabled storage must not stop the game: it just will not survive a reload.
          this.fail(`the game could not be saved: ${e instanceof Error ? e.message : String(e)}`);
        }
        // The worker runs the engine of the game this session was opened for.
        this.last = m.snapshot as Snapshot<T>;
        for (const l of this.listeners) l.snap(this.last);
        break;
      case 'reply': {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error === undefined) p?.resolve(m);
        else p?.reject(new WorkerRefusal(m.error));
        break;
      }
      case 'failure':
        this.fail(m.message);
        break;
    }
  }

  private fail(message: string): void {
    for (const l of this.listeners) l.err?.(message);
  }
}
