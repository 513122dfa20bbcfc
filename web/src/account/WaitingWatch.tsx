import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { accountSeatHref, type WaitingGame } from '../net/ratings.js';
import { useSignedIn } from './signed-in.js';
import { setTitleCount } from './title-count.js';
import { useWaitingGames } from './waiting-games.js';
import { waitingNotifyOn } from './waiting-notify.js';

/**
 * On every page of a signed-in player: the count of games waiting for their move at the head of
 * the tab's title, and, when they turned notifications on, a browser notification for each game
 * that starts waiting while the tab is out of sight (one per game however many tabs are open:
 * each tab's notification has the game's tag, and the browser shows the latest of a tag once).
 */
export function WaitingWatch() {
  const signedIn = useSignedIn();
  return signedIn ? <Watch key={signedIn.name} /> : null;
}

function Watch() {
  const { t } = useTranslation('ratings');
  const { games } = useWaitingGames();
  const [, navigate] = useLocation();
  const seen = useRef<ReadonlySet<string> | null>(null);
  const count = games?.filter((g) => g.yourTurn).length ?? 0;

  useEffect(() => setTitleCount(count), [count]);
  useEffect(() => () => setTitleCount(0), []);

  useEffect(() => {
    if (!games) return;
    const waiting = new Set(games.filter((g) => g.yourTurn).map((g) => g.gameId));
    const before = seen.current;
    seen.current = waiting;
    // The first answer is what was already waiting; a tab in view shows the list and the title.
    if (before === null || document.visibilityState === 'visible' || !waitingNotifyOn()) return;
    for (const g of games) if (g.yourTurn && !before.has(g.gameId)) show(g);

    function show(g: WaitingGame): void {
      try {
        const n = new Notification(t('waiting.notifyTitle', { game: t(`lobby:gameChoice.${g.game}`, { defaultValue: g.game }) }), {
          body: t('waiting.notifyBody', { players: g.players.map((p) => p ?? t('games:free')).join(' · ') }),
          tag: `expedition-waiting-${g.gameId}`,
        });
        n.onclick = () => {
          window.focus();
          navigate(accountSeatHref(g.gameId, g.seat));
          n.close();
        };
      } catch {
        // A browser that offers notifications only from a service worker (Android): the title tells it.
      }
    }
  }, [games, navigate, t]);
  return null;
}
