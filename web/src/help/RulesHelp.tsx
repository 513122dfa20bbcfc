import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../game-types.js';
import { isGameId, loadClient, loadHelp } from '../registry.js';
import { helpHref, parseHelpHash, type HelpTarget } from './link.js';
import type { HelpContent, HelpOutline, HelpText } from './outline.js';
import './help.css';

/**
 * The "Rules" button of a table and the rules panel it opens. The panel follows the page's hash
 * (`#help/<game>/<entry>`), so every link made by `helpHref` opens it at its entry, from anywhere
 * on the page; the button and the close button only set or clear that hash.
 */
export function RulesHelp({ game }: { game: string }) {
  return isGameId(game) ? <RulesButton game={game} /> : null;
}

/**
 * The panel's state, which follows the page's hash: the entry it shows (null: closed), and closing
 * it, which gives the focus back to whatever opened it, else to `fallback`.
 */
function useHelpPanel(fallback: RefObject<HTMLElement | null>) {
  const [target, setTarget] = useState<HelpTarget | null>(() => parseHelpHash(window.location.hash));
  // Where focus goes back to on closing: whatever opened the panel (the button, a tooltip's link).
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = useRef(target !== null);
  useEffect(() => {
    isOpen.current = target !== null;
    if (!target) opener.current = null;
  }, [target]);

  useEffect(() => {
    const onHash = () => {
      const next = parseHelpHash(window.location.hash);
      const active = document.activeElement;
      // A link inside the panel (its contents) is not what opened it: it goes away on closing. With
      // nothing focused (an address typed in), focus goes back to the Rules button.
      const from = active instanceof HTMLElement && active !== document.body && !active.closest('.help-sheet') ? active : null;
      if (next && !isOpen.current) opener.current = from;
      setTarget(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const close = useCallback(() => {
    if (parseHelpHash(window.location.hash)) {
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    }
    setTarget(null);
    const back = opener.current?.isConnected ? opener.current : fallback.current;
    opener.current = null;
    back?.focus();
  }, [fallback]);

  return { target, setTarget, opener, close };
}

function RulesButton({ game }: { game: GameId }) {
  const { t } = useTranslation('help');
  const button = useRef<HTMLButtonElement>(null);
  const { target, setTarget, opener, close } = useHelpPanel(button);

  const open = () => {
    opener.current = button.current;
    // replaceState fires no hashchange: the state follows by hand.
    window.history.replaceState(window.history.state, '', helpHref(game));
    setTarget({ game, entry: null });
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="secondary help-open"
        onClick={open}
        aria-expanded={target !== null}
        aria-label={t('openLabel', { game: t(`game.${game}`) })}
        data-testid="help-open"
      >
        <span aria-hidden="true" className="help-icon">
          ?
        </span>{' '}
        <span className="help-open-label">{t('open')}</span>
      </button>
      {target && createPortal(<HelpSheet game={target.game} entry={target.entry} onClose={close} />, document.body)}
    </>
  );
}

/**
 * The rules panel on a page without a table (a profile, a leaderboard): no button, only the links
 * made by `helpHref` open it.
 */
export function HelpHost() {
  const none = useRef<HTMLElement>(null);
  const { target, close } = useHelpPanel(none);
  return target && createPortal(<HelpSheet game={target.game} entry={target.entry} onClose={close} />, document.body);
}

type Loaded =
  { readonly game: GameId; readonly lng: string; readonly outline: HelpOutline; readonly content: HelpContent } | 'failed' | null;

function HelpSheet({ game, entry, onClose }: { game: GameId; entry: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('help');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [loaded, setLoaded] = useState<Loaded>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    // The outline comes with the game's table (loaded already on its page), the words per language.
    Promise.all([loadClient(game), loadHelp(game, lng)]).then(
      ([client, content]) => live && setLoaded({ game, lng, outline: client.helpOutline, content }),
      () => live && setLoaded('failed'),
    );
    return () => {
      live = false;
    };
  }, [game, lng]);

  useEffect(() => {
    heading.current?.focus();
    // On a wide screen the table makes room beside the panel instead of hiding under it.
    const root = document.documentElement;
    root.classList.add('help-docked');
    return () => root.classList.remove('help-docked');
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const shown = loaded !== null && loaded !== 'failed' && loaded.game === game ? loaded : null;
  const ready = shown?.content ?? null;

  // Once the text is there, bring the named entry to the top of the panel.
  useLayoutEffect(() => {
    if (!ready || !entry || !body.current) return;
    const el = body.current.querySelector<HTMLElement>(`[data-help-id="${CSS.escape(entry)}"]`);
    if (!el) return;
    // Scroll the panel only: scrollIntoView would move the table behind it too.
    const box = body.current;
    box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top - 8;
  }, [ready, entry]);

  const texts = ready as Readonly<Record<string, HelpText | undefined>> | null;
  const titleOf = (id: string): string => {
    const key = shown?.outline.nameKey(id);
    return key ? t(key) : (texts?.[id]?.title ?? id);
  };

  return (
    <aside
      className="help-sheet"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="help-panel"
      data-game={game}
      data-entry={entry ?? ''}
      data-ready={ready ? 'yes' : 'no'}
    >
      <header className="help-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('title', { game: t(`game.${game}`) })}
        </h2>
        <button
          type="button"
          className="secondary help-close"
          onClick={onClose}
          aria-label={t('close')}
          title={t('close')}
          data-testid="help-close"
        >
          ×
        </button>
      </header>
      <div className="help-body" ref={body}>
        {loaded === 'failed' ? (
          <p role="alert">{t('failed')}</p>
        ) : !shown ? (
          <p className="loading">{t('loading')}</p>
        ) : (
          <>
            <nav className="help-toc" aria-label={t('contents')}>
              <ol>
                {shown.outline.sections.map((s) => (
                  <li key={s.id}>
                    <a href={helpHref(game, s.id)}>{titleOf(s.id)}</a>
                  </li>
                ))}
              </ol>
            </nav>
            {shown.outline.sections.map((s) => (
              <section key={s.id} className={s.id === entry ? 'help-section highlighted' : 'help-section'} data-help-id={s.id}>
                <h3>{titleOf(s.id)}</h3>
                <Paragraphs text={texts?.[s.id]?.body ?? []} />
                {s.entries.map((id) => {
                  const code = shown.outline.code(id);
                  return (
                    <article key={id} className={id === entry ? 'help-entry highlighted' : 'help-entry'} data-help-id={id}>
                      <h4>
                        {code && <span className="help-code">{code}</span>}
                        {titleOf(id)}
                      </h4>
                      <Paragraphs text={texts?.[id]?.body ?? []} />
                    </article>
                  );
                })}
              </section>
            ))}
          </>
        )}
      </div>
    </aside>
  );
}

function Paragraphs({ text }: { text: readonly string[] }) {
  return (
    <>
      {text.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </>
  );
}
