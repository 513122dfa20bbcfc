import { useTranslation } from 'react-i18next';
import { seatName } from '../game/names.js';
import { isTable } from './panels/choices.js';
import { RELIC_COLOURS } from './panels/places.js';
import { ProgressionTable } from './panels/ProgressionTable.js';
import { PlayerCard } from '../game/PlayerCard.js';
import { TileChip } from './panels/TileChip.js';
import type { PartProps } from './parts.js';
import '../game/panels.css';

/** One card per player: everything on their explorer chart that the viewer may see. */
export function RelicRunnersPlayers({ view, seat, seats, choose, busy }: PartProps) {
  const { t } = useTranslation('game');
  // Toolbox uses are offered on the viewer's own table; steps are assigned in the decision panel.
  const tools = view.choices?.filter((c) => isTable(c) && c.t === 'tool') ?? [];
  return (
    <section className="player-charts" data-testid="player-charts" aria-label={t('chart.title')}>
      {view.players.map((p) => {
        const you = p.seat === seat;
        const acting = view.toAct === p.seat;
        const name = seatName(seats, p.seat, t);
        const relics = RELIC_COLOURS.filter((c) => p.relics[c] > 0);
        const shownBlue = p.blue.map((b) => b.value);
        return (
          <PlayerCard key={p.seat} seat={p.seat} name={name} you={you ? t('common:you') : null} acting={acting ? t('chart.toAct') : null}>
            <dl className="stats">
              <div>
                <dt>{t('chart.vp')}</dt>
                <dd data-testid="vp">{p.vp === null ? '?' : p.vp}</dd>
              </div>
              <div>
                <dt>{t('chart.rations')}</dt>
                <dd>{t('chart.rationsOf', { count: p.rations })}</dd>
              </div>
              <div>
                <dt>{t('chart.pathways')}</dt>
                <dd>{p.supply}</dd>
              </div>
              <div className={`blue${shownBlue.length > 0 ? ' has-values' : ''}`}>
                <dt>{t('chart.blue')}</dt>
                <dd>
                  {p.blueCount}
                  {shownBlue.length > 0 && (
                    <span className="blue-values"> ({shownBlue.map((v) => t('chart.vpShort', { count: v })).join(', ')})</span>
                  )}
                </dd>
              </div>
              <div className="relics">
                <dt>{t('chart.relics')}</dt>
                <dd>
                  {relics.length === 0
                    ? '–'
                    : relics.map((c) => (
                        <span key={c} className={`relic relic-${c}`}>
                          {t(`relic.${c}`)} ×{p.relics[c]}
                        </span>
                      ))}
                </dd>
              </div>
            </dl>
            <ProgressionTable
              view={view}
              player={p}
              choices={you && tools.length > 0 ? tools : null}
              choose={you ? choose : undefined}
              busy={busy}
            />
            <div className="ivory-tiles">
              <span className="label">{t('chart.ivory')}</span>
              {p.ivory.length === 0 ? <span className="none">–</span> : p.ivory.map((n) => <TileChip key={n} name={n} />)}
            </div>
          </PlayerCard>
        );
      })}
    </section>
  );
}
