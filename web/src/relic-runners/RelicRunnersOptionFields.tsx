import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layout } from '../../../src/games/relic-runners/state.js';
import type { OptionFieldsProps, OptionsOf } from '../game-types.js';

export const LAYOUTS = ['first', 'standard', 'random'] as const satisfies readonly Layout[];

/** The lobby's fields for a Relic Runners game: the temple layout and open scores. */
export function RelicRunnersOptionFields({ value, onChange, testPrefix }: OptionFieldsProps<OptionsOf<'relic-runners'>>) {
  const { t } = useTranslation('lobby');
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-layout`}>{t('layout.label')}</label>
        <select
          id={`${id}-layout`}
          value={value.layout}
          onChange={(e) => onChange({ ...value, layout: e.target.value as Layout })}
          data-testid={`${testPrefix}-layout`}
        >
          {LAYOUTS.map((l) => (
            <option key={l} value={l}>
              {t(`layout.${l}`)}
            </option>
          ))}
        </select>
        <small className="hint">{t(`layout.${value.layout}Hint`)}</small>
      </div>
      <div className="field check">
        <input
          id={`${id}-open`}
          type="checkbox"
          checked={value.openScores}
          onChange={(e) => onChange({ ...value, openScores: e.target.checked })}
          data-testid={`${testPrefix}-open-scores`}
        />
        <label htmlFor={`${id}-open`}>{t('openScores')}</label>
      </div>
    </>
  );
}
