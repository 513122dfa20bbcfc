import type { EventRecorder } from '../../core/events.js';
import { otherEnd } from './board.js';
import type { RRChoice } from './choice.js';
import type { RREvent, RRReason } from './events.js';
import { addMoves, needsIv21 } from './moves.js';
import { longestChain } from './scoring.js';
import {
  BOTTOM,
  COLUMNS,
  posCol,
  posLevel,
  tbPos,
  TOOL_ACTIONS,
  FRAME,
  NO_TRAILS,
  type Column,
  type Frame,
  type Player,
  type State,
  type ToolAction,
} from './state.js';
import {
  BLUE,
  END_RELICS,
  IVORY,
  IVORY_TILES,
  PURPLE_EFFECTS,
  ivoryName,
  purpleName,
  tileColour,
  tileFace,
  tileLevel,
  type IvoryName,
  type Level,
  type PurpleEffect,
  type PurpleName,
} from './tiles.js';

/*
 * The turn as a stack of frames (state.ts). `settle` runs automatic frames until a decision is
 * owed, and caches that decision's choices; `play` applies one of them. Everything here mutates
 * the state it is given and is deterministic; events go to the recorder passed in.
 */

type Rec = EventRecorder<RREvent>;

// ---------------------------------------------------------------- small queries

/**
 * Whether p holds an ivory tile, given as its IVORY_TILES code: `holds(p, IVORY_TILES.refill)`
 * (one tile per level, so one slot to look at). The code rather than the effect's name, because a
 * name would be looked up in IVORY_TILES on every call, and this is asked several times a decision.
 */
export function holds(p: Player, code: number): boolean {
  return p.ivory[tileLevel(code) - 1] === code;
}

export function isShrine(s: State, loc: number): boolean {
  return s.board.locations[loc]!.kind !== 'camp' && s.stacks[loc]!.length === 0;
}

/** A shrine that still holds its relic. */
export function relicShrine(s: State, loc: number): boolean {
  return isShrine(s, loc) && s.relic[loc] === true;
}

/** RR-COMP-5: a relic has its site's colour: green for ruins, else the temple colour + 1. */
export function relicColour(s: State, loc: number): number {
  return s.board.locations[loc]!.kind === 'ruin' ? 0 : s.colour[loc]! + 1;
}

export function explorable(s: State, loc: number): boolean {
  return s.board.locations[loc]!.kind !== 'camp' && s.stacks[loc]!.length > 0;
}

export function onBoard(s: State, seat: number): number {
  return 10 - s.players[seat]!.supply;
}

export function relicsCollected(s: State): number {
  let n = 0;
  for (const p of s.players) n += p.relics[0]! + p.relics[1]! + p.relics[2]! + p.relics[3]!;
  return n;
}

const trailId = (s: State, trail: number): number => s.board.trails[trail]!.id;
const locId = (s: State, l: number): string => s.board.locations[l]!.id;

/** Narrows the frame a choice answers to the kind it must be; any other kind is an engine bug. */
function expectFrame<K extends Frame['k']>(f: Frame, k: K): asserts f is Extract<Frame, { readonly k: K }> {
  if (f.k !== k) throw new Error(`a choice for a "${k}" decision met a "${f.k}" frame`);
}

// ---------------------------------------------------------------- gains

const tileWhy = (tile: IvoryName | PurpleName): RRReason => Object.freeze({ kind: 'tile', tile });
const toolWhy = (tool: Column, level: Level): RRReason => Object.freeze({ kind: 'tool', tool, level });

/** Reasons of the gains, built once: a silent search allocates none, and events share them read-only. */
const WHY = {
  iv23: tileWhy('IV2-3'),
  iv31: tileWhy('IV3-1'),
  iv32: tileWhy('IV3-2'),
  iv33: tileWhy('IV3-3'),
  iv34: tileWhy('IV3-4'),
  pu1: tileWhy('PU-1'),
  pu3: tileWhy('PU-3'),
  pu5: tileWhy('PU-5'),
  machete2: toolWhy('machete', 2),
  machete3: toolWhy('machete', 3),
  compass3: toolWhy('compass', 3),
  shovel1: toolWhy('shovel', 1),
  shovel3: toolWhy('shovel', 3),
  expedition: Object.freeze({ kind: 'expedition' }),
  ivoryDiscard: Object.freeze({ kind: 'ivoryDiscard' }),
  camp: Object.freeze({ kind: 'camp' }),
} as const satisfies Record<string, RRReason>;

/** A level-2 or IV1-6 tile spent: discarded without the 2 VP of RR-EXPL-4. */
function discardIvory(s: State, rec: Rec, p: Player, level: number): void {
  const code = p.ivory[level - 1]!;
  s.discards.push(code);
  if (rec.loud) rec.push({ type: 'ivoryUsed', seat: s.cur, tile: ivoryName(code) });
  p.ivory[level - 1] = 0;
}

/** The VP `n` gives the current player now: doubled after Shovel 3 this turn (RR-TB-9, D-9). */
export function vpGain(s: State, n: number): number {
  return s.turn.doubled ? 2 * n : n;
}

/** VP for the current player, doubled under Shovel 3 (D-9); marks the exploration under way as scoring. */
function gainVp(s: State, rec: Rec, n: number, why: RRReason, marks = true): void {
  if (n <= 0) return;
  const p = s.players[s.cur]!;
  const got = vpGain(s, n);
  p.vp += got;
  s.turn.vp += got;
  if (marks && s.turn.explorations.length > 0) s.turn.explorations[s.turn.explorations.length - 1]!.scored = true;
  if (rec.loud) rec.push({ type: 'vp', seat: s.cur, vp: got, why });
}

/** Rations from base camp, capped at 5 on the chart and at the pool (RR-RAT-1, D-2). */
export function gainRations(s: State, rec: Rec, seat: number, n: number, why: RRReason): void {
  const p = s.players[seat]!;
  const got = Math.max(0, Math.min(n, 5 - p.rations, s.pool));
  if (got === 0) return;
  p.rations += got;
  s.pool -= got;
  if (rec.loud) rec.push({ type: 'rations', seat, rations: got, why });
}

/** Flips one token; returns 1 when this turned the last coloured token grey (RR-TOOL-4: all reset). */
function flipToken(s: State, rec: Rec, trail: number): number {
  const bit = 1 << s.board.riverBit[trail]!;
  const wasColoured = (s.tokens & bit) !== 0;
  s.tokens ^= bit;
  if (rec.loud) rec.push({ type: 'token', trail: trailId(s, trail), coloured: !wasColoured });
  if (wasColoured && s.tokens === 0) {
    s.tokens = (1 << s.board.rivers.length) - 1;
    if (rec.loud) rec.push({ type: 'tokensReset' });
    return 1;
  }
  return 0;
}

// ---------------------------------------------------------------- turn flow

/** RR-TURN-1: the relic the turn began on is noted first, then IV2-3 is offered (D-18: never forced). */
export function startTurn(s: State, rec: Rec): void {
  s.turnNo++;
  const p = s.players[s.cur]!;
  s.turn = {
    startRelic: relicShrine(s, p.loc) ? p.loc : -1,
    vp: 0,
    doubled: false,
    toolUsed: false,
    moved: NO_TRAILS,
    bonus: 0,
    blueTaken: 0,
    explorations: [],
  };
  if (rec.loud) rec.push({ type: 'turn', seat: s.cur, turn: s.turnNo });
  s.stack.push(FRAME.turnEnd, FRAME.move);
  if (holds(p, IVORY_TILES.refill) && p.rations < 5 && s.pool > 0) s.stack.push(FRAME.refill);
}

function endTurn(s: State, rec: Rec): void {
  if (s.extra === 1) {
    s.extra = 2;
    finish(s, rec);
    return;
  }
  // RR-SETUP-7: seat order. RR-END-1: after the trigger, the others play up to the triggering seat.
  const next = (s.cur + 1) % s.seats;
  if (s.trigger >= 0 && next === s.trigger) {
    // RR-END-2: then the holder of IV1-6 may take its extra turn.
    const holder = s.players.findIndex((p) => holds(p, IVORY_TILES.extraTurn));
    if (holder >= 0 && s.extra === 0) {
      s.cur = holder;
      s.stack.push(FRAME.extra);
    } else {
      finish(s, rec);
    }
    return;
  }
  s.cur = next;
  startTurn(s, rec);
}

function finish(s: State, rec: Rec): void {
  s.over = true;
  s.stack.length = 0;
  if (rec.loud) rec.push({ type: 'gameEnd' });
}

/** RR-END-1: whether `more` relics collected now would reach the seat count's threshold and trigger the end. */
export function triggersEnd(s: State, more: number): boolean {
  return s.trigger < 0 && relicsCollected(s) + more >= END_RELICS[s.seats]!;
}

/** RR-END-1: the relics collected by all reach the seat count's threshold. */
function checkEnd(s: State, rec: Rec): void {
  if (triggersEnd(s, 0)) {
    s.trigger = s.cur;
    if (rec.loud) rec.push({ type: 'endTriggered', seat: s.cur });
  }
}

// ---------------------------------------------------------------- exploring (§3.2)

/**
 * RR-EXPL-9, D-22: an exploration is a ration's, Machete 1's or PU-7's neighbour action (`how`);
 * a player may explore more than once a turn.
 */
function beginExploration(s: State, rec: Rec, site: number, how: 'ration' | 'machete' | 'neighbour'): void {
  const p = s.players[s.cur]!;
  const kind = s.board.locations[site]!.kind;
  // RR-EXPL-8, D-6: first to explore means the stack was still full when this exploration began.
  const first = s.stacks[site]!.length === s.full[site];
  if (rec.loud) rec.push({ type: 'explore', seat: s.cur, site: locId(s, site), how });
  // IV3-3 counts temples only; D-23: a tile taken during this exploration does not yet work in it.
  s.turn.explorations.push({ iv33: kind === 'temple' && holds(p, IVORY_TILES.templeScoring), scored: false });
  s.stack.push(FRAME.exEnd, { k: 'shrine', site });
  if (first && holds(p, IVORY_TILES.firstExplorer)) gainVp(s, rec, 1, WHY.iv32);
  if (kind === 'ruin') {
    // RR-EXPL-3: discard the top tile, then place a pathway next to the explorer (placeChoices).
    s.stacks[site]!.pop();
    if (rec.loud) rec.push({ type: 'ruinTile', seat: s.cur, site: locId(s, site) });
    s.stack.push({ k: 'place', second: false });
  } else if (holds(p, IVORY_TILES.lookAndPick) && s.stacks[site]!.length > 1) {
    // IV2-2, offered (D-18) only where there is more than the top tile to choose from.
    s.stack.push({ k: 'peek', site });
  } else {
    s.stack.push({ k: 'take', site, depth: 0 });
  }
}

/** Takes the tile `depth` below the top of a temple stack and resolves it by colour. */
function takeTile(s: State, rec: Rec, site: number, depth: number): void {
  const st = s.stacks[site]!;
  // D-11: the tiles left keep their order (a purple top tile stays the face-up one).
  const code = st.splice(st.length - 1 - depth, 1)[0]!;
  const p = s.players[s.cur]!;
  const c = tileColour(code);
  const level = tileLevel(code);
  if (c === IVORY) {
    // RR-EXPL-4: face up, one per level; a second of a level asks which to keep (D-5: only that choice).
    if (rec.loud) rec.push({ type: 'ivoryTaken', seat: s.cur, site: locId(s, site), tile: ivoryName(code), reveals: true });
    if (p.ivory[level - 1] === 0) p.ivory[level - 1] = code;
    else s.stack.push({ k: 'keep', held: p.ivory[level - 1]!, taken: code });
  } else if (c === BLUE) {
    // RR-EXPL-5: face down, its value the owner's alone (view.ts).
    p.blue.push(code);
    p.blueShown.push(false);
    s.turn.blueTaken++;
    // A blue tile is VP scored while exploring a temple: IV3-3 answers it (EN, PL: 1 VP).
    s.turn.explorations[s.turn.explorations.length - 1]!.scored = true;
    if (rec.loud) rec.push({ type: 'blueTaken', seat: s.cur, site: locId(s, site), level, reveals: true });
    if (s.turn.doubled) revealBlue(s, rec, p, p.blue.length - 1);
  } else {
    // RR-EXPL-6: the face-up top tile's effect, then it is discarded; the next one shows (view.ts).
    s.discards.push(code);
    if (rec.loud) rec.push({ type: 'purpleTaken', seat: s.cur, site: locId(s, site), tile: purpleName(code), level, reveals: true });
    purpleEffect(s, rec, p, PURPLE_EFFECTS[tileFace(code) - 1]!);
  }
}

/** Shovel 3: a blue tile taken this turn is shown to all and its value scored again (D-9). */
function revealBlue(s: State, rec: Rec, p: Player, i: number): void {
  p.blueShown[i] = true;
  const v = tileFace(p.blue[i]!);
  p.vp += v;
  s.turn.vp += v;
  if (rec.loud) rec.push({ type: 'blueRevealed', seat: s.cur, level: tileLevel(p.blue[i]!), value: v });
}

/** §5. Effects needing a decision push a frame; the shrine check waits below them. */
function purpleEffect(s: State, rec: Rec, p: Player, effect: PurpleEffect): void {
  switch (effect) {
    case 'vp': // PU-1
      gainVp(s, rec, 3, WHY.pu1);
      break;
    case 'step': // PU-2: a step no toolbox can take is lost (settle skips it)
      s.stack.push({ k: 'steps', n: 1 });
      break;
    case 'rations': // PU-3
      gainRations(s, rec, s.cur, 2, WHY.pu3);
      break;
    case 'toolbox': // PU-4, D-29: nothing with an empty reserve
      if (p.reserve > 0) {
        p.reserve--;
        p.tb[BOTTOM]!++;
        if (rec.loud) rec.push({ type: 'toolboxAdded', seat: s.cur });
      }
      break;
    case 'toCamp':
      // PU-5, D-14: a teleport, not a move onto camp: the turn goes on. IV3-5 adds its ration.
      p.loc = s.board.camp;
      if (rec.loud) rec.push({ type: 'teleport', seat: s.cur, to: locId(s, s.board.camp) });
      gainRations(s, rec, s.cur, holds(p, IVORY_TILES.campRation) ? 4 : 3, WHY.pu5);
      break;
    case 'movePathway': // PU-6
      s.stack.push({ k: 'lift', left: 1, avoid: -1, fresh: -1 });
      break;
    case 'neighbour': // PU-7
      s.stack.push(FRAME.neighbour);
      break;
    case 'flipTwo': // PU-8
      s.stack.push({ k: 'flip8', left: 2, done: -1, steps: 0 });
      break;
  }
}

// ---------------------------------------------------------------- toolboxes (§3.4)

/** RR-TOOL-7, D-26: whether a toolbox action can be done in full now; scoring and gains always can. */
function toolUsable(s: State, action: ToolAction): boolean {
  const p = s.players[s.cur]!;
  switch (action) {
    case 'exploreHere':
      return s.board.locations[p.loc]!.kind === 'temple' && s.stacks[p.loc]!.length > 0;
    case 'moveOne':
    case 'moveTwo': {
      const n = onBoard(s, s.cur);
      const k = action === 'moveOne' ? 1 : 2;
      return n >= k && s.board.trails.length - n >= k;
    }
    case 'placeAdjacent':
      return p.supply > 0 && placementTargets(s, false).length > 0;
    default:
      return true;
  }
}

/** RR-TOOL-6: at most one toolbox a turn, offered in the windows before and after the move and after exploring. */
function toolChoices(s: State, out: RRChoice[]): void {
  if (s.turn.toolUsed) return;
  const tb = s.players[s.cur]!.tb;
  for (let pos = 1; pos < 10; pos++) {
    if (tb[pos]! === 0) continue;
    if (toolUsable(s, TOOL_ACTIONS[pos]!)) out.push({ t: 'tool', col: COLUMNS[posCol(pos)]!, level: posLevel(pos) });
  }
}

function useTool(s: State, rec: Rec, col: Column, level: number): void {
  const p = s.players[s.cur]!;
  const pos = tbPos(COLUMNS.indexOf(col), level);
  // RR-TOOL-6: the toolbox goes back to the bottom first, then its action is done in full.
  p.tb[pos]!--;
  p.tb[BOTTOM]!++;
  s.turn.toolUsed = true;
  if (rec.loud) rec.push({ type: 'tool', seat: s.cur, col, level });
  switch (TOOL_ACTIONS[pos]!) {
    case 'exploreHere': // RR-TB-1: no ration (toolUsable: a temple with tiles)
      beginExploration(s, rec, p.loc, 'machete');
      break;
    case 'takeRations': // RR-TB-2
      gainRations(s, rec, s.cur, 2, WHY.machete2);
      break;
    case 'relicVp': // RR-TB-3: duplicates count
      gainVp(s, rec, 4 * (p.relics[0]! + p.relics[1]! + p.relics[2]! + p.relics[3]!), WHY.machete3, false);
      break;
    case 'moveOne': // RR-TB-4
      s.stack.push({ k: 'lift', left: 1, avoid: -1, fresh: -1 });
      break;
    case 'moveTwo': // RR-TB-5
      s.stack.push({ k: 'lift', left: 2, avoid: -1, fresh: -1 });
      break;
    case 'chainVp': // RR-TB-6 (D-8: scoring.ts longestChain)
      gainVp(s, rec, 2 * longestChain(s, s.cur), WHY.compass3, false);
      break;
    case 'reserveOrVp': // RR-TB-7
      s.stack.push(FRAME.bonus);
      break;
    case 'placeAdjacent': // RR-TB-8
      s.stack.push({ k: 'place', second: false });
      break;
    case 'double': {
      // RR-TB-9, D-9: doubles the VP already scored this turn and everything after; blue tiles taken are shown.
      s.turn.doubled = true;
      const before = s.turn.vp;
      p.vp += before;
      s.turn.vp += before;
      if (before > 0 && rec.loud) rec.push({ type: 'vp', seat: s.cur, vp: before, why: WHY.shovel3 });
      for (let i = p.blue.length - s.turn.blueTaken; i < p.blue.length; i++) revealBlue(s, rec, p, i);
      break;
    }
  }
}

/**
 * RR-TOOL-2: one step, split among the toolboxes on the table as the player likes; a bottom one
 * may enter any column (RR-TOOL-1), the reserve never moves (RR-TOOL-5). D-24: every step any
 * toolbox can take is offered, and each step spends one of the levels left to climb whichever
 * toolbox takes it, so any order uses the largest number of steps; a step none can take is lost.
 */
function stepChoices(s: State, out: RRChoice[]): void {
  const tb = s.players[s.cur]!.tb;
  if (tb[BOTTOM]! > 0) for (let c = 0; c < 3; c++) out.push({ t: 'step', col: COLUMNS[c]!, level: 0 });
  for (let pos = 1; pos < 10; pos++) {
    if (tb[pos]! > 0 && posLevel(pos) < 3) out.push({ t: 'step', col: COLUMNS[posCol(pos)]!, level: posLevel(pos) });
  }
}

// ---------------------------------------------------------------- pathways

/** Trails where the current player may place a pathway from supply: adjacent ones, or with IV2-5 anywhere (RR-PATH-1: none of its own). */
function placementTargets(s: State, anywhere: boolean): number[] {
  const me = 1 << s.cur;
  const loc = s.players[s.cur]!.loc;
  const out: number[] = [];
  if (anywhere) {
    for (let trail = 0; trail < s.owners.length; trail++) if ((s.owners[trail]! & me) === 0) out.push(trail);
    return out;
  }
  for (const trail of s.board.incident[loc]!) if ((s.owners[trail]! & me) === 0) out.push(trail);
  if (out.length === 0 && holds(s.players[s.cur]!, IVORY_TILES.placeAnywhere)) return placementTargets(s, true);
  return out;
}

/**
 * RR-EXPL-3, RR-TB-8: one pathway from supply on an adjacent trail without one of the player's
 * own (RR-PATH-1); mandatory when possible, and D-21: none in supply or no legal trail, nothing is
 * placed. IV2-4 places a second one next to the first, both adjacent (D-27: the second only if
 * one is left and a trail is free). IV2-5 places it on any trail.
 */
function placeChoices(s: State, second: boolean, out: RRChoice[]): void {
  const p = s.players[s.cur]!;
  if (p.supply === 0) return;
  const me = 1 << s.cur;
  const adj = s.board.incident[p.loc]!.filter((trail) => (s.owners[trail]! & me) === 0);
  for (const trail of adj) out.push({ t: 'place', trail: trailId(s, trail) });
  if (second) return;
  if (holds(p, IVORY_TILES.placeTwo)) for (const trail of adj) out.push({ t: 'place', trail: trailId(s, trail), ivory: 4 });
  if (holds(p, IVORY_TILES.placeAnywhere)) {
    const before = out.length;
    for (let trail = 0; trail < s.owners.length; trail++) {
      if ((s.owners[trail]! & me) === 0 && !adj.includes(trail)) out.push({ t: 'place', trail: trailId(s, trail), ivory: 5 });
    }
    // D-18, D-21: with no legal adjacent trail an exploration places nothing, so IV2-5 is the only
    // way to place one and must not be forced: the holder may pass and keep it. Shovel 2 offers no
    // pass: it was usable only through IV2-5 (D-26), and toolboxes are used between actions
    // (RR-TOOL-6), never while an exploration (a ruin's, or one through PU-7) is under way.
    if (adj.length === 0 && out.length > before && s.turn.explorations.length > 0) out.push({ t: 'pass' });
  }
}

/** A pathway from supply; IV3-1 scores for it (a pathway moved does not count). */
function placePathway(s: State, rec: Rec, trail: number): void {
  const p = s.players[s.cur]!;
  s.owners[trail]! |= 1 << s.cur;
  p.supply--;
  if (rec.loud) rec.push({ type: 'pathway', seat: s.cur, trail: trailId(s, trail) });
  if (holds(p, IVORY_TILES.vpPerPlacement)) gainVp(s, rec, 1, WHY.iv31);
}

// ---------------------------------------------------------------- choices per frame

export function frameChoices(s: State, f: Frame): RRChoice[] {
  const out: RRChoice[] = [];
  const p = s.players[s.cur]!;
  switch (f.k) {
    case 'refill':
    case 'peek':
    case 'extra':
      // D-18: a level-2 tile is never forced (IV2-3, IV2-2); nor is IV1-6's extra turn (RR-END-2).
      out.push({ t: f.k, use: true }, { t: f.k, use: false });
      break;
    case 'move': {
      // RR-MOVE-1: the move is mandatory; IV2-1 widens it, or IV2-6 replaces it.
      addMoves(s, s.cur, holds(p, IVORY_TILES.unfamiliarInside), out);
      // IV2-6, D-12: from a temple site (explored or not) to another of its colour holding no relic.
      if (holds(p, IVORY_TILES.templeTeleport) && s.board.locations[p.loc]!.kind === 'temple') {
        for (const l of s.board.temples) {
          if (l !== p.loc && s.colour[l] === s.colour[p.loc] && !s.relic[l]) out.push({ t: 'teleport', to: locId(s, l) });
        }
      }
      toolChoices(s, out);
      break;
    }
    case 'leaveFlip': // IV3-6: one token, either way
      for (const trail of s.board.rivers) out.push({ t: 'flip', trail: trailId(s, trail) });
      break;
    case 'flip8': // PU-8: up to two tokens, each either way
      for (const trail of s.board.rivers) if (trail !== f.done) out.push({ t: 'flip', trail: trailId(s, trail) });
      out.push({ t: 'pass' });
      break;
    case 'steps':
      stepChoices(s, out);
      break;
    case 'relic':
      out.push({ t: 'relic', take: true }, { t: 'relic', take: false });
      break;
    case 'post':
      // RR-EXPL-1: once after the move, for a ration, at a ruin or temple with tiles.
      if (!f.explored && p.rations > 0 && explorable(s, p.loc)) out.push({ t: 'explore' });
      toolChoices(s, out);
      out.push({ t: 'end' });
      break;
    case 'place':
      placeChoices(s, f.second, out);
      break;
    case 'keep':
      out.push({ t: 'keep', effect: tileFace(f.held) }, { t: 'keep', effect: tileFace(f.taken) });
      break;
    case 'pick':
      for (let d = 0; d < s.stacks[f.site]!.length; d++) out.push({ t: 'pick', depth: d });
      break;
    case 'lift': {
      // RR-TB-4, RR-TB-5, PU-6: an own pathway on the board; Compass 2's second one is not the one just laid (RR-TOOL-6).
      const me = 1 << s.cur;
      for (let trail = 0; trail < s.owners.length; trail++)
        if ((s.owners[trail]! & me) !== 0 && trail !== f.fresh) out.push({ t: 'lift', trail: trailId(s, trail) });
      break;
    }
    case 'lay': {
      // RR-PATH-1: onto a trail without an own pathway, new: not back where it, or the other one, left (RR-TOOL-6).
      const me = 1 << s.cur;
      for (let trail = 0; trail < s.owners.length; trail++) {
        if ((s.owners[trail]! & me) === 0 && trail !== f.from && trail !== f.avoid) out.push({ t: 'lay', trail: trailId(s, trail) });
      }
      break;
    }
    case 'bonus':
      if (p.reserve > 0) out.push({ t: 'bonus', pick: 'toolbox' });
      out.push({ t: 'bonus', pick: 'vp' });
      break;
    case 'neighbour':
      // PU-7: an adjacent ruin or temple with tiles (never base camp); with none the decision is skipped.
      for (const trail of s.board.incident[p.loc]!) {
        const l = otherEnd(s.board, trail, p.loc);
        if (explorable(s, l)) out.push({ t: 'neighbour', site: locId(s, l) });
      }
      break;
    default:
      break;
  }
  return out;
}

/**
 * RR-TOOL-2: the river tokens (bits of `s.tokens`) still coloured that a move along `trails`
 * (board indices) turns grey at its end. Allocates nothing: a move's end runs it in searches too.
 */
export function tokensFlipped(s: State, trails: readonly number[]): number {
  let mask = 0;
  for (const trail of trails) {
    const bit = s.board.riverBit[trail]!;
    if (bit >= 0) mask |= s.tokens & (1 << bit);
  }
  return mask;
}

/** RR-TOOL-2, RR-TOOL-4: the steps those flips earn: one a token, and one more when they took the last coloured one. */
export function stepsEarned(s: State, flipped: number): number {
  let k = 0;
  for (let m = flipped; m !== 0; m &= m - 1) k++;
  return k > 0 && (s.tokens & ~flipped) === 0 ? k + 1 : k;
}

/** IV3-6, D-28: whether a move from `start` begins with the current player's flip on leaving base camp. */
export function flipsOnLeaving(s: State, start: number): boolean {
  return start === s.board.camp && holds(s.players[s.cur]!, IVORY_TILES.leaveFlip);
}

/** RR-EXP-1: whether a move of the current player ending on `loc` may take the relic there. */
export function expeditionTo(s: State, loc: number): boolean {
  const from = s.turn.startRelic;
  return from >= 0 && loc !== from && relicShrine(s, loc) && relicColour(s, loc) === relicColour(s, from);
}

/** RR-EXP-1: an expedition's relic scores 2 VP a trail moved along this turn (RR-EXP-2, D-7: a move's own trails). */
const EXPEDITION_VP_PER_TRAIL = 2;

/** The VP taking an expedition's relic scores after a move along `trails` trails (Shovel 3 included). */
export function expeditionVp(s: State, trails: number): number {
  return vpGain(s, EXPEDITION_VP_PER_TRAIL * trails);
}

/** Frames that run without a decision. */
function automatic(k: Frame['k']): boolean {
  return k === 'moveEnd' || k === 'take' || k === 'shrine' || k === 'exEnd' || k === 'turnEnd' || k === 'campArrive';
}

/** Runs automatic frames and skips empty decisions until a real decision is owed or the game ends. */
export function settle(s: State, rec: Rec): RRChoice[] {
  for (;;) {
    if (s.over) return [];
    const f = s.stack[s.stack.length - 1];
    if (f === undefined) {
      startTurn(s, rec);
      continue;
    }
    if (automatic(f.k)) {
      s.stack.pop();
      runAutomatic(s, rec, f);
      continue;
    }
    const cs = frameChoices(s, f);
    // A decision with nothing to decide is skipped: an effect that can do nothing (D-21, D-29, PU-2,
    // PU-7, a step lost), or a toolbox window with no toolbox.
    if (cs.length === 0 || (f.k === 'post' && cs.length === 1)) {
      s.stack.pop();
      continue;
    }
    return cs;
  }
}

function runAutomatic(s: State, rec: Rec, f: Frame): void {
  const p = s.players[s.cur]!;
  switch (f.k) {
    case 'moveEnd': {
      // RR-MOVE-7: flip used coloured tokens (RR-TOOL-2), reset on the last one with a step more
      // (RR-TOOL-4, D-25: mandatory), then all steps at once (RR-TOOL-3), expedition, camp.
      const flipped = tokensFlipped(s, s.turn.moved);
      const steps = stepsEarned(s, flipped) + s.turn.bonus;
      if (rec.loud) {
        for (const trail of s.turn.moved) {
          const bit = s.board.riverBit[trail]!;
          if (bit >= 0 && (flipped & (1 << bit)) !== 0) rec.push({ type: 'token', trail: trailId(s, trail), coloured: false });
        }
      }
      s.tokens &= ~flipped;
      if (flipped !== 0 && s.tokens === 0) {
        s.tokens = (1 << s.board.rivers.length) - 1;
        if (rec.loud) rec.push({ type: 'tokensReset' });
      }
      s.turn.bonus = 0;
      // RR-EXPL-2, D-4: on base camp the turn ends after the rations, with no explore and no toolbox window.
      s.stack.push(p.loc === s.board.camp ? FRAME.campArrive : { k: 'post', explored: false });
      // RR-EXP-1: from a relic shrine (noted at the turn's start) to another relic of its colour.
      if (expeditionTo(s, p.loc)) s.stack.push({ k: 'relic', site: p.loc });
      if (steps > 0) s.stack.push({ k: 'steps', n: steps });
      break;
    }
    case 'campArrive': // RR-EXPL-2, IV3-5
      gainRations(s, rec, s.cur, holds(p, IVORY_TILES.campRation) ? 4 : 3, WHY.camp);
      break;
    case 'take':
      takeTile(s, rec, f.site, f.depth);
      break;
    case 'shrine':
      // RR-EXPL-7: below the last tile's action, so the relic shows once that action is complete (D-15 too).
      if (s.stacks[f.site]!.length === 0 && !s.relic[f.site]) {
        s.relic[f.site] = true;
        if (rec.loud) rec.push({ type: 'shrine', site: locId(s, f.site), relic: relicColour(s, f.site) });
      }
      break;
    case 'exEnd': {
      // IV3-3, D-13: once per exploration that scored.
      const e = s.turn.explorations.pop()!;
      if (e.iv33 && e.scored) gainVp(s, rec, 1, WHY.iv33, false);
      break;
    }
    case 'turnEnd':
      endTurn(s, rec);
      break;
    default:
      throw new Error(`frame ${f.k} is not automatic`);
  }
}

// ---------------------------------------------------------------- applying a legal choice

/** Applies a choice already known to be legal for the top frame. */
export function play(s: State, c: RRChoice, rec: Rec): void {
  const f = s.stack.pop()!;
  const p = s.players[s.cur]!;
  const b = s.board;
  switch (c.t) {
    case 'move': {
      const trails = c.trails.map((id) => b.trailOf[id]!);
      // IV2-1 is spent only by a move that needs it.
      if (needsIv21(s, s.cur, trails)) discardIvory(s, rec, p, 2);
      const start = p.loc;
      let at = start;
      for (const trail of trails) at = otherEnd(b, trail, at);
      p.loc = at;
      // RR-EXP-2, D-7: only a move's own trails count for an expedition; a teleport leaves this empty.
      s.turn.moved = trails;
      if (rec.loud) rec.push({ type: 'move', seat: s.cur, trails: c.trails, to: locId(s, at) });
      s.stack.push(FRAME.moveEnd);
      // IV3-6, D-28: the flip on leaving camp comes first, before the move's own flips at its end.
      if (flipsOnLeaving(s, start)) s.stack.push(FRAME.leaveFlip);
      break;
    }
    case 'teleport': // IV2-6, D-12: this is the turn's move, along no trail
      discardIvory(s, rec, p, 2);
      p.loc = b.locIndex.get(c.to)!;
      if (rec.loud) rec.push({ type: 'teleport', seat: s.cur, to: c.to });
      s.stack.push({ k: 'post', explored: false });
      break;
    case 'tool':
      s.stack.push(f);
      useTool(s, rec, c.col, c.level);
      break;
    case 'explore': {
      // RR-EXPL-1: the ration goes back to base camp's pool (D-2).
      p.rations--;
      s.pool++;
      s.stack.push({ k: 'post', explored: true });
      beginExploration(s, rec, p.loc, 'ration');
      break;
    }
    case 'end':
      break;
    case 'refill':
      if (c.use) {
        // IV2-3: up to 5, from what the pool holds.
        discardIvory(s, rec, p, 2);
        gainRations(s, rec, s.cur, 5, WHY.iv23);
      }
      break;
    case 'flip': {
      const trail = b.trailOf[c.trail]!;
      // IV3-6 and PU-8 give no steps, except RR-TOOL-4's for turning the last coloured token grey.
      if (f.k === 'leaveFlip') {
        s.turn.bonus += flipToken(s, rec, trail);
      } else {
        expectFrame(f, 'flip8');
        const steps = f.steps + flipToken(s, rec, trail);
        if (f.left > 1) s.stack.push({ k: 'flip8', left: f.left - 1, done: trail, steps });
        else if (steps > 0) s.stack.push({ k: 'steps', n: steps });
      }
      break;
    }
    case 'pass':
      // PU-8 stops flipping; or a ruin's placement is declined with IV2-5 kept (placeChoices).
      if (f.k === 'flip8' && f.steps > 0) s.stack.push({ k: 'steps', n: f.steps });
      break;
    case 'step': {
      const col = COLUMNS.indexOf(c.col);
      p.tb[tbPos(col, c.level)]!--;
      p.tb[tbPos(col, c.level + 1)]!++;
      if (rec.loud) rec.push({ type: 'step', seat: s.cur, col: c.col, to: c.level + 1 });
      if (f.k === 'steps' && f.n > 1) s.stack.push({ k: 'steps', n: f.n - 1 });
      break;
    }
    case 'relic':
      expectFrame(f, 'relic');
      // RR-EXP-1: 2 VP per trail of this turn's move; declining takes and scores nothing.
      if (c.take) {
        s.relic[f.site] = false;
        p.relics[relicColour(s, f.site)]!++;
        if (rec.loud) rec.push({ type: 'relicTaken', seat: s.cur, site: locId(s, f.site), relic: relicColour(s, f.site) });
        gainVp(s, rec, EXPEDITION_VP_PER_TRAIL * s.turn.moved.length, WHY.expedition, false);
        checkEnd(s, rec);
      }
      break;
    case 'place': {
      const trail = b.trailOf[c.trail]!;
      // IV2-4 and IV2-5 are spent on the placement they widen.
      if (c.ivory !== undefined) discardIvory(s, rec, p, 2);
      placePathway(s, rec, trail);
      if (c.ivory === 4) s.stack.push({ k: 'place', second: true });
      break;
    }
    case 'keep': {
      // RR-EXPL-4: keep one, discard the other, 2 VP; RR-EXPL-10, D-23: VP scored while exploring (IV3-3 counts them).
      expectFrame(f, 'keep');
      const kept = tileFace(f.held) === c.effect ? f.held : f.taken;
      const gone = kept === f.held ? f.taken : f.held;
      p.ivory[tileLevel(kept) - 1] = kept;
      s.discards.push(gone);
      if (rec.loud) rec.push({ type: 'ivoryKept', seat: s.cur, kept: ivoryName(kept), discarded: ivoryName(gone) });
      gainVp(s, rec, 2, WHY.ivoryDiscard);
      break;
    }
    case 'peek':
      expectFrame(f, 'peek');
      // IV2-2: a secret look at the whole stack, then any one tile (D-11).
      if (c.use) {
        discardIvory(s, rec, p, 2);
        if (rec.loud) rec.push({ type: 'peek', seat: s.cur, site: locId(s, f.site), reveals: true });
        s.peeked[s.cur]! |= 1 << f.site;
        s.stack.push({ k: 'pick', site: f.site });
      } else {
        s.stack.push({ k: 'take', site: f.site, depth: 0 });
      }
      break;
    case 'pick':
      expectFrame(f, 'pick');
      s.stack.push({ k: 'take', site: f.site, depth: c.depth });
      break;
    case 'lift':
      expectFrame(f, 'lift');
      s.stack.push({ k: 'lay', from: b.trailOf[c.trail]!, left: f.left, avoid: f.avoid });
      break;
    case 'lay': {
      expectFrame(f, 'lay');
      const to = b.trailOf[c.trail]!;
      s.owners[f.from]! &= ~(1 << s.cur);
      s.owners[to]! |= 1 << s.cur;
      if (rec.loud) rec.push({ type: 'pathwayMoved', seat: s.cur, from: trailId(s, f.from), trail: c.trail });
      // IV3-4: each opponent holding it gets a ration per pathway moved.
      for (let q = 0; q < s.seats; q++)
        if (q !== s.cur && holds(s.players[q]!, IVORY_TILES.rivalMovesRation)) gainRations(s, rec, q, 1, WHY.iv34);
      if (f.left > 1) s.stack.push({ k: 'lift', left: f.left - 1, avoid: f.from, fresh: to });
      break;
    }
    case 'bonus': // RR-TB-7
      if (c.pick === 'toolbox') {
        p.reserve--;
        p.tb[BOTTOM]!++;
        if (rec.loud) rec.push({ type: 'toolboxAdded', seat: s.cur });
      } else {
        gainVp(s, rec, 2, WHY.shovel1, false);
      }
      break;
    case 'neighbour':
      // PU-7, D-15: as if standing there, from the purple temple: a ruin's pathway goes next to the
      // explorer, and a neighbour's PU-7 chains from here.
      beginExploration(s, rec, b.locIndex.get(c.site)!, 'neighbour');
      break;
    case 'extra': // IV1-6, RR-END-2: no 2 VP for this discard
      if (c.use) {
        discardIvory(s, rec, p, 1);
        s.extra = 1;
        startTurn(s, rec);
      } else {
        s.extra = 2;
        finish(s, rec);
      }
      break;
  }
}
