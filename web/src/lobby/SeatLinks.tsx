import { useTranslation } from 'react-i18next';
import { CopyLink } from './CopyLink.js';

export interface SeatLinkItem {
  readonly seat: number;
  readonly label: string;
  readonly url: string;
}

/** Seat links to copy, with what every holder of such a link must know: the link is the seat. */
export function SeatLinks({ links }: { links: readonly SeatLinkItem[] }) {
  const { t } = useTranslation('lobby');
  if (links.length === 0) return null;
  return (
    <div className="seat-links">
      {links.map((l) => (
        <CopyLink key={l.seat} label={l.label} url={l.url} testId={`share-${l.seat}`} />
      ))}
      <p className="hint link-is-seat" data-testid="link-is-seat">
        {t('linkIsSeat')}
      </p>
    </div>
  );
}
