import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../src/i18n/index.js';
import { RematchPanel } from '../src/lobby/RematchPanel.js';
import type { SeatInfo, Snapshot } from '../src/net/session.js';
import type { RematchOffer } from '../../src/server/protocol.js';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en'));
});

const seats: SeatInfo[] = [
  { seat: 0, kind: 'human', name: 'Ada', connected: true, claimed: true },
  { seat: 1, kind: 'human', name: 'Bo', connected: true, claimed: true },
  { seat: 2, kind: 'bot', name: 'random', bot: 'random', connected: true },
];

function snapshot(seat: number | null, rematch?: RematchOffer, over = true): Snapshot {
  return {
    view: { game: 'quetzal', toAct: null, decision: null, choices: null, result: over ? { scores: [1, 2, 3], winners: [2] } : null },
    seat,
    seats,
    moves: 70,
    status: over ? 'finished' : 'active',
    canUndo: false,
    log: [],
    clocks: null,
    ...(rematch ? { rematch } : {}),
  };
}

function panel(snap: Snapshot) {
  const answer = vi.fn(() => Promise.resolve());
  render(<RematchPanel snap={snap} answer={answer} />);
  return answer;
}

const text = () => screen.getByTestId('rematch').textContent;

describe('the rematch under the scores', () => {
  it('offers a player the rematch; nothing while the game goes on', () => {
    const answer = panel(snapshot(0));
    expect(text()).toContain('Same settings, everyone one seat further on.');
    fireEvent.click(screen.getByTestId('rematch-offer'));
    expect(answer).toHaveBeenCalledWith(true);
    cleanup();
    panel(snapshot(0, undefined, false));
    expect(screen.queryByTestId('rematch')).toBeNull();
  });

  it('asks a player the offer waits for to accept or decline', () => {
    const answer = panel(snapshot(1, { accepted: [0, 2], declined: [], waiting: [1] }));
    expect(text()).toContain('A rematch is offered');
    fireEvent.click(screen.getByTestId('rematch-decline'));
    expect(answer).toHaveBeenCalledWith(false);
    // Busy until the answer is known: no second answer meanwhile.
    expect(screen.getByTestId<HTMLButtonElement>('rematch-accept').disabled).toBe(true);
    cleanup();
    const accept = panel(snapshot(1, { accepted: [0, 2], declined: [], waiting: [1] }));
    fireEvent.click(screen.getByTestId('rematch-accept'));
    expect(accept).toHaveBeenCalledWith(true);
  });

  it('tells whom the offer waits for; its player may withdraw it, a spectator only reads', () => {
    const offer = { accepted: [0, 2], declined: [], waiting: [1] };
    const answer = panel(snapshot(0, offer));
    expect(text()).toContain('Rematch offered. Waiting for Bo.');
    fireEvent.click(screen.getByTestId('rematch-withdraw'));
    expect(answer).toHaveBeenCalledWith(false);
    cleanup();
    panel(snapshot(null, offer));
    expect(text()).toContain('Waiting for Bo.');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('says who declined, and a new offer may follow', () => {
    panel(snapshot(0, { accepted: [], declined: [1], waiting: [] }));
    expect(text()).toContain('Bo declined the rematch.');
    expect(screen.getByTestId('rematch-offer')).toBeTruthy();
  });

  it('shows the way to the new table: to play it, or to watch it', () => {
    const offer = { accepted: [0, 1, 2], declined: [], waiting: [], next: { game: 'g2' } };
    panel(snapshot(0, offer));
    const go = screen.getByTestId('rematch-go');
    expect(go.getAttribute('href')).toBe('/game/g2');
    expect(go.textContent).toBe('Go to the new table');
    cleanup();
    panel(snapshot(null, offer));
    expect(screen.getByTestId('rematch-go').textContent).toBe('Watch the rematch');
  });

  it('offers nothing to a player whose seat a bot kept (out of time): it accepts at once', () => {
    const s = snapshot(1);
    panel({ ...s, seats: s.seats.map((x) => (x.seat === 1 ? { ...x, bot: 'random' } : x)) });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('speaks every language', async () => {
    for (const [lng, word] of [
      ['de', 'Revanche'],
      ['fr', 'revanche'],
      ['pl', 'rewanż'],
    ] as const) {
      await act(() => i18n.changeLanguage(lng));
      panel(snapshot(1, { accepted: [0, 2], declined: [], waiting: [1] }));
      expect(text()?.toLowerCase()).toContain(word.toLowerCase());
      cleanup();
    }
  });
});
