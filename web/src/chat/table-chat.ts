import type { ChatEntry, ServerMessage } from '../../../src/server/protocol.js';
import type { QuickPhrase } from '../../../src/core/chat.js';
import type { ChatRequest } from '../net/server-session.js';

/** What the table chat needs of a server session. */
export interface ChatLink {
  onServerMessage(cb: (m: ServerMessage) => void): () => void;
  chat(msg: ChatRequest): Promise<void>;
}

/** The chat as the panel shows it. */
export interface ChatState {
  /** The messages held, by id (the order they were said). */
  readonly messages: readonly ChatEntry[];
  /** The seats this player muted (their messages are not shown). */
  readonly muted: ReadonlySet<number>;
  /** Whether this player reads the spectators' room. */
  readonly spectators: boolean;
  /** The reader's seat (null: a spectator), as the last welcome said. */
  readonly seat: number | null;
}

/** This browser's choice to read the spectators' room when playing: kept for every table. */
const SPECTATORS_KEY = 'expedition.chat.spectators';

function readShowSpectators(): boolean {
  try {
    return localStorage.getItem(SPECTATORS_KEY) === '1';
  } catch {
    return false;
  }
}

function merge(held: readonly ChatEntry[], more: readonly ChatEntry[]): ChatEntry[] {
  const byId = new Map(held.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The table chat of one server game: the welcome brings the reader's room and its mutes; each
 * `chat` message adds to it. A player who chose to read the spectators' room asks for it again
 * after each welcome (the server forgets the choice with the socket).
 */
export class TableChat {
  private state: ChatState = { messages: [], muted: new Set(), spectators: false, seat: null };
  private readonly listeners = new Set<(s: ChatState) => void>();
  private readonly off: () => void;

  constructor(private readonly link: ChatLink) {
    this.off = link.onServerMessage((m) => this.receive(m));
  }

  get current(): ChatState {
    return this.state;
  }

  subscribe(cb: (s: ChatState) => void): () => void {
    this.listeners.add(cb);
    cb(this.state);
    return () => this.listeners.delete(cb);
  }

  close(): void {
    this.off();
    this.listeners.clear();
  }

  say(what: { text: string } | { phrase: QuickPhrase }): Promise<void> {
    return this.link.chat({ type: 'chat', ...what });
  }

  async mute(seat: number, muted: boolean): Promise<void> {
    await this.link.chat({ type: 'mute', seat, muted });
    const next = new Set(this.state.muted);
    if (muted) next.add(seat);
    else next.delete(seat);
    this.set({ ...this.state, muted: next });
  }

  report(message: number): Promise<void> {
    return this.link.chat({ type: 'report', message });
  }

  /** Shows or hides the spectators' room: at once on this page, then told to the server (undone if it refuses). */
  async showSpectators(show: boolean): Promise<void> {
    try {
      localStorage.setItem(SPECTATORS_KEY, show ? '1' : '0');
    } catch {
      // Storage disabled: the choice holds for this page only.
    }
    const before = this.state;
    this.set({ ...before, spectators: show, messages: show ? before.messages : before.messages.filter((m) => m.room === 'players') });
    try {
      await this.link.chat({ type: 'chatSpectators', show });
    } catch (e) {
      if (this.state.spectators === show) this.set({ ...this.state, spectators: before.spectators });
      throw e;
    }
  }

  private receive(m: ServerMessage): void {
    if (m.type === 'welcome') {
      const chat = m.chat ?? { messages: [], muted: [] };
      this.set({ messages: merge([], chat.messages), muted: new Set(chat.muted), spectators: false, seat: m.seat });
      if (m.seat !== null && readShowSpectators()) void this.showSpectators(true).catch(() => undefined);
    } else if (m.type === 'chat') {
      this.set({ ...this.state, messages: merge(this.state.messages, m.messages) });
    }
  }

  private set(s: ChatState): void {
    this.state = s;
    for (const l of this.listeners) l(s);
  }
}
