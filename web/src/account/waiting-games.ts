import { useSyncExternalStore } from 'react';
import { ApiError } from '../net/api.js';
import { getMyGames, type WaitingGame } from '../net/ratings.js';
import { setSignedIn } from './signed-in.js';

/**
 * The signed-in account's games in progress, those waiting for its move first, as every page of
 * the site keeps them: one poll of GET /api/account/games per page while something reads them
 * (the lobby's "Your games", the tab's title, the notifications), every WAITING_POLL_MS, hidden
 * or not (a notification is for a tab out of sight), and at once when the page comes back into
 * view. The server answers 304 to an unchanged list (its ETag), which the browser's cache turns
 * back into the list it kept. Documented in docs/server-api.md.
 */
export interface WaitingState {
  /** Null until the first answer. */
  readonly games: readonly WaitingGame[] | null;
  /** The last poll's error code, null when it succeeded. */
  readonly error: string | null;
}

/** How often a page asks: a turn-based game's turns come in minutes, hours or days. */
export const WAITING_POLL_MS = 30_000;

/** The games to list: those waiting for the player's move first, each group in the server's order. */
export function waitingFirst(games: readonly WaitingGame[]): WaitingGame[] {
  return [...games.filter((g) => g.yourTurn), ...games.filter((g) => !g.yourTurn)];
}

const EMPTY: WaitingState = { games: null, error: null };
let state: WaitingState = EMPTY;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;
/** Counts the polls, so that an older answer arriving late changes nothing. */
let asked = 0;

function publish(next: WaitingState): void {
  state = next;
  for (const l of listeners) l();
}

/** Asks the server now (and again WAITING_POLL_MS later). */
export async function refreshWaiting(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const mine = ++asked;
  try {
    const games = waitingFirst(await getMyGames());
    if (mine === asked) publish({ games, error: null });
  } catch (e) {
    if (mine !== asked) return;
    // The session ended elsewhere: the header turns back into "Sign in", and the readers go.
    if (e instanceof ApiError && e.status === 401) {
      publish(EMPTY);
      setSignedIn(null);
      return;
    }
    publish({ ...state, error: e instanceof ApiError ? e.code : String(e) });
  }
  if (mine === asked && listeners.size > 0) timer = setTimeout(() => void refreshWaiting(), WAITING_POLL_MS);
}

const onVisible = (): void => {
  if (document.visibilityState === 'visible') void refreshWaiting();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    document.addEventListener('visibilitychange', onVisible);
    void refreshWaiting();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
    timer = null;
    asked++;
    state = EMPTY;
  };
}

/** The account's games, kept fresh while the calling component is mounted (only mount it for a signed-in player). */
export function useWaitingGames(): WaitingState {
  return useSyncExternalStore(subscribe, () => state);
}
