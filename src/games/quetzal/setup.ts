import { InvalidInput } from '../../core/errors.js';
import { silentRecorder, type EventRecorder } from '../../core/events.js';
import { shuffle, type Rng } from '../../core/rng.js';
import { AUCTIONS, CARD_COUNT, DATA, SITES, UPGRADE_TILES, type AuctionId, type UpgradeId } from './data.js';
import type { QEvent } from './events.js';
import { automatonPlace, villageSize } from './rules.js';
import type { Bid, Options, Player, State } from './state.js';

export const DEFAULT_OPTIONS: Options = { startSeat: 0 };

/** Validates options, filling defaults: {startSeat?} (Q-SET-3). */
export function parseOptions(raw: unknown, seats?: number): Options {
  if (raw === undefined || raw === null) return DEFAULT_OPTIONS;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new InvalidInput('options must be an object');
  const r = raw as Record<string, unknown>;
  for (const k of Object.keys(r)) if (k !== 'startSeat') throw new InvalidInput(`unknown option "${k}" (known: startSeat)`);
  const startSeat = r.startSeat ?? DEFAULT_OPTIONS.startSeat;
  if (
    typeof startSeat !== 'number' ||
    !Number.isInteger(startSeat) ||
    startSeat < 0 ||
    startSeat > 4 ||
    (seats !== undefined && startSeat >= seats)
  ) {
    throw new InvalidInput('option "startSeat" must be a seat number (0-based)');
  }
  return { startSeat };
}

export function newPlayer(team: number, coins: number): Player {
  return { coins, vp: 0, disc: 0, hand: [], secret: [], team, fig: [0, 0, 0, 0], leaderHome: false, ups: [], got: [], used: [] };
}

export function emptyBids(): Record<AuctionId, Bid | null> {
  return Object.fromEntries(AUCTIONS.map((a) => [a, null])) as Record<AuctionId, Bid | null>;
}

/**
 * A new game (Q-SET-1..6, Q-2P-1..2): decks shuffled, displays dealt, first roll pending. The
 * automaton's round-1 placement goes to `rec` (silent for play; the log's opening reads it).
 */
export function setupState(opts: Options, seats: number, rng: Rng, rec: EventRecorder<QEvent> = silentRecorder()): State {
  if (!Number.isInteger(seats) || seats < 2 || seats > 5) throw new InvalidInput(`quetzal needs 2–5 seats, got ${seats}`);
  if (opts.startSeat >= seats) throw new InvalidInput(`option "startSeat" ${opts.startSeat} is not a seat of a ${seats}-seat game`);
  const deck = shuffle(
    rng,
    Array.from({ length: CARD_COUNT }, (_, i) => i),
  );
  // Q-SET-2: the 24 upgrade tiles shuffled face down (3 go face up on the Village display below).
  const upStack = shuffle(rng, UPGRADE_TILES.slice());
  const autoDeck =
    seats === 2
      ? shuffle(
          rng,
          DATA.automaton.cards.map((_, i) => i),
        )
      : null;
  // Q-SET-5: the leader plus the team figures of the player count; VP and discovery start at 0.
  const team = DATA.setup.teamFigures[String(seats)]!;
  const players: Player[] = [];
  // Q-SET-4: coins by seat counted from the start player.
  for (let q = 0; q < seats; q++) players.push(newPlayer(team, DATA.setup.coinsFromStart[(q - opts.startSeat + seats) % seats]!));
  const s: State = {
    opts,
    seats,
    round: 1,
    phase: 'roll',
    start: opts.startSeat,
    players,
    deck,
    discard: [],
    temple: new Array<number>(DATA.setup.templeDisplay).fill(-1),
    sites: SITES.map(() => new Array<number>(DATA.setup.siteCards).fill(-1)),
    village: new Array<UpgradeId | null>(DATA.setup.villageDisplay).fill(null),
    upStack,
    stele: [null],
    templeB: [null, null, null, null, null],
    villageB: [null, null, null],
    bids: emptyBids(),
    camp: new Array<number>(seats).fill(0),
    harbour: new Array<number>(seats).fill(0),
    auto: autoDeck ? { deck: autoDeck, card: null, drawn: 0 } : null,
    rng: rng.playState(),
    bottomKnown: Array.from({ length: seats }, () => []),
    cur: opts.startSeat,
    turnNo: 0,
    stack: [{ k: 'roll' }],
    over: false,
    cache: [],
  };
  s.village.length = villageSize(s);
  // Deal 14 cards face up: the Temple's 8, then 2 per excavation site (Q-SET-1).
  for (let i = 0; i < s.temple.length; i++) s.temple[i] = s.deck.pop()!;
  for (const site of s.sites) for (let i = 0; i < site.length; i++) site[i] = s.deck.pop()!;
  for (let i = 0; i < s.village.length; i++) s.village[i] = s.upStack.pop()!; // Q-SET-2
  // Q-2P-1: the automaton places before round 1's roll, as before every later round.
  automatonPlace(s, rec);
  return s;
}
