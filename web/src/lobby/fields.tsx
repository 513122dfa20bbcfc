import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { BOT_LEVELS } from '../../../src/bots/levels.js';
import { levelRating } from './level-ratings.js';
import { seatStyle } from '../game/seat-style.js';
import type { GameId, OptionsOf } from '../game-types.js';
import { CLIENT_GAMES, GAME_IDS } from '../registry.js';
import { MAX_SEATS, MIN_SEATS, type BotSpec } from './lobby-model.js';
import { SeatMarker } from './SeatMarker.js';

const SEAT_COUNTS = Array.from({ length: MAX_SEATS - MIN_SEATS + 1 }, (_, i) => MIN_SEATS + i);

/** Form fields shared by both ways of starting a game. */

export function SeatCount({ value, onChange, testId }: { value: number; onChange: (n: number) => void; testId: string }) {
  const { t } = useTranslation('lobby');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('players')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
        {SEAT_COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which game to play; the rest of the form follows it (Quetzal has no setup options). */
export function GameChoice({ value, onChange, testId }: { value: GameId; onChange: (g: GameId) => void; testId: string }) {
  const { t } = useTranslation('lobby');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('gameChoice.label')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as GameId)} data-testid={testId}>
        {GAME_IDS.map((g) => (
          <option key={g} value={g}>
            {t(`gameChoice.${g}`)}
          </option>
        ))}
      </select>
      <small className="hint">{t(`gameChoice.${value}Hint`)}</small>
    </div>
  );
}

export function BotLevel({
  game,
  value,
  onChange,
  testId,
  label,
}: {
  /** The game played: a level's rating is its rating at that game. */
  game: GameId;
  value: BotSpec;
  onChange: (b: BotSpec) => void;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation('lobby');
  const chosen = BOT_LEVELS.find((l) => l.spec === value);
  // The level's name and rating in the select, what it does beside it: a select cannot wrap a long option.
  return (
    <>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value as BotSpec)} data-testid={testId}>
        {BOT_LEVELS.map((l) => (
          <option key={l.spec} value={l.spec}>
            {levelLabel(t(`levels.${l.key}`), levelRating(game, l.key), t)}
          </option>
        ))}
      </select>
      {chosen && <span className="level-hint">{t(`levelHints.${chosen.key}`)}</span>}
    </>
  );
}

/** "Thinker (rating 31)", or the level's name alone for a game it has no rating at. */
function levelLabel(name: string, rating: number | null, t: TFunction<'lobby'>): string {
  return rating === null ? name : t('levelWithRating', { level: name, rating: Math.round(rating) });
}

/** A seat's row label: marker, "Seat B". */
export function SeatLabel({ seat }: { seat: number }) {
  const { t } = useTranslation('lobby');
  return (
    <span className="seat-label">
      <SeatMarker seat={seat} />
      {t('seat', { letter: seatStyle(seat).letter })}
    </span>
  );
}

/** The chosen game's own option fields; nothing for a game with nothing to set. */
export function GameOptionFields<G extends GameId>({
  game,
  value,
  onChange,
  testPrefix,
}: {
  game: G;
  value: OptionsOf<G>;
  onChange: (o: OptionsOf<G>) => void;
  testPrefix: string;
}) {
  const Fields = CLIENT_GAMES[game].lobby.OptionFields;
  return Fields && <Fields value={value} onChange={onChange} testPrefix={testPrefix} />;
}
