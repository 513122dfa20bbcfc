import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Where the page's skip links go: the first thing of the page, before the header (App.tsx). */
export const SKIP_LINKS_ID = 'skip-links';

/** The decision panel of a table (or its score screen once the game is over). */
const PANEL = '[data-testid="decision-panel"], [data-testid="score-screen"]';

/**
 * Moves the focus to the decision panel inside `root`. The panel is made focusable here (not
 * tabbable: tabindex -1) so that every game's panels get it without each one saying so. Only a
 * keyboard user's view scrolls to it: a click on the board must not make a phone's page jump.
 */
export function focusDecision(root: HTMLElement | null, scroll: boolean): boolean {
  const panel = root?.querySelector<HTMLElement>(PANEL);
  if (!panel) return false;
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
