import { createRng, shuffle, type Rng } from '../../core/rng.js';
import { cloneState, type Frame, type State } from './state.js';

/**
 * A state sampled from what `seat` knows (Q-HID-1): the cards it has not seen (other hands, the
 * deck, another seat's pending templeDraw pair) are dealt again at random with every hand size
 * kept; cards the seat itself put under the deck stay where they are. The upgrade stack and the
 * automaton deck are shuffled, and future rolls get a new seed.
 */
export function determinize(src: State, seat: number, rng: Rng): State {
  const s = cloneState(src);
  const known = new Set(s.bottomKnown[seat]);
  const pool: number[] = [];
  s.players.forEach((p, q) => {
    if (q !== seat) pool.push(...p.hand);
  });
  const deckSlots: number[] = [];
  s.deck.forEach((c, i) => {
    if (!known.has(c)) {
      pool.push(c);
      deckSlots.push(i);
    }
  });
  const keepAt: number[] = [];
  s.stack.forEach((f, i) => {
    if (f.k === 'keep' && f.seat !== seat) {
      pool.push(...f.cards);
      keepAt.push(i);
    }
  });
  shuffle(rng, pool);
  let k = 0;
  s.players.forEach((p, q) => {
    if (q === seat) return;
    for (let i = 0; i < p.hand.length; i++) p.hand[i] = pool[k++]!;
  });
  for (const i of deckSlots) s.deck[i] = pool[k++]!;
  for (const i of keepAt) {
    const f = s.stack[i] as Extract<Frame, { k: 'keep' }>;
    s.stack[i] = { ...f, cards: f.cards.map(() => pool[k++]!) };
  }
  // Other seats' knowledge of the deck bottom is not this seat's to keep.
  s.bottomKnown = s.bottomKnown.map((b, q) => (q === seat ? b : b.filter((c) => s.deck.includes(c))));
  shuffle(rng, s.upStack);
  if (s.auto) shuffle(rng, s.auto.deck);
  s.rng = createRng(rng.u32()).state();
  return s;
}
