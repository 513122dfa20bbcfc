/**
 * The rules documents and the code agree on the rule ids: every id of a game's rules document is
 * in its ruleIds, and every id names a test. The document is required: without it the check
 * fails (it never passes by checking nothing).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAMES } from '../../src/bots/registry.js';
import { REPO_ROOT, RULES_DIR, sourceFiles } from '../helpers/repo.js';

/**
 * A pattern for ids of the same families as `ids`: a family is the letters opening an id and its
 * number of parts ("RR-MOVE-2": RR, three parts; "D-7": D, two; "IV2-4": IV, two), so that an id
 * of a known family missing from the list is still found in the document.
 */
function idPattern(ids: readonly string[]): RegExp {
  const families = new Set(
    ids.map((id) => {
      const parts = id.split('-');
      const letters = /^[A-Z]+/.exec(parts[0]!)?.[0] ?? parts[0]!;
      return `${letters}[0-9]*${'-[A-Z0-9]+'.repeat(parts.length - 2)}-[0-9]+`;
    }),
  );
  return new RegExp(`\\b(?:${[...families].join('|')})\\b`, 'g');
}

/** Titles of every test under test/, from the sources. */
function testTitles(): string[] {
  return sourceFiles('test', '.test.ts').flatMap((f) =>
    [...readFileSync(join(REPO_ROOT, f), 'utf8').matchAll(/\btest\((['"`])(.*?)\1/g)].map((m) => m[2]!),
  );
}

for (const game of GAMES.values()) {
  test(`${game.id}: every rule id of the rules document is in ruleIds, listed once, and every id names a test`, () => {
    const ids = game.ruleIds;
    assert.equal(new Set(ids).size, ids.length, 'an id is listed twice');
    const doc = join(RULES_DIR, `${game.id}.md`);
    assert.ok(existsSync(doc), `the rules document of ${game.id} is missing: expected ${doc}`);
    const inDoc = new Set(readFileSync(doc, 'utf8').match(idPattern(ids)) ?? []);
    assert.ok(inDoc.size > 0, `no rule ids found in ${doc}`);
    const unlisted = [...inDoc].filter((id) => !ids.includes(id));
    assert.deepEqual(unlisted, [], `ids of ${doc} missing from ${game.id}'s ruleIds: ${unlisted.join(', ')}`);
    const titles = testTitles();
    const untested = ids.filter((id) => !titles.some((t) => new RegExp(`\\b${id}\\b`).test(t)));
    assert.deepEqual(untested, [], `no test title names these ids of ${game.id}: ${untested.join(', ')}`);
  });
}
