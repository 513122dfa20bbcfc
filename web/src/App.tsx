import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Switch } from 'wouter';
import { LanguageSwitch } from './LanguageSwitch.js';
import { SKIP_LINKS_ID } from './game/skip-link.js';
import { Lobby } from './lobby/Lobby.js';

// The offline game and the replay viewer carry the engine, a server game the tables: each loaded
// only when opened, so the lobby loads none of them.
const ServerGame = lazy(() => import('./lobby/ServerGame.js').then((m) => ({ default: m.ServerGame })));
const LocalGame = lazy(() => import('./offline/LocalGame.js').then((m) => ({ default: m.LocalGame })));
const Replay = lazy(() => import('./replay/Replay.js').then((m) => ({ default: m.Replay })));

export function App() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <div id={SKIP_LINKS_ID} />
      <header className="app-header">
        <Link href="/" className="brand">
          {t('appName')}
        </Link>
        <span className="tagline">{t('tagline')}</span>
        <LanguageSwitch />
      </header>
      <main className="app-main">
        <Suspense fallback={<p className="loading">{t('loading')}</p>}>
          <Switch>
            <Route path="/" component={Lobby} />
            <Route path="/game/:id">{(p) => <ServerGame id={p.id} />}</Route>
            <Route path="/local">{() => <LocalGame />}</Route>
            <Route path="/local/:slot">{(p) => <LocalGame slot={p.slot} />}</Route>
            <Route path="/replay/local">{() => <Replay source={{ kind: 'local' }} />}</Route>
            <Route path="/replay/local/:slot">{(p) => <Replay source={{ kind: 'local', slot: p.slot }} />}</Route>
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
