/**
 * The table chat's messages (docs/server-api.md, "Table chat"): what a client may send, and what
 * the server sends back. Kept apart from ../protocol.ts, which joins them into its unions.
 */
import { z } from 'zod';
import { textFault } from '../../core/text.js';
import { MAX_CHAT_CHARS, QUICK_PHRASES } from '../../core/chat.js';

/** Messages of each room a game keeps in memory and sends in a welcome: older ones stay stored only. */
export const CHAT_BACKLOG = 100;

/**
 * The two rooms of a table: the players', where its seated players talk, and the spectators',
 * which a player sees only after asking to.
 */
export const ChatRoom = z.enum(['players', 'spectators']);
export type ChatRoom = z.infer<typeof ChatRoom>;

const chatText = z
  .string()
  .min(1)
  .max(MAX_CHAT_CHARS, `a chat message is at most ${MAX_CHAT_CHARS} characters`)
  .superRefine((v, ctx) => {
    const fault = textFault(v);
    if (fault !== null) ctx.addIssue({ code: 'custom', message: fault });
  });

const requestId = z
  .string()
  .min(1)
  .max(64)
  .superRefine((v, ctx) => {
    const fault = textFault(v);
    if (fault !== null) ctx.addIssue({ code: 'custom', message: fault });
  });

const seat = z.number().int().min(0).max(7);

/** A message's id: a positive integer the store gave it. */
const messageId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * What a client may send about the chat. `chat`: a text or a quick phrase's code (exactly one),
 * to the sender's room (a seated player's is the players', anyone else's the spectators').
 * `chatSpectators`: a player shows or hides the spectators' room (hidden at each hello). `mute`:
 * a player hides (or shows again) another seat's messages, on its own screens only. `report`: a
 * signed-in reader reports a message of this table to the operators.
 */
export const ChatClientMessages = [
  z
    .object({
      type: z.literal('chat'),
      text: chatText.optional(),
      phrase: z.enum(QUICK_PHRASES).optional(),
      id: requestId.optional(),
    })
    .strict(),
  z.object({ type: z.literal('chatSpectators'), show: z.boolean(), id: requestId.optional() }).strict(),
  z.object({ type: z.literal('mute'), seat, muted: z.boolean(), id: requestId.optional() }).strict(),
  z.object({ type: z.literal('report'), message: messageId, id: requestId.optional() }).strict(),
] as const;

export type ChatClientMessage = z.infer<(typeof ChatClientMessages)[number]>;
export type ChatClientType = ChatClientMessage['type'];
export const CHAT_CLIENT_TYPES: ReadonlySet<string> = new Set(['chat', 'chatSpectators', 'mute', 'report']);

/** One message of a room, as readers receive it: a text or a quick phrase's code. */
export const ChatEntry = z.object({
  id: messageId,
  room: ChatRoom,
  /** The speaker's seat in the players' room; null in the spectators'. */
  seat: seat.nullable(),
  /** The seat's name, or the spectator's account name. */
  name: z.string().nullable(),
  text: z.string().optional(),
  phrase: z.enum(QUICK_PHRASES).optional(),
  at: z.number(),
});
export type ChatEntry = z.infer<typeof ChatEntry>;

/**
 * New messages of a room the reader sees (one at a time as they are said; the spectators' backlog
 * when a player shows their room). A client keeps them by id: one it holds already is the same.
 */
export const ChatServerMessage = z.object({ type: z.literal('chat'), messages: z.array(ChatEntry) });
export type ChatServerMessage = z.infer<typeof ChatServerMessage>;

/** What a welcome carries of the chat: the backlog of the reader's room, and, for a player, the seats it muted. */
export const ChatWelcome = z.object({ messages: z.array(ChatEntry), muted: z.array(seat) });
export type ChatWelcome = z.infer<typeof ChatWelcome>;
