/**
 * The text rule the server holds every text field to (textFault), and the web client's cleaning
 * of a name before it is sent (cleanName): what one refuses, the other removes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRng } from '../../src/core/rng.js';
import { cleanName, textFault } from '../../src/core/text.js';
import { BAD_TEXT, GOOD_NAMES } from '../helpers/bad-text.js';

test('the corpus of bad texts is refused, each with the reason; names that need joiners and selectors are taken', () => {
  // The empty text is the schemas' length check, not this rule's.
  for (const bad of BAD_TEXT.filter((s) => s !== '')) assert.notEqual(textFault(bad), null, JSON.stringify(bad));
  for (const good of GOOD_NAMES) assert.equal(textFault(good), null, JSON.stringify(good));
  assert.match(textFault('\u3164')!, /U\+3164/);
  assert.match(textFault('Ann\u200F')!, /U\+200F .*text-direction/);
  assert.match(textFault('\u2800')!, /visible character/);
  assert.match(textFault('Ad\u200Dmin')!, /U\+200D/);
});

test('a cleaned name passes the rule (or is empty), cleaning twice changes nothing, and a good name only loses its outer spaces', () => {
  const seed = 'text-clean';
  const rng = createRng(seed);
  // Letters of plain and joined scripts, emoji parts, spaces, and every kind of refused character.
  const alphabet = [
    ...'Aé Łж ',
    'م',
    'क',
    '\u094D',
    '🏴',
    '👩',
    '💻',
    '\u{1F3FD}',
    '❤',
    '1',
    '\u20E3',
    '\u0301',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u200E',
    '\u200F',
    '\u061C',
    '\u202E',
    '\u2066',
    '\u3164',
    '\u115F',
    '\uFFA0',
    '\u2800',
    '\u00AD',
    '\uFEFF',
    '\uFE0F',
    '\u{E0067}',
    '\u{E007F}',
    '\u0000',
    '\n',
    '\uD800',
  ];
  for (let i = 0; i < 5000; i++) {
    let s = '';
    for (let n = 1 + rng.int(8); n > 0; n--) s += alphabet[rng.int(alphabet.length)];
    const clean = cleanName(s);
    const where = `seed ${seed}, case ${i}: ${JSON.stringify(s)} → ${JSON.stringify(clean)}`;
    if (clean !== '') assert.equal(textFault(clean), null, where);
    assert.equal(cleanName(clean), clean, where);
    if (textFault(s) === null) assert.equal(clean, s.trim(), where);
  }
  assert.equal(cleanName('\u200F\u200BAda\u3164 '), 'Ada');
  assert.equal(cleanName('\u200B\u3164\u2800'), '');
  for (const good of GOOD_NAMES) assert.equal(cleanName(` ${good} `), good);
});
