import type { HelpGame } from './link.js';
import type { HelpContent } from './outline.js';

// One chunk per game and language, fetched when the panel first opens: the lobby never loads them.
const FILES = import.meta.glob<HelpContent<HelpGame>>('./content/*/*.ts', { import: 'default' });

/** The help text of a game in a language (English when that language has none). */
export function loadHelp<G extends HelpGame>(game: G, lng: string): Promise<HelpContent<G>> {
  const load = FILES[`./content/${game}/${lng}.ts`] ?? FILES[`./content/${game}/en.ts`];
  if (!load) return Promise.reject(new Error(`no help for ${game}`));
  return load();
}
