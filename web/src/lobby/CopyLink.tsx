import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A link to hand to a friend: shown in a read-only field (easy to select on a phone) with a copy button. */
export function CopyLink({ label, url, testId }: { label: string; url: string; testId?: string }) {
  const { t } = useTranslation('lobby');
  const id = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin, or refused): select the text so the player can copy it by hand.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setCopied(false);
    }
  };

  return (
    <div className="copy-link" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      <div className="copy-link-row">
        <input
          id={id}
          type="text"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId ? `${testId}-url` : undefined}
        />
        <button type="button" className="secondary" onClick={() => void copy()} aria-label={t('copyLabel', { what: label })}>
          {copied === true ? t('copied') : t('copy')}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {copied === true ? t('copied') : copied === false ? t('copyByHand') : ''}
      </span>
    </div>
  );
}
