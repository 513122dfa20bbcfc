/** The languages of the source rulebooks: every text of the client exists in each. */
export const LANGUAGES = ['en', 'de', 'fr', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (lng: string): lng is Language => (LANGUAGES as readonly string[]).includes(lng);
