import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HintContext } from '../game/hint.js';

/**
 * The board fits the width of any screen; on a phone a button enlarges it to a readable size and
 * lets it pan sideways, and back. Above phone width the button is not shown.
 */
export function BoardZoom({ children }: { children: ReactNode }) {
  const { t } = useTranslation('q-explain');
  const [zoomed, setZoomed] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const hinted = useContext(HintContext);
  // Zoomed in, the board is wider than the screen: a hint marked off screen is brought into view.
  useEffect(() => {
    if (!zoomed || hinted === null) return;
    frame.current?.querySelector('[data-hinted]')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [zoomed, hinted]);
  return (
    <div className={`q-zoom${zoomed ? ' is-zoomed' : ''}`} data-testid="board-zoom">
      {/* On the board's corner, not a line above it: the board starts near the top of a phone's screen. */}
      <button
        type="button"
        className="secondary q-zoom-toggle"
        aria-pressed={zoomed}
        aria-label={zoomed ? t('zoom.out') : t('zoom.in')}
        title={zoomed ? t('zoom.out') : t('zoom.in')}
        data-testid="board-zoom-toggle"
        onClick={() => setZoomed(!zoomed)}
      >
        <span aria-hidden="true">{zoomed ? '⤡' : '⤢'}</span>
      </button>
      <div className="q-zoom-frame" data-testid="board-zoom-frame" ref={frame}>
        {children}
      </div>
      {zoomed && <p className="q-zoom-hint">{t('zoom.hint')}</p>}
    </div>
  );
}
