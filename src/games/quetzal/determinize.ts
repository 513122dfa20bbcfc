import { shuffle, type Rng } from '../../core/rng.js';
import { silentRecorder } from '../../core/events.js';
import { decider, settle } from './rules.js';
import { cloneState, type State } from './state.js';

/**
 * A state sampled from what `seat` knows (Q-HID-1): the cards it has not seen (other seats' cards
 * drawn face down, the deck, another seat's pending templeDraw pair) are dealt again at random,
 * every hand size kept; cards taken face up (Temple picks, excavations) stay where everyone saw
 * them go, and cards the seat itself put under the deck stay where it put them. The upgrade
 * stack and the automaton deck are shuffled, and future rolls and reshuffles are drawn from a fork
 * of the bot's own generator (the fast one: what a sample draws reveals nothing).
 */
const byValue = <T extends number | string>(x: T, y: T): number => (x < y ? -1 : x > y ? 1 : 0);

export function determinize(src: State, seat: number, rng: Rng): State {
  return redraw(src, (q) => q === seat, rng);
}

/**
 * A state sampled from what the seats know between them (Game.redrawUnseen): every hand and every
 * card a seat put under the deck stay; the rest of the deck, the upgrade stack, the automaton deck
 * and future rolls are drawn again.
 */
export function redrawUnseen(src: State, rng: Rng): State {
  return redraw(src, () => true, rng);
}

/** Redraws what none of the seats `knows` accepts has seen. */
function redraw(src: State, knows: (q: number) => boolean, rng: Rng): State {
  const s = cloneState(src);
  const known = new Set(s.bottomKnown.flatMap((b, q) => (knows(q) ? b : [])));
  const pool: number[] = [];
  // Setters of the unseen places, in a fixed order.
  const slots: ((c: number) => void)[] = [];
  s.players.forEach((p, q) => {
    if (knows(q)) return;
    p.secret.forEach((c, k) => {
      pool.push(c);
      const i = p.hand.indexOf(c);
      slots.push((x) => {
        p.hand[i] = x;
        p.secret[k] = x;
      });
    });
  });
  // Other seats' knowledge of the deck bottom follows the position, whatever card lands there.
  const otherBottom = s.bottomKnown.map((b, q) => (knows(q) ? [] : b.map((c) => s.deck.indexOf(c))));
  s.deck.forEach((c, i) => {
    if (known.has(c)) return;
    pool.push(c);
    slots.push((x) => (s.deck[i] = x));
  });
  s.stack.forEach((f, i) => {
    if (f.k !== 'keep' || knows(f.seat)) return;
    const kf = f;
    const cards = kf.cards.slice();
    cards.forEach((c, j) => {
      pool.push(c);
      slots.push((x) => {
        cards[j] = x;
        s.stack[i] = { ...kf, cards: cards.slice() };
      });
    });
  });
  // Sorted first: the sample must depend on what the seat knows (which cards are unseen), never on
  // the hidden order the true state holds them in, or a bot's choice would leak that order.
  pool.sort((x, y) => x - y);
  shuffle(rng, pool);
  slots.forEach((set, i) => set(pool[i]!));
  s.bottomKnown = s.bottomKnown.map((b, q) => (knows(q) ? b : otherBottom[q]!.filter((i) => i >= 0).map((i) => s.deck[i]!)));
  s.upStack.sort(byValue);
  shuffle(rng, s.upStack);
  if (s.auto) {
    s.auto.deck.sort(byValue);
    shuffle(rng, s.auto.deck);
  }
  s.rng = rng.playState();
  // Another seat's hand may have been redrawn: its cached choices (cards to sell, to deliver) must
  // be those of the sample. A known hand's choices cannot change, so the searches skip the work.
  const actor = decider(s);
  if (!(actor !== null && knows(actor)) && !s.over) s.cache = settle(s, silentRecorder());
  return s;
}
