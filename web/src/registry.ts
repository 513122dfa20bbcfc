import type { ClientEngine, ClientGame, GameId, GameTypes, LobbyEntry, TypesOf } from './game-types.js';
import type { HelpContent } from './help/outline.js';
import { isLanguage, type Language } from './i18n/languages.js';
import { quetzalLobby } from './quetzal/lobby.js';
import { relicRunnersLobby } from './relic-runners/lobby.js';

/**
 * The client's registry of games: every game it shows, each listed once with all its parts. Only
 * the lobby's part is here itself; the others are loaders, so that each page loads what it shows
 * and no more: the lobby no table, a game's table no engine, the help one language at a time.
 */
export interface ClientRegistration<T extends GameTypes> {
  /** Option defaults and fields (`<game>/lobby.ts`): in the lobby's chunk. */
  readonly lobby: LobbyEntry<T>;
  /** Table, status line, replay position, choice in words, help outline (`<game>/index.ts`): the game pages load it. */
  readonly client: () => Promise<ClientGame<T>>;
  /** The engine and its scores for the replay viewer (`<game>/engine.ts`): replays load it. */
  readonly engine: () => Promise<ClientEngine>;
  /** The rules help's words in every language (`help/content/<game>/<lng>.ts`), each loaded when the panel opens in it. */
  readonly help: { readonly [L in Language]: () => Promise<HelpContent<T['helpId']>> };
}

/** In the order of the lobby's selector. */
export const CLIENT_GAMES: { readonly [G in GameId]: ClientRegistration<TypesOf<G>> } = {
  'relic-runners': {
    lobby: relicRunnersLobby,
    client: () => import('./relic-runners/index.js').then((m) => m.relicRunnersClient),
    engine: () => import('./relic-runners/engine.js').then((m) => m.relicRunnersEngine),
    help: {
      en: () => import('./help/content/relic-runners/en.js').then((m) => m.default),
      de: () => import('./help/content/relic-runners/de.js').then((m) => m.default),
      fr: () => import('./help/content/relic-runners/fr.js').then((m) => m.default),
      pl: () => import('./help/content/relic-runners/pl.js').then((m) => m.default),
    },
  },
  quetzal: {
    lobby: quetzalLobby,
    client: () => import('./quetzal/index.js').then((m) => m.quetzalClient),
    engine: () => import('./quetzal/engine.js').then((m) => m.quetzalEngine),
    help: {
      en: () => import('./help/content/quetzal/en.js').then((m) => m.default),
      de: () => import('./help/content/quetzal/de.js').then((m) => m.default),
      fr: () => import('./help/content/quetzal/fr.js').then((m) => m.default),
      pl: () => import('./help/content/quetzal/pl.js').then((m) => m.default),
    },
  },
};

export const GAME_IDS = Object.keys(CLIENT_GAMES) as GameId[];

export const isGameId = (id: string): id is GameId => Object.hasOwn(CLIENT_GAMES, id);

/**
 * The parts of the game `id` names. A view or record always comes with its own game's parts, so
 * they take it whatever its static type: this is the one place that trusts that.
 */
function registrationOf(id: string): ClientRegistration<GameTypes> {
  if (!isGameId(id)) throw new Error(`this client cannot show a game of "${id}"`);
  return CLIENT_GAMES[id] as unknown as ClientRegistration<GameTypes>;
}

const clients = new Map<string, ClientGame<GameTypes>>();
const loading = new Map<string, Promise<ClientGame<GameTypes>>>();

/** What a game's pages show of game `id`, loaded once (again after a failure). */
export function loadClient(id: string): Promise<ClientGame<GameTypes>> {
  let p = loading.get(id);
  if (!p) {
    p = Promise.resolve(id)
      .then((g) => registrationOf(g).client())
      .then(
        (c) => {
          clients.set(id, c);
          return c;
        },
        (e: unknown) => {
          loading.delete(id);
          throw e;
        },
      );
    loading.set(id, p);
  }
  return p;
}

/** What `loadClient(id)` gave, once it has: a page that loaded it shows its table at once. */
export const loadedClient = (id: string): ClientGame<GameTypes> | undefined => clients.get(id);

/** The replay viewer's engine of game `id`. */
export const loadEngine = (id: string): Promise<ClientEngine> => Promise.resolve(id).then((g) => registrationOf(g).engine());

/** The help text of a game in a language (English for a language the client does not have). */
export function loadHelp(game: GameId, lng: string): Promise<HelpContent> {
  const help = registrationOf(game).help;
  return help[isLanguage(lng) ? lng : 'en']();
}

/** Every game's client: a page that shows a table loads them with itself (App.tsx), before it knows which game it shows. */
export const preloadClients = (): Promise<void> => Promise.all(GAME_IDS.map(loadClient)).then(() => undefined);

/** Every game's engine, with the replay page. */
export const preloadEngines = (): Promise<void> => Promise.all(GAME_IDS.map(loadEngine)).then(() => undefined);
