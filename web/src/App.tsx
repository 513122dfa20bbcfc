import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch } from 'wouter';
import { LanguageSwitch } from './LanguageSwitch.js';
import { AccountMenu } from './account/AccountMenu.js';
import { SKIP_LINKS_ID } from './game/skip-link.js';
import { lazyPage } from './lazy-page.js';
import { Lobby } from './lobby/Lobby.js';
import { preloadClients, preloadEngines } from './registry.js';

// Each page is loaded only when opened, so the lobby loads none of them. A game's page comes with
// every game's table, and the replay viewer with every engine too (the registry's loaders): which
// game a page shows is known only once it runs, and its table is then on screen with its first view.
const serverGame = lazyPage(() => Promise.all([import('./lobby/ServerGame.js'), preloadClients()]).then(([m]) => m.ServerGame));
const localGame = lazyPage(() => Promise.all([import('./offline/LocalGame.js'), preloadClients()]).then(([m]) => m.LocalGame));
const authPage = lazyPage(() => import('./account/AuthPage.js').then((m) => m.AuthPage));
const accountPage = lazyPage(() => import('./account/AccountPage.js').then((m) => m.AccountPage));
const playerPage = lazyPage(() => import('./ratings/PlayerPage.js').then((m) => m.PlayerPage));
const leaderboardPage = lazyPage(() => import('./ratings/LeaderboardPage.js').then((m) => m.LeaderboardPage));
const replay = lazyPage(() => Promise.all([import('./replay/Replay.js'), preloadClients(), preloadEngines()]).then(([m]) => m.Replay));

/** Loads the page the address opens (when it is one loaded apart), so that the first render needs no fallback. */
export function preloadPage(path: string): Promise<void> {
  if (path.startsWith('/game/')) return serverGame.preload();
  if (path.startsWith('/local')) return localGame.preload();
  if (path.startsWith('/replay/')) return replay.preload();
  if (path === '/sign-in' || path === '/sign-up') return authPage.preload();
  if (path === '/account') return accountPage.preload();
  if (path.startsWith('/player/')) return playerPage.preload();
  if (path.startsWith('/leaderboard/')) return leaderboardPage.preload();
  return Promise.resolve();
}

export function App() {
  const { t } = useTranslation();
  const ServerGame = serverGame.Page();
  const LocalGame = localGame.Page();
  const Replay = replay.Page();
  const AuthPage = authPage.Page();
  const AccountPage = accountPage.Page();
  const PlayerPage = playerPage.Page();
  const LeaderboardPage = leaderboardPage.Page();
  return (
    <div className="app">
      <div id={SKIP_LINKS_ID} />
      <header className="app-header">
        <Link href="/" className="brand">
          {t('appName')}
        </Link>
        <span className="tagline">{t('tagline')}</span>
        <div className="header-tools">
          <AccountMenu />
          <LanguageSwitch />
        </div>
      </header>
      <main className="app-main">
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <Switch>
            <Route path="/" component={Lobby} />
            <Route path="/game/:id">{(p) => <ServerGame key={p.id} id={p.id} />}</Route>
            <Route path="/local">{() => <LocalGame />}</Route>
            <Route path="/local/:slot">{(p) => <LocalGame slot={p.slot} />}</Route>
            <Route path="/replay/local">{() => <Replay source={{ kind: 'local' }} />}</Route>
            <Route path="/replay/local/:slot">{(p) => <Replay source={{ kind: 'local', slot: p.slot }} />}</Route>
            <Route path="/sign-in">{() => <AuthPage key="sign-in" mode="sign-in" />}</Route>
            <Route path="/sign-up">{() => <AuthPage key="sign-up" mode="sign-up" />}</Route>
            <Route path="/account">{() => <AccountPage />}</Route>
            <Route path="/player/:name">{(p) => <PlayerPage key={p.name} name={p.name} />}</Route>
            <Route path="/leaderboard/:game">{(p) => <LeaderboardPage key={p.game} game={p.game} />}</Route>
            <Route path="/replay/:id">{(p) => <Replay source={{ kind: 'server', id: p.id }} />}</Route>
            <Route>
              <p>
                {t('notFound')} <Link href="/">{t('back')}</Link>
              </p>
            </Route>
          </Switch>
        </Suspense>
      </main>
    </div>
  );
}
