import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useSignedIn } from '../account/signed-in.js';
import { ApiError, createAndJoin, seatLink, type Invite } from '../net/api.js';
import { seatStyle } from '../game/seat-style.js';
import {
  clampSeats,
  DEFAULT_BOT,
  friendsGameRequest,
  initialFriendsForm,
  type FriendsGameForm,
  type OtherSeat,
  withOptions,
  withRated,
} from './lobby-model.js';
import { BotLevel, GameChoice, GameOptionFields, SeatCount, SeatLabel } from './fields.js';
import { SeatLinks } from './SeatLinks.js';
import { TableSettings } from './TableSettings.js';
import { cleanName } from '../../../src/core/text.js';

/** The server's refusals of a new game that the form puts in words; any other is shown as the server said it. */
const REFUSALS: Readonly<Record<string, string>> = {
  'signed-out': 'ratings:rated.signedOut',
  'rated-needs-clock': 'ratings:rated.needsClock',
  'bad-rated-game': 'ratings:rated.badGame',
};

/**
 * "Online game with friends": you at seat A, each other seat a friend (invited by link) or a bot.
 * A signed-in player may make it rated (a clock is then required).
 */
export function FriendsGameCard({ name }: { name: string }) {
  const { t } = useTranslation('lobby');
  const signedIn = useSignedIn();
  const [chosen, setForm] = useState<FriendsGameForm>(initialFriendsForm);
  // Only an account's game is rated: signing out meanwhile unticks it.
  const form = chosen.rated && !signedIn ? withRated(chosen, false) : chosen;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; invites: Invite[] } | null>(null);
  const openId = useId();
  const ratedId = useId();
  const ratedHintId = useId();
  const set = (patch: Partial<FriendsGameForm>) => setForm((f) => ({ ...f, ...patch }));
  const setOther = (i: number, s: OtherSeat) => set({ others: form.others.map((x, j) => (j === i ? s : x)) });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      setCreated(await createAndJoin(friendsGameRequest(form, name), cleanName(name) || undefined));
    } catch (err) {
      const words = err instanceof ApiError ? REFUSALS[err.code] : undefined;
      setError(words ? t(words) : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <section className="lobby-card" aria-labelledby="friends-title" data-testid="friends-game">
        <h2 id="friends-title">{t('friends.title')}</h2>
        <p className="intro" role="status">
          {created.invites.length > 0 ? t('friends.share') : t('friends.noFriends')}
        </p>
        <SeatLinks
          links={created.invites.map((i) => ({
            seat: i.seat,
            label: t('inviteFor', { letter: seatStyle(i.seat).letter }),
            url: seatLink(created.id, i.seat, i.key),
          }))}
        />
        <div className="actions">
          <Link href={`/game/${created.id}`} className="button-link" data-testid="friends-go">
            {t('friends.go')}
          </Link>
          <button type="button" className="secondary" onClick={() => setCreated(null)}>
            {t('friends.another')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="lobby-card" aria-labelledby="friends-title" data-testid="friends-game">
      <h2 id="friends-title">{t('friends.title')}</h2>
      <p className="intro">{t('friends.intro')}</p>
      <form onSubmit={(e) => void submit(e)}>
        <div className="field-pair">
          <GameChoice value={form.game} onChange={(game) => set({ game })} testId="friends-game-choice" />
          <SeatCount value={form.seats} onChange={(n) => set({ seats: clampSeats(n) })} testId="friends-seats" />
        </div>
        <ul className="seat-rows">
          <li>
            <SeatLabel seat={0} />
            <span className="you">{t('you')}</span>
          </li>
          {form.others.slice(0, form.seats - 1).map((s, i) => {
            const letter = seatStyle(i + 1).letter;
            return (
              <li key={i + 1} data-testid="friend-row">
                <SeatLabel seat={i + 1} />
                <select
                  aria-label={t('seatKindFor', { letter })}
                  value={s.kind}
                  onChange={(e) => setOther(i, e.target.value === 'bot' ? { kind: 'bot', bot: DEFAULT_BOT } : { kind: 'human' })}
                  data-testid={`friend-kind-${i + 1}`}
                >
                  <option value="human">{t('seatKind.human')}</option>
                  <option value="bot">{t('seatKind.bot')}</option>
                </select>
                {s.kind === 'bot' && (
                  <BotLevel
                    game={form.game}
                    value={s.bot}
                    label={t('botLevelFor', { letter })}
                    testId={`friend-bot-${i + 1}`}
                    onChange={(bot) => setOther(i, { kind: 'bot', bot })}
                  />
                )}
              </li>
            );
          })}
        </ul>
        <GameOptionFields
          game={form.game}
          value={form.options[form.game]}
          onChange={(o) => set({ options: withOptions(form.options, form.game, o) })}
          testPrefix="friends"
        />
        {signedIn && (
          <div className="field rated-field">
            <div className="field check">
              <input
                id={ratedId}
                type="checkbox"
                checked={form.rated}
                aria-describedby={ratedHintId}
                onChange={(e) => setForm((f) => withRated(f, e.target.checked))}
                data-testid="friends-rated"
              />
              <label htmlFor={ratedId}>{t('ratings:rated.option')}</label>
            </div>
            <small className="hint" id={ratedHintId}>
              {t('ratings:rated.hint')}
            </small>
          </div>
        )}
        <TableSettings value={form} onChange={set} />
        <div className="field check">
          <input
            id={openId}
            type="checkbox"
            checked={form.open}
            onChange={(e) => set({ open: e.target.checked })}
            data-testid="friends-open"
          />
          <label htmlFor={openId}>{t('friends.open')}</label>
        </div>
        <button type="submit" disabled={busy} data-testid="friends-create">
          {busy ? t('starting') : t('friends.create')}
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
