/**
 * Bot pacing as a person feels it: in a 3-seat game (you and two greedy bots) on the real server
 * with its default pacing, the time from your last choice of a turn until it is your turn again,
 * and how many bot decisions that span held. Run: npx tsc -p tsconfig.json && node dist/bench/pacing.js [turns] [game]
 */
import type { RawData } from 'ws';
import { autoPlay, createGame, hello, joinSeat, startServer } from '../test/helpers/server.js';
import { parseMsg } from '../test/helpers/wire.js';

const turns = Number(process.argv[2] ?? 6);
const game = process.argv[3] ?? 'relic-runners';
// botDelayMs left out: the server's default pacing, as a real table has it.
const srv = await startServer('sqlite', { botDelayMs: undefined, botThreads: 0 });
try {
  const id = await createGame(srv.base, {
    game,
    seed: 'pacing-1',
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'greedy' }, { kind: 'bot', bot: 'greedy' }],
  });
  const token = await joinSeat(srv.base, id, 0);
  const c = await srv.client();
  const gaps: { ms: number; decisions: number }[] = [];
  let away: { at: number; moves: number } | null = null;
  let done!: () => void;
  const enough = new Promise<void>((r) => (done = r));
  c.ws.on('message', (d: RawData) => {
    const m = parseMsg(d);
    if (m.type !== 'state') return;
    if (m.toAct !== 0 && away === null) away = { at: performance.now(), moves: m.moves };
    else if (m.toAct === 0 && away !== null) {
      gaps.push({ ms: performance.now() - away.at, decisions: m.moves - away.moves });
      away = null;
      if (gaps.length >= turns) done();
    }
  });
  await hello(c, id, token);
  const me = autoPlay(c, 0, 'pacing');
  await enough;
  me.stop();
  const total = gaps.reduce((a, g) => a + g.ms, 0);
  const decisions = gaps.reduce((a, g) => a + g.decisions, 0);
  console.log(
    `${game}: ${gaps.length} waits for two bots' turns: ${gaps.map((g) => `${(g.ms / 1000).toFixed(1)} s/${g.decisions}`).join(', ')}`,
  );
  console.log(`mean ${(total / gaps.length / 1000).toFixed(2)} s per wait, ${(total / decisions).toFixed(0)} ms per bot decision`);
} finally {
  await srv.stop();
}
