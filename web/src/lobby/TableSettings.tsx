import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BotLevel } from './fields.js';
import { AWAY_MINUTES, CLOCKS, type BotSpec, type ClockKey, type FriendsGameForm } from './lobby-model.js';

type Settings = Pick<FriendsGameForm, 'game' | 'clock' | 'awayMinutes' | 'botLevel' | 'rated'>;

/**
 * How a friends game goes on without a player: each player's time (once it runs out, the bot plays
 * the seat), else how long a player may be away before the others can hand the seat to the bot,
 * and which bot that is. A rated game offers no game without a clock.
 */
export function TableSettings({ value, onChange }: { value: Settings; onChange: (patch: Partial<Settings>) => void }) {
  const { t } = useTranslation('presence');
  const clockId = useId();
  const awayId = useId();
  const botId = useId();
  return (
    <fieldset className="where table-settings" data-testid="table-settings">
      <legend>{t('settings.title')}</legend>
      <div className="field">
        <label htmlFor={clockId}>{t('settings.clock')}</label>
        <select
          id={clockId}
          value={value.clock}
          onChange={(e) => onChange({ clock: e.target.value as ClockKey })}
          data-testid="friends-clock"
        >
          {CLOCKS.filter((c) => !value.rated || c.clock !== null).map((c) => (
            <option key={c.key} value={c.key}>
              {t(`settings.clocks.${c.key}`)}
            </option>
          ))}
        </select>
      </div>
      {value.clock === 'none' && (
        <div className="field">
          <label htmlFor={awayId}>{t('settings.away')}</label>
          <select
            id={awayId}
            value={value.awayMinutes}
            onChange={(e) => onChange({ awayMinutes: Number(e.target.value) })}
            data-testid="friends-away"
          >
            {AWAY_MINUTES.map((m) => (
              <option key={m} value={m}>
                {t('settings.minutes', { count: m })}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <span className="field-title" id={botId} aria-hidden="true">
          {t('settings.bot')}
        </span>
        <BotLevel
          game={value.game}
          value={value.botLevel}
          label={t('settings.bot')}
          testId="friends-takeover-bot"
          onChange={(botLevel: BotSpec) => onChange({ botLevel })}
        />
      </div>
      <small className="hint">{t(value.clock === 'none' ? 'settings.awayHint' : 'settings.clockHint')}</small>
    </fieldset>
  );
}
