/**
 * Quick play across three real server processes on one PostgreSQL schema and one Redis
 * (test/helpers/cluster.ts): guests queue on all three, one process is killed with SIGKILL while
 * they do, and a table a dead process left half made (its tickets matched, its game never stored)
 * waits in the database. Every ticket must end seated exactly once, at a seat whose token is its
 * own, each table's game made once, and a seated player welcomed at its seat by a surviving process.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { AccountBrowser } from '../helpers/account-browser.js';
import { Cluster, waitFor } from '../helpers/cluster.js';
import { hello } from '../helpers/server.js';
import { hashToken, newGameId, newToken } from '../../src/server/tokens.js';
import type { QueuedTicket, TicketView } from '../../src/server/matchmaking/wire.js';

const GUESTS = 24;
const SEATED_MS = 30_000;

interface Player {
  readonly browser: AccountBrowser;
  readonly ticket: string;
  readonly token: string;
  view?: TicketView;
}

describe('quick play over three processes', () => {
  let cluster: Cluster;
  before(async () => {
    cluster = await Cluster.start({ processes: 3, schemaPrefix: 'test_quickplay_' });
  });
  after(async () => {
    await cluster?.stop();
  });

  test('a kill -9 amid the queueing loses no ticket and seats none twice', () =>
    cluster.explain(async () => {
      const [n0, n1, n2] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
      // A table a dead process planned and never made: two matched tickets, the table pending, no game.
      const leftover: Player[] = [];
      const tableId = newGameId();
      const now = Date.now();
      const seats: unknown[] = [];
      for (let seat = 0; seat < 2; seat++) {
        const guest = randomBytes(16).toString('base64url');
        const token = newToken();
        const id = randomBytes(12).toString('base64url');
        await cluster.query(
          `INSERT INTO match_queue (id, owner, account_id, name, game, seat_mask, pace, rated, rating, bots_after_ms, queued_at, seen_at, token_hash, address, state, table_id, seat)
           VALUES ($1, $2, NULL, $3, 'quetzal', 4, 'realtime', false, 1500, NULL, $4, $4, $5, '127.0.0.1', 'matched', $6, $7)`,
          [id, `g:${guest}`, `left${seat}`, now, hashToken(token), tableId, seat],
        );
        seats.push({ kind: 'player', ticket: id, accountId: null, name: `left${seat}`, tokenHash: hashToken(token) });
        const b = new AccountBrowser(n0.base);
        b.cookies.set('expedition_guest', guest);
        leftover.push({ browser: b, ticket: id, token });
      }
      await cluster.query(
        `INSERT INTO match_tables (id, game, pace, rated, seats, state, created_at) VALUES ($1, 'quetzal', 'realtime', false, $2, 'pending', $3)`,
        [tableId, JSON.stringify(seats), now],
      );

      const players: Player[] = [];
      const join = async (i: number, node: typeof n0): Promise<void> => {
        const b = new AccountBrowser(node.base);
        const r = await b.send<QueuedTicket>('POST', '/api/quickplay', {
          game: 'quetzal',
          seats: [2, 3],
          pace: 'realtime',
          rated: false,
          // A player left alone at the end gets a bot rather than waiting for ever.
          botsAfterMs: 5000,
          name: `p${i}`,
        });
        assert.equal(r.status, 201, JSON.stringify(r.json));
        players.push({ browser: b, ticket: r.json.ticket.id, token: r.json.token });
      };
      const nodes = [n0, n1, n2];
      await Promise.all(Array.from({ length: GUESTS / 2 }, (_, i) => join(i, nodes[i % 3]!)));
      // Node 1 dies with the queue busy: its matcher may hold claimed tickets or a table being made.
      const killed = n1.kill();
      await Promise.all(Array.from({ length: GUESTS / 2 }, (_, k) => join(GUESTS / 2 + k, k % 2 === 0 ? n0 : n2)));
      await killed;

      // Every player asks about its ticket at a live process, as its browser would, until seated.
      const everyone = [...players, ...leftover];
      const live = [n0, n2];
      await waitFor(
        'every ticket seated',
        async () => {
          let all = true;
          for (const [i, p] of everyone.entries()) {
            if (p.view?.state === 'seated') continue;
            const b = new AccountBrowser(live[i % 2]!.base);
            for (const [k, v] of p.browser.cookies) b.cookies.set(k, v);
            const r = await b.get<TicketView>(`/api/quickplay/tickets/${p.ticket}`);
            assert.equal(r.status, 200, JSON.stringify(r.json));
            assert.ok(r.json.state === 'waiting' || r.json.state === 'seating' || r.json.state === 'seated', JSON.stringify(r.json));
            p.view = r.json;
            if (r.json.state !== 'seated') all = false;
          }
          return all;
        },
        SEATED_MS,
        () => JSON.stringify(everyone.map((p) => p.view?.state)),
      );

      // Each ticket at one seat, each seat one ticket's, holding that ticket's token.
      const places = everyone.map((p) => `${p.view!.gameId}/${p.view!.seat}`);
      assert.equal(new Set(places).size, places.length, 'two tickets at one seat');
      const rows = await cluster.query<{ game_id: string; seat: number; kind: string; token_hash: string | null }>(
        `SELECT s.game_id, s.seat, s.kind, s.token_hash FROM seats s JOIN match_tables t ON t.id = s.game_id`,
      );
      const byPlace = new Map(rows.map((r) => [`${r.game_id}/${r.seat}`, r]));
      for (const p of everyone) {
        const r = byPlace.get(`${p.view!.gameId}/${p.view!.seat}`);
        assert.ok(r, `ticket ${p.ticket}: its seat is not stored`);
        assert.equal(r.token_hash, hashToken(p.token), `ticket ${p.ticket}: its seat holds another token`);
      }
      assert.equal(rows.filter((r) => r.kind === 'human').length, everyone.length, 'a stored human seat that no ticket holds');
      const left = leftover.map((p) => p.view!.gameId);
      assert.deepEqual(left, [tableId, tableId], "the dead process's table was made by another");
      const states = await cluster.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM match_tables GROUP BY state`);
      assert.deepEqual(states, [{ state: 'ready', n: states[0]!.n }], JSON.stringify(states));

      // A seated player is welcomed at its seat by a surviving process.
      const c = await cluster.client(2);
      const w = await hello(c, players[0]!.view!.gameId!, players[0]!.token);
      assert.equal(w.seat, players[0]!.view!.seat);
    }));
});
