import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Snapshot } from '../net/session.js';
import { chime, unlockAudio } from './chime.js';

const SOUND_KEY = 'expedition.alerts.sound';
const NOTIFY_KEY = 'expedition.alerts.notify';

/** Browser notifications here: not offered by the browser, off, on, or refused in its settings. */
export type NotifyState = 'unsupported' | 'off' | 'on' | 'denied';

/** The player's turn alerts, as the table's toggles show and change them. */
export interface TurnAlert {
  readonly sound: boolean;
  readonly notify: NotifyState;
  readonly toggleSound: () => void;
  /** Asks the browser's permission the first time (from this click: never on page load). */
  readonly toggleNotify: () => void;
}

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'on';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    localStorage.setItem(key, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice lasts as long as the page.
  }
}

const notifications = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

function notifyState(wanted: boolean, permission: NotificationPermission | null): NotifyState {
  if (permission === null) return 'unsupported';
  if (permission === 'denied') return 'denied';
  return wanted && permission === 'granted' ? 'on' : 'off';
}

/** The seat this page plays owes the next decision (hot-seat: whoever sits at the screen now), and no bot plays it. */
export function myTurn(snap: Snapshot | null): number | null {
  if (!snap || snap.seat === null || snap.view.result !== null || botPlaysMine(snap)) return null;
  return snap.view.toAct === snap.seat ? snap.seat : null;
}

/** A bot plays this page's own seat now (its player was away, or its clock is empty): the page only watches it. */
export function botPlaysMine(snap: Snapshot): boolean {
  return snap.seat !== null && snap.seats.some((s) => s.seat === snap.seat && s.kind === 'human' && s.bot !== undefined);
}

/**
 * Makes the player's turn noticeable: the tab's title while it lasts; when it begins, a chime
 * (if the player turned sound on) and, with the tab hidden, a browser notification (if allowed).
 * Not when the page opens on the player's turn, nor when the player's own undo brings it back.
 */
export function useTurnAlert(snap: Snapshot | null): TurnAlert {
  const { t } = useTranslation('alerts');
  const [sound, setSound] = useState(() => readFlag(SOUND_KEY));
  const [notifyWanted, setNotifyWanted] = useState(() => readFlag(NOTIFY_KEY));
  const [permission, setPermission] = useState<NotificationPermission | null>(() => (notifications() ? Notification.permission : null));
  const notify = notifyState(notifyWanted, permission);
  const turn = myTurn(snap);
  const mine = turn !== null;
  const last = useRef<{ readonly turn: number | null; readonly moves: number } | null>(null);
  const shown = useRef<Notification | null>(null);

  useEffect(() => {
    if (!mine) return;
    const before = document.title;
    document.title = t('title', { app: t('common:appName') });
    return () => {
      document.title = before;
    };
  }, [mine, t]);

  useEffect(() => {
    if (!snap) return;
    const prev = last.current;
    last.current = { turn, moves: snap.moves };
    if (turn === null) {
      shown.current?.close();
      shown.current = null;
    }
    if (prev === null || turn === null || turn === prev.turn || snap.moves < prev.moves) return;
    if (sound) chime();
    if (notify === 'on' && document.visibilityState === 'hidden') {
      shown.current?.close();
      try {
        const n = new Notification(t('notification.title'), {
          body: t('notification.body', { game: t(`lobby:gameChoice.${snap.view.game}`) }),
          tag: 'expedition-turn',
        });
        n.onclick = () => {
          window.focus();
          n.close();
        };
        shown.current = n;
      } catch {
        // Some browsers (Chrome on Android) show notifications only from a service worker.
      }
    }
  }, [snap, turn, sound, notify, t]);

  // Back on the tab: the notification has done its work. Gone from the table: so has it.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      shown.current?.close();
      shown.current = null;
      if (notifications()) setPermission(Notification.permission);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      shown.current?.close();
    };
  }, []);

  // Allowed or blocked later in the browser's own site settings: the toggle follows.
  useEffect(() => {
    if (!notifications() || !navigator.permissions) return;
    let status: PermissionStatus | null = null;
    let gone = false;
    const follow = () => setPermission(Notification.permission);
    navigator.permissions.query({ name: 'notifications' }).then(
      (s) => {
        if (gone) return;
        status = s;
        s.addEventListener('change', follow);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      status?.removeEventListener('change', follow);
    };
  }, []);

  // Chimes come from the server, not from a gesture: the player's first click or key lets them sound.
  useEffect(() => {
    if (!sound) return;
    window.addEventListener('pointerdown', unlockAudio, { once: true });
    window.addEventListener('keydown', unlockAudio, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlockAudio);
      window.removeEventListener('keydown', unlockAudio);
    };
  }, [sound]);

  const toggleSound = useCallback(() => {
    const on = !sound;
    setSound(on);
    writeFlag(SOUND_KEY, on);
    // Heard at once, from the click: the player knows what to listen for, and audio is unlocked.
    if (on) chime();
  }, [sound]);

  const toggleNotify = useCallback(() => {
    if (!notifications()) return;
    if (notify === 'on') {
      setNotifyWanted(false);
      writeFlag(NOTIFY_KEY, false);
      return;
    }
    // The browser's permission as it is when the answer comes, not as the request's promise says:
    // a prompt left open may be settled late, after the permission was given in the site settings.
    const answer = () => {
      const p = Notification.permission;
      setPermission(p);
      if (p !== 'granted') return;
      setNotifyWanted(true);
      writeFlag(NOTIFY_KEY, true);
    };
    if (Notification.permission === 'default') void Notification.requestPermission().then(answer, answer);
    else answer();
  }, [notify]);

  return { sound, notify, toggleSound, toggleNotify };
}
