import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice, HintResult, Snapshot } from '../net/session.js';
import { choiceJson } from './choice-json.js';

/**
 * Hints: the greedy bot's suggestion for the viewer's decision, from what the
 * viewer's seat knows, and the term of the bot's estimate it gains the most in by the end of the
 * turn. Asked of the session (the server, or the offline worker); marked on every element that
 * offers the choice, until the next state.
 */

export type { HintResult };

/**
 * Whether the viewer may ask for a hint: its own decision in a game under way where every other
 * seat was created as a bot (a person's seat handed to a bot is still a person's). The server and
 * the offline engine check the same; a hot-seat game of two people gets none.
 */
export function hintAllowed(snap: Snapshot): boolean {
  const { seat, view } = snap;
  if (seat === null || snap.status !== 'active' || view.result || view.toAct !== seat) return false;
  if (!view.choices || view.choices.length === 0) return false;
  return snap.seats.every((s) => s.seat === seat || s.kind === 'bot');
}

/** The hinted choice's JSON (choiceJson), or null when no hint is shown. */
export const HintContext = createContext<string | null>(null);

/**
 * The Hint button and its sentence (HintBar) where hints are allowed, else null: the frame of the
 * viewer's own decision (decision.tsx) shows it beside its instruction, in both games.
 */
export const HintBarSlot = createContext<ReactNode>(null);

/** Whether the hinted choice is `choice`, or one of `choices` (a board target that leads to several). */
export function useHinted(choices: Choice | readonly Choice[] | undefined | null): boolean {
  const hinted = useContext(HintContext);
  if (hinted === null || !choices) return false;
  const list: readonly Choice[] = Array.isArray(choices) ? choices : [choices as Choice];
  return list.some((c) => choiceJson(c) === hinted);
}

/** The attribute a choice-bearing element takes when it carries the hint (game.css outlines it). */
export function hintedProps(hinted: boolean): { 'data-hinted'?: '' } {
  return hinted ? { 'data-hinted': '' } : {};
}

/**
 * Brings a marked button into view within its list (a long list of places scrolls inside the
 * decision panel); the page itself moves only when the button is off screen.
 */
export function useRevealHinted(ref: RefObject<HTMLElement | null>, hinted: boolean): void {
  useEffect(() => {
    if (hinted) ref.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [ref, hinted]);
}

/** What an element carrying the hint adds to its accessible name: ", suggested". */
export function useHintLabel(hinted: boolean): string {
  const { t } = useTranslation('hint');
  return hinted ? `, ${t('marked')}` : '';
}

/** The sentence saying why: "Suggested: it gains the most in relics (+3.2)". */
export function HintReason({ game, hint }: { game: string; hint: HintResult }) {
  const { t, i18n } = useTranslation('hint');
  const { term, gain } = hint.reason;
  const name = t(`term.${game}.${term}`, { defaultValue: term });
  const amount = new Intl.NumberFormat(i18n.language, {
    signDisplay: 'exceptZero',
    maximumFractionDigits: 1,
    minimumFractionDigits: 1,
  }).format(gain);
  // A gain that rounds to nothing is no reason to give ("it loses the least … (0.0)").
  const key = Math.abs(gain) < 0.05 ? 'reasonEven' : gain > 0 ? 'reason' : 'reasonLoss';
  return (
    <p className="hint-reason" data-testid="hint-reason" role="status">
      {t(key, { term: name, gain: amount })}
    </p>
  );
}

/** The Hint button and, once answered, the sentence; rendered near the decision by each game's table. */
export function HintBar({
  game,
  hint,
  asking,
  error,
  onAsk,
}: {
  game: string;
  hint: HintResult | null;
  asking: boolean;
  error: string | null;
  onAsk: () => void;
}) {
  const { t } = useTranslation('hint');
  return (
    <div className={`hint-bar${hint || error ? ' has-reason' : ''}`} data-testid="hint-bar">
      <button
        type="button"
        className="secondary hint-button"
        data-testid="hint-button"
        disabled={asking}
        aria-busy={asking}
        onClick={onAsk}
      >
        {asking ? t('busy') : t('button')}
      </button>
      {hint && <HintReason game={game} hint={hint} />}
      {error && (
        <p className="hint-error" role="alert">
          {t('failed', { message: error })}
        </p>
      )}
    </div>
  );
}

/** A small "hint" badge for an HTML element carrying the hint (beside its outline, so not colour alone). */
export function HintBadge({ show }: { show: boolean }) {
  const { t } = useTranslation('hint');
  return show ? (
    <span className="hint-badge" data-testid="hint-badge">
      {t('badge')}
    </span>
  ) : null;
}

/**
 * The "hint" badge of a board target drawn in SVG: a pill at the top right corner of the target's
 * box (measured once drawn), beside the outline game.css gives it, so the mark is not colour alone.
 */
export function SvgHintBadge({ target }: { target: RefObject<SVGGraphicsElement | null> }) {
  const { t } = useTranslation('hint');
  const [at, setAt] = useState<{ x: number; y: number; scale: number } | null>(null);
  useLayoutEffect(() => {
    const el = target.current;
    // jsdom draws nothing: no box to measure there.
    if (!el || typeof el.getBBox !== 'function') return;
    const b = el.getBBox();
    // A small target (a Quetzal banner) gets a smaller badge, so that it hides less of its neighbours.
    const scale = Math.min(1, Math.max(0.55, Math.min(b.width, b.height) / 70));
    setAt({ x: b.x + b.width, y: b.y, scale });
  }, [target]);
  if (!at) return null;
  return (
    <g
      className="hint-svg-badge"
      transform={`translate(${at.x.toFixed(1)},${at.y.toFixed(1)}) scale(${at.scale.toFixed(2)})`}
      aria-hidden="true"
      pointerEvents="none"
    >
      <rect x={-50} y={-15} width={56} height={26} rx={13} />
      <text x={-22} y={3} textAnchor="middle" dominantBaseline="middle">
        {t('badge')}
      </text>
    </g>
  );
}
