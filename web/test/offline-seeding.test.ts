import { describe, expect, it } from 'vitest';
import fixture from '../../test/fixtures/records-v1/relic-runners.json';
import { LocalEngine } from '../src/offline/local-engine.js';
import { CorruptRecord, parseLocalRecord } from '../src/offline/local-record.js';
import { Timeline } from '../src/replay/timeline.js';

/** An offline save of a game played before seeding 2: the record of test/fixtures plus who sat where. */
const { hash, capped: _capped, ...record } = fixture;
const players = [
  { kind: 'human', name: 'Ada' },
  { kind: 'human', name: 'Bo' },
];
const oldSave = { ...record, players };

describe('issue 13 #1: seeds of offline games', () => {
  it('an old save (version 1, or no version at all) resumes with the legacy seeding and stays version 1', () => {
    const { version: _v, ...unversioned } = oldSave;
    for (const raw of [oldSave, unversioned]) {
      const e = LocalEngine.load(JSON.parse(JSON.stringify(raw)));
      expect(e.hash()).toBe(hash);
      expect(e.over).toBe(true);
      expect(e.record.version).toBe(1);
    }
    expect(new Timeline(record).finalHash).toBe(hash);
  });

  it('a new game is saved as version 2, and its save resumes to the same state', () => {
    const e = LocalEngine.start({
      seats: [
        { kind: 'human', name: 'Ada' },
        { kind: 'bot', bot: 'random' },
      ],
      options: {},
      seed: record.seed,
    });
    expect(e.record.version).toBe(2);
    expect(LocalEngine.load(JSON.parse(JSON.stringify(e.record))).hash()).toBe(e.hash());
    // The same seed read with the legacy seeding is another game.
    expect(LocalEngine.load({ ...e.record, version: 1 }).hash()).not.toBe(e.hash());
  });

  it('a save of an unknown version is refused with the reason', () => {
    expect(() => parseLocalRecord({ ...oldSave, version: 3 })).toThrow(CorruptRecord);
    expect(() => parseLocalRecord({ ...oldSave, version: 3 })).toThrow(/record version 3, which this page cannot read \(it reads 1–2\)/);
  });
});
