import type { Rng } from '../../core/rng.js';
import { shuffle } from '../../core/rng.js';
import { cloneState, type State } from './state.js';
import { BLUE, IVORY, PURPLE, tileColour, tileLevel, tileSet, type Level } from './tiles.js';

/**
 * A state sampled from what `seat` knows: every tile it has not seen (face-down stack tiles,
 * other seats' unrevealed blue tiles, the box) is redrawn among the tiles of the same colour and
 * size that it has not seen. Sizes are public (a tile's size shows), faces are not. VP stays: every
 * VP gain is a public event (D-19) that a perfect onlooker could add up.
 */
export function determinize(src: State, seat: number, rng: Rng): State {
  return redraw(src, src.peeked[seat]!, (q) => q === seat, rng);
}

/**
 * A state sampled from what the seats know between them (Game.redrawUnseen): only the tiles no
 * seat has seen are redrawn, the stacks nobody looked at; every seat keeps its blue tiles and what
 * it peeked at.
 */
export function redrawUnseen(src: State, rng: Rng): State {
  return redraw(
    src,
    src.peeked.reduce((a, b) => a | b, 0),
    () => true,
    rng,
  );
}

/** Redraws every tile outside the stacks in `peeked` (a bit set) and the blue tiles of the seats `knows` rejects. */
function redraw(src: State, peeked: number, knows: (q: number) => boolean, rng: Rng): State {
  const s = cloneState(src);
  // Slots to refill, grouped by colour*10+level; each slot is a setter.
  const slots = new Map<number, ((code: number) => void)[]>();
  const seen = new Map<number, number[]>();
  const addSlot = (code: number, set: (code: number) => void) => {
    const k = tileColour(code) * 10 + tileLevel(code);
    let a = slots.get(k);
    if (!a) slots.set(k, (a = []));
    a.push(set);
  };
  const addSeen = (code: number) => {
    const k = tileColour(code) * 10 + tileLevel(code);
    let a = seen.get(k);
    if (!a) seen.set(k, (a = []));
    a.push(code);
  };
  s.stacks.forEach((st, loc) => {
    if (s.colour[loc]! < 0) return;
    st.forEach((code, i) => {
      const known = (peeked & (1 << loc)) !== 0 || (tileColour(code) === PURPLE && i === st.length - 1);
      if (known) addSeen(code);
      else addSlot(code, (x) => (st[i] = x));
    });
  });
  s.players.forEach((p, q) => {
    for (const code of p.ivory) if (code !== 0) addSeen(code);
    p.blue.forEach((code, i) => {
      // At the end every blue tile is revealed (RR-END-3).
      if (knows(q) || p.blueShown[i] || s.over) addSeen(code);
      else addSlot(code, (x) => (p.blue[i] = x));
    });
  });
  for (const code of s.discards) addSeen(code);
  // The pending keep decision holds two public ivory tiles outside stacks and hands.
  for (const f of s.stack) if (f.k === 'keep') addSeen(f.taken);

  const box: number[] = [];
  for (const c of [IVORY, BLUE, PURPLE]) {
    for (const level of [1, 2, 3] as Level[]) {
      const k = c * 10 + level;
      const pool = tileSet(c, level, s.opts.gems);
      for (const code of seen.get(k) ?? []) {
        const i = pool.indexOf(code);
        if (i >= 0) pool.splice(i, 1);
      }
      shuffle(rng, pool);
      const sl = slots.get(k) ?? [];
      if (sl.length > pool.length)
        throw new Error(`determinize: ${sl.length} unseen slots but ${pool.length} unseen tiles (colour ${c}, level ${level})`);
      sl.forEach((set, i) => set(pool[i]!));
      box.push(...pool.slice(sl.length));
    }
  }
  s.box = box.sort((a, b) => a - b);
  return s;
}
