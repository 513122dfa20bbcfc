import { useTranslation } from 'react-i18next';
import { tileText, tileTitle } from './tiles.js';

/** An ivory or purple tile by name, its rule text on hover (title) and on focus or tap (disclosure). */
export function TileChip({ name }: { name: string }) {
  const { t } = useTranslation('tiles');
  const text = tileText(name, t);
  return (
    <details className="tile-chip" data-tile={name}>
      <summary title={text}>
        <span className="tile-name">{name}</span> <span className="tile-title">{tileTitle(name, t)}</span>
      </summary>
      <p className="tile-text">{text}</p>
    </details>
  );
}
