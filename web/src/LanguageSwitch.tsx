import { useTranslation } from 'react-i18next';
import { LANGUAGES } from './i18n/index.js';

const NATIVE: Record<(typeof LANGUAGES)[number], string> = { en: 'English', de: 'Deutsch', fr: 'Français', pl: 'Polski' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? '') ? i18n.resolvedLanguage : 'en';
  return (
    <label className="language-switch">
      <span className="visually-hidden">{t('language')}</span>
      <select aria-label={t('language')} data-testid="language" value={current} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {NATIVE[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
