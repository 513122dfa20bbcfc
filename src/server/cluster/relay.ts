/**
 * WebSockets whose game is played by another process. The edge (the process holding the socket)
 * keeps the socket, its rate limit and the parsing of its messages, and forwards hello, choice,
 * undo, hint, rematch and close to the owner. At the owner a RemoteSubscriber stands for the socket
 * among the game's subscribers, so presence and serialize-once-per-audience work as for a local
 * socket; what it is sent goes back to the edge as the same text, which the edge writes to it.
 */
import type { Seat } from '../../core/game.js';
import { errorOf, hintMessage } from '../connection.js';
import { Elsewhere, type HelloAnswer, type Hub } from '../hub.js';
import { welcomeCost } from '../announcer.js';
import type { LiveGame, Subscriber } from '../live-game.js';
import { Refusal } from '../refusal.js';
import { answerRematch } from '../rematch.js';
import type { ClientMessage, ErrorCode } from '../protocol.js';
import type { Bus } from './bus.js';
import { unavailableNoBus } from './rpc.js';
import { nodeOf } from './wire.js';
import { CHAT_CLIENT_TYPES } from '../chat/protocol.js';
import { chatOf, chatRequest, withChat, type ChatRequest } from '../chat/game-chat.js';

/** The socket at the edge, as the relay sees it. */
export interface RelayedSocket {
  /** Writes a message made by the owner, as it is. */
  sendText(text: string): void;
  /** Tells the client why (an error with `code`) and closes its socket. */
  close(code: ErrorCode, message: string): void;
  /**
   * The owner of `link` is gone (dead, or its bus was reset), stopped playing the game, or does not
   * know the link: the socket, healthy at this process, stays open and drops the link, and its
   * client is told to say hello again (on the same socket).
   */
  lost(message: string, link: EdgeLink): void;
}

/**
 * What the edge forwards: the messages that act on the game (ping is answered at the edge), and
 * the chat's, with the account of the socket (`as`), which only the edge can read.
 */
export type Forwarded = Extract<ClientMessage, { type: 'hello' | 'choice' | 'undo' | 'hint' | 'rematch' }> | ChatRequest;

/** The edge's end of one relayed socket. */
export class EdgeLink {
  private helloWait: { resolve: (a: HelloAnswer) => void; reject: (e: Error) => void } | null = null;
  /**
   * Texts the owner sent after its answer to the hello, until the socket has written that answer:
   * the answer reaches the socket after an await, and a state sent right after it (a move made
   * just then) must not overtake the welcome, which a client starts from.
   */
  private held: string[] | null = null;
  closed = false;

  constructor(
    private readonly relay: Relay,
    readonly id: string,
    readonly owner: string,
    readonly socket: RelayedSocket,
  ) {}

  /** Says hello at the owner: its answer (a welcome, or an error), or `unavailable` when it does not answer in time. */
  async hello(msg: Forwarded): Promise<HelloAnswer> {
    this.held = [];
    const answer = new Promise<HelloAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Refusal('unavailable', `the server process playing this game did not answer within ${this.relay.timeoutMs / 1000} s`)),
        this.relay.timeoutMs,
      );
      this.helloWait = {
        resolve: (a) => (clearTimeout(timer), resolve(a)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      };
    });
    // Refused before it left (the bus is down): the wait is dropped, the refusal is the answer.
    answer.catch(() => undefined);
    try {
      await this.forward(msg);
    } catch (e) {
      this.helloWait?.reject(e as Error);
      this.helloWait = null;
    }
    return answer;
  }

  /** Whether a hello waits for its answer. */
  get waiting(): boolean {
    return this.helloWait !== null;
  }

  answered(ok: boolean, text: string, cost: number): void {
    const w = this.helloWait;
    this.helloWait = null;
    w?.resolve({ ok, text, cost });
  }

  /** A text from the owner for the socket: written now, or after the hello's answer when that is not written yet. */
  deliver(text: string): void {
    if (this.held) this.held.push(text);
    else this.socket.sendText(text);
  }

  /** The hello's answer is written to the socket: what came after it follows, in order. */
  release(): void {
    const held = this.held;
    this.held = null;
    for (const text of held ?? []) this.socket.sendText(text);
  }

  /** Sends a client message on to the owner; `unavailable` when the bus is down. */
  async forward(msg: Forwarded): Promise<void> {
    if (this.closed) throw new Refusal('unavailable', 'this connection to the game was closed; say hello again');
    if (!(await this.relay.bus.send(this.owner, `m\n${this.id}\n${JSON.stringify(msg)}`))) throw unavailableNoBus();
  }

  /** The socket closed, or said hello to another game: the owner forgets it. */
  close(): void {
    if (this.closed) return;
    this.end(unavailableNoBus());
    void this.relay.bus.send(this.owner, `c\n${this.id}`);
  }

  /** Ends the link here only (the owner is gone, or told us to). */
  end(e: Error): void {
    this.closed = true;
    this.held = null;
    this.relay.links.delete(this.id);
    const w = this.helloWait;
    this.helloWait = null;
    w?.reject(e);
  }
}

/** The owner's end of one relayed socket: a subscriber of the game like a local connection. */
class RemoteSubscriber implements Subscriber {
  seat: Seat | null = null;
  game: LiveGame | null = null;
  /** Messages are handled one at a time, in order, as a local connection does. */
  inbox: Promise<void> = Promise.resolve();
  gone = false;

  constructor(
    private readonly relay: Relay,
    readonly id: string,
    readonly edge: string,
  ) {}

  sendText(text: string): void {
    if (!this.gone) this.relay.out(this.edge, 't', this.id, text);
  }

  close(code: ErrorCode, message: string): void {
    if (this.gone) return;
    this.relay.out(this.edge, 'x', this.id, `${code}\n${message}`);
    this.leave();
  }

  /** This process stops playing the game: the edge keeps the socket and tells it to say hello again. */
  lost(message: string): void {
    if (this.gone) return;
    this.relay.out(this.edge, 'l', this.id, message);
    this.leave();
  }

  leave(): void {
    this.gone = true;
    this.relay.remotes.delete(this.id);
    const g = this.game;
    this.game = null;
    g?.unsubscribe(this);
  }

  async handle(msg: Forwarded): Promise<void> {
    if (this.gone) return;
    const hub = this.relay.hub;
    if (msg.type === 'hello') {
      try {
        // The hello's only turn: its edge relayed it without one (Hub.helloGame), and the welcome is made here.
        const g = await hub.helloGame(msg.game);
        if (!g) throw new Refusal('no_game', `no game "${msg.game}"`);
        const seat = msg.token === undefined ? null : hub.seatOf(g, msg.token);
        const chat = await chatOf(g);
        if (this.gone) return;
        this.game?.unsubscribe(this);
        this.game = g;
        this.seat = seat;
        g.subscribe(this);
        if (seat !== null) await g.reclaim(seat);
        // The welcome's cost goes with it: the edge charges it to the client's budget.
        const { text, cost } = withChat(g.welcomeText(seat, msg.since, msg.at), chat.welcome(seat));
        this.relay.out(this.edge, 'h', this.id, `1 ${cost}\n${text}`);
      } catch (e) {
        const { code, message } =
          e instanceof Elsewhere
            ? { code: 'unavailable' as const, message: 'the game moved to another server process; say hello again' }
            : errorOf(e, hub.log, msg.game);
        this.relay.out(this.edge, 'h', this.id, `0\n${JSON.stringify({ type: 'error', code, message })}`);
        this.leave();
      }
      return;
    }
    const id = msg.id;
    if (CHAT_CLIENT_TYPES.has(msg.type)) {
      try {
        this.sendText(await chatRequest(this.game, this, msg as ChatRequest));
      } catch (e) {
        const { code, message } = errorOf(e, this.relay.hub.log, this.game?.id);
        this.sendText(JSON.stringify({ type: 'error', code, message, ...(id !== undefined ? { id } : {}) }));
      }
      return;
    }
    try {
      const g = this.game;
      if (!g) throw new Refusal('not_joined', 'say hello with a game id (and your seat token) first');
      if (this.seat === null) throw new Refusal('not_joined', 'spectators cannot act; say hello with your seat token');
      if (msg.type === 'rematch') {
        await answerRematch(hub, g, this.seat, msg.accept);
        return this.sendText(JSON.stringify({ type: 'ack', ...(id !== undefined ? { id } : {}) }));
      }
      const text =
        msg.type === 'choice'
          ? JSON.stringify({ type: 'ack', index: await g.submit(this.seat, msg.choice, msg.index), ...(id !== undefined ? { id } : {}) })
          : msg.type === 'hint'
            ? JSON.stringify(hintMessage(await g.hint(this.seat), id))
            : JSON.stringify({ type: 'ack', undone: true, moves: await g.undo(this.seat), ...(id !== undefined ? { id } : {}) });
      this.sendText(text);
    } catch (e) {
      const { code, message } = errorOf(e, this.relay.hub.log, this.game?.id);
      this.sendText(JSON.stringify({ type: 'error', code, message, ...(id !== undefined ? { id } : {}) }));
    }
  }
}

/** One outgoing bus message being gathered: texts for several sockets of one edge go as one. */
interface Outgoing {
  kind: 't' | 'h' | 'x' | 'l';
  ids: string[];
  text: string;
}

export class Relay {
  private n = 0;
  readonly links = new Map<string, EdgeLink>();
  readonly remotes = new Map<string, RemoteSubscriber>();
  /** Messages to each edge, flushed at the end of the current turn, in order. */
  private readonly outbox = new Map<string, Outgoing[]>();
  private flushing = false;

  constructor(
    readonly bus: Bus,
    readonly hub: Hub,
    private readonly me: string,
    readonly timeoutMs: number,
  ) {}

  /** Starts relaying a socket of this process to `owner`. */
  open(socket: RelayedSocket, owner: string): EdgeLink {
    const link = new EdgeLink(this, `${this.me}.${++this.n}`, owner, socket);
    this.links.set(link.id, link);
    return link;
  }

  /**
   * Queues a message to an edge. A game announces to all its subscribers in one go: consecutive
   * copies of one text to one edge leave as one bus message naming every socket.
   */
  out(edge: string, kind: Outgoing['kind'], id: string, text: string): void {
    let list = this.outbox.get(edge);
    if (!list) this.outbox.set(edge, (list = []));
    const last = list.at(-1);
    if (kind === 't' && last?.kind === 't' && last.text === text) last.ids.push(id);
    else list.push({ kind, ids: [id], text });
    if (!this.flushing) {
      this.flushing = true;
      queueMicrotask(() => this.flush());
    }
  }

  private flush(): void {
    this.flushing = false;
    for (const [edge, list] of this.outbox) {
      for (const o of list) {
        const msg = o.kind === 't' ? `t\n${this.me}\n${o.ids.join(',')}\n${o.text}` : `${o.kind}\n${o.ids[0]!}\n${o.text}`;
        void this.bus.send(edge, msg);
      }
    }
    this.outbox.clear();
  }

  /** A relay message from the bus (kinds m, c, t, h, x, l). */
  onMessage(kind: string, a: string, rest: string): void {
    switch (kind) {
      case 'm': {
        const msg = JSON.parse(rest) as Forwarded;
        let r = this.remotes.get(a);
        if (!r && msg.type !== 'hello') {
          // A socket this process has forgotten (its bus was down meanwhile): its edge keeps it, and its client says hello again.
          this.out(nodeOf(a), 'l', a, 'this connection to the game was lost; say hello again');
          return;
        }
        if (!r) this.remotes.set(a, (r = new RemoteSubscriber(this, a, nodeOf(a))));
        const sub = r;
        sub.inbox = sub.inbox
          .then(() => sub.handle(msg))
          .catch((e: unknown) => this.hub.log.error({ err: e, game: sub.game?.id }, 'a relayed message could not be handled'));
        return;
      }
      case 'c':
        this.remotes.get(a)?.leave();
        return;
      case 't': {
        // a: the owner; rest: ids, then the text.
        const nl = rest.indexOf('\n');
        const text = rest.slice(nl + 1);
        for (const id of rest.slice(0, nl).split(',')) {
          const link = this.links.get(id);
          // A socket the edge no longer relays (closed while Redis was away): the owner forgets it.
          if (link) link.deliver(text);
          else void this.bus.send(a, `c\n${id}`);
        }
        return;
      }
      case 'h': {
        const nl = rest.indexOf('\n');
        const [ok, cost] = rest.slice(0, nl).split(' ');
        const text = rest.slice(nl + 1);
        const n = Number(cost);
        this.links.get(a)?.answered(ok === '1', text, Number.isInteger(n) && n >= 0 ? n : welcomeCost(text.length, 0));
        return;
      }
      case 'x': {
        const link = this.links.get(a);
        if (!link) return;
        const nl = rest.indexOf('\n');
        link.end(new Refusal('unavailable', 'closed by the owner'));
        link.socket.close(rest.slice(0, nl) as ErrorCode, rest.slice(nl + 1));
        return;
      }
      case 'l': {
        // The owner no longer plays the game for this link (it stopped playing it, or forgot the link).
        const link = this.links.get(a);
        if (!link) return;
        link.end(new Refusal('unavailable', rest));
        link.socket.lost(rest, link);
        return;
      }
    }
  }

  /**
   * A node died: the sockets relayed to it drop their links but stay open (this process is well;
   * their clients say hello again on them, which finds the game's new owner), and its sockets
   * here are forgotten. A hello still waiting for the dead node's answer is refused `unavailable`.
   */
  nodeDied(node: string): void {
    const why = 'the server process playing this game stopped; say hello again';
    for (const link of [...this.links.values()]) {
      if (link.owner !== node) continue;
      link.end(new Refusal('unavailable', why));
      link.socket.lost(why, link);
    }
    for (const r of [...this.remotes.values()]) if (r.edge === node) r.leave();
  }

  /**
   * Another node's bus was down: it closed the sockets it relayed and forgot the ones relayed to it.
   * This node does the same with what it shares with that node, so that no seat shows as present
   * for a socket that is gone, and no socket is relayed to a subscriber that is gone; its own
   * sockets stay open, told to say hello again (as when the node dies).
   */
  nodeReset(node: string): void {
    const why = 'the connection to the server process playing this game was lost; say hello again';
    for (const link of [...this.links.values()]) {
      // A hello still waiting was sent after that node's `b` (which it publishes before answering any).
      if (link.owner !== node || link.waiting) continue;
      link.end(new Refusal('unavailable', why));
      link.socket.lost(why, link);
    }
    for (const r of [...this.remotes.values()]) if (r.edge === node) r.leave();
  }

  /** Every relayed socket is closed and every remote subscriber forgotten: nothing can cross the bus now. */
  busDown(): void {
    const e = unavailableNoBus();
    for (const link of [...this.links.values()]) {
      link.end(e);
      link.socket.close('unavailable', 'the message bus (Redis) went down; say hello again');
    }
    for (const r of [...this.remotes.values()]) r.leave();
  }

  /** This node stops owning games: what it relays for others' sockets ends (the games' closing closes them). */
  counts(): { relayed: number; remote: number } {
    return { relayed: this.links.size, remote: this.remotes.size };
  }
}
