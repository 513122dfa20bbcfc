/**
 * Every registered game has all its parts (src/bots/registry.ts): a game added to REGISTRY fails
 * here until its rule table, its heuristic and the web client's words for it are there. The web
 * client's own parts (lobby entry, table, engine, help text) are held by the type checker and by
 * web/test/registry.test.tsx.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY } from '../../src/bots/registry.js';
import { createRng } from '../../src/core/rng.js';
import { REPO_ROOT } from '../helpers/repo.js';

const LOCALES = join(REPO_ROOT, 'web', 'src', 'i18n', 'locales');
const LANGUAGES = readdirSync(LOCALES);

/** The text at a dotted path of a locale file, or undefined. */
function localeText(lng: string, ns: string, path: readonly string[]): unknown {
  let v: unknown = JSON.parse(readFileSync(join(LOCALES, lng, `${ns}.json`), 'utf8'));
  for (const part of path) v = (v as Record<string, unknown> | undefined)?.[part];
  return v;
}

const seatCounts = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

test('every registered game is listed under its own id, once', () => {
  const ids = Object.keys(REGISTRY);
  assert.ok(ids.length >= 2, `only ${ids.length} games registered`);
  for (const [id, r] of Object.entries(REGISTRY)) assert.equal(r.game.id, id, `the entry "${id}" holds the game "${r.game.id}"`);
  assert.equal(new Set(Object.values(REGISTRY).map((r) => r.game)).size, ids.length, 'a game is registered twice');
});

for (const [id, { game, rules, heuristic }] of Object.entries(REGISTRY)) {
  // Hints (offline and at the server) name the term a choice gains the most in: a heuristic needs terms.
  const terms = heuristic.terms?.bind(heuristic);

  test(`${id}: its rule table lists its engine's ruleIds, in order, each row saying what and where`, () => {
    assert.deepEqual(
      rules.map((r) => r.id),
      [...game.ruleIds],
    );
    for (const r of rules) {
      assert.ok(r.summary.trim(), `${r.id} has no summary`);
      assert.ok(r.where.trim(), `${r.id} says nowhere where it is implemented`);
    }
  });

  test(`${id}: its heuristic values every seat of a set-up at every seat count, and splits the value into terms`, () => {
    for (const seats of seatCounts(game.minSeats, game.maxSeats)) {
      const s = game.setup(game.options(undefined), seats, createRng(`registry:${id}:${seats}`));
      for (let seat = 0; seat < seats; seat++) {
        const v = heuristic.value(s, seat);
        assert.ok(Number.isFinite(v), `${seats} seats, seat ${seat}: value ${v}`);
        assert.ok(terms, 'no terms: a hint cannot say why');
        const keys = terms(s, seat).map((t) => t.key);
        assert.ok(keys.length > 0 && new Set(keys).size === keys.length, `${seats} seats: terms ${keys.join(', ')}`);
      }
    }
  });

  test(`${id}: the web client names it in every language: lobby choice and its hint, help title, every term of its heuristic`, () => {
    assert.ok(terms, 'no terms: a hint cannot say why');
    const s = game.setup(game.options(undefined), game.minSeats, createRng(`registry:${id}:terms`));
    const keys = terms(s, 0).map((t) => t.key);
    const wanted: (readonly [ns: string, path: readonly string[]])[] = [
      ['lobby', ['gameChoice', id]],
      ['lobby', ['gameChoice', `${id}Hint`]],
      ['help', ['game', id]],
      ...keys.map((k) => ['hint', ['term', id, k]] as const),
    ];
    for (const lng of LANGUAGES) {
      const missing = wanted
        .filter(([ns, path]) => {
          const text = localeText(lng, ns, path);
          return typeof text !== 'string' || !text.trim();
        })
        .map(([ns, path]) => `${ns}:${path.join('.')}`);
      assert.deepEqual(missing, [], `${lng}: missing in web/src/i18n/locales/${lng}/`);
    }
  });

  test(`${id}: its rules help is written in every language`, () => {
    for (const lng of LANGUAGES) {
      const file = join('web', 'src', 'help', 'content', id, `${lng}.ts`);
      assert.ok(existsSync(join(REPO_ROOT, file)), `${file} is missing`);
    }
  });
}
