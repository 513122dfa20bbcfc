import { useCallback, useSyncExternalStore } from 'react';
import type { NotifyState } from '../game/use-turn-alert.js';

/**
 * Whether the player wants a browser notification when one of their games starts waiting for
 * them (kept in this browser), and the browser's permission for it: asked only from the toggle's
 * click, never on page load.
 */
const KEY = 'expedition.waiting.notify';
const listeners = new Set<() => void>();

const supported = (): boolean => typeof window !== 'undefined' && 'Notification' in window;

function wanted(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

let pageWanted: boolean | null = null;

function read(): NotifyState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (pageWanted ?? wanted()) && Notification.permission === 'granted' ? 'on' : 'off';
}

function write(on: boolean): void {
  pageWanted = on;
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      pageWanted = null;
      l();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

const serverState = (): NotifyState => 'unsupported';

/** Whether notifications of waiting games are on now (read where they are shown). */
export const waitingNotifyOn = (): boolean => read() === 'on';

/** The toggle: its state, and its click (which asks the browser's permission the first time). */
export function useWaitingNotify(): { readonly state: NotifyState; readonly toggle: () => void } {
  const state = useSyncExternalStore<NotifyState>(subscribe, read, serverState);
  const toggle = useCallback(() => {
    if (!supported()) return;
    if (read() === 'on') return write(false);
    if (Notification.permission === 'granted') return write(true);
    void Notification.requestPermission().then((p) => write(p === 'granted'));
  }, []);
  return { state, toggle };
}
