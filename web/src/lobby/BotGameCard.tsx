import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { requestLocalGame } from '../offline/config.js';
import { createAndJoin } from '../net/api.js';
import { seatStyle } from '../game/seat-style.js';
import { botGameRequest, clampSeats, initialBotForm, localConfig, type BotGameForm, withOptions } from './lobby-model.js';
import { BotLevel, GameChoice, GameOptionFields, SeatCount, SeatLabel } from './fields.js';
import { cleanName } from '../../../src/core/text.js';

/** "Play against bots": you at seat A, bots at the others, in this browser or on the server. */
export function BotGameCard({ name }: { name: string }) {
  const { t } = useTranslation('lobby');
  const [, navigate] = useLocation();
  const [form, setForm] = useState<BotGameForm>(initialBotForm);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<BotGameForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (form.where === 'local') {
      requestLocalGame(localConfig(form, name));
      navigate('/local');
      return;
    }
    setBusy(true);
    try {
      const { id } = await createAndJoin(botGameRequest(form, name), cleanName(name) || undefined);
      navigate(`/game/${id}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  return (
    <section className="lobby-card" aria-labelledby="bots-title" data-testid="bot-game">
      <h2 id="bots-title">{t('bots.title')}</h2>
      <p className="intro">{t('bots.intro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <div className="field-pair">
          <GameChoice value={form.game} onChange={(game) => set({ game })} testId="bots-game-choice" />
          <SeatCount value={form.seats} onChange={(n) => set({ seats: clampSeats(n) })} testId="bots-seats" />
        </div>
        <ul className="seat-rows">
          <li>
            <SeatLabel seat={0} />
            <span className="you">{t('you')}</span>
          </li>
          {form.bots.slice(0, form.seats - 1).map((bot, i) => (
            <li key={i + 1} data-testid="bot-row">
              <SeatLabel seat={i + 1} />
              <BotLevel
                game={form.game}
                value={bot}
                label={t('botLevelFor', { letter: seatStyle(i + 1).letter })}
                testId={`bot-level-${i + 1}`}
                onChange={(b) => set({ bots: form.bots.map((x, j) => (j === i ? b : x)) })}
              />
            </li>
          ))}
        </ul>
        <GameOptionFields
          game={form.game}
          value={form.options[form.game]}
          onChange={(o) => set({ options: withOptions(form.options, form.game, o) })}
          testPrefix="bots"
        />
        <fieldset className="where">
          <legend>{t('where.label')}</legend>
          {(['server', 'local'] as const).map((w) => (
            <label key={w} className="radio">
              <input
                type="radio"
                name="where"
                value={w}
                checked={form.where === w}
                onChange={() => set({ where: w })}
                data-testid={`where-${w}`}
              />
              <span>
                {t(`where.${w}`)}
                <small className="hint">{t(`where.${w}Hint`)}</small>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy} data-testid="bots-start">
          {busy ? t('starting') : t('start')}
        </button>
        {error && (
          <p className="form-error" role="alert">
            {t('failed', { message: error })}
          </p>
        )}
      </form>
    </section>
  );
}
