import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RRChoice } from '../../../../src/games/relic-runners/choice.js';
import type { PlayerView, RRView } from '../../../../src/games/relic-runners/view.js';
import { choiceJson } from '../../game/decision.js';
import { HintBadge, hintedProps, useHinted, useHintLabel } from '../../game/hint.js';
import { choiceLabel, COLUMNS, toolAction, toolName } from './choices.js';
import { tableModel } from './progression.js';

/** Toolboxes as marks (a count alone is easy to misread at a glance); the count is also in words. */
function Boxes({ n }: { n: number }) {
  return (
    <span className="boxes" aria-hidden="true">
      {n > 0 ? '■'.repeat(n) : '·'}
    </span>
  );
}

export interface ProgressionTableProps {
  readonly view: RRView;
  readonly player: PlayerView;
  /** Legal choices to attach to the spaces (tool uses or steps); null for a table only to read. */
  readonly choices: readonly RRChoice[] | null;
  readonly choose?: (c: RRChoice) => void;
  readonly busy?: boolean;
}

/**
 * A player's progression table: three columns of three levels, the bottom row and the reserve.
 * Spaces holding a legal choice become buttons: "use this toolbox" or "move one up a step".
 */
export function ProgressionTable({ view, player, choices, choose, busy = false }: ProgressionTableProps) {
  const { t } = useTranslation('game');
  const m = tableModel(player, choose ? choices : null);
  const act = (c: RRChoice) => () => choose?.(c);
  const button = (c: RRChoice, content: ReactNode, testid: string) => (
    <CellButton choice={c} label={choiceLabel(c, view, t)} testid={testid} busy={busy} onClick={act(c)}>
      {content}
    </CellButton>
  );
  return (
    <table className="progression" data-testid={`progression-${player.seat}`}>
      <caption className="visually-hidden">{t('chart.table')}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">{t('chart.level')}</span>
          </th>
          {COLUMNS.map((col) => (
            <th scope="col" key={col}>
              {t(`col.${col}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {m.rows.map((row) => (
          <tr key={row[0]!.level}>
            <th scope="row">{row[0]!.level}</th>
            {row.map((cell) => {
              const what = `${toolName(cell.col, cell.level, t)}: ${t('chart.toolboxes', { count: cell.count })}`;
              const content = (
                <>
                  <Boxes n={cell.count} />
                  {cell.use && <span className="cell-act"> {t('chart.use')}</span>}
                  {cell.step && <span className="cell-act"> ↑</span>}
                  <span className="visually-hidden">{what}</span>
                </>
              );
              const c = cell.use ?? cell.step;
              return (
                <td
                  key={cell.col}
                  title={`${toolName(cell.col, cell.level, t)}: ${toolAction(cell.col, cell.level, t)}`}
                  className={c ? 'live' : undefined}
                >
                  {c ? button(c, content, `${c.t}-${cell.col}-${cell.level}`) : content}
                </td>
              );
            })}
          </tr>
        ))}
        <tr className="bottom-row">
          <th scope="row" title={t('chart.bottomHelp')}>
            <span aria-hidden="true">⌂</span>
            <span className="visually-hidden">{t('chart.bottom')}</span>
          </th>
          {m.stepIn.some((c) => c !== undefined) ? (
            // Steps out of the bottom row: one button under each column it may enter.
            COLUMNS.map((col, i) => {
              const c = m.stepIn[i];
              return (
                <td key={col} className={c ? 'live' : undefined}>
                  {c
                    ? button(
                        c,
                        <>
                          <Boxes n={m.bottom} />
                          <span className="cell-act"> ↑</span>
                        </>,
                        `step-${col}-0`,
                      )
                    : null}
                </td>
              );
            })
          ) : (
            <td colSpan={3}>
              <Boxes n={m.bottom} />
              <span className="visually-hidden">{t('chart.bottomCount', { count: m.bottom })}</span>
            </td>
          )}
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="reserve">
            {t('chart.reserve', { count: m.reserve })}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** A space of the table holding a legal choice, marked when it is the hint. */
function CellButton(props: { choice: RRChoice; label: string; testid: string; busy: boolean; onClick: () => void; children: ReactNode }) {
  const hinted = useHinted(props.choice);
  const label = props.label + useHintLabel(hinted);
  return (
    <button
      type="button"
      className="cell-button"
      data-choosable=""
      data-choice={choiceJson(props.choice)}
      {...hintedProps(hinted)}
      data-testid={props.testid}
      aria-label={label}
      title={label}
      disabled={props.busy}
      onClick={props.onClick}
    >
      {props.children}
      <HintBadge show={hinted} />
    </button>
  );
}
