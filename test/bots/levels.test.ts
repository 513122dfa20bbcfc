import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { botFromSpec } from '../../src/bots/index.js';
import { BOT_LEVELS } from '../../src/bots/levels.js';
import { GAMES } from '../../src/bots/registry.js';
import { REPO_ROOT } from '../helpers/repo.js';

// The source file, not dist's copy: the script writes it there, and the lobby bundles it from there.
const ratings = JSON.parse(readFileSync(join(REPO_ROOT, 'src', 'bots', 'level-ratings.json'), 'utf8')) as Record<string, unknown>;

describe('bot levels', () => {
  it('are at least three, with distinct keys and specs that build a bot', () => {
    assert.ok(BOT_LEVELS.length >= 3);
    assert.equal(new Set(BOT_LEVELS.map((l) => l.key)).size, BOT_LEVELS.length);
    for (const l of BOT_LEVELS) assert.doesNotThrow(() => botFromSpec(l.spec), l.spec);
  });
});

/**
 * Games whose committed ratings do not rise with the level yet, and why: reported (todo), not
 * failed, until the stronger search lands and the full-count run is committed. Delete an entry
 * once its game's ratings are ordered.
 */
const NOT_YET_ORDERED: Record<string, string> = {};

describe('src/bots/level-ratings.json (npm run ratings)', () => {
  it('says how it was made', () => {
    assert.match(String(ratings.note), /npm run ratings/);
    assert.deepEqual(Object.keys(ratings), ['note', ...GAMES.keys()], 'every game, in the registry order');
  });

  for (const id of GAMES.keys()) {
    it(`${id}: every level has a rating, from a round robin of two-seat games between every pair of levels`, () => {
      const e = ratings[id] as Record<string, unknown>;
      assert.equal(typeof e, 'object');
      assert.deepEqual(Object.keys(e), [
        ...BOT_LEVELS.map((l) => l.key),
        'games',
        'perPair',
        'capped',
        'players',
        'seed',
        'specs',
        'seconds',
      ]);
      for (const l of BOT_LEVELS) {
        const r = e[l.key] as Record<string, unknown>;
        assert.deepEqual(Object.keys(r), ['rating', 'mu', 'sigma'], l.key);
        for (const k of ['rating', 'mu', 'sigma']) assert.ok(Number.isFinite(r[k]), `${l.key}.${k}`);
        assert.ok((r.sigma as number) > 0);
        // The rating is OpenSkill's conservative estimate (rounding aside).
        assert.ok(Math.abs((r.rating as number) - ((r.mu as number) - 3 * (r.sigma as number))) < 0.05, l.key);
      }
      assert.ok(Number.isInteger(e.games) && (e.games as number) > 0);
      assert.ok(Number.isInteger(e.capped) && (e.capped as number) < (e.games as number), 'some games finished');
      assert.equal(typeof e.seed, 'string');
      assert.equal(e.players, 2, 'two-seat games (pairRoundRobin)');
      assert.deepEqual(
        e.specs,
        BOT_LEVELS.map((l) => l.spec),
        'the levels played, and only they',
      );
      const pairs = (BOT_LEVELS.length * (BOT_LEVELS.length - 1)) / 2;
      assert.equal(e.games, pairs * (e.perPair as number), 'every pair of levels played as often');
    });

    it(
      `${id}: the levels are clearly different: ratings rise from the weakest level to the strongest`,
      { todo: NOT_YET_ORDERED[id] },
      () => {
        const e = ratings[id] as Record<string, { rating: number }>;
        const r = BOT_LEVELS.map((l) => e[l.key]!.rating);
        for (let k = 1; k < r.length; k++) {
          assert.ok(r[k]! > r[k - 1]!, `${BOT_LEVELS[k]!.key} ${r[k]} is not above ${BOT_LEVELS[k - 1]!.key} ${r[k - 1]}`);
        }
      },
    );
  }
});
