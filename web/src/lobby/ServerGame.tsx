import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { GameScreen } from '../game/GameScreen.js';
import { seatStyle } from '../game/seat-style.js';
import { ApiError, forgetSeat, heldSeat, joinGame, linkKey, saveSeat, savedName, type HeldSeat } from '../net/api.js';
import { ServerSession, type Connection } from '../net/server-session.js';
import type { Snapshot } from '../net/session.js';
import { JoinPrompt } from './JoinPrompt.js';
import { RematchPanel } from './RematchPanel.js';
import { SeatPanel } from './SeatPanel.js';
import './lobby.css';
import { cleanName } from '../../../src/core/text.js';
import { ChatPanel } from '../chat/ChatPanel.js';
import { TableChat } from '../chat/table-chat.js';

/** A seat this page may take with its link's key. */
interface SeatKey {
  readonly seat: number;
  readonly key: string | null;
}

type Phase =
  /** A link joiner types the name to sit down with first. */
  | ({ readonly kind: 'naming' } & SeatKey)
  /** `name` unset: the seat keeps the name it has. */
  | ({ readonly kind: 'joining'; readonly name?: string } & SeatKey)
  | ({ readonly kind: 'taken'; readonly message: string } & SeatKey)
  | { readonly kind: 'failed'; readonly message: string }
  /** `retake`: the seat this browser held until its link was opened elsewhere, to take back here. */
  | { readonly kind: 'ready'; readonly held: HeldSeat | null; readonly notice?: string; readonly retake?: SeatKey };

/** The seat a link asks for (`?seat=N`), if any. */
export function seatParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('seat');
  if (raw === null || !/^\d$/.test(raw)) return null;
  return Number(raw);
}

/** A rated game's seats are for accounts, one seat each: its refusals of a seat, in words. */
const RATED_SEAT_REFUSALS: Readonly<Record<string, string>> = {
  'signed-out': 'ratings:rated.signInToSit',
  'already-seated': 'ratings:rated.alreadySeated',
  'seat-taken': 'ratings:rated.seatTaken',
};

// One join per game and seat at a time, even when React runs the effect twice: a second POST
// would revoke the token the first one got.
const joins = new Map<string, Promise<HeldSeat>>();
function claim(id: string, seat: number, key: string | null, name?: string): Promise<HeldSeat> {
  const k = `${id}:${seat}`;
  let p = joins.get(k);
  if (!p) {
    p = joinGame(id, seat, name, key ?? undefined).then((r) => {
      const held = { token: r.token, seat: r.seat, key: r.key };
      saveSeat(id, held);
      return held;
    });
    void p.then(
      () => joins.delete(k),
      () => joins.delete(k),
    );
    joins.set(k, p);
  }
  return p;
}

/**
 * A game on the server at /game/:id. With a seat link (`?seat=N#key=…`) and no token for this game
 * yet, it asks for a name, then takes seat N with the link's key (from another device of the same
 * player too: the link is the seat); without a token the visitor watches as a spectator.
 */
export function ServerGame({ id }: { id: string }) {
  const { t } = useTranslation('lobby');
  const search = useSearch();
  const [, navigate] = useLocation();
  const wanted = seatParam(search);
  const [phase, setPhase] = useState<Phase>(() => {
    const held = heldSeat(id);
    if (wanted === null) return { kind: 'ready', held };
    // The fragment never reaches the server; read once, then the address is cleaned below.
    if (!held) {
      const key = linkKey(location.hash);
      // A friend's link asks for a name first. Without a key it is the lobby's "take seat" of an
      // open game, whose name field is just above it (and a friends game refuses it at once).
      return key
        ? { kind: 'naming', seat: wanted, key }
        : { kind: 'joining', seat: wanted, key, name: cleanName(savedName()) || undefined };
    }
    // One seat per browser and game: a link to another seat does not replace the one held here.
    return held.seat === wanted
      ? { kind: 'ready', held }
      : { kind: 'ready', held, notice: t('game.otherSeatHeld', { letter: seatStyle(held.seat).letter }) };
  });
  const [session, setSession] = useState<{ readonly s: ServerSession; readonly token: string | null; readonly chat: TableChat } | null>(
    null,
  );
  const [snap, setSnap] = useState<Snapshot | null>(null);
  const [connection, setConnection] = useState<Connection>('connecting');
  // The key of a link to the seat this browser holds already: should the token kept here have been
  // revoked meanwhile (the link was opened elsewhere), opening the link again takes the seat back.
  const relink = useRef(wanted !== null && heldSeat(id)?.seat === wanted ? linkKey(location.hash) : null);

  // The seat link has done its work once this browser holds a token: keep the address clean to share or bookmark.
  useEffect(() => {
    if (wanted !== null && phase.kind === 'ready') navigate(`/game/${id}`, { replace: true });
  }, [wanted, phase.kind, id, navigate]);

  useEffect(() => {
    if (phase.kind !== 'joining') return;
    let live = true;
    claim(id, phase.seat, phase.key, phase.name).then(
      (held) => live && setPhase({ kind: 'ready', held }),
      (e: unknown) => {
        if (!live) return;
        const message = e instanceof Error ? e.message : String(e);
        if (e instanceof ApiError && e.code === 'bad_token') setPhase({ kind: 'taken', seat: phase.seat, key: phase.key, message });
        else if (e instanceof ApiError && e.code === 'no_game') setPhase({ kind: 'failed', message: t('game.noGame', { id }) });
        else if (e instanceof ApiError && RATED_SEAT_REFUSALS[e.code])
          setPhase({ kind: 'failed', message: t(RATED_SEAT_REFUSALS[e.code]!) });
        else setPhase({ kind: 'failed', message: t('failed', { message }) });
      },
    );
    return () => {
      live = false;
    };
  }, [id, phase, t]);

  // The rematch: this seat's token there is kept at once; the page goes there when it saw the offer
  // being made (a page opened on the old game later only shows the way).
  const sawOffer = useRef(false);
  const rematch = snap?.rematch;
  useEffect(() => {
    if (!rematch) return;
    const next = rematch.next;
    if (!next) {
      if (rematch.waiting.length > 0) sawOffer.current = true;
      return;
    }
    if (next.token !== undefined && next.seat !== undefined && next.key !== undefined)
      saveSeat(next.game, { token: next.token, seat: next.seat, key: next.key });
    if (sawOffer.current) navigate(`/game/${next.game}`);
  }, [rematch, navigate]);

  const token = phase.kind === 'ready' ? (phase.held?.token ?? null) : undefined;
  useEffect(() => {
    if (token === undefined) return;
    const s = new ServerSession(id, token);
    // Before the socket's first message: the chat reads the welcome's part.
    const chat = new TableChat(s);
    setSession({ s, token, chat });
    setSnap(null);
    const offSnap = s.subscribe(setSnap);
    const offConn = s.onConnection((c, fatal) => {
      setConnection(c);
      const again = relink.current;
      // Only the first hello of the token kept here may be answered by taking the seat back: later,
      // the link opened elsewhere wins, or two browsers would take the seat from each other forever.
      if (c === 'open' || fatal) relink.current = null;
      if (!fatal) return;
      if (fatal.code === 'bad_token' && token !== null) {
        const held = heldSeat(id);
        forgetSeat(id);
        if (held && again) {
          // The seat's link, opened here again after it moved elsewhere: it comes back here.
          setPhase({ kind: 'joining', seat: held.seat, key: again });
          return;
        }
        // The seat's link was opened on another device (or the game was reset): watch instead,
        // and offer to take the seat back here with the link's key this browser still knows.
        const retake = held?.key ? { seat: held.seat, key: held.key } : undefined;
        setPhase({ kind: 'ready', held: null, notice: t('game.tokenLost'), ...(retake ? { retake } : {}) });
      } else if (fatal.code === 'no_game') {
        setPhase({ kind: 'failed', message: t('game.noGame', { id }) });
      } else {
        setPhase({ kind: 'failed', message: t('failed', { message: fatal.message }) });
      }
    });
    return () => {
      offSnap();
      offConn();
      chat.close();
      s.close();
    };
  }, [id, token, t]);

  if (phase.kind === 'naming') {
    const watch = () => {
      navigate(`/game/${id}`, { replace: true });
      setPhase({ kind: 'ready', held: null });
    };
    return (
      <div className="server-game">
        <JoinPrompt id={id} seat={phase.seat} onJoin={(name) => setPhase({ ...phase, kind: 'joining', name })} onWatch={watch} />
      </div>
    );
  }
  if (phase.kind === 'joining') {
    return (
      <div className="server-game">
        <p className="loading" role="status">
          {t('game.joining', { letter: seatStyle(phase.seat).letter })}
        </p>
      </div>
    );
  }
  if (phase.kind === 'taken' || phase.kind === 'failed') {
    return (
      <div className="server-game">
        <div className="page-message" role="alert" data-testid={phase.kind === 'taken' ? 'seat-taken' : 'game-error'}>
          <p>
            {phase.kind === 'taken' ? t(phase.key ? 'game.badKey' : 'game.taken', { letter: seatStyle(phase.seat).letter }) : phase.message}
          </p>
          <div className="actions">
            {phase.kind === 'taken' && (
              <button
                type="button"
                onClick={() => {
                  navigate(`/game/${id}`, { replace: true });
                  setPhase({ kind: 'ready', held: null });
                }}
                data-testid="watch-instead"
              >
                {t('game.watchInstead')}
              </button>
            )}
            <Link href="/" className="button-link secondary">
              {t('common:back')}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  if (!session || session.token !== token) return <p className="loading">{t('common:loading')}</p>;
  const retake = phase.retake;
  return (
    <div className="server-game" data-testid="server-game">
      <GameScreen
        key={String(token)}
        session={session.s}
        endActions={snap && <RematchPanel snap={snap} answer={(accept) => session.s.answerRematch(accept)} />}
        aside={
          <>
            <SeatPanel
              id={id}
              snap={snap}
              connection={connection}
              notice={phase.notice ?? null}
              ownKey={phase.held?.key ?? null}
              onRetake={retake ? () => setPhase({ kind: 'joining', ...retake }) : undefined}
              token={token}
              onReclaim={() => session.s.rejoin()}
            />
            {snap && <ChatPanel chat={session.chat} seats={snap.seats} />}
          </>
        }
      />
    </div>
  );
}
