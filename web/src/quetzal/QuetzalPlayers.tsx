import { useTranslation } from 'react-i18next';
import { DATA } from '../../../src/games/quetzal/data.js';
import type { QPlayerView } from '../../../src/games/quetzal/view.js';
import { seatName } from '../game/names.js';
import { PlayerCard } from '../game/PlayerCard.js';
import type { SeatInfo } from '../net/session.js';
import type { QView } from '../game-types.js';
import { helpHref } from '../help/link.js';
import { counted } from './model.js';
import { CardShape } from './pieces.js';
import { cardLabel, upName, upText } from './words.js';

const FACES = ['adv', 'arch', 'side', 'stand'] as const;

/** The discovery track as a bar: where the marker is and where the next reward waits. */
function DiscoveryTrack({ at }: { at: number }) {
  const { t } = useTranslation('quetzal');
  const max = DATA.discovery.max;
  const next = DATA.discovery.rewards.find((r) => r.space > at);
  return (
    <div className="q-track" title={next ? t('player.discoveryNext', { space: next.space }) : undefined}>
      <div className="q-track-bar" aria-hidden="true">
        {Array.from({ length: max + 1 }, (_, i) => (
          <span
            key={i}
            className={`q-track-cell${i <= at ? ' reached' : ''}${DATA.discovery.rewards.some((r) => r.space === i) ? ' reward' : ''}${i === at ? ' here' : ''}`}
          />
        ))}
      </div>
    </div>
  );
}

function Hand({ p }: { p: QPlayerView }) {
  const { t } = useTranslation('quetzal');
  if (p.hand === null) return <span data-testid="hand-count">{t('player.handCount', { count: p.handSize })}</span>;
  if (p.hand.length === 0) return <span data-testid="hand-cards">–</span>;
  return (
    <ul className="q-hand" data-testid="hand-cards">
      {counted(p.hand).map(([name, n]) => (
        <li key={name} className="q-hand-card" data-card={name}>
          <svg width={22} height={28} viewBox="-11 -14 22 28" aria-hidden="true">
            <CardShape name={name} x={0} y={0} w={20} h={26} label={cardLabel(name, t)} />
          </svg>
          <span>
            {cardLabel(name, t)}
            {n > 1 && <strong> ×{n}</strong>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One board per player: coins, VP, discovery, figures in hand by face, hand, upgrades. */
export function QuetzalPlayers({ view, seat, seats }: { view: QView; seat: number | null; seats: readonly SeatInfo[] }) {
  const { t } = useTranslation('quetzal');
  return (
    <section className="player-charts q-players" data-testid="player-charts" aria-label={t('player.title')}>
      {view.players.map((p) => {
        const you = p.seat === seat;
        const acting = view.toAct === p.seat;
        const name = seatName(seats, p.seat, t);
        const set = p.got.filter((u, i) => !p.upgrades.includes(u) || p.got.indexOf(u) !== i);
        return (
          <PlayerCard
            key={p.seat}
            className="q-player"
            seat={p.seat}
            name={name}
            you={you ? t('player.you') : null}
            acting={acting ? t('player.toAct') : null}
            tags={p.startMarker && <span className="tag start-tag">★ {t('player.startMarker')}</span>}
          >
            <dl className="stats">
              <div>
                <dt>{t('player.coins')}</dt>
                <dd data-testid="coins">{p.coins}</dd>
              </div>
              <div>
                <dt>{t('player.vp')}</dt>
                <dd data-testid="vp">{p.vp}</dd>
              </div>
              <div className="wide">
                <dt>{t('player.discovery')}</dt>
                <dd data-testid="discovery">
                  {p.discovery} / {DATA.discovery.max}
                </dd>
              </div>
            </dl>
            <DiscoveryTrack at={p.discovery} />
            <div className="q-figures" data-testid="figures">
              <span className="label">{t('player.figures')}</span>
              <span className="q-faces">
                {FACES.map((f) => (
                  <span key={f} className={`q-face q-face-${f}${p.figures[f] === 0 ? ' none' : ''}`} title={t(`face.${f}`)}>
                    {t(`faceShort.${f}`)} {p.figures[f]}
                  </span>
                ))}
                <span className={`q-face q-face-leader${p.figures.leader ? '' : ' none'}`} title={t('face.leader')}>
                  {p.figures.leader ? t('faceShort.leader') : t('player.leaderOut')}
                </span>
                {p.figures.placed > 0 && <span className="q-placed">{t('player.placed', { count: p.figures.placed })}</span>}
              </span>
            </div>
            <div className="q-hand-row">
              <span className="label">{t('player.hand')}</span>
              <Hand p={p} />
            </div>
            <div className="q-upgrades" data-testid="upgrades">
              <span className="label">{t('player.upgrades')}</span>
              {p.upgrades.length === 0 ? (
                <span className="none">{t('player.none')}</span>
              ) : (
                <ul>
                  {p.upgrades.map((u) => (
                    <li key={u} className="q-up">
                      <strong>
                        <a href={helpHref('quetzal', u)}>{upName(u, t)}</a>
                      </strong>
                      {p.usedThisRound.includes(u) && <span className="tag">{t('player.usedThisRound')}</span>}
                      <span className="q-up-text">{upText(u, t)}</span>
                    </li>
                  ))}
                </ul>
              )}
              {set.length > 0 && (
                <p className="q-set-aside">
                  <span className="label">{t('player.setAside')}:</span> {set.map((u) => upName(u, t)).join(', ')}
                </p>
              )}
            </div>
          </PlayerCard>
        );
      })}
    </section>
  );
}
