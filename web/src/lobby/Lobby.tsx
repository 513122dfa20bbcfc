import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { MAX_NAME, saveName, savedName } from '../net/api.js';
import { leaderboardHref } from '../net/ratings.js';
import { GAME_IDS } from '../registry.js';
import { BotAccounts } from './BotAccounts.js';
import { BotGameCard } from './BotGameCard.js';
import { FriendsGameCard } from './FriendsGameCard.js';
import { OpenGames } from './OpenGames.js';
import { QuickPlayCard } from '../quickplay/QuickPlayCard.js';
import { SavedGames } from './SavedGames.js';
import { YourGames } from './YourGames.js';
import './lobby.css';

/**
 * The start page: a signed-in player's own games first, then a game against bots, a game with
 * friends, a seat in a running game, or a challenge to a bot account; the leaderboards one link away.
 */
export function Lobby() {
  const { t } = useTranslation('lobby');
  const [name, setName] = useState(savedName);
  const nameId = useId();
  return (
    <div className="lobby" data-testid="lobby">
      <div className="lobby-head">
        <h1>{t('title')}</h1>
        <div className="field name-field">
          <label htmlFor={nameId}>{t('yourName')}</label>
          <input
            id={nameId}
            type="text"
            value={name}
            maxLength={MAX_NAME}
            autoComplete="nickname"
            placeholder={t('namePlaceholder')}
            onChange={(e) => {
              setName(e.target.value);
              saveName(e.target.value);
            }}
            data-testid="player-name"
          />
        </div>
      </div>
      <nav className="leaderboard-links" aria-label={t('leaderboards')} data-testid="leaderboard-links">
        <span className="muted">{t('leaderboardsLabel')}</span>
        {GAME_IDS.map((g) => (
          <Link key={g} href={leaderboardHref(g)} data-testid={`lobby-leaderboard-${g}`}>
            {t(`gameChoice.${g}`)}
          </Link>
        ))}
      </nav>
      {/* Three columns on a laptop: a player's own games and the bots, the friends, then the games
          saved here (only when there are), quick play and the games to join; one column on a phone,
          in the same order. */}
      <div className="lobby-grid">
        <div className="lobby-column">
          <YourGames />
          <BotGameCard name={name} />
        </div>
        <FriendsGameCard name={name} />
        <div className="lobby-column">
          <SavedGames />
          <QuickPlayCard name={name} />
          <OpenGames />
          <BotAccounts />
        </div>
      </div>
    </div>
  );
}
