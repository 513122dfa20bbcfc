/** The languages of the source rulebooks: every text of the client exists in each. */
export const LANGUAGES = ['en', 'de', 'fr', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (lng: string): lng is Language => (LANGUAGES as readonly string[]).includes(lng);

/** The strings files of each language (locales/<lng>/<ns>.json); web/test/i18n.test.ts holds the folders to this list. */
export const NAMESPACES = [
  'account',
  'alerts',
  'board',
  'chat',
  'common',
  'counts',
  'explain',
  'follow',
  'game',
  'games',
  'help',
  'hint',
  'keyboard',
  'lobby',
  'log',
  'offline',
  'presence',
  'q-explain',
  'quetzal',
  'quickplay',
  'ratings',
  'replay',
  'saves',
  'short',
  'status',
  'tiles',
] as const;
