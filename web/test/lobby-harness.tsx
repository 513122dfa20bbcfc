import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Lobby } from '../src/lobby/Lobby.js';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The invitation key the fake server hands out for `seat`. */
export const fakeKey = (seat: number): string => `key-${seat}-0123456789abcdefghij`;

/**
 * A fake server: records every request and answers the few the lobby makes; a created game gets
 * the id `id` and is of `game`, with an invitation key per human seat.
 */
export function mockServer(id = 'g-test', game = 'relic-runners'): Call[] {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined) as
        { seats: { kind: string }[]; seat?: number; key?: string } | undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url === '/api/games') return json(200, { games: [] });
      if (method === 'POST' && url === '/api/games') {
        const invites = body!.seats.flatMap((s, seat) => (s.kind === 'human' ? [{ seat, key: fakeKey(seat) }] : []));
        return json(201, { id, game, seats: [], status: 'active', moves: 0, toAct: 0, invites });
      }
      if (method === 'POST' && url === `/api/games/${id}/join`)
        return json(200, { token: 'tok-0123456789abcdef', seat: body!.seat, key: body!.key });
      return json(404, { error: 'not_found', message: url });
    }),
  );
  return calls;
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
