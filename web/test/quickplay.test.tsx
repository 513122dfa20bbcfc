import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import i18n from '../src/i18n/index.js';
import { heldSeat } from '../src/net/api.js';
import { QuickPlayCard } from '../src/quickplay/QuickPlayCard.js';
import type { TicketView } from '../src/quickplay/api.js';
import { fakeFetch, type Call } from './fake-fetch.js';

const TICKET: TicketView = {
  id: 'T0123456789abcde',
  game: 'quetzal',
  seats: [3],
  pace: 'daily',
  rated: false,
  botsAfterMs: null,
  state: 'waiting',
  rating: 1500,
  queuedAt: Date.now(),
  band: 100,
};

/** A fake server: the queue answers `queued` (a status and body), and each question about the ticket the next of `answers`. */
function fakeServer(queued: [number, unknown], answers: Partial<TicketView>[]): Call[] {
  return fakeFetch(({ method, url }) => {
    if (url === '/api/quickplay/waiting') return [200, { waiting: { quetzal: 4 } }];
    if (method === 'POST' && url === '/api/quickplay') return queued;
    if (url === `/api/quickplay/tickets/${TICKET.id}`) {
      if (method === 'DELETE') return [200, { ...TICKET, state: 'cancelled' }];
      return [200, { ...TICKET, ...(answers.length > 1 ? answers.shift() : answers[0]) }];
    }
    return undefined;
  });
}

function renderCard(name = 'Ada') {
  const loc = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <QuickPlayCard name={name} />
    </Router>,
  );
  return loc;
}

/** Asks for a daily Quetzal table of three, bots never. */
function ask() {
  fireEvent.change(screen.getByTestId('quickplay-game'), { target: { value: 'quetzal' } });
  fireEvent.click(screen.getByTestId('quickplay-size-2'));
  fireEvent.change(screen.getByTestId('quickplay-pace'), { target: { value: 'daily' } });
  fireEvent.change(screen.getByTestId('quickplay-bots'), { target: { value: 'never' } });
  fireEvent.click(screen.getByTestId('quickplay-go'));
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('quick play', () => {
  it('queues what was chosen, and once seated keeps the ticket token as the seat and opens the game', async () => {
    const calls = fakeServer([201, { ticket: TICKET, token: 'tok-quick-0123456789' }], [{ state: 'seated', gameId: 'g-quick', seat: 2 }]);
    const loc = renderCard();
    await waitFor(() => expect(screen.getByTestId('quickplay-count-quetzal').textContent).toBe('4 players waiting for Quetzal'));
    expect(screen.getByTestId('quickplay-count-relic-runners').textContent).toBe('0 players waiting for Relic Runners');
    ask();
    await waitFor(() => expect(loc.history).toContain('/game/g-quick'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      game: 'quetzal',
      seats: [3],
      pace: 'daily',
      rated: false,
      botsAfterMs: null,
      name: 'Ada',
    });
    expect(heldSeat('g-quick')).toEqual({ token: 'tok-quick-0123456789', seat: 2 });
    expect(sessionStorage.getItem('expedition.quickplay')).toBeNull();
  });

  it('says it waits, and stops waiting when asked', async () => {
    const calls = fakeServer([201, { ticket: TICKET, token: 'tok-quick-0123456789' }], [{ state: 'waiting' }]);
    renderCard();
    ask();
    await waitFor(() => expect(screen.getByTestId('quickplay-status').textContent).toContain('Looking for players for Quetzal'));
    expect(screen.getByTestId('quickplay-band').textContent).toContain('1500');
    fireEvent.click(screen.getByTestId('quickplay-cancel'));
    await waitFor(() => expect(screen.getByTestId('quickplay-go')).toBeTruthy());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it("puts the server's refusal in words", async () => {
    fakeServer([409, { error: 'already-queued', message: 'queued' }], []);
    renderCard();
    ask();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('You are waiting for a table already'));
  });
});
