/**
 * The chat of one table, held by the process playing its game (so a message said on any process
 * of a cluster reaches every reader through the game's owner, as moves do). Two rooms: the
 * players', where seated players talk, and the spectators', where signed-in spectators talk and
 * which a player reads only after asking to. Guests watching read the spectators' room but do not
 * speak in it: a message needs someone to answer for it (a seat, or an account that can be
 * reported and suspended).
 *
 * Every message is stored before anyone hears of it, and told as its own text (`sendText`), one
 * text for all its readers. A player's mutes are stored too: they hide the muted seats' messages
 * from that player's connections only.
 */
import { welcomeCost, type Welcome } from '../announcer.js';
import type { LiveGame, Subscriber } from '../live-game.js';
import { Refusal } from '../refusal.js';
import { TokenBucket } from '../limits.js';
import type { Store } from '../store.js';
import {
  CHAT_BACKLOG,
  type ChatClientMessage,
  type ChatEntry,
  type ChatRoom,
  type ChatServerMessage,
  type ChatWelcome,
} from './protocol.js';
import type { Speaker } from './speaker.js';
import type { StoredChatMessage } from './store.js';

/** Chat messages a seat or an account may say: a burst of CHAT_BURST, then one per 1/CHAT_PER_SECOND s. */
export const CHAT_PER_SECOND = 0.5;
export const CHAT_BURST = 5;
/** Chat requests of any kind (messages, mutes, reports, the spectators' room) per connection. */
export const CHAT_REQUESTS_PER_SECOND = 2;
export const CHAT_REQUESTS_BURST = 10;

/** A chat request as the game's owner receives it: with the account of its socket, which the socket's process read. */
export type ChatRequest = ChatClientMessage & { readonly as?: Speaker | null };

const chats = new WeakMap<LiveGame, Promise<GameChat>>();

/** The chat of a live game, loaded from the store on first use (again after the game leaves memory). */
export function chatOf(game: LiveGame): Promise<GameChat> {
  let c = chats.get(game);
  if (!c) {
    c = GameChat.load(game);
    // A load that failed is tried again by the next caller.
    c.catch(() => chats.delete(game));
    chats.set(game, c);
  }
  return c;
}

function entryOf(m: StoredChatMessage): ChatEntry {
  return {
    id: m.id,
    room: m.room,
    seat: m.seat,
    name: m.name,
    ...(m.text !== null ? { text: m.text } : {}),
    ...(m.phrase !== null ? { phrase: m.phrase } : {}),
    at: m.at,
  };
}

export class GameChat {
  /** The latest messages of each room (at most CHAT_BACKLOG), oldest first. */
  private readonly rooms: Record<ChatRoom, ChatEntry[]>;
  /** Each seat's muted seats. */
  private readonly mutes: Map<number, Set<number>>;
  /** Players' connections that show the spectators' room. */
  private readonly showing = new WeakSet<Subscriber>();
  private readonly perConnection = new WeakMap<Subscriber, TokenBucket>();
  private readonly perSpeaker = new Map<string, TokenBucket>();

  private constructor(
    private readonly game: LiveGame,
    players: StoredChatMessage[],
    spectators: StoredChatMessage[],
    mutes: Map<number, number[]>,
  ) {
    this.rooms = { players: players.map(entryOf), spectators: spectators.map(entryOf) };
    this.mutes = new Map([...mutes].map(([seat, muted]) => [seat, new Set(muted)]));
  }

  static async load(game: LiveGame): Promise<GameChat> {
    const chat = game.store.chat;
    const [players, spectators, mutes] = await Promise.all([
      chat.recentMessages(game.id, 'players', CHAT_BACKLOG),
      chat.recentMessages(game.id, 'spectators', CHAT_BACKLOG),
      chat.mutes(game.id),
    ]);
    return new GameChat(game, players, spectators, mutes);
  }

  private get store(): Store {
    return this.game.store;
  }

  /** What a (re)joining reader is sent in its welcome: its room's backlog, and a player's muted seats. */
  welcome(seat: number | null): ChatWelcome {
    if (seat === null) return { messages: this.rooms.spectators, muted: [] };
    const muted = this.mutes.get(seat) ?? new Set<number>();
    return { messages: this.rooms.players.filter((m) => m.seat === null || !muted.has(m.seat)), muted: [...muted].sort((a, b) => a - b) };
  }

  /** Whether `sub` reads `m` now. */
  private reads(sub: Subscriber, m: ChatEntry): boolean {
    if (m.room === 'spectators') return sub.seat === null || this.showing.has(sub);
    return sub.seat !== null && !(m.seat !== null && this.mutes.get(sub.seat)?.has(m.seat));
  }

  /** Handles a chat request of `sub` (a subscriber of this game); the answer's text (an ack). */
  async handle(sub: Subscriber, msg: ChatRequest): Promise<string> {
    let bucket = this.perConnection.get(sub);
    if (!bucket) this.perConnection.set(sub, (bucket = new TokenBucket(CHAT_REQUESTS_PER_SECOND, CHAT_REQUESTS_BURST)));
    if (!bucket.take())
      throw new Refusal('rate_limited', `at most ${CHAT_REQUESTS_PER_SECOND} chat requests per second on a connection; wait a moment`);
    const speaker = msg.as ?? null;
    switch (msg.type) {
      case 'chat':
        await this.say(sub, speaker, msg);
        return ack(msg.id);
      case 'chatSpectators': {
        if (sub.seat === null) throw new Refusal('bad_message', "spectators always read the spectators' room; only players choose");
        if (!msg.show) {
          this.showing.delete(sub);
          return ack(msg.id);
        }
        this.showing.add(sub);
        // The room's backlog first, then the ack: the client holds the room when its request is done.
        sub.sendText(JSON.stringify({ type: 'chat', messages: this.rooms.spectators } satisfies ChatServerMessage));
        return ack(msg.id);
      }
      case 'mute': {
        if (sub.seat === null) throw new Refusal('bad_message', 'only players mute seats (a spectator hides nothing but may leave)');
        const target = this.game.seatConfigs[msg.seat];
        if (!target) throw new Refusal('bad_message', `this table has no seat ${msg.seat}`);
        if (msg.seat === sub.seat) throw new Refusal('bad_message', 'a player cannot mute its own seat');
        await this.store.chat.setMute(this.game.id, sub.seat, msg.seat, msg.muted);
        let set = this.mutes.get(sub.seat);
        if (!set) this.mutes.set(sub.seat, (set = new Set()));
        if (msg.muted) set.add(msg.seat);
        else set.delete(msg.seat);
        return ack(msg.id);
      }
      case 'report': {
        if (speaker === null)
          throw new Refusal('signed_out', 'sign in to report a message (reports are kept with the account that made them)');
        await this.mustNotBeSuspended(speaker, null);
        const m = await this.store.chat.message(msg.message);
        // Another table's message, or one of a room this reader does not read, is no message here.
        if (m === null || m.gameId !== this.game.id || !this.reads(sub, entryOf(m)))
          throw new Refusal('bad_message', `there is no message ${msg.message} at this table for you to report`);
        if ((await this.store.chat.addReport(m.id, this.game.id, speaker.id, Date.now())) === 'added')
          this.game.log.info({ message: m.id, reporter: speaker.id }, 'a chat message was reported (expedition reports list)');
        return ack(msg.id);
      }
    }
  }

  /** A message said by `sub`: checked, stored, then sent to every reader of its room. */
  private async say(sub: Subscriber, speaker: Speaker | null, msg: Extract<ChatRequest, { type: 'chat' }>): Promise<void> {
    if ((msg.text === undefined) === (msg.phrase === undefined))
      throw new Refusal('bad_message', 'a chat message carries either "text" or a quick "phrase" code, not both nor neither');
    const seat = sub.seat;
    if (seat === null && speaker === null)
      throw new Refusal('signed_out', "sign in to speak in the spectators' room (guests watching may read it)");
    await this.mustNotBeSuspended(speaker, seat);
    const key = seat !== null ? `seat:${seat}` : `account:${speaker!.id}`;
    let bucket = this.perSpeaker.get(key);
    if (!bucket) this.perSpeaker.set(key, (bucket = new TokenBucket(CHAT_PER_SECOND, CHAT_BURST)));
    if (!bucket.take())
      throw new Refusal(
        'rate_limited',
        `at most ${CHAT_BURST} chat messages at once, then one every ${1 / CHAT_PER_SECOND} s; wait a moment`,
      );
    const room: ChatRoom = seat === null ? 'spectators' : 'players';
    const name = seat !== null ? (this.game.seatConfigs[seat]?.name ?? null) : speaker!.name;
    const stored = {
      gameId: this.game.id,
      room,
      seat,
      accountId: speaker?.id ?? null,
      name,
      text: msg.text ?? null,
      phrase: msg.phrase ?? null,
      at: Date.now(),
    };
    const id = await this.store.chat.addMessage(stored);
    const entry = entryOf({ ...stored, id });
    const list = this.rooms[room];
    list.push(entry);
    if (list.length > CHAT_BACKLOG) list.splice(0, list.length - CHAT_BACKLOG);
    const text = JSON.stringify({ type: 'chat', messages: [entry] } satisfies ChatServerMessage);
    for (const s of this.game.subscribers) if (this.reads(s, entry)) s.sendText(text);
  }

  /**
   * A suspended account may not chat: the socket's signed-in account, or, in a rated game, the
   * account that holds the speaker's seat.
   */
  private async mustNotBeSuspended(speaker: Speaker | null, seat: number | null): Promise<void> {
    const ids = new Set<string>();
    if (speaker) ids.add(speaker.id);
    if (seat !== null && this.game.stored.rated) {
      const owner = (await this.store.ratings.seatAccounts(this.game.id)).get(seat);
      if (owner !== undefined) ids.add(owner);
    }
    for (const id of ids)
      if (await this.store.chat.isSuspended(id))
        throw new Refusal('suspended', 'this account is suspended by the operators: it may not chat (ask them why)');
  }
}

function ack(id: string | undefined): string {
  return JSON.stringify({ type: 'ack', ...(id !== undefined ? { id } : {}) });
}

/**
 * A welcome with the chat's part added to its text: the welcome is made once as text (Announcer),
 * and the chat is the reader's own (mutes), so it is joined to that text rather than parsed again.
 * Its bytes are paid for from the client's budget as the rest of the welcome's are.
 */
export function withChat(welcome: Welcome, chat: ChatWelcome): Welcome {
  if (!welcome.text.endsWith('}')) return welcome;
  const part = JSON.stringify(chat);
  return { ...welcome, text: `${welcome.text.slice(0, -1)},"chat":${part}}`, cost: welcome.cost + welcomeCost(part.length, 0) };
}

/** Handles a chat request on a connection watching `game` (null: none). */
export async function chatRequest(
  game: LiveGame | null,
  sub: Subscriber,
  msg: ChatRequest,
  lostWhy: string | null = null,
): Promise<string> {
  if (!game) {
    if (lostWhy !== null) throw new Refusal('unavailable', lostWhy);
    throw new Refusal('not_joined', 'say hello with a game id (and your seat token) first');
  }
  return (await chatOf(game)).handle(sub, msg);
}
