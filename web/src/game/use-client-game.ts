import { useEffect, useState } from 'react';
import type { ClientGame, GameTypes } from '../game-types.js';
import { loadClient, loadedClient } from '../registry.js';

/**
 * What the pages show of game `id` (its table, status line, help outline): at once when its page
 * loaded it already (registry.ts, preloadClients), else once it has loaded; `error` when it cannot.
 */
export function useClientGame(id: string | undefined): { readonly game: ClientGame<GameTypes> | null; readonly error: string | null } {
  const [failed, setFailed] = useState<{ readonly id: string; readonly message: string } | null>(null);
  const [, setLoaded] = useState<string | null>(null);
  const game = id === undefined ? undefined : loadedClient(id);
  useEffect(() => {
    if (id === undefined || loadedClient(id)) return;
    let live = true;
    loadClient(id).then(
      () => live && setLoaded(id),
      (e: unknown) => live && setFailed({ id, message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  return { game: game ?? null, error: failed !== null && failed.id === id ? failed.message : null };
}
