/**
 * What the stores keep of the table chat and its moderation: the messages (with their game), each
 * player's muted seats, the reports of messages, and the suspended accounts. One interface,
 * implemented on SQLite (store-sqlite.ts) and PostgreSQL (store-postgres.ts) beside each game
 * store, in the same database.
 */
import type { ChatRoom } from './protocol.js';
import type { QuickPhrase } from '../../core/chat.js';

/** A message as said, before the store numbers it. */
export interface NewChatMessage {
  readonly gameId: string;
  readonly room: ChatRoom;
  /** The speaker's seat (players' room), else null. */
  readonly seat: number | null;
  /** The speaker's account when signed in (kept for the operators), else null. */
  readonly accountId: string | null;
  /** The name shown with it. */
  readonly name: string | null;
  /** Exactly one of text and phrase. */
  readonly text: string | null;
  readonly phrase: QuickPhrase | null;
  readonly at: number;
}

export interface StoredChatMessage extends NewChatMessage {
  readonly id: number;
}

/** A report of a message, as the operators list it. */
export interface ChatReport {
  readonly id: number;
  readonly messageId: number;
  readonly gameId: string;
  readonly reporterId: string;
  readonly reporterName: string | null;
  readonly at: number;
  /** The message reported, as it was stored. */
  readonly message: StoredChatMessage;
  /** The name of the speaker's account, when it spoke signed in. */
  readonly speakerAccount: string | null;
}

export interface ChatStore {
  /** Stores a message and returns its id (increasing in the order stored). */
  addMessage(m: NewChatMessage): Promise<number>;
  /** The game's last `limit` messages of a room, oldest first. */
  recentMessages(gameId: string, room: ChatRoom, limit: number): Promise<StoredChatMessage[]>;
  message(id: number): Promise<StoredChatMessage | null>;
  /** Each seat of the game with the seats it muted. */
  mutes(gameId: string): Promise<Map<number, number[]>>;
  setMute(gameId: string, seat: number, mutedSeat: number, muted: boolean): Promise<void>;
  /** Keeps a report; 'already' (nothing written) when this account reported this message before. */
  addReport(messageId: number, gameId: string, reporterId: string, at: number): Promise<'added' | 'already'>;
  /** The latest reports first. */
  reports(limit: number): Promise<ChatReport[]>;
  /** Suspends the account from now on (again: its reason and time are replaced). */
  suspend(accountId: string, at: number, reason: string): Promise<void>;
  /** Lifts a suspension; false when the account was not suspended. */
  unsuspend(accountId: string): Promise<boolean>;
  isSuspended(accountId: string): Promise<boolean>;
}

/** A chat_messages row as either database hands it over (PostgreSQL gives bigints as strings). */
export interface MessageRow {
  id: number | string;
  game_id: string;
  room: ChatRoom;
  seat: number | null;
  account_id: string | null;
  name: string | null;
  text: string | null;
  phrase: QuickPhrase | null;
  at: number | string;
}

export function messageFromRow(r: MessageRow): StoredChatMessage {
  return {
    id: Number(r.id),
    gameId: r.game_id,
    room: r.room,
    seat: r.seat,
    accountId: r.account_id,
    name: r.name,
    text: r.text,
    phrase: r.phrase,
    at: Number(r.at),
  };
}

/** A report joined with its message and the two accounts' names (ChatStore.reports). */
export interface ReportRow extends MessageRow {
  report_id: number | string;
  reporter_id: string;
  reporter_name: string | null;
  reported_at: number | string;
  speaker_account: string | null;
}

export function reportFromRow(r: ReportRow): ChatReport {
  const message = messageFromRow(r);
  return {
    id: Number(r.report_id),
    messageId: message.id,
    gameId: message.gameId,
    reporterId: r.reporter_id,
    reporterName: r.reporter_name,
    at: Number(r.reported_at),
    message,
    speakerAccount: r.speaker_account,
  };
}
