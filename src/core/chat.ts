/**
 * What a table's chat message may be, shared by the server that checks it and the web client that
 * composes it: a text of at most MAX_CHAT_CHARS (src/core/text.ts's rules), or a quick phrase,
 * sent as its code and shown in each reader's language (the web client's `chat` namespace holds
 * the words), so that players without a common language can still greet and thank each other.
 */

/** Longest chat message, in UTF-16 units. */
export const MAX_CHAT_CHARS = 300;

export const QUICK_PHRASES = [
  'hello',
  'goodLuck',
  'goodGame',
  'wellPlayed',
  'thanks',
  'oneMoment',
  'yourTurn',
  'sorry',
  'oops',
  'rematch',
  'bye',
] as const;

export type QuickPhrase = (typeof QUICK_PHRASES)[number];
