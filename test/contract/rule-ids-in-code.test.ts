/**
 * Every rule id a game implements is findable in its engine: searching its sources for "RR-MOVE-2"
 * leads to where that rule is written. The list of ids itself does not count, nor do mentions
 * elsewhere (a bot citing a rule does not implement it).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '../../src/bots/registry.js';
import { REPO_ROOT, sourceFiles } from '../helpers/repo.js';

for (const game of GAMES.values()) {
  test(`${game.id}: every rule id of ruleIds is written in the engine's code under src/games/ (outside its id list)`, () => {
    const dir = `src/games/${game.id}`;
    const list = `${dir}/rule-ids.ts`;
    const code = sourceFiles(dir, '.ts')
      .filter((path) => path !== list)
      .map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));
    assert.ok(code.length > 0, `no .ts sources under ${join(REPO_ROOT, dir)}`);
    const missing = game.ruleIds.filter((id) => {
      const re = new RegExp(`\\b${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
      return !code.some((f) => re.test(f.text));
    });
    assert.deepEqual(
      missing,
      [],
      `${missing.length} of ${game.ruleIds.length} rule ids of ${game.id} occur nowhere in ${dir}/ but ${list}: ${missing.join(', ')}`,
    );
  });
}
