import type { AnyGame, Choice, Seat } from '../core/game.js';
import type { Rng } from '../core/rng.js';
import { InvalidInput } from '../core/errors.js';
import type { Bot, BotInput } from './bot.js';
import type { Heuristic } from './heuristic.js';
import { heuristicFor } from './registry.js';
import { priorWeights, turnScores } from './prior.js';
import { estimatedScore, rollout, sharesAt } from './rollout.js';
import { DEFAULT_BOT_LIMITS, ISMCTS_SETTING_RANGES, MAX_ISMCTS_ITERATIONS, type BotLimits } from './limits.js';

/**
 * Single-observer Information Set MCTS (Cowling, Powley & Whitehouse, 2012). Each iteration draws
 * a determinization of what the bot's seat does not know, descends the one tree shared by all
 * determinizations, choosing among the choices legal in that determinization by UCB with
 * availability counts, expands one new choice, plays out, and backs up a reward per seat.
 * The game's rules of thumb (Heuristic.prune) narrow the choices in the tree and the playouts,
 * except where the bot's own seat deliberates in its tree (the other seats are modelled as greedy);
 * its light playout policy (Heuristic.playout), where it has one, replaces uniform choice.
 * Where the game sets a prior weight, greedy's judgement of each root choice (src/bots/prior.ts)
 * steers the root's first visits; through a turn the bot keeps its subtree between decisions.
 */
export interface IsmctsOptions {
  /** Stop after this many iterations (deterministic for a given seed). */
  readonly iterations?: number;
  /** Stop after this many milliseconds. */
  readonly ms?: number;
  /** UCB exploration constant for rewards in [0, 1]. */
  readonly c?: number;
  /**
   * Playouts stop after this many turns beyond the leaf and are scored by the heuristic. Default:
   * the game heuristic's setting (Heuristic.ismcts), else one round (the number of seats).
   */
  readonly rolloutTurns?: number;
  /** VP margin that counts as a clear lead: rewards are a logistic of the margin over this scale. */
  readonly marginScale?: number;
  /**
   * Weight of the heuristic's potential (value minus banked) at the end of a playout. Below 1 the
   * search prefers gains it can see realised to promises it can keep deferring; both games now
   * play best at 1, where the search values a position as greedy does (their index.ts files).
   * Default: the game heuristic's setting for the seat count (Heuristic.ismcts), else 0.5.
   */
  readonly potential?: number;
  /**
   * Back up the best child's value instead of the mean through a seat's own consecutive decisions
   * (the rest of its turn), counting children tried at least this many times; 0: mean backup.
   * Default: the game heuristic's setting for the seat count (Heuristic.ismcts), else 0. A mean
   * over a turn's later decisions undervalues a move with many follow-ups, most of them poor,
   * where greedy takes the best (see src/bots/relic-runners/index.ts for the measurements).
   */
  readonly maxBackup?: number;
  /**
   * With best-child backup, the threshold grows with the search: after `it` iterations it is
   * max(maxBackup, it / maxBackupPer). A fixed threshold that suits a short search lets a long one
   * take the best of many barely tried children, an optimistic pick of noise. Default: the game
   * heuristic's setting (Heuristic.ismcts), else 0 (fixed).
   */
  readonly maxBackupPer?: number;
  /**
   * Rewards from a heuristic estimate (a playout that did not reach the end) are pulled toward
   * 1/2 by this share: an estimate is less sure than a result. Without it a seat far ahead scores
   * about 1 whether it ends the game or plays on, and wandered instead of ending a won game
   * (against greedy seats that will not end a game they trail, games stalled up to the turn cap).
   */
  readonly shrink?: number;
  /**
   * Weight of the heuristic prior (progressive bias): a child's UCB score gains
   * bias · prior / (visits + 1), where prior is 1 for the choice greedy's turn-end score likes best
   * and exp(−Δ/priorTau) for one Δ VP worse (src/bots/prior.ts). 0: no prior, untried choices
   * expanded in random order; with a prior, in the prior's order. Default: the game heuristic's
   * setting (Heuristic.ismcts), else 0.
   */
  readonly bias?: number;
  /** VP by which a choice's turn-end score may trail the best one's for its prior to fall to 1/e. */
  readonly priorTau?: number;
  /**
   * Keep the subtree of the chosen child for the seat's next decision in the same turn (default
   * true). The iteration limit counts the new iterations only.
   */
  readonly reuse?: boolean;
  /** Sees the root's statistics after each search (diagnostics, tests). */
  readonly onRoot?: (children: readonly { readonly key: string; readonly visits: number; readonly mean: number }[]) => void;
}

interface Node {
  readonly key: string;
  /** Seat that made the choice leading here (whose reward this node accumulates). */
  readonly actor: Seat;
  readonly children: Node[];
  readonly byKey: Map<string, Node>;
  visits: number;
  avail: number;
  reward: number;
  /** Prior weight per choice key of the root's decision (see IsmctsOptions.bias). */
  prior: Map<string, number> | undefined;
  /**
   * The actor's estimated reward here: the mean reward, or, when the same seat decides next (the
   * rest of its turn), the best value among the children tried at least `maxBackup` times.
   */
  value: number;
}

const newNode = (key: string, actor: Seat): Node => ({
  key,
  actor,
  children: [],
  byKey: new Map(),
  visits: 0,
  avail: 0,
  reward: 0,
  value: 0,
  prior: undefined,
});

/**
 * Keys of frozen choices, by object. A game that hands out one frozen object per distinct choice
 * (Quetzal's placements) is keyed once per choice instead of once per node per iteration, which
 * took a quarter of a Quetzal search's time; fresh objects are serialized each time.
 */
const FROZEN_KEYS = new WeakMap<object, string>();

function keyOf(c: Choice): string {
  if (typeof c !== 'object' || c === null || !Object.isFrozen(c)) return JSON.stringify(c);
  let k = FROZEN_KEYS.get(c);
  if (k === undefined) {
    k = JSON.stringify(c);
    FROZEN_KEYS.set(c, k);
  }
  return k;
}

/** Reward per seat from estimated final scores: a logistic of the margin to the best other seat. */
function rewards(values: number[], scale: number): number[] {
  return values.map((v, p) => {
    let best = -Infinity;
    for (let q = 0; q < values.length; q++) if (q !== p && values[q]! > best) best = values[q]!;
    return 1 / (1 + Math.exp(-(v - best) / scale));
  });
}

/** One choice at the root of a search, with what the search learnt of it. */
export interface RootChild {
  /** One of the `choices` the search was given (the same object). */
  readonly choice: Choice;
  readonly visits: number;
  /** The deciding seat's mean reward after this choice, in [0, 1] (with `reward: 'share'`, its share of the win). */
  readonly value: number;
}

/** What one search found: the root's children (tried ones only) and every seat's mean reward. */
export interface RootStats {
  readonly iterations: number;
  readonly children: readonly RootChild[];
  /** Mean reward of each seat over all iterations: the position's value for every seat, as the searching seat sees it. */
  readonly seatMeans: readonly number[];
}

/** How rewards are read from a playout's end. */
export type IsmctsReward = 'margin' | 'share';

export interface SearchOptions extends IsmctsOptions {
  /**
   * 'margin' (default, the bot's): a logistic of the VP margin to the best other seat. 'share':
   * each seat's share of the win (rollout.ts `sharesAt`: a finished game gives each winner
   * 1 / (number of winners), an unfinished one a softmax of the estimated scores), so the seats'
   * rewards add up to 1 and a child's value is an estimated chance to win.
   */
  readonly reward?: IsmctsReward;
  /** A choice the root must consider even where the rules of thumb would prune it (the one a player made). */
  readonly include?: Choice;
}

/**
 * Searches from `input.sample` (what `input.seat` knows, never the true state) and returns the
 * root's statistics. The bot plays the most visited child; analysis reads the values.
 */
export function ismctsSearch(input: BotInput, opts: SearchOptions): RootStats {
  return search(input, opts, newNode('', -1)).stats;
}

/** The search from a given root: a fresh node, or the subtree kept from the seat's previous decision this turn. */
function search(input: BotInput, opts: SearchOptions, root: Node): { stats: RootStats; root: Node } {
  const { game, sample, seat, rng, choices } = input;
  if (opts.iterations === undefined && opts.ms === undefined) throw new InvalidInput('ismcts needs an iteration or time limit');
  const h = heuristicFor(game);
  const deadline = opts.ms === undefined ? Infinity : now() + opts.ms;
  const maxIt = opts.iterations ?? Infinity;
  const seats = game.seats(sample);
  const s: Settings = {
    c: opts.c ?? 0.7,
    scale: opts.marginScale ?? 8,
    horizon: seats,
    potential: 0.5,
    threshold: 0,
    shrink: opts.shrink ?? 0.02,
    share: opts.reward === 'share',
    include: opts.include === undefined ? undefined : keyOf(opts.include),
    bias: 0,
    tau: opts.priorTau ?? 3,
    seats,
    seatSums: new Array<number>(seats).fill(0),
  };
  const defaults = h.ismcts?.(seats) ?? {};
  s.potential = opts.potential ?? defaults.potential ?? 0.5;
  const maxBackup = opts.maxBackup ?? defaults.maxBackup ?? 0;
  // Growth only where best-child backup is on: 0 stays the mean backup.
  const per = maxBackup > 0 ? (opts.maxBackupPer ?? defaults.maxBackupPer ?? 0) : 0;
  s.threshold = maxBackup;
  s.bias = opts.bias ?? defaults.bias ?? 0;
  s.horizon = opts.rolloutTurns ?? defaults.rolloutTurns ?? seats;
  let it = 0;
  for (; it < maxIt; it++) {
    // Check the clock (and whether the server needs the worker back) every few iterations:
    // reading it costs more than an iteration's start.
    if ((it & 7) === 0 && it > 0 && (now() >= deadline || input.stop?.() === true)) break;
    if (per > 0) s.threshold = Math.max(maxBackup, Math.floor(it / per));
    iterate(game, h, game.determinize(sample, seat, rng), seat, root, rng, s);
  }
  const byKey = new Map(choices.map((c) => [keyOf(c), c]));
  const children: RootChild[] = [];
  for (const ch of root.children) {
    const choice = byKey.get(ch.key);
    if (choice !== undefined) children.push({ choice, visits: ch.visits, value: ch.reward / ch.visits });
  }
  return { stats: { iterations: it, children, seatMeans: s.seatSums.map((x) => (it === 0 ? 0.5 : x / it)) }, root };
}

export function ismctsBot(opts: IsmctsOptions, label = 'ismcts'): Bot {
  if (opts.iterations === undefined && opts.ms === undefined) throw new InvalidInput('ismcts needs an iteration or time limit');
  const reuse = opts.reuse ?? true;
  /**
   * The subtree below the previous choice, while the same seat goes on deciding in the same turn,
   * with the seat's view it expects at that next decision. The tree holds only what searches from
   * samples of that seat's knowledge found, so keeping it is fair; the view (what the seat knows)
   * must match exactly, so a choice that revealed something, another game or another seat starts
   * a fresh tree.
   */
  let kept: { readonly view: string; readonly node: Node } | undefined;
  return {
    name: label,
    needsSample: true,
    anytime: true,
    ...(opts.ms !== undefined ? { timeLimitMs: opts.ms } : {}),
    choose(input: BotInput): Choice {
      const { game, sample, seat, choices } = input;
      if (choices.length === 1) {
        kept = undefined;
        return choices[0]!;
      }
      let root = newNode('', -1);
      if (kept !== undefined && kept.view === viewKey(game, sample, seat)) root = kept.node;
      kept = undefined;
      const found = search(input, opts, root);
      let best: RootChild | undefined;
      for (const ch of found.stats.children) if (!best || ch.visits > best.visits) best = ch;
      opts.onRoot?.(found.stats.children.map((ch) => ({ key: keyOf(ch.choice), visits: ch.visits, mean: ch.value })));
      const choice = best?.choice ?? choices[0]!;
      const next = found.root.byKey.get(keyOf(choice));
      if (reuse && next !== undefined && next.children.length > 0) {
        const after = game.clone(sample);
        game.apply(after, choice, false);
        if (game.toAct(after) === seat && game.turn(after) === game.turn(sample)) kept = { view: viewKey(game, after, seat), node: next };
      }
      return choice;
    },
  };
}

/** What `seat` knows of a state, as text: equal for every determinization of one information set. */
const viewKey = (game: AnyGame, s: unknown, seat: Seat): string => JSON.stringify(game.view(s, seat));

interface Settings {
  readonly c: number;
  readonly scale: number;
  horizon: number;
  potential: number;
  /** Visits a child needs to count for its parent's best-child value now (maxBackup, grown by maxBackupPer); 0: mean backup. */
  threshold: number;
  readonly shrink: number;
  /** Rewards are shares of the win (SearchOptions.reward 'share'). */
  readonly share: boolean;
  readonly include: string | undefined;
  bias: number;
  readonly tau: number;
  readonly seats: number;
  /** Sum of each seat's reward over the iterations so far. */
  readonly seatSums: number[];
}

const now = (): number => performance.now();

function iterate(game: AnyGame, h: Heuristic, d: unknown, me: Seat, root: Node, rng: Rng, st: Settings): void {
  const path: Node[] = [root];
  let node = root;
  // Selection and expansion.
  for (;;) {
    const actor = game.toAct(d);
    if (actor === null) break;
    const all = game.choices(d);
    let cs = h.prune ? h.prune(d, actor, all, actor === me) : all;
    if (node === root && st.include !== undefined && cs !== all) cs = withIncluded(cs, all, st.include);
    const keys = cs.map(keyOf);
    // The root's decision only: priors deeper too (the seat's own nodes from 10 visits on, and the
    // other seats') lost in Quetzal against the root's alone, and cost more (a series of `node
    // dist/bench/match.js`; bench/README.md).
    if (node === root && actor === me && st.bias > 0 && node.prior === undefined && cs.length > 1) {
      const w = priorWeights(turnScores(game, h, d, actor, cs), st.tau);
      node.prior = new Map(keys.map((k, i) => [k, w[i]!]));
    }
    const prior = node.prior;
    const untried: number[] = [];
    for (let i = 0; i < cs.length; i++) {
      const ch = node.byKey.get(keys[i]!);
      if (ch) ch.avail++;
      else untried.push(i);
    }
    if (untried.length > 0) {
      const i = prior === undefined ? untried[rng.int(untried.length)]! : bestPrior(untried, keys, prior);
      const child = newNode(keys[i]!, actor);
      child.avail = 1;
      node.children.push(child);
      node.byKey.set(child.key, child);
      game.apply(d, cs[i]!, false);
      path.push(child);
      break;
    }
    let pick = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < cs.length; i++) {
      const ch = node.byKey.get(keys[i]!)!;
      let score = ch.value + st.c * Math.sqrt(Math.log(ch.avail) / ch.visits);
      if (prior !== undefined) score += (st.bias * (prior.get(ch.key) ?? 0)) / (ch.visits + 1);
      if (score > bestScore) {
        bestScore = score;
        pick = i;
      }
    }
    node = node.byKey.get(keys[pick]!)!;
    game.apply(d, cs[pick]!, false);
    path.push(node);
  }
  // Playout: the game's light policy (else uniform) for a few turns, then the heuristic's estimate
  // of the final scores.
  rollout(game, h, d, st.horizon, rng);
  const seats = st.seats;
  let r: number[];
  if (st.share) r = sharesAt(game, h, d, { turns: st.horizon, potential: st.potential, scale: st.scale });
  else {
    const result = game.result(d);
    const values = result ? [...result.scores] : Array.from({ length: seats }, (_, p) => estimatedScore(h, d, p, st.potential));
    r = rewards(values, st.scale);
    if (!result) for (let p = 0; p < seats; p++) r[p] = 0.5 + (r[p]! - 0.5) * (1 - st.shrink);
  }
  for (let p = 0; p < seats; p++) st.seatSums[p]! += r[p]!;
  // Leaves first, so a node's best-child value sees its children's updated values.
  for (let i = path.length - 1; i >= 0; i--) {
    const n = path[i]!;
    n.visits++;
    if (n.actor < 0) continue;
    n.reward += r[n.actor]!;
    n.value = n.reward / n.visits;
    if (st.threshold > 0 && i + 1 < path.length && path[i + 1]!.actor === n.actor) {
      let best = -Infinity;
      for (const ch of n.children) if (ch.visits >= st.threshold && ch.value > best) best = ch.value;
      if (best > -Infinity) n.value = best;
    }
  }
}

/** The untried choice (index into keys) with the highest prior; the first of equals. */
function bestPrior(untried: readonly number[], keys: readonly string[], prior: ReadonlyMap<string, number>): number {
  let pick = untried[0]!;
  let best = -Infinity;
  for (const i of untried) {
    const w = prior.get(keys[i]!) ?? 0;
    if (w > best) {
      best = w;
      pick = i;
    }
  }
  return pick;
}

/** The pruned choices plus the one whose key is `include`, when it is legal here and was pruned. */
function withIncluded(cs: readonly Choice[], all: readonly Choice[], include: string): readonly Choice[] {
  if (cs.some((c) => keyOf(c) === include)) return cs;
  const extra = all.find((c) => keyOf(c) === include);
  return extra === undefined ? cs : [...cs, extra];
}

/** The settings after the limit, by name: the option each sets. */
const SETTINGS = new Map<
  keyof typeof ISMCTS_SETTING_RANGES,
  'maxBackup' | 'potential' | 'c' | 'marginScale' | 'rolloutTurns' | 'shrink' | 'bias' | 'maxBackupPer'
>([
  ['max', 'maxBackup'],
  ['potential', 'potential'],
  ['c', 'c'],
  ['scale', 'marginScale'],
  ['rollout', 'rolloutTurns'],
  ['shrink', 'shrink'],
  ['bias', 'bias'],
  ['per', 'maxBackupPer'],
]);

/**
 * Parses `500ms`, `2s` or `2000it` into limits, optionally followed by settings joined with `+`
 * (a comma would split the CLI's --bots list): `max=5`, `potential=0.5`, `c=0.7`, `scale=8`,
 * `rollout=4`, `shrink=0.02`, `bias=0.3`, `per=400`, e.g. `ismcts:2000it+max=0`. Every number must lie within
 * src/bots/limits.ts; the think time within `limits.maxMs`.
 */
export function parseIsmctsArg(arg: string | undefined, limits: BotLimits = DEFAULT_BOT_LIMITS): IsmctsOptions {
  if (arg === undefined || arg === '') return { ms: Math.min(1000, limits.maxMs) };
  const [limit, ...rest] = arg.split('+') as [string, ...string[]];
  const m = /^(\d+(?:\.\d+)?)(ms|s|it)$/.exec(limit);
  if (!m) throw new InvalidInput(`ismcts limit "${limit}" must look like 500ms, 2s or 2000it`);
  const n = Number(m[1]);
  if (!(n > 0)) throw new InvalidInput(`ismcts limit "${limit}" must be positive`);
  const out: { -readonly [K in keyof IsmctsOptions]: IsmctsOptions[K] } = {};
  if (m[2] === 'it') {
    if (!Number.isInteger(n)) throw new InvalidInput(`ismcts limit "${limit}": iterations must be a whole number`);
    if (!(n <= MAX_ISMCTS_ITERATIONS)) throw new InvalidInput(`${m[1]} iterations are above the limit of ${MAX_ISMCTS_ITERATIONS}`);
    out.iterations = n;
  } else {
    const ms = m[2] === 's' ? n * 1000 : n;
    if (!(ms <= limits.maxMs)) {
      const cap = m[2] === 's' ? limits.maxMs / 1000 : limits.maxMs;
      throw new InvalidInput(`think time ${m[1]} ${m[2]} is above the limit of ${cap} ${m[2]}`);
    }
    out.ms = ms;
  }
  for (const part of rest) {
    const kv = /^(\w+)=(\d+(?:\.\d+)?)$/.exec(part);
    const name = kv?.[1] as keyof typeof ISMCTS_SETTING_RANGES | undefined;
    const key = name !== undefined ? SETTINGS.get(name) : undefined;
    if (!kv || name === undefined || key === undefined) {
      throw new InvalidInput(`ismcts: unknown setting "${part}" (max=N, potential=x, c=x, scale=x, rollout=N, shrink=x, bias=x, per=N)`);
    }
    const range = ISMCTS_SETTING_RANGES[name];
    const v = Number(kv[2]);
    if (!(v >= range.min && v <= range.max)) throw new InvalidInput(`ismcts setting "${part}" is outside ${range.min}–${range.max}`);
    if (range.integer && !Number.isInteger(v)) throw new InvalidInput(`ismcts setting "${part}" must be a whole number`);
    out[key] = v;
  }
  return out;
}
