/**
 * The quick phrases of the table chat: sent as codes, shown in each reader's language (the web
 * client's `chat` namespace holds their words), so players without a common language can still
 * greet and thank each other.
 */
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

export const isQuickPhrase = (code: string): code is QuickPhrase => (QUICK_PHRASES as readonly string[]).includes(code);
