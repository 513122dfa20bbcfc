import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'node:test';
import { replayText } from '../../src/cli/replay.js';
import { CLI, cli, tempDir } from '../cli/run-cli.js';

const EXAMPLES = fileURLToPath(new URL('../../../examples/python/', import.meta.url));

it('a Python random agent plays 20 seeded games against greedy through the protocol; the CLI replays its records to the same hashes', () => {
  const { dir, cleanup } = tempDir();
  try {
    const run = (out: string, n = 20) =>
      spawnSync(
        'python3',
        [join(EXAMPLES, 'play.py'), '--game', 'quetzal', '--seats', '2', '--games', String(n), '--seed', 'py', '--out', out],
        {
          encoding: 'utf8',
          timeout: 120_000,
          env: { ...process.env, EXPEDITION_ENGINE: `"${process.execPath}" "${CLI}" engine` },
        },
      );
    const r = run(dir);
    assert.equal(r.status, 0, r.stderr);
    const games = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { file: string; hash: string; scores: number[] | null; agentSeat: number });
    assert.equal(games.length, 20);
    assert.deepEqual(
      games.map((g) => g.agentSeat),
      Array.from({ length: 20 }, (_, i) => i % 2),
    );
    for (const g of games) {
      const replayed = replayText(readFileSync(g.file, 'utf8'), g.file);
      assert.equal(replayed.hash, g.hash);
      assert.equal(replayed.finished, true, `${g.file} was played to the end`);
      assert.deepEqual(replayed.scores, g.scores);
    }
    assert.equal(new Set(games.map((g) => g.hash)).size, 20, 'every game is its own');
    const first = cli('replay', games[0]!.file, '--json');
    assert.equal(first.code, 0, first.stderr);
    assert.equal((JSON.parse(first.stdout) as { hash: string }).hash, games[0]!.hash);
    // Seeded: the same run writes the same games (its first three here, to keep the test short).
    const again = tempDir();
    try {
      const r2 = run(again.dir, 3);
      assert.equal(r2.status, 0, r2.stderr);
      assert.deepEqual(
        r2.stdout
          .trim()
          .split('\n')
          .map((l) => (JSON.parse(l) as { hash: string }).hash),
        games.slice(0, 3).map((g) => g.hash),
      );
    } finally {
      again.cleanup();
    }
  } finally {
    cleanup();
  }
});

it('the Python client’s step plays many games a line as applies one by one would, and raises on a bad entry', () => {
  const script = `
import json, sys
sys.path.insert(0, ${JSON.stringify(EXAMPLES)})
from expedition_engine import Engine, EngineError
with Engine() as a, Engine() as b:
    games = [a.request("create", game=g, seats=3, seed=k)["gameId"] for k, g in enumerate(["quetzal", "relic-runners"])]
    for k, g in enumerate(["quetzal", "relic-runners"]):
        b.request("create", game=g, seats=3, seed=k)
    counts = [a.request("legal", gameId=g, **{"as": "indices"})["count"] for g in games]
    same = True
    for r in range(30):
        choices = [(r * 5 + i) % n for i, n in enumerate(counts)]
        counts, to_act = a.step(games, choices)
        one = [b.request("apply", gameId=g, index=c) for g, c in zip(games, choices)]
        same = same and counts == [x["count"] for x in one] and to_act == [x["toAct"] for x in one]
    try:
        a.step(games, [0])
        refused = None
    except EngineError as e:
        refused = e.code
    print(json.dumps({"same": same, "refused": refused}))
`;
  const r = spawnSync('python3', ['-c', script], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, EXPEDITION_ENGINE: `"${process.execPath}" "${CLI}" engine` },
  });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { same: true, refused: 'bad-request' });
});
