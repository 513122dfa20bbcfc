import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import i18n from '../src/i18n/index.js';
import { myTurn, useTurnAlert } from '../src/game/use-turn-alert.js';
import type { Snapshot } from '../src/net/session.js';

/** When the turn alert fires, without a browser (the chime is counted by its test hook). */

function snap(seat: number | null, toAct: number | null, moves: number, result: object | null = null): Snapshot {
  return {
    view: { game: 'relic-runners', toAct, decision: toAct === null ? null : 'move', choices: null, result },
    seat,
    seats: [],
    moves,
    status: result ? 'finished' : 'active',
    canUndo: false,
    log: [],
    clocks: null,
  };
}

const chimes = () => window.__expeditionChimes?.length ?? 0;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  localStorage.clear();
  window.__expeditionChimes = [];
  document.title = 'Expedition';
});
afterEach(cleanup);

describe('turn alert', () => {
  it('myTurn: the page’s seat owes the decision; never for a spectator or a finished game', () => {
    expect(myTurn(snap(1, 1, 3))).toBe(1);
    expect(myTurn(snap(1, 0, 3))).toBeNull();
    expect(myTurn(snap(null, 0, 3))).toBeNull();
    expect(myTurn(snap(1, 1, 3, { winners: [1] }))).toBeNull();
    expect(myTurn(null)).toBeNull();
  });

  it('titles the tab while it is the player’s turn, chimes when the turn comes (sound on), not on opening nor on the player’s own undo', () => {
    localStorage.setItem('expedition.alerts.sound', 'on');
    const initialProps: { s: Snapshot | null } = { s: null };
    const { result, rerender } = renderHook(({ s }: { s: Snapshot | null }) => useTurnAlert(s), { initialProps });
    expect(result.current.sound).toBe(true);
    rerender({ s: snap(0, 0, 0) });
    expect(document.title).toBe('● Your turn — Expedition');
    expect(chimes()).toBe(0);
    rerender({ s: snap(0, 0, 1) });
    expect(chimes()).toBe(0);
    rerender({ s: snap(0, 1, 2) });
    expect(document.title).toBe('Expedition');
    rerender({ s: snap(0, 0, 3) });
    expect(document.title).toBe('● Your turn — Expedition');
    expect(chimes()).toBe(1);
    // The player moves, then takes it back: the turn returns by their own hand, no chime.
    rerender({ s: snap(0, 1, 4) });
    rerender({ s: snap(0, 0, 3) });
    expect(chimes()).toBe(1);
    rerender({ s: snap(0, 0, 3, { winners: [0] }) });
    expect(document.title).toBe('Expedition');
  });

  it('hot-seat: a new person at the screen is a new turn', () => {
    localStorage.setItem('expedition.alerts.sound', 'on');
    const { rerender } = renderHook(({ s }: { s: Snapshot }) => useTurnAlert(s), { initialProps: { s: snap(0, 0, 0) } });
    rerender({ s: snap(1, 1, 1) });
    expect(chimes()).toBe(1);
  });

  it('sound is off by default; toggled on it plays a sample and is remembered', () => {
    const { result, rerender } = renderHook(({ s }: { s: Snapshot }) => useTurnAlert(s), { initialProps: { s: snap(0, 1, 0) } });
    expect(result.current.sound).toBe(false);
    rerender({ s: snap(0, 0, 1) });
    expect(chimes()).toBe(0);
    act(() => result.current.toggleSound());
    expect(result.current.sound).toBe(true);
    expect(chimes()).toBe(1);
    expect(localStorage.getItem('expedition.alerts.sound')).toBe('on');
  });

  it('without the Notification API (jsdom) the notification toggle is unsupported', () => {
    const { result } = renderHook(() => useTurnAlert(snap(0, 0, 0)));
    expect(result.current.notify).toBe('unsupported');
  });
});
