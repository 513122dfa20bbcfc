import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { kindCount } from './words.js';
import type { TFunction } from 'i18next';
import type { QChoice, TypesOf } from '../game-types.js';
import type { TableProps } from '../game/table.js';
import { ChoiceButton, choiceJson, DecisionFrame, UndoButton, WaitingPanel } from '../game/decision.js';
import { HintBadge, hintedProps, useHinted, useRevealHinted } from '../game/hint.js';
import { DELIVERY_UPGRADES, deliveryPay } from '../../../src/games/quetzal/delivery.js';
import { CARD_ID_OF } from '../../../src/games/quetzal/data.js';
import { counted, faceGroups, figureCount, placementCost, sortPlacements, targetKey, type PlaceChoice, type Target } from './model.js';
import { cardLabel, locName, paysText, upName, upText } from './words.js';

/** The table's props but the log and the page's aside, plus the board selection it shares with the board. */
export interface QDecisionProps extends Omit<TableProps<TypesOf<'quetzal'>>, 'log' | 'aside'> {
  readonly targets: ReadonlyMap<string, readonly PlaceChoice[]>;
  readonly selected: string | null;
  readonly onSelect: (t: Target | null) => void;
}

/** Where a target is, in words: "Temple, banner 2". */
export function targetName(key: string, t: TFunction): string {
  const [loc, banner] = key.split('#') as [string, string | undefined];
  return banner ? `${locName(loc, t)}, ${t('board.banner', { n: banner })}` : locName(loc, t);
}

/** One placement in words: "2 adventurers" plus which figures it uses and what it costs. */
export function placementLabel(c: PlaceChoice, upgrades: readonly string[], t: TFunction): { main: string; detail: string } {
  const n = figureCount(c);
  const main =
    c.as === undefined && c.leader && n === 1 && c.loc !== 'camp' && c.loc !== 'harbour' ? t('panel.leaderAlone') : kindCount(c.as, n, t);
  const parts: string[] = [];
  if (c.adv > 0) parts.push(t('panel.useAdv', { count: c.adv }));
  if (c.arch > 0) parts.push(t('panel.useArch', { count: c.arch }));
  if (c.wild > 0) parts.push(t('panel.useWild', { count: c.wild }));
  if (c.leader) parts.push(t('panel.useLeader'));
  const cost = placementCost(c, upgrades);
  return {
    main,
    detail: `${t('panel.uses', { parts: parts.join(', ') })} · ${cost > 0 ? t('counts:coins', { count: cost }) : t('panel.free')}`,
  };
}

const cardId = (name: string): number => CARD_ID_OF.get(name)!;

/** The viewer's pending Quetzal decision, with one button per legal choice. */
export function QDecision({ view, seat, seats, choose, busy, canUndo, onUndo, targets, selected, onSelect }: QDecisionProps) {
  const { t } = useTranslation('quetzal');
  const mine = seat !== null && view.toAct === seat && view.choices !== null;
  const undo = <UndoButton canUndo={canUndo} busy={busy} onUndo={onUndo} label={t('panel.undo')} />;
  if (!mine) return <WaitingPanel view={view} seats={seats} t={t} whatKeys="panel.what" undo={undo} />;
  const choices = view.choices;
  const me = view.players[seat]!;
  const pend = view.pending;
  const button = (c: QChoice, label: ReactNode, opts: { secondary?: boolean; testId?: string; detail?: string } = {}) => (
    <ChoiceButton key={choiceJson(c)} choice={c} choose={choose} busy={busy} label={label} secondary={opts.secondary} testId={opts.testId}>
      {opts.detail && <span className="choice-detail">{opts.detail}</span>}
    </ChoiceButton>
  );
  const exchanges = choices.filter((c): c is Extract<QChoice, { t: 'exchange' }> => c.t === 'exchange');
  const main = choices.filter((c) => c.t !== 'exchange');
  let body: ReactNode;
  let instruction: string;

  switch (view.decision) {
    case 'place': {
      const sel = selected !== null ? targets.get(selected) : undefined;
      if (sel) {
        instruction = t('panel.placeAt', { where: targetName(selected!, t) });
        body = (
          <>
            <div className="choice-row column q-chooser" data-testid="place-chooser">
              {sortPlacements(sel).map((c) => {
                const l = placementLabel(c, me.upgrades, t);
                return button(c, l.main, { detail: l.detail, testId: 'choice-place' });
              })}
            </div>
            <button type="button" className="secondary" data-testid="place-back" onClick={() => onSelect(null)}>
              {t('panel.back')}
            </button>
          </>
        );
      } else {
        instruction = t('panel.place');
        body = (
          <div className="choice-row q-targets" data-testid="place-targets">
            {[...targets.keys()].map((k) => {
              const [loc, banner] = k.split('#') as [string, string | undefined];
              const target: Target = { loc: loc as Target['loc'], banner: banner ? Number(banner) : null };
              return (
                <PlaceTargetButton
                  key={k}
                  offers={targets.get(k)!}
                  testId={`place-target-${targetKey(target)}`}
                  busy={busy}
                  onClick={() => onSelect(target)}
                >
                  {targetName(k, t)}
                </PlaceTargetButton>
              );
            })}
          </div>
        );
      }
      break;
    }
    case 'camp':
    case 'rerollUp': {
      instruction =
        view.decision === 'camp'
          ? t('panel.camp')
          : t('panel.rerollUp', { name: upName(main.some((c) => c.t === 'rerollAll') ? 'rerollAll' : 'reroll2', t) });
      body = (
        <div className="choice-row">
          {main.map((c) => {
            if (c.t === 'rerollAll') return button(c, c.use ? t('panel.rerollAllYes') : t('panel.rerollAllNo'), { secondary: !c.use });
            if (c.t !== 'reroll') return null;
            if (c.faces.length === 0) return button(c, t('panel.noReroll'), { secondary: true });
            const faces = faceGroups(c.faces)
              .map(([f, n]) => (n > 1 ? `${n} × ${t(`face.${f}`)}` : t(`face.${f}`)))
              .join(', ');
            return button(c, t('panel.rerollFaces', { faces }));
          })}
        </div>
      );
      break;
    }
    case 'take':
      instruction = t('panel.take', { banner: pend?.banner ?? '', count: pend?.picksLeft ?? 1 });
      body = (
        <div className="choice-row">{main.map((c) => c.t === 'take' && button(c, cardLabel(c.card, t), { testId: 'choice-take' }))}</div>
      );
      break;
    case 'keep':
      instruction = t('panel.keep');
      body = <div className="choice-row">{main.map((c) => c.t === 'keep' && button(c, cardLabel(c.card, t)))}</div>;
      break;
    case 'sell':
      instruction = t('panel.sell');
      body = (
        <div className="choice-row">
          {main.map(
            (c) =>
              c.t === 'sell' &&
              (c.card === null
                ? button(c, t('panel.noSell'), { secondary: true })
                : button(c, t('panel.sellCard', { card: cardLabel(c.card, t) }))),
          )}
        </div>
      );
      break;
    case 'village':
    case 'drop': {
      instruction = view.decision === 'village' ? t('panel.village', { banner: pend?.banner ?? '' }) : t('panel.drop');
      body = (
        <div className="choice-row column">
          {main.map((c) => (c.t === 'village' || c.t === 'drop') && button(c, upName(c.up, t), { detail: upText(c.up, t) }))}
        </div>
      );
      break;
    }
    case 'deliver': {
      const added = pend?.added ?? [];
      const ups = pend?.scoredWith ?? [];
      // The engine's own arithmetic (Q-DEL-1, Q-DEL-2, QD-11, Q-DISC-1): what delivering now pays.
      const pays = (cards: readonly string[]) => deliveryPay(me.discovery, cards.map(cardId), ups);
      const now = pays(added);
      instruction = t('panel.deliver', { where: locName(pend?.loc ?? 'harbour', t), limit: pend?.limit ?? 0 });
      const adds = main.filter((c): c is Extract<QChoice, { t: 'add' }> => c.t === 'add');
      const deliver = main.find((c) => c.t === 'deliver');
      const scoredWith = ups.filter((u) => DELIVERY_UPGRADES.includes(u));
      body = (
        <>
          <p className="q-added" data-testid="delivery-added">
            {added.length === 0
              ? t('panel.nothingAdded')
              : t('panel.added', {
                  cards: counted(added)
                    .map(([n, k]) => (k > 1 ? `${k} × ${cardLabel(n, t)}` : cardLabel(n, t)))
                    .join(', '),
                })}
          </p>
          {added.length > 0 && (
            <p
              className="q-preview"
              data-testid="delivery-preview"
              data-vp={now.vp}
              data-coins={now.coins}
              data-discovery={now.discovery}
              data-upgrades={now.upgrades}
            >
              {t('q-explain:preview.pays', { pays: paysText(now, t) })}
              {scoredWith.length > 0 && (
                <span className="q-preview-ups">
                  {t('q-explain:preview.with', { upgrades: scoredWith.map((u) => upName(u, t)).join(', ') })}
                </span>
              )}
            </p>
          )}
          <div className="choice-row">
            {adds.map((c) =>
              button(c, t('panel.add', { card: cardLabel(c.card, t) }), {
                testId: 'choice-add',
                secondary: true,
                detail: t('q-explain:preview.addThen', { pays: paysText(pays([...added, c.card]), t) }),
              }),
            )}
          </div>
          {deliver && (
            <div className="choice-row">
              {button(
                deliver,
                added.length === 0 ? t('panel.deliverNothing') : t('q-explain:preview.deliver', { pays: paysText(now, t) }),
                {
                  testId: 'choice-deliver',
                  secondary: added.length === 0,
                },
              )}
            </div>
          )}
        </>
      );
      break;
    }
    case 'final':
      instruction = t('panel.final');
      body = <div className="choice-row">{main.map((c) => c.t === 'done' && button(c, t('panel.done')))}</div>;
      break;
    default:
      instruction = t('panel.what.other');
      body = <div className="choice-row">{main.map((c) => button(c, c.t))}</div>;
  }

  return (
    <DecisionFrame
      decision={view.decision}
      title={t('panel.title')}
      busy={busy}
      instruction={instruction}
      className="q-decision"
      undo={undo}
    >
      {body}
      {exchanges.length > 0 && (
        <div className="q-exchanges" role="group" aria-label={t('panel.exchanges')}>
          <span className="hint">{t('panel.exchanges')}</span>
          <div className="choice-row">
            {exchanges.map((c) => button(c, t(`panel.exchange.${c.up}`), { secondary: true, testId: `choice-exchange-${c.up}` }))}
          </div>
        </div>
      )}
    </DecisionFrame>
  );
}

/** A place to put figures on, before how many of which kind: marked when the hint is one of its placements. */
function PlaceTargetButton(props: { offers: readonly QChoice[]; testId: string; busy: boolean; onClick: () => void; children: ReactNode }) {
  const hinted = useHinted(props.offers);
  const ref = useRef<HTMLButtonElement>(null);
  useRevealHinted(ref, hinted);
  return (
    <button
      ref={ref}
      type="button"
      data-choosable=""
      {...hintedProps(hinted)}
      data-testid={props.testId}
      disabled={props.busy}
      onClick={props.onClick}
    >
      {props.children}
      <HintBadge show={hinted} />
    </button>
  );
}
