import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QChoice, TypesOf } from '../game-types.js';
import type { TableProps } from '../game/table.js';
import { ChoiceButton, choiceJson, DecisionFrame, UndoButton, WaitingPanel } from '../game/decision.js';
import { HintBadge, hintedProps, useHintLabel, useHinted, useRevealHinted } from '../game/hint.js';
import { DELIVERY_UPGRADES } from '../../../src/games/quetzal/delivery.js';
import { buttonLabel, deliveryPays, targetName } from './choices.js';
import { counted, sortPlacements, type PlaceChoice, type Target, targetKey } from './model.js';
import { cardLabel, locName, paysText, upName } from './words.js';

/** The table's props but the log and the page's aside, plus the board selection it shares with the board. */
export interface QuetzalDecisionProps extends Omit<TableProps<TypesOf<'quetzal'>>, 'log' | 'aside'> {
  readonly targets: ReadonlyMap<string, readonly PlaceChoice[]>;
  readonly selected: string | null;
  readonly onSelect: (t: Target | null) => void;
}

/** The viewer's pending Quetzal decision, with one button per legal choice. */
export function QuetzalDecision({ view, seat, seats, choose, busy, canUndo, onUndo, targets, selected, onSelect }: QuetzalDecisionProps) {
  const { t } = useTranslation('quetzal');
  const mine = seat !== null && view.toAct === seat && view.choices !== null;
  const undo = <UndoButton canUndo={canUndo} busy={busy} onUndo={onUndo} label={t('panel.undo')} />;
  if (!mine) return <WaitingPanel view={view} seats={seats} t={t} whatKeys="panel.what" undo={undo} />;
  const choices = view.choices;
  const pend = view.pending;
  // The words are choices.ts's, so the replay's analysis names a choice as its button did.
  const button = (c: QChoice, opts: { secondary?: boolean; testId?: string } = {}) => {
    const label = buttonLabel(c, view, t);
    return (
      <ChoiceButton
        key={choiceJson(c)}
        choice={c}
        choose={choose}
        busy={busy}
        label={label.main}
        secondary={opts.secondary}
        testId={opts.testId}
      >
        {label.detail && <span className="choice-detail">{label.detail}</span>}
      </ChoiceButton>
    );
  };
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
              {sortPlacements(sel).map((c) => button(c, { testId: 'choice-place' }))}
            </div>
            <button type="button" className="secondary" data-testid="place-back" onClick={() => onSelect(null)}>
              {t('panel.back')}
            </button>
          </>
        );
      } else {
        instruction = t('panel.place');
        // A place's banners are numbered buttons beside its name (each named in full): every place fits a laptop's panel.
        const groups = new Map<string, Target[]>();
        for (const k of targets.keys()) {
          const [loc, banner] = k.split('#') as [string, string | undefined];
          const row = groups.get(loc) ?? [];
          row.push({ loc: loc as Target['loc'], banner: banner ? Number(banner) : null });
          groups.set(loc, row);
        }
        const targetButton = (target: Target, label: string) => {
          const k = targetKey(target);
          return (
            <PlaceTargetButton
              key={k}
              offers={targets.get(k)!}
              testId={`place-target-${k}`}
              name={targetName(k, t)}
              busy={busy}
              onClick={() => onSelect(target)}
            >
              {label}
            </PlaceTargetButton>
          );
        };
        body = (
          <div className="q-targets" data-testid="place-targets">
            {[...groups].map(([loc, row]) =>
              row.length === 1 && row[0]!.banner === null ? (
                targetButton(row[0]!, locName(loc, t))
              ) : (
                <div key={loc} className="q-target-group" role="group" aria-label={locName(loc, t)}>
                  <span className="q-target-place" aria-hidden="true">
                    {locName(loc, t)}
                  </span>
                  {row.map((target) => targetButton(target, String(target.banner)))}
                </div>
              ),
            )}
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
            if (c.t === 'rerollAll') return button(c, { secondary: !c.use });
            if (c.t !== 'reroll') return null;
            return button(c, { secondary: c.faces.length === 0 });
          })}
        </div>
      );
      break;
    }
    case 'take':
      instruction = t('panel.take', { banner: pend?.banner ?? '', count: pend?.picksLeft ?? 1 });
      body = <div className="choice-row">{main.map((c) => c.t === 'take' && button(c, { testId: 'choice-take' }))}</div>;
      break;
    case 'keep':
      instruction = t('panel.keep');
      body = <div className="choice-row">{main.map((c) => c.t === 'keep' && button(c))}</div>;
      break;
    case 'sell':
      instruction = t('panel.sell');
      body = <div className="choice-row">{main.map((c) => c.t === 'sell' && button(c, { secondary: c.card === null }))}</div>;
      break;
    case 'village':
    case 'drop': {
      instruction = view.decision === 'village' ? t('panel.village', { banner: pend?.banner ?? '' }) : t('panel.drop');
      body = <div className="choice-row column">{main.map((c) => (c.t === 'village' || c.t === 'drop') && button(c))}</div>;
      break;
    }
    case 'deliver': {
      const added = pend?.added ?? [];
      const ups = pend?.scoredWith ?? [];
      const now = deliveryPays(view, added);
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
          <div className="choice-row">{adds.map((c) => button(c, { testId: 'choice-add', secondary: true }))}</div>
          {deliver && <div className="choice-row">{button(deliver, { testId: 'choice-deliver', secondary: added.length === 0 })}</div>}
        </>
      );
      break;
    }
    case 'final':
      instruction = t('panel.final');
      body = <div className="choice-row">{main.map((c) => c.t === 'done' && button(c))}</div>;
      break;
    default:
      instruction = t('panel.what.other');
      body = <div className="choice-row">{main.map((c) => button(c))}</div>;
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
          <div className="choice-row">{exchanges.map((c) => button(c, { secondary: true, testId: `choice-exchange-${c.up}` }))}</div>
        </div>
      )}
    </DecisionFrame>
  );
}

/** A place to put figures on, before how many of which kind: marked when the hint is one of its placements. */
function PlaceTargetButton(props: {
  offers: readonly QChoice[];
  testId: string;
  /** The place's whole name ("Temple, Banner 2") where the button shows only its banner. */
  name: string;
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const hinted = useHinted(props.offers);
  const hintLabel = useHintLabel(hinted);
  const ref = useRef<HTMLButtonElement>(null);
  useRevealHinted(ref, hinted);
  return (
    <button
      ref={ref}
      type="button"
      data-choosable=""
      {...hintedProps(hinted)}
      data-testid={props.testId}
      aria-label={`${props.name}${hintLabel}`}
      disabled={props.busy}
      onClick={props.onClick}
    >
      {props.children}
      <HintBadge show={hinted} />
    </button>
  );
}
