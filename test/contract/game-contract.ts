/**
 * What every game promises through the Game contract (src/core/game.ts), checked by seeded random
 * play at every seat count the game allows. A game gets all of it by being registered in GAMES
 * (games.test.ts); nothing here reads a game's internals, so engines can change freely underneath.
 * A failure names the game, the seat count, the seed and the decision, so it can be replayed.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { patchBase, type Choice, type Game, type GameEvent, type Seat } from '../../src/core/game.js';
import { IllegalChoice } from '../../src/core/errors.js';
import { canonicalJson } from '../../src/core/hash.js';
import { replay, RECORD_VERSION, type MatchRecord } from '../../src/core/match.js';
import { createRng, type Rng } from '../../src/core/rng.js';
import { applyViewPatch, diffView, type ViewPatch } from '../../src/core/view-patch.js';
import { assertIllegal, randomGame, setupGame } from '../helpers/play.js';

type AGame<S> = Game<S, Choice, unknown, unknown>;

/**
 * Each property plays random games at every seat count until it has played at least this many games
 * and this many decisions there: a short game (few decisions) gets more seeds, a long one fewer.
 */
const MIN_GAMES = 3;
const MIN_DECISIONS = 3000;
/** A random game that has not ended after this many decisions is a failure: random play must end too. */
const MAX_DECISIONS = 20_000;

/** Every viewer: a spectator (null), then each seat. */
const viewers = (seats: number): (Seat | null)[] => [null, ...Array.from({ length: seats }, (_, i) => i)];

/** What each viewer receives, as the JSON text a client would get. */
function viewsOf<S>(game: AGame<S>, s: S): string[] {
  return viewers(game.seats(s)).map((v) => viewText(game, s, v));
}

/** One viewer's view as JSON text (the views' own key order: canonical JSON costs several times more). */
const viewText = <S>(game: AGame<S>, s: S, viewer: Seat | null): string => JSON.stringify(game.view(s, viewer));

/** One viewer in turn at each decision, so that a long game shows every viewer's view many times at the price of one. */
const rotatingViewer = (seats: number, decision: number): Seat | null => viewers(seats)[decision % (seats + 1)]!;

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

/** Where a property is in its games, for the failure message. */
interface Where {
  /** The decision being checked, or -1 outside a game's decisions. */
  decision: number;
  /** Decisions played by the property's games so far at this seat count. */
  played: number;
}

/**
 * Runs `body` on seeded games at every seat count from minSeats to maxSeats (see MIN_GAMES), a seed
 * range per property; `play` keeps `where` up to date.
 */
function eachGame<S>(game: AGame<S>, property: string, body: (seats: number, seed: number, where: Where) => void): void {
  for (let seats = game.minSeats; seats <= game.maxSeats; seats++) {
    const where: Where = { decision: -1, played: 0 };
    for (let k = 0; k < MIN_GAMES || where.played < MIN_DECISIONS; k++) {
      const seed = hashSeed(`${game.id}:${property}`) + 1000 * seats + k;
      where.decision = -1;
      try {
        body(seats, seed, where);
      } catch (e) {
        if (e instanceof Error) {
          const at = where.decision < 0 ? '' : `, decision ${where.decision}`;
          e.message = `[${game.id}, ${seats} seats, seed ${seed}${at}] ${e.message}`;
        }
        throw e;
      }
    }
  }
}

/** A number from a text, so that each property plays its own games. */
function hashSeed(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) % 1_000_000;
  return h * 10_000;
}

/**
 * Random play of one game, set up as a new match is (RECORD_VERSION), to its end; `visit` sees each
 * state before its choice, `where.decision` numbering them from 0.
 */
function play<S>(game: AGame<S>, seats: number, seed: number, where: Where, visit?: (s: S, c: Choice, rng: Rng) => void): S {
  let n = 0;
  const end = randomGame(game, seats, seed, {
    seeding: RECORD_VERSION,
    maxDecisions: MAX_DECISIONS,
    visit: (s, c, rng) => {
      where.decision = n++;
      where.played++;
      visit?.(s, c, rng);
    },
  });
  where.decision = -1;
  return end;
}

/**
 * Events as the text compared between a state and a sample: canonical JSON, with lists of plain
 * values sorted, since their order can be noise no view keeps (which die of a reroll came up what).
 */
function eventsText(events: readonly GameEvent[]): string {
  const plain = (x: unknown): boolean => x === null || typeof x !== 'object';
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.every(plain) ? [...(v as unknown[])].sort() : v.map(norm);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, norm(x)]));
    return v;
  };
  return canonicalJson(norm(events));
}

/** Values near `v` of the same kind and of other kinds, to build near misses of a legal choice. */
function variants(v: unknown): unknown[] {
  if (typeof v === 'number') return [v + 1000, -1, v + 0.5, String(v), null];
  if (typeof v === 'string') return ['', `${v}?`, 5, null];
  if (typeof v === 'boolean') return [!v, 'yes', 1, null];
  if (v === null) return [0, 'x', {}];
  if (Array.isArray(v)) {
    const a: readonly unknown[] = v;
    const out: unknown[] = [[], [...a, 999], 'x', a.slice(1), [a]];
    if (a.length > 0)
      out.push(
        [...a, a[0]],
        a.map((x) => (typeof x === 'number' ? x + 1000 : `${String(x)}?`)),
      );
    return out;
  }
  return ['x', {}];
}

/** Malformed choices, and near misses of the legal ones (each field changed or dropped, one field added). */
function nearMisses(legal: readonly Choice[], stale: Iterable<Choice>, rng: Rng): unknown[] {
  const out: unknown[] = [undefined, null, 0, 7, '', 'x', true, [], {}, { t: 7 }, { t: null }, { t: '' }, { t: 'no-such-choice' }];
  if (legal.length > 0) {
    const c = legal[rng.int(legal.length)]!;
    out.push(c.t, [c], { ...c, extra: 1 }, { ...c, t: `${c.t}?` });
    for (const [k, v] of Object.entries(c)) {
      const without: Record<string, unknown> = { ...c };
      delete without[k];
      out.push(without);
      if (k !== 't') for (const w of variants(v)) out.push({ ...c, [k]: w });
    }
  }
  out.push(...stale);
  const legalKeys = new Set(legal.map((c) => canonicalJson(c)));
  return out.filter((x) => !legalKeys.has(canonicalJson(x)));
}

/** Legal choices of earlier decisions, a few of each kind, to offer again when they are no longer legal. */
class StaleChoices {
  private readonly byKey = new Map<string, Choice>();
  add(c: Choice): void {
    const key = canonicalJson(c);
    if (this.byKey.has(key)) return;
    this.byKey.set(key, c);
    if (this.byKey.size > 24) this.byKey.delete(this.byKey.keys().next().value!);
  }
  values(): Iterable<Choice> {
    return this.byKey.values();
  }
}

/** The checks of the Game contract, as node:test tests in one describe block for the game. */
export function gameContract<S>(game: AGame<S>): void {
  describe(`${game.id}: the Game contract (${game.minSeats}–${game.maxSeats} seats, seeded random games)`, () => {
    test('seat counts, options and setup: a fresh game has a seat to act and legal choices', () => {
      assert.ok(Number.isInteger(game.minSeats) && game.minSeats >= 1 && game.maxSeats >= game.minSeats);
      const opts = game.options(undefined);
      assert.ok(same(game.options(JSON.parse(JSON.stringify(opts))), opts), 'parsed options read back as themselves (records keep them)');
      for (let seats = game.minSeats; seats <= game.maxSeats; seats++) {
        const s = setupGame(game, seats, 1);
        assert.equal(game.seats(s), seats);
        assert.notEqual(game.toAct(s), null);
        assert.ok(game.choices(s).length > 0);
        assert.equal(game.result(s), null);
      }
    });

    test('every decision: one seat acts, with distinct JSON choices; at the end nobody acts, no choice is legal and there is a result', () => {
      eachGame(game, 'flow', (seats, seed, where) => {
        let turn = 0;
        const s = play(game, seats, seed, where, (s) => {
          const seat = game.toAct(s);
          assert.ok(seat !== null && Number.isInteger(seat) && seat >= 0 && seat < seats, `seat to act: ${seat}`);
          assert.equal(game.result(s), null, 'a result before the end');
          assert.equal(game.seats(s), seats);
          assert.ok(game.turn(s) >= turn, 'the turn number went back');
          turn = game.turn(s);
          const cs = game.choices(s);
          assert.ok(cs.length > 0, 'a seat to act with no legal choice');
          const keys = cs.map((c) => canonicalJson(c));
          assert.equal(new Set(keys).size, keys.length, 'two legal choices are the same');
          cs.forEach((c, i) => {
            assert.equal(typeof c.t, 'string');
            // Records and the wire carry choices as JSON: what comes back must be the same choice.
            assert.equal(canonicalJson(JSON.parse(JSON.stringify(c))), keys[i], `${JSON.stringify(c)} is not plain JSON`);
          });
        });
        where.decision = -1;
        assert.equal(game.toAct(s), null);
        assert.deepEqual(game.choices(s), []);
        const r = game.result(s);
        assert.ok(r !== null, 'no result at the end');
        assert.equal(r.scores.length, seats);
        assert.ok(r.scores.every((x) => Number.isFinite(x)));
        assert.ok(r.winners.length > 0, 'nobody won');
        assert.equal(new Set(r.winners).size, r.winners.length);
        assert.ok(r.winners.every((w) => Number.isInteger(w) && w >= 0 && w < seats));
      });
    });

    test('determinism: the same seed and the same choices give the same hash and the same views at every step', () => {
      eachGame(game, 'determinism', (seats, seed, where) => {
        const trace = (): string[] => {
          const out: string[] = [];
          const end = play(game, seats, seed, where, (s) =>
            out.push(game.hash(s), viewText(game, s, rotatingViewer(seats, where.decision))),
          );
          out.push(game.hash(end), ...viewsOf(game, end));
          return out;
        };
        const first = trace();
        const second = trace();
        assert.equal(second.length, first.length);
        const i = first.findIndex((x, k) => second[k] !== x);
        assert.equal(i, -1, `the games differ at entry ${i} of their traces`);
      });
    });

    test('a patch from the diff base before a choice turns the view a client holds into the view after, for every viewer', () => {
      let patched = 0;
      eachGame(game, 'patch', (seats, seed, where) => {
        play(game, seats, seed, where, (s, c, rng) => {
          if (rng.int(2) !== 0) return;
          const viewer = rotatingViewer(seats, where.decision);
          // What a client holds: the view before, as it crossed the wire.
          const held = JSON.parse(viewText(game, s, viewer)) as unknown;
          const base = patchBase(game, s, viewer);
          const next = game.clone(s);
          game.apply(next, c);
          const patch = JSON.parse(JSON.stringify(diffView(base, game.view(next, viewer)))) as ViewPatch;
          assert.deepEqual(
            applyViewPatch(held, patch),
            JSON.parse(viewText(game, next, viewer)),
            `viewer ${viewer}'s patch after ${JSON.stringify(c)}`,
          );
          patched++;
        });
      });
      assert.ok(patched > 100, `only ${patched} patches checked`);
    });

    test('clone is deep: playing on a clone leaves the original hash and every view unchanged', () => {
      eachGame(game, 'clone', (seats, seed, where) => {
        play(game, seats, seed, where, (s, c, rng) => {
          if (rng.int(3) !== 0) return;
          const hash = game.hash(s);
          const viewer = rotatingViewer(seats, where.decision);
          const view = viewText(game, s, viewer);
          const copy = game.clone(s);
          assert.equal(game.hash(copy), hash, 'a clone hashes differently');
          assert.equal(viewText(game, copy, viewer), view, 'a clone shows differently');
          game.apply(copy, c);
          // A few more choices, so that parts the first one does not touch get played on too.
          for (let k = 0; k < 4 && game.toAct(copy) !== null; k++) {
            const cs = game.choices(copy);
            game.apply(copy, cs[rng.int(cs.length)]);
          }
          assert.equal(game.hash(s), hash, 'the original changed when its clone was played on');
          assert.equal(viewText(game, s, viewer), view, "the original's view changed when its clone was played on");
        });
      });
    });

    test('an illegal choice (malformed, a near miss of a legal one, or one no longer legal) throws IllegalChoice with a reason and changes nothing', () => {
      let tried = 0;
      eachGame(game, 'illegal', (seats, seed, where) => {
        const stale = new StaleChoices();
        const s = play(game, seats, seed, where, (s, c, rng) => {
          const cs = game.choices(s);
          if (rng.int(8) === 0) {
            const before = cs.map((x) => canonicalJson(x));
            for (const bad of nearMisses(cs, stale.values(), rng)) {
              const err = assertIllegal(game, s, bad);
              assert.ok(err.reason.length >= 10, `refusing ${JSON.stringify(bad)} gave no reason a reader can use: "${err.reason}"`);
              tried++;
            }
            assert.deepEqual(
              game.choices(s).map((x) => canonicalJson(x)),
              before,
              'refused choices changed the legal ones',
            );
          }
          stale.add(c);
          stale.add(cs[rng.int(cs.length)]!);
        });
        where.decision = -1;
        // A finished game accepts nothing, not even what was legal before.
        for (const bad of nearMisses([], stale.values(), createRng(seed))) assertIllegal(game, s, bad);
      });
      assert.ok(tried > 10_000, `only ${tried} illegal choices tried`);
    });

    test('determinize: every seat sees the same view (and a spectator too), the seat to act has the same choices, the original is untouched and the sample depends only on the generator', () => {
      eachGame(game, 'determinize', (seats, seed, where) => {
        play(game, seats, seed, where, (s, _c, rng) => {
          if (rng.int(3) !== 0) return;
          const hash = game.hash(s);
          const views = viewsOf(game, s);
          const actor = game.toAct(s);
          for (let q = 0; q < seats; q++) {
            const sampleSeed = `sample:${seed}:${where.decision}:${q}`;
            const d = game.determinize(s, q, createRng(sampleSeed));
            assert.equal(game.hash(game.determinize(s, q, createRng(sampleSeed))), game.hash(d), 'the same generator drew another sample');
            assert.equal(viewText(game, d, q), views[q + 1], `seat ${q}'s view depends on what it has not seen`);
            assert.equal(viewText(game, d, null), views[0], `the spectator view depends on what seat ${q} has not seen`);
            if (q === actor) {
              assert.equal(game.toAct(d), q);
              assert.ok(same(game.choices(d), game.choices(s)), `seat ${q}'s choices depend on what it has not seen`);
            }
            // The sample is a position of its own: the choices it lists are its legal ones (so they
            // play, and every view of what they lead to can be built), and playing on it leaves the
            // original alone.
            const ds = game.choices(d);
            for (let k = 0; k < 3 && ds.length > 0; k++) {
              const c = ds[rng.int(ds.length)]!;
              const next = game.clone(d);
              game.apply(next, c);
              for (const v of viewers(seats)) {
                assert.doesNotThrow(
                  () => game.view(next, v),
                  `a sample for seat ${q} lists ${JSON.stringify(c)}, which leads to a broken position`,
                );
              }
            }
            assert.equal(game.hash(s), hash, 'determinize or playing on its sample changed the original');
          }
        });
      });
    });

    test('redrawUnseen: every view stays the same, the seat to act keeps its choices, the original is untouched, and the sample depends only on what some seat has seen', () => {
      let samples = 0;
      let differed = 0;
      eachGame(game, 'redrawUnseen', (_seats, seed, where) => {
        play(game, _seats, seed, where, (s, _c, rng) => {
          if (rng.int(3) !== 0) return;
          const hash = game.hash(s);
          const views = viewsOf(game, s);
          const sampleSeed = `unseen:${seed}:${where.decision}`;
          const d = game.redrawUnseen(s, createRng(sampleSeed));
          samples++;
          if (game.hash(d) !== hash) differed++;
          assert.deepEqual(viewsOf(game, d), views, 'a view depends on what no seat has seen');
          if (game.toAct(s) !== null) assert.ok(same(game.choices(d), game.choices(s)), 'the choices depend on what no seat has seen');
          // Another world that differs only in what nobody has seen gives the same sample: nothing
          // unseen leaks into it (the order the true state holds hidden things in included).
          const other = game.redrawUnseen(s, createRng(`other:${sampleSeed}`));
          assert.equal(
            game.hash(game.redrawUnseen(other, createRng(sampleSeed))),
            game.hash(d),
            'the sample depends on what no seat has seen',
          );
          const ds = game.choices(d);
          if (ds.length > 0) game.apply(game.clone(d), ds[rng.int(ds.length)]!);
          assert.equal(game.hash(s), hash, 'redrawUnseen or playing on its sample changed the original');
        });
      });
      assert.ok(differed > samples / 4, `only ${differed} of ${samples} samples differed from the true state`);
    });

    test('events never tell what a view hides: where a seat cannot tell the played state from a sample by its views, the events of the same choice are the same', () => {
      let compared = 0;
      let differed = 0;
      eachGame(game, 'events', (seats, seed, where) => {
        play(game, seats, seed, where, (s, c, rng) => {
          if (rng.int(4) !== 0) return;
          const after = game.clone(s);
          const events: GameEvent[] = game.apply(after, c);
          for (let q = 0; q < seats; q++) {
            const d = game.determinize(s, q, createRng(`events:${seed}:${where.decision}:${q}`));
            if (game.hash(d) === game.hash(s)) continue;
            differed++;
            let other: GameEvent[];
            try {
              other = game.apply(d, c);
            } catch (e) {
              if (e instanceof IllegalChoice) continue; // the choice depends on another seat's hidden information
              throw e;
            }
            // A seat whose view tells the two outcomes apart may get events that tell them apart too.
            if (viewText(game, d, q) !== viewText(game, after, q)) continue;
            compared++;
            assert.equal(
              eventsText(other),
              eventsText(events),
              `the events of ${JSON.stringify(c)} tell seat ${q} what its view does not show`,
            );
          }
        });
      });
      if (differed > 0) assert.ok(compared > 0, 'no sample was ever comparable: the check checked nothing');
    });

    test('replay: the recorded choices (as JSON) replay to the same hash as live play, at the end and part way', () => {
      eachGame(game, 'replay', (seats, seed, where) => {
        const choices: Choice[] = [];
        const hashes: string[] = [];
        const end = play(game, seats, seed, where, (s, c) => {
          hashes.push(game.hash(s));
          choices.push(c);
        });
        hashes.push(game.hash(end));
        where.decision = -1;
        const record: MatchRecord = {
          format: 'expedition-match',
          version: RECORD_VERSION,
          game: game.id,
          seats,
          seed,
          options: game.options(undefined),
          choices,
        };
        const part = createRng(`part:${seed}`).int(choices.length + 1);
        for (const n of [choices.length, part]) {
          const wire = JSON.parse(JSON.stringify({ ...record, choices: choices.slice(0, n) })) as MatchRecord;
          assert.equal(game.hash(replay<S>(game, wire).state), hashes[n], `replaying ${n} of ${choices.length} choices`);
        }
      });
    });
  });
}
