import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RRChoice } from '../game-types.js';
import { ChoiceButton, choiceJson, DecisionFrame, UndoButton, WaitingPanel } from '../game/decision.js';
import { boardHint, choiceLabel, instruction, isSpatial, isTable, movesByDestination } from './panels/choices.js';
import { siteName } from './panels/places.js';
import { ProgressionTable } from './panels/ProgressionTable.js';
import { tileText, tileTitle } from './panels/tiles.js';
import { tileIcon } from './panels/tile-icons.js';
import { TileChip } from './panels/TileChip.js';
import { routeDetail } from './board/outcome-labels.js';
import './explain.css';
import type { PartProps } from './parts.js';
import '../game/panels.css';

/** The ivory tile whose use is being offered, so its rule can be read before deciding. */
const TILE_OF_DECISION: Readonly<Record<string, string>> = { refill: 'IV2-3', peek: 'IV2-2', extra: 'IV1-6' };

/** The viewer's pending decision in words, with one control per legal choice (every one reachable without the board). */
export function RelicRunnersDecision({
  view,
  seat,
  seats,
  choose,
  busy,
  canUndo,
  onUndo,
}: PartProps & { canUndo: boolean; onUndo: () => void }) {
  const { t } = useTranslation('game');
  const mine = seat !== null && view.toAct === seat && view.choices !== null;
  const undo = <UndoButton canUndo={canUndo} busy={busy} onUndo={onUndo} label={t('panel.undo')} />;
  if (!mine) return <WaitingPanel view={view} seats={seats} t={t} whatKeys="what" undo={undo} />;
  const choices = view.choices;
  const me = view.players[seat]!;
  const spatial = choices.filter(isSpatial);
  const table = choices.filter(isTable);
  const plain = choices.filter((c) => !isSpatial(c) && !isTable(c));
  const hint = boardHint(choices, t);
  const decisionTile = TILE_OF_DECISION[view.decision ?? ''];

  const choiceButton = (c: RRChoice, label = choiceLabel(c, view, t), extra?: ReactNode) => (
    <ChoiceButton
      key={choiceJson(c)}
      choice={c}
      choose={choose}
      busy={busy}
      label={label}
      secondary={c.t === 'end' || c.t === 'pass' || ('use' in c && !c.use) || ('take' in c && !c.take)}
    >
      {extra}
    </ChoiceButton>
  );

  return (
    <DecisionFrame decision={view.decision} title={t('panel.title')} busy={busy} instruction={instruction(view, t)} undo={undo}>
      {decisionTile && (
        <p className="tile-rule">
          <TileChip name={decisionTile} /> {tileText(decisionTile, t)}
        </p>
      )}
      {view.decision === 'relic' && view.relicOffer && <RelicOffer view={view} />}
      {choices.some((c) => c.t === 'place' && c.ivory === 5) && (
        <p className="hint far-hint" data-testid="far-hint">
          {t('explain:far', { icon: tileIcon('IV2-5'), title: tileTitle('IV2-5', t) })}
        </p>
      )}
      {view.decision === 'keep' && view.keep && (
        <div className="choice-row keep" data-testid="keep-tiles">
          {plain
            .filter((c): c is Extract<RRChoice, { t: 'keep' }> => c.t === 'keep')
            .map((c) => {
              const name = view.keep!.find((n) => n.endsWith(`-${c.effect}`)) ?? '';
              return choiceButton(c, choiceLabel(c, view, t), <span className="tile-text">{tileText(name, t)}</span>);
            })}
        </div>
      )}
      {view.decision === 'pick' && view.peek && (
        <p className="peek-site">{t('panel.peekSite', { site: siteName(view.peek.site, t), count: view.peek.tiles.length })}</p>
      )}
      {plain.some((c) => c.t !== 'keep') && (
        <div className={`choice-row${view.decision === 'pick' ? ' column' : ''}`}>
          {plain
            .filter((c) => c.t !== 'keep')
            .map((c) => {
              const name = c.t === 'pick' ? view.peek?.tiles[c.depth] : undefined;
              const rule = name && !name.startsWith('B') ? <span className="tile-text">{tileText(name, t)}</span> : undefined;
              return choiceButton(c, undefined, rule);
            })}
        </div>
      )}
      {table.length > 0 && (
        <div className="table-choice">
          <p className="hint">{table.some((c) => c.t === 'step') ? t('panel.stepHint') : t('panel.toolHint')}</p>
          <ProgressionTable view={view} player={me} choices={table} choose={choose} busy={busy} />
        </div>
      )}
      {hint && (
        <>
          <p className="hint board-hint">{hint}</p>
          <details className="choice-list" data-testid="choice-list">
            <summary>{t('panel.list', { count: spatial.length })}</summary>
            <SpatialList choices={spatial} view={view} button={choiceButton} />
          </details>
        </>
      )}
    </DecisionFrame>
  );
}

/** The board's choices as buttons: moves grouped by destination (routes as trail numbers), the rest one per line. */
function SpatialList({
  choices,
  view,
  button,
}: {
  choices: readonly RRChoice[];
  view: PartProps['view'];
  button: (c: RRChoice, label?: string, extra?: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('game');
  const from = view.players[view.toAct ?? view.current]?.at ?? 'camp';
  const goes: RRChoice[] = choices.filter((c) => c.t === 'move' || c.t === 'teleport' || c.t === 'neighbour');
  const rest = choices.filter((c) => !goes.includes(c));
  return (
    <div className="spatial-list">
      {movesByDestination(goes, from).map((g) => (
        <div key={g.site} className="destination" role="group" aria-label={siteName(g.site, t)}>
          <span className="destination-name">{siteName(g.site, t)}</span>
          {g.choices.map((c) =>
            c.t === 'move'
              ? button(
                  c,
                  t('choice.route', { trails: c.trails.join(' → '), count: c.trails.length }),
                  // What the route brings, as the board's route chooser tells it.
                  <span className="rr-route-detail">{routeDetail(c, view.routes, t)}</span>,
                )
              : button(c, choiceLabel(c, view, t)),
          )}
        </div>
      ))}
      {rest.length > 0 && <div className="choice-row column">{rest.map((c) => button(c))}</div>}
    </div>
  );
}

/** RR-EXP-1, RR-END-1: what taking the relic gives, and whether it starts the game's last round, from the engine's preview. */
function RelicOffer({ view }: { view: PartProps['view'] }) {
  const { t } = useTranslation('explain');
  const o = view.relicOffer!;
  const n = view.relicsCollected + 1;
  return (
    <div data-testid="relic-offer">
      <p className="relic-offer">{t('relic.offer', { relic: t(`board:relic.${o.relic}`), vp: o.vp })}</p>
      {/* Once the end is triggered, the last round is already under way: nothing more to tell. */}
      {view.endTriggeredBy === null && (
        <p className={`relic-offer${o.endsGame ? ' ends' : ''}`} data-ends={o.endsGame ? 'yes' : 'no'}>
          {t(o.endsGame ? 'relic.ends' : 'relic.notEnds', { n, of: view.endAt })}
        </p>
      )}
    </div>
  );
}
