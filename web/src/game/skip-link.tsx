import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Where the page's skip links go: the first thing of the page, before the header (App.tsx). */
export const SKIP_LINKS_ID = 'skip-links';

/** The decision panel of a table (or its score screen once the game is over). */
const PANEL = '[data-testid="decision-panel"], [data-testid="score-screen"]';

/** What a choice or control of the panel must be to take the focus: enabled and shown (not in a closed <details>). */
function canFocus(el: HTMLElement): boolean {
  if ((el as HTMLButtonElement).disabled) return false;
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ checkVisibilityCSS: true }) : true;
}

/** The decision's first control: its first choice shown, else its first control (a list to open) but the Hint button. */
function firstControl(panel: HTMLElement): HTMLElement | null {
  const choice = [...panel.querySelectorAll<HTMLElement>('[data-choosable]')].find(canFocus);
  if (choice) return choice;
  const controls = panel.querySelectorAll<HTMLElement>('button:not(.hint-button), summary, a[href], select, input');
  return [...controls].find(canFocus) ?? null;
}

/**
 * Moves the focus to the decision panel inside `root`: to its first control (`first`), or to the
 * panel itself when it has none (someone else decides) or when asked so (the skip link, which lands
 * before the panel's instruction). The panel is made focusable here (not tabbable: tabindex -1) so
 * that every game's panels get it without each one saying so. Only a keyboard user's view scrolls
 * to it: a click on the board must not make a phone's page jump.
 */
export function focusDecision(root: HTMLElement | null, scroll: boolean, first = false): boolean {
  const panel = root?.querySelector<HTMLElement>(PANEL);
  if (!panel) return false;
  const control = first ? firstControl(panel) : null;
  if (control) {
    control.focus({ preventScroll: !scroll });
    return true;
  }
  if (!panel.hasAttribute('tabindex')) panel.tabIndex = -1;
  panel.focus({ preventScroll: !scroll });
  return true;
}

/** "Skip to your decision": the first stop of the Tab key on a table page, shown when focused. */
export function SkipToDecision({ screen }: { screen: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('keyboard');
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(SKIP_LINKS_ID)), []);
  if (!slot) return null;
  return createPortal(
    <a
      href="#decision"
      className="skip-link"
      data-testid="skip-to-decision"
      onClick={(e) => {
        e.preventDefault();
        focusDecision(screen.current, true);
      }}
    >
      {t('skipToDecision')}
    </a>,
    slot,
  );
}
