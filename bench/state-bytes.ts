/**
 * `node dist/bench/state-bytes.js`: the bytes of the state messages of whole games, per message,
 * as each audience receives them (two seats and a spectator). Relic Runners, two human seats played
 * by seeded random choices on an in-process server (SQLite); GAMES games (default 5).
 */
import { wsText } from '../test/helpers/wire.js';
import { autoPlay, createGame, hello, joinSeat, startServer } from '../test/helpers/server.js';
import type { TestClient } from '../test/helpers/ws-client.js';

const GAMES = Number(process.env.GAMES ?? 5);

const srv = await startServer('sqlite');
const count = (c: TestClient, into: { n: number; bytes: number; patches: number }) =>
  c.ws.on('message', (d) => {
    const text = wsText(d);
    if (!text.startsWith('{"type":"state"') && !text.includes('"type":"state"')) return;
    into.n++;
    into.bytes += Buffer.byteLength(text);
    if (text.includes('"patch":')) into.patches++;
  });
const seats = { n: 0, bytes: 0, patches: 0 };
const spectators = { n: 0, bytes: 0, patches: 0 };
for (let i = 0; i < GAMES; i++) {
  const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'human' }], seed: `state-bytes-${i}` });
  const tokens = [await joinSeat(srv.base, id, 0), await joinSeat(srv.base, id, 1)];
  const players = [await srv.client(), await srv.client()];
  const spec = await srv.client();
  for (const c of players) count(c, seats);
  count(spec, spectators);
  await hello(spec, id);
  for (const [seat, c] of players.entries()) await hello(c, id, tokens[seat]);
  await Promise.all(players.map((c, seat) => autoPlay(c, seat, `state-bytes-${i}-${seat}`).done));
}
await srv.stop();
const avg = (x: { n: number; bytes: number }) => Math.round(x.bytes / x.n);
console.log(
  JSON.stringify({
    bench: 'state-bytes',
    games: GAMES,
    seatMessages: seats.n,
    seatBytesPerState: avg(seats),
    seatPatches: seats.patches,
    spectatorMessages: spectators.n,
    spectatorBytesPerState: avg(spectators),
  }),
);
process.exit(0);
