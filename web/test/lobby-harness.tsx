import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Lobby } from '../src/lobby/Lobby.js';
import { fakeFetch, type Call } from './fake-fetch.js';

/** The invitation key the fake server hands out for `seat`. */
export const fakeKey = (seat: number): string => `key-${seat}-0123456789abcdefghij`;

/**
 * A fake server: records every request and answers the few the lobby makes; a created game gets
 * the id `id` and is of `game`, with an invitation key per human seat.
 */
export function mockServer(id = 'g-test', game = 'relic-runners'): Call[] {
  return fakeFetch(({ method, url, body: raw }) => {
    const body = raw as { seats: { kind: string }[]; seat?: number; key?: string } | undefined;
    if (method === 'GET' && url === '/api/games') return [200, { games: [] }];
    if (method === 'POST' && url === '/api/games') {
      const invites = body!.seats.flatMap((s, seat) => (s.kind === 'human' ? [{ seat, key: fakeKey(seat) }] : []));
      return [201, { id, game, seats: [], status: 'active', moves: 0, toAct: 0, invites }];
    }
    if (method === 'POST' && url === `/api/games/${id}/join`)
      return [200, { token: 'tok-0123456789abcdef', seat: body!.seat, key: body!.key }];
    return undefined;
  });
}

/** The lobby on a memory location, which records where it navigates. */
export function renderLobby() {
  const loc = memoryLocation({ path: '/', record: true });
  render(
    <Router hook={loc.hook} searchHook={loc.searchHook}>
      <Lobby />
    </Router>,
  );
  return loc;
}
