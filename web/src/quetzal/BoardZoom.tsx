import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The board fits the width of any screen; on a phone a button enlarges it to a readable size and
 * lets it pan sideways (issue 15 §4), and back. Above phone width the button is not shown.
 */
export function BoardZoom({ children }: { children: ReactNode }) {
  const { t } = useTranslation('q-explain');
  const [zoomed, setZoomed] = useState(false);
  return (
    <div className={`q-zoom${zoomed ? ' is-zoomed' : ''}`} data-testid="board-zoom">
      <div className="q-zoom-bar">
        <button
          type="button"
          className="secondary q-zoom-toggle"
          aria-pressed={zoomed}
          data-testid="board-zoom-toggle"
          onClick={() => setZoomed(!zoomed)}
        >
          <span aria-hidden="true">{zoomed ? '⤡' : '⤢'}</span> {zoomed ? t('zoom.out') : t('zoom.in')}
        </button>
        {zoomed && <span className="q-zoom-hint">{t('zoom.hint')}</span>}
      </div>
      <div className="q-zoom-frame" data-testid="board-zoom-frame">
        {children}
      </div>
    </div>
  );
}
