import { useContext, useRef, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { BaseView, Choice, SeatInfo } from '../net/session.js';
import { choiceJson } from './choice-json.js';
import { HintBadge, HintBarSlot, hintedProps, useHinted, useRevealHinted } from './hint.js';
import { seatName } from './names.js';
import { ReplayStep } from './replay-context.js';

/**
 * The parts every game's decision panel is made of: the frame of the viewer's own decision, the
 * panel shown while someone else decides, one button per choice, and undo. The browser tests and
 * the bench find choices by data-choosable, data-choice and data-testid="choice-<t>".
 */

export { choiceJson };

export interface ChoiceButtonProps<C extends Choice> {
  readonly choice: C;
  readonly choose: (c: C) => void;
  readonly busy: boolean;
  readonly label: ReactNode;
  /** Drawn lighter: declining, passing, ending. */
  readonly secondary?: boolean;
  /** Default: choice-<t>. */
  readonly testId?: string;
  /** Shown under the label (a tile's rule, what a placement uses). */
  readonly children?: ReactNode;
}

/** One legal choice as a button. */
export function ChoiceButton<C extends Choice>({ choice, choose, busy, label, secondary, testId, children }: ChoiceButtonProps<C>) {
  const hinted = useHinted(choice);
  const ref = useRef<HTMLButtonElement>(null);
  useRevealHinted(ref, hinted);
  return (
    <button
      ref={ref}
      type="button"
      className={secondary ? 'secondary' : undefined}
      data-choosable=""
      data-choice={choiceJson(choice)}
      {...hintedProps(hinted)}
      data-testid={testId ?? `choice-${choice.t}`}
      disabled={busy}
      onClick={() => choose(choice)}
    >
      <span className="choice-label">{label}</span>
      <HintBadge show={hinted} />
      {children}
    </button>
  );
}

/** Takes back the viewer's own last choice, when the rules allow it; nothing otherwise. */
export function UndoButton({ canUndo, busy, onUndo, label }: { canUndo: boolean; busy: boolean; onUndo: () => void; label: string }) {
  return canUndo ? (
    <button type="button" className="secondary undo" data-testid="undo" disabled={busy} onClick={onUndo}>
      {label}
    </button>
  ) : null;
}

/**
 * Someone else owes the decision: who, and what they decide. `t` is the game's namespace, where
 * `panel.title`, `panel.waiting` and `<whatKeys>.<decision>` (with `.other`) are.
 */
export function WaitingPanel({
  view,
  seats,
  t,
  whatKeys,
  undo,
}: {
  view: BaseView;
  seats: readonly SeatInfo[];
  t: TFunction;
  whatKeys: string;
  undo: ReactNode;
}) {
  const replay = useContext(ReplayStep);
  const who = (seat: number) => ({
    name: seatName(seats, seat, t),
    what: t(`${whatKeys}.${view.decision ?? 'other'}`, { defaultValue: t(`${whatKeys}.other`) }),
  });
  return (
    <section className="decision-panel waiting" data-testid="decision-panel" aria-label={t('panel.title')}>
      {view.toAct !== null && (
        <p className="instruction">
          {/* A replay waits for nobody: it says which move it shows and whose decision comes next. */}
          {replay ? t('replay:panel', { step: replay.step, moves: replay.moves, ...who(view.toAct) }) : t('panel.waiting', who(view.toAct))}
        </p>
      )}
      {undo}
    </section>
  );
}

/** The frame of the viewer's own decision: what to decide, the game's controls, then undo. */
export function DecisionFrame({
  decision,
  title,
  busy,
  instruction,
  className,
  undo,
  children,
}: {
  decision: string | null;
  title: string;
  busy: boolean;
  instruction: ReactNode;
  /** The game's own class beside "decision-panel mine". */
  className?: string;
  undo: ReactNode;
  children: ReactNode;
}) {
  // Beside the instruction, not a block of its own: the panels below it stay on screen at 1280×800.
  const hintBar = useContext(HintBarSlot);
  return (
    <section
      className={`decision-panel mine${className ? ` ${className}` : ''}`}
      data-testid="decision-panel"
      data-decision={decision ?? ''}
      aria-label={title}
      aria-busy={busy}
    >
      <div className="decision-head">
        <p className="instruction">
          <strong>{instruction}</strong>
        </p>
        {hintBar}
      </div>
      {children}
      {undo}
    </section>
  );
}
