/**
 * The rematch of a finished game: a player offers it, every other player accepts (bots accept at
 * once) or one declines, which ends the offer for everyone. Once all have accepted, the game's
 * owner creates the new game (same game, options, clock, rated flag and bot level; seat i of this
 * game is seat i+1 there), takes each player's new seat for them, and tells each seat's
 * connections their new seat's token; everyone else is told which game to follow.
 *
 * The offer lives with the live game, at the process that plays it (every answer is played there,
 * relayed ones too); the new game's id is also stored in the old game's table log (a `rematch`
 * table event), so that no second rematch is made after a reload. The new seats' tokens are kept
 * in memory only (the store keeps none but hashed), and the game with them as long as an unfinished
 * game would be while a player away when the rematch was made has not been told theirs; a hello
 * after a reload is told the new game without them (a player signed in finds the seat in "Your
 * games").
 */
import type { Seat } from '../core/game.js';
import type { Hub, Joiner } from './hub.js';
import type { LiveGame, TableEvent } from './live-game.js';
import type { CreateGame, RematchMessage, RematchOffer } from './protocol.js';
import { Refusal } from './refusal.js';
import type { TableEntry } from './store.js';

/** A player's seat in the new game, as only that seat's connections are told it. */
interface NextSeat {
  readonly seat: Seat;
  readonly token: string;
  readonly key: string;
}

/** The new game, and each player's seat there by their seat in this one. */
export interface NextGame {
  readonly game: string;
  readonly seats: ReadonlyMap<Seat, NextSeat>;
}

export class Rematch {
  /**
   * The players (by seat) who accepted the offer under way; empty: none is. Arrays rather than a
   * Set: every live game holds one, and most never offer a rematch.
   */
  private accepted: Seat[] = [];
  /** Who declined the last offer (shown until a new offer). */
  private declined: Seat[] = [];
  private next: NextGame | null = null;
  /**
   * The players not yet told their seat in the new game (away when it was made): the tokens live
   * in this object only, so the game stays in memory for them as long as an unfinished game would.
   */
  private untold: Seat[] = [];
  /** +1 at each change: a welcome made before tells an older offer. */
  version = 0;

  constructor(private readonly table: LiveGame) {}

  /** The seats whose answer is awaited: human seats their player plays (a seat handed to a bot accepts at once, as a bot does). */
  people(): Seat[] {
    return this.table.seatConfigs.filter((c) => c.kind === 'human' && c.bot === null && c.claimed).map((c) => c.seat);
  }

  /** A stored table entry (the game is being loaded again): the rematch it tells exists already. */
  noteTableEntry(entry: TableEntry<readonly TableEvent[]>): void {
    for (const e of entry.events) if (e.type === 'rematch') this.next = { game: e.game, seats: new Map() };
  }

  /** The offer as `seat`'s connections may know it (null: a spectator); undefined when there is none. */
  offer(seat: Seat | null): RematchOffer | undefined {
    if (this.accepted.length === 0 && this.declined.length === 0 && this.next === null) return undefined;
    const people = this.people();
    const bots = this.table.seatConfigs.map((c) => c.seat).filter((s) => !people.includes(s));
    const open = this.accepted.length > 0 || this.next !== null;
    const accepted = open ? [...bots, ...(this.next ? people : this.accepted)].sort((a, b) => a - b) : [];
    const mine = seat === null ? undefined : this.next?.seats.get(seat);
    if (mine && this.untold.includes(seat!)) this.untold = this.untold.filter((s) => s !== seat);
    return {
      accepted,
      declined: [...this.declined],
      waiting: this.next || !open ? [] : people.filter((s) => !this.accepted.includes(s)),
      ...(this.next ? { next: { game: this.next.game, ...(mine ?? {}) } } : {}),
    };
  }

  /**
   * A player's answer: an accept offers the rematch (or joins the offer); the last one needed has
   * `start` create the new game. A decline ends the offer. Anything else is refused, changing nothing.
   */
  answer(seat: Seat, accept: boolean, start: () => Promise<NextGame>): Promise<void> {
    const g = this.table;
    return g.serial(async () => {
      if (g.closed) throw new Refusal('no_game', 'the game is closed');
      if (this.next) throw new Refusal('no_rematch', `the rematch exists already: game ${this.next.game}`);
      if (g.status !== 'finished') throw new Refusal('no_rematch', 'a rematch is offered once the game is over');
      const people = this.people();
      if (!people.includes(seat)) throw new Refusal('no_rematch', `seat ${seat} is played by a bot, which accepts at once`);
      if (!accept) {
        if (this.accepted.length === 0) throw new Refusal('no_rematch', 'no rematch is offered: there is nothing to decline');
        this.accepted = [];
        this.declined = [seat];
      } else {
        if (this.accepted.includes(seat)) return;
        // A new offer after a declined one.
        if (this.accepted.length === 0) this.declined = [];
        this.accepted = [...this.accepted, seat];
        if (people.every((s) => this.accepted.includes(s))) {
          try {
            this.next = await start();
            this.untold = [...this.next.seats.keys()];
          } catch (e) {
            this.accepted = this.accepted.filter((s) => s !== seat);
            throw e;
          }
          // Stored with the old game: a reload of it knows the rematch (and refuses a second one).
          await g
            .changeSeat(seat, {}, [{ type: 'rematch', game: this.next.game }])
            .catch((e: unknown) => g.log.error({ err: e }, 'the rematch could not be noted in the game log'));
        }
      }
      this.version++;
      this.tell();
    });
  }

  /** Whether a player's new token waits in memory to be told (see `untold`). */
  get keeping(): boolean {
    return this.untold.length > 0;
  }

  /** Tells every subscriber the offer: one text per audience, the new seat's token only to that seat's connections. */
  private tell(): void {
    const texts = new Map<Seat | null, string>();
    for (const sub of this.table.subscribers) {
      let text = texts.get(sub.seat);
      if (text === undefined) {
        const offer = this.offer(sub.seat);
        if (!offer) continue;
        texts.set(sub.seat, (text = JSON.stringify({ type: 'rematch', ...offer } satisfies RematchMessage)));
      }
      sub.sendText(text);
    }
  }
}

/** Where seat `seat` of an `n`-seat game sits in its rematch: one seat on. */
export const rotated = (seat: Seat, n: number): Seat => (seat + 1) % n;

/** A player's answer to the rematch of `game` (played by this process): see Rematch.answer. */
export function answerRematch(hub: Hub, game: LiveGame, seat: Seat, accept: boolean): Promise<void> {
  return game.rematch.answer(seat, accept, () => startRematch(hub, game));
}

/**
 * Creates the rematch of a finished game and takes each player's seat there for them, as the
 * HTTP routes would: a seat attached to an account stays that account's (a rated game's seat is
 * joined as the account; an unrated one is attached to it), so that the account's other devices
 * list it in "Your games".
 */
async function startRematch(hub: Hub, g: LiveGame): Promise<NextGame> {
  const n = g.seatConfigs.length;
  const people = new Set(g.rematch.people());
  const rated = g.stored.rated;
  const seats: CreateGame['seats'] = new Array<CreateGame['seats'][number]>(n);
  for (const c of g.seatConfigs) {
    const name = c.name !== null && !rated ? { name: c.name } : {};
    seats[rotated(c.seat, n)] = people.has(c.seat)
      ? { kind: 'human', ...(c.name !== null ? { name: c.name } : {}) }
      : c.kind === 'bot' && c.bot !== null
        ? { kind: 'bot', bot: c.bot, ...name }
        : // A player who left: the game's bot level plays the seat.
          { kind: 'bot', bot: g.botLevel };
  }
  const s = g.settings;
  const req: CreateGame = {
    game: g.game.id,
    seats,
    options: g.stored.options as Record<string, unknown>,
    ...(s.clock ? { clock: s.clock } : {}),
    botDelayMs: s.botDelayMs,
    ...(s.awayAfterMs !== undefined ? { awayAfterMs: s.awayAfterMs } : {}),
    ...(s.botLevel !== undefined ? { botLevel: s.botLevel } : {}),
    ...(rated ? { rated: true } : {}),
    open: false,
  };
  const { id, invites } = await hub.create(req);
  const accounts = await hub.store.ratings.seatAccounts(g.id);
  const told = new Map<Seat, NextSeat>();
  for (const old of people) {
    const seat = rotated(old, n);
    const key = invites.find((i) => i.seat === seat)!.key;
    const account = accounts.get(old);
    const joiner: Joiner | null = rated && account !== undefined ? { id: account, name: g.seatConfigs[old]!.name ?? '' } : null;
    const j = await hub.join(id, seat, undefined, key, joiner);
    if (!rated && account !== undefined) await hub.store.accounts.attachSeat(account, id, seat, Date.now());
    told.set(old, { seat, token: j.token, key: j.key });
  }
  return { game: id, seats: told };
}
