import type { z } from 'zod';
import type { AnyGame, Choice } from '../../core/game.js';
import { findChoice } from '../../core/apply.js';
import { IllegalChoice, InvalidInput } from '../../core/errors.js';
import { checkJsonShape, type JsonLimits } from '../../core/json-shape.js';
import { decisionSeed, Match, RECORD_VERSION, replay, type MatchOptions } from '../../core/match.js';
import { createRng } from '../../core/rng.js';
import { botFromSpec, decide, type Bot } from '../../bots/index.js';
import { GAMES, gameById } from '../../bots/registry.js';
import { MAX_STEP, PROTOCOL_VERSION, Request, SingleRequest, type ErrorCode, type ErrorResponse, type StepRequest } from './schema.js';

/**
 * One game of the process. A game made by `create` or `copy` is a Match (its record, undo); a
 * determinization is a bare state, sampled rather than played from a seed, so it has neither.
 */
interface Session {
  readonly game: AnyGame;
  readonly match: Match | null;
  state: unknown;
  readonly seed: string;
  /** Decisions played on it (a bare state's bot seeds count them). */
  played: number;
  /** The legal choices at `at` (the match's position, or `played`), computed once per position. */
  cache: { at: number; choices: readonly Choice[] } | null;
}

/**
 * How the engine's matches keep their moves: packed (one small integer a move, no events kept) and
 * without checkpoints, so that a process stepping thousands of games keeps no copies of states
 * and leaves the garbage collector little to mark. An undo or a copy plays the game again from its
 * set-up instead, a few microseconds a move: an operator's request, not an agent's step.
 */
const MATCH_OPTIONS: MatchOptions = { packMoves: true, checkpointEvery: Number.MAX_SAFE_INTEGER };

/**
 * Bounds on a choice and on a game's options before anything walks them (the engine compares and
 * quotes a choice): a choice is a flat object, options a small record.
 */
const CHOICE_LIMITS: JsonLimits = { maxDepth: 8, maxNodes: 1000 };
const OPTIONS_LIMITS: JsonLimits = { maxDepth: 8, maxNodes: 10_000 };

/** A failed request: its code and message become the error response. */
class Fault extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The games of one engine process, by id. */
export class Sessions {
  readonly games = new Map<number, Session>();
  private next = 1;
  private readonly bots = new Map<string, Bot>();

  constructor(readonly maxGames = 100_000) {}

  add(s: Omit<Session, 'cache'>): number {
    if (this.games.size >= this.maxGames)
      throw new Fault('too-many-games', `this process holds ${this.maxGames} games at most: close some`);
    const id = this.next++;
    this.games.set(id, { ...s, cache: null });
    return id;
  }

  get(id: number): Session {
    const s = this.games.get(id);
    if (!s) throw new Fault('no-such-game', `no game ${id} in this process (closed, or never created)`);
    return s;
  }

  bot(spec: string): Bot {
    let b = this.bots.get(spec);
    if (!b) {
      b = botFromSpec(spec);
      this.bots.set(spec, b);
    }
    return b;
  }
}

type Json = Record<string, unknown>;

const position = (s: Session): number => (s.match ? s.match.position : s.played);

function legal(s: Session): readonly Choice[] {
  const at = position(s);
  if (s.cache?.at !== at) s.cache = { at, choices: s.game.choices(s.state) };
  return s.cache.choices;
}

/** Plays a legal choice; the engine records the move's events only when they are asked for (they cost). */
function play(
  s: Session,
  choice: Choice,
  events: boolean,
): ReturnType<Match['play']> | { seat: number; choice: Choice; events: readonly unknown[] } {
  if (s.match) {
    const move = s.match.play(choice, events);
    s.state = s.match.state;
    return move;
  }
  const seat = s.game.toAct(s.state)!;
  const told = s.game.apply(s.state, choice, events);
  s.played++;
  return { seat, choice, events: told };
}

function afterMove(s: Session, move: { seat: number; choice: Choice; events: readonly unknown[] }, events: boolean | undefined): Json {
  const toAct = s.game.toAct(s.state);
  return {
    seat: move.seat,
    choice: move.choice,
    toAct,
    turn: s.game.turn(s.state),
    count: toAct === null ? 0 : legal(s).length,
    ...(events ? { events: move.events } : {}),
  };
}

function notOver(s: Session): void {
  if (s.game.toAct(s.state) === null) throw new Fault('game-over', 'the game is over: no decision is owed');
}

/**
 * A step: every entry is checked (the game exists, appears once and is going, the index is in
 * range) before any is played, so a bad entry refuses the whole line and changes no game.
 */
function step(sessions: Sessions, games: readonly number[], choices: readonly number[]): Json {
  const entries: Session[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < games.length; i++) {
    const gameId = games[i]!;
    const at = `games[${i}] (game ${gameId})`;
    const s = sessions.games.get(gameId);
    if (!s) throw new Fault('no-such-game', `${at}: no such game in this process (closed, or never created)`);
    // A game twice would have its second index read at a position not reached yet.
    if (seen.has(gameId)) throw new Fault('bad-request', `${at}: the game is already in this step (one choice a game a step)`);
    seen.add(gameId);
    if (s.game.toAct(s.state) === null) throw new Fault('game-over', `${at}: the game is over: no decision is owed`);
    const count = legal(s).length;
    if (choices[i]! >= count)
      throw new Fault('illegal-choice', `${at}: index ${choices[i]} is out of range: there are ${count} legal choices`);
    entries.push(s);
  }
  const counts = new Array<number>(entries.length);
  const toAct = new Array<number | null>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const s = entries[i]!;
    play(s, legal(s)[choices[i]!]!, false);
    const seat = s.game.toAct(s.state);
    toAct[i] = seat;
    counts[i] = seat === null ? 0 : legal(s).length;
  }
  return { counts, toAct };
}

function handleSingle(sessions: Sessions, r: SingleRequest): Json {
  switch (r.type) {
    case 'hello':
      return {
        protocol: PROTOCOL_VERSION,
        games: [...GAMES.values()].map((g) => ({ id: g.id, minSeats: g.minSeats, maxSeats: g.maxSeats })),
      };
    case 'create': {
      const game = gameById(r.game);
      if (r.options !== undefined) checkJsonShape(r.options, OPTIONS_LIMITS, 'the options');
      const gameId = sessions.add({ game, match: null, state: null, seed: '', played: 0 });
      try {
        const seed = r.seed ?? String(gameId);
        const match = new Match(game, r.seats, seed, r.options, RECORD_VERSION, MATCH_OPTIONS);
        sessions.games.set(gameId, { game, match, state: match.state, seed: String(seed), played: 0, cache: null });
      } catch (e) {
        sessions.games.delete(gameId);
        throw e;
      }
      const s = sessions.get(gameId);
      const toAct = game.toAct(s.state);
      return { gameId, seats: r.seats, toAct, count: toAct === null ? 0 : legal(s).length };
    }
    case 'legal': {
      const s = sessions.get(r.gameId);
      const seat = s.game.toAct(s.state);
      const cs = seat === null ? [] : legal(s);
      const as = r.as ?? 'json';
      return { seat, count: cs.length, ...(as === 'indices' ? {} : { choices: cs }) };
    }
    case 'apply': {
      const s = sessions.get(r.gameId);
      notOver(s);
      if ((r.index === undefined) === (r.choice === undefined)) throw new Fault('bad-request', 'give either "index" or "choice"');
      const cs = legal(s);
      let choice: Choice | undefined;
      if (r.index !== undefined) {
        choice = cs[r.index];
        if (choice === undefined)
          throw new Fault('illegal-choice', `index ${r.index} is out of range: there are ${cs.length} legal choices`);
      } else {
        checkJsonShape(r.choice, CHOICE_LIMITS, 'the choice');
        choice = findChoice(cs, r.choice);
        // The engine explains why a choice is not legal: it throws IllegalChoice and changes nothing.
        if (choice === undefined) s.game.apply(s.game.clone(s.state), r.choice);
        if (choice === undefined) throw new Fault('illegal-choice', `not a legal choice: ${JSON.stringify(r.choice)}`);
      }
      return afterMove(s, play(s, choice, r.events === true), r.events);
    }
    case 'bot': {
      const s = sessions.get(r.gameId);
      notOver(s);
      const bot = sessions.bot(r.bot);
      const at = s.match ? s.match.decisions : s.played;
      const choice = decide(s.game, s.state, bot, createRng(decisionSeed(s.seed, at)));
      return afterMove(s, play(s, choice, r.events === true), r.events);
    }
    case 'observe': {
      const s = sessions.get(r.gameId);
      const seat = s.game.toAct(s.state);
      return { seat, view: s.game.view(s.state, seat), choices: seat === null ? [] : legal(s) };
    }
    case 'view': {
      const s = sessions.get(r.gameId);
      if (r.seat !== null && r.seat >= s.game.seats(s.state)) throw new Fault('invalid-input', `seat ${r.seat} is not at this table`);
      return { view: s.game.view(s.state, r.seat) };
    }
    case 'result': {
      const s = sessions.get(r.gameId);
      return { over: s.game.toAct(s.state) === null, turn: s.game.turn(s.state), result: s.game.result(s.state) };
    }
    case 'record': {
      const s = sessions.get(r.gameId);
      if (!s.match) throw new Fault('invalid-input', 'a determinized game has no record: it was sampled, not played from a seed');
      return { record: { ...s.match.record, hash: s.match.hash(), capped: !s.match.over } };
    }
    case 'copy': {
      const s = sessions.get(r.gameId);
      // A match is copied by replaying its record, so that the copy keeps its record and undo.
      const match = s.match ? replay(s.game, s.match.record, MATCH_OPTIONS) : null;
      const state = match ? match.state : s.game.clone(s.state);
      return { gameId: sessions.add({ game: s.game, match, state, seed: s.seed, played: s.played }) };
    }
    case 'determinize': {
      const s = sessions.get(r.gameId);
      if (r.seat >= s.game.seats(s.state)) throw new Fault('invalid-input', `seat ${r.seat} is not at this table`);
      const state = s.game.determinize(s.state, r.seat, createRng(String(r.seed)));
      return { gameId: sessions.add({ game: s.game, match: null, state, seed: `${s.seed}/sample:${r.seed}`, played: 0 }) };
    }
    case 'undo': {
      const s = sessions.get(r.gameId);
      if (!s.match) throw new Fault('undo-unavailable', 'a determinized game keeps no moves to take back');
      const m = s.match;
      if (m.decisions === 0) throw new Fault('undo-unavailable', 'no choice has been played yet');
      // The operator's undo: any last choice, whoever made it and whatever it revealed (unlike a player's undo).
      m.commitUndo({ state: m.stateAt(m.decisions - 1), keep: m.decisions - 1, from: m.position });
      s.state = m.state;
      const toAct = s.game.toAct(s.state);
      return { toAct, count: toAct === null ? 0 : legal(s).length };
    }
    case 'step':
      return step(sessions, r.games, r.choices);
    case 'close':
      sessions.get(r.gameId);
      sessions.games.delete(r.gameId);
      return {};
  }
}

/** The request's id when it has a usable one, for an error about the request itself. */
function idOf(raw: unknown): number | string | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const id = (raw as { id?: unknown }).id;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= 200) ? id : null;
}

export function errorResponse(id: number | string | null, code: ErrorCode, message: string): ErrorResponse {
  return { id, ok: false, error: { code, message } };
}

function describeIssues(e: z.ZodError): string {
  return e.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`)
    .join('; ');
}

function fault(id: number | string | null, e: unknown): ErrorResponse {
  if (e instanceof Fault) return errorResponse(id, e.code, e.message);
  if (e instanceof IllegalChoice) return errorResponse(id, 'illegal-choice', e.reason);
  if (e instanceof InvalidInput) return errorResponse(id, 'invalid-input', e.message);
  return errorResponse(id, 'internal', e instanceof Error ? e.message : String(e));
}

const isIndex = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const STEP_KEYS = new Set(['id', 'type', 'games', 'choices']);

/**
 * Checks a step as StepRequest (schema.ts) does, without a zod object per entry: the message names
 * the first fault, null when there is none.
 */
export function stepFault(r: Record<string, unknown>): string | null {
  for (const k of Object.keys(r)) if (!STEP_KEYS.has(k)) return `unrecognized key: "${k}"`;
  if (idOf(r) === null) return 'id: a number, or a string of at most 200 characters';
  const { games, choices } = r;
  if (!Array.isArray(games)) return 'games: an array of game ids';
  if (!Array.isArray(choices)) return 'choices: an array of indices';
  if (games.length !== choices.length)
    return `games and choices differ in length (${games.length} and ${choices.length}): one choice a game`;
  if (games.length > MAX_STEP) return `games: at most ${MAX_STEP} entries a step (${games.length} given)`;
  for (let i = 0; i < games.length; i++) {
    if (!isIndex(games[i])) return `games.${i}: ${JSON.stringify(games[i])} is not a game id (a non-negative integer)`;
    if (!isIndex(choices[i])) return `choices.${i}: ${JSON.stringify(choices[i])} is not an index (a non-negative integer)`;
  }
  return null;
}

/** Parses a request: a step by hand (stepFault), any other with its zod schema. */
function parse(raw: unknown, schema: typeof SingleRequest | typeof Request): { ok: true; r: Request } | { ok: false; message: string } {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && (raw as { type?: unknown }).type === 'step') {
    const message = stepFault(raw as Record<string, unknown>);
    return message === null ? { ok: true, r: raw as StepRequest } : { ok: false, message };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, r: parsed.data } : { ok: false, message: describeIssues(parsed.error) };
}

function answer(sessions: Sessions, raw: unknown, schema: typeof SingleRequest | typeof Request): Json | ErrorResponse {
  const id = idOf(raw);
  const parsed = parse(raw, schema);
  if (!parsed.ok) return errorResponse(id, 'bad-request', parsed.message);
  const r = parsed.r;
  try {
    if (r.type === 'batch') return { id: r.id, ok: true, responses: r.requests.map((q) => answer(sessions, q, SingleRequest)) };
    return { id: r.id, ok: true, ...handleSingle(sessions, r) };
  } catch (e) {
    return fault(r.id, e);
  }
}

/** Answers one parsed request (a batch included); never throws: every fault is an error response. */
export function handle(sessions: Sessions, raw: unknown): Json | ErrorResponse {
  return answer(sessions, raw, Request);
}

/** Answers one line of text: JSON that does not parse is answered `bad-json`. */
export function handleLine(sessions: Sessions, line: string): Json | ErrorResponse {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (e) {
    return errorResponse(null, 'bad-json', `the line is not JSON: ${(e as Error).message}`);
  }
  return handle(sessions, raw);
}
