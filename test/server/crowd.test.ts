/**
 * A crowd arriving at once: spectators who say hello together are told with one welcome while the
 * game stays the same, and a move, or a player coming or going, makes the next welcome anew.
 */
import { after, before, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { createGame, hello, joinSeat, live, startServer, until, type TestServer } from '../helpers/server.js';

let srv: TestServer;
before(async () => {
  srv = await startServer('sqlite');
});
after(async () => {
  await srv?.stop();
});

test('spectators saying hello together get one welcome made once; a move or a seat coming makes the next one anew', async () => {
  const id = await createGame(srv.base, { seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], seed: 'crowd' });
  const g = await live(srv.hub, id);
  const views = mock.method(g.game, 'view');
  try {
    const crowd = await Promise.all(Array.from({ length: 30 }, () => srv.client()));
    const welcomes = await Promise.all(crowd.map((c) => hello(c, id)));
    const spectatorViews = views.mock.calls.filter((c) => c.arguments[1] === null).length;
    assert.equal(spectatorViews, 1, `the spectators' view was made ${spectatorViews} times for 30 welcomes`);
    for (const w of welcomes) assert.deepEqual(w, welcomes[0]);

    // The seat's player comes: the seats told change, so a later spectator's welcome says so.
    const token = await joinSeat(srv.base, id, 0, 'Ada');
    const player = await srv.client();
    await hello(player, id, token);
    const late = await hello(await srv.client(), id);
    assert.equal(late.seats[0]!.connected, true, 'the welcome tells the player is here');

    // A move: the next welcome tells it.
    const moves = g.match.decisions;
    const ack = await player.request({ type: 'choice', choice: g.game.choices(g.state)[0], index: moves });
    assert.equal(ack.type, 'ack', JSON.stringify(ack));
    await until(() => g.match.decisions > moves, 'the move to be played');
    const after = await hello(await srv.client(), id);
    assert.equal(after.moves, g.match.decisions);
  } finally {
    views.mock.restore();
  }
});
