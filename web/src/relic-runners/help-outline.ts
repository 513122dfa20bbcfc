import type { HelpOutline } from '../help/outline.js';

const ivory = (level: 1 | 2 | 3) => [1, 2, 3, 4, 5, 6].map((n) => `IV${level}-${n}` as const);

// RR-TB-1 … RR-TB-9: the progression table's actions, machete, compass, shovel, levels 1–3.
const RR_TOOLBOX = ['RR-TB-1', 'RR-TB-2', 'RR-TB-3', 'RR-TB-4', 'RR-TB-5', 'RR-TB-6', 'RR-TB-7', 'RR-TB-8', 'RR-TB-9'] as const;
// §4 and §5 of the rules: 18 ivory tiles (three levels of six) and 8 purple tiles.
const RR_IVORY = [...ivory(1), ...ivory(2), ...ivory(3)];
const RR_PURPLE = ['PU-1', 'PU-2', 'PU-3', 'PU-4', 'PU-5', 'PU-6', 'PU-7', 'PU-8'] as const;
const RR_TURN = ['move', 'explore', 'ruins', 'temples', 'shrines', 'expeditions', 'rations'] as const;

export type RRHelpId =
  | 'goal'
  | 'setup'
  | 'turn'
  | (typeof RR_TURN)[number]
  | 'toolboxes'
  | (typeof RR_TOOLBOX)[number]
  | 'ivory'
  | (typeof RR_IVORY)[number]
  | 'purple'
  | (typeof RR_PURPLE)[number]
  | 'scoring'
  | 'end'
  | 'ratings';

const isTile = (id: string) => /^(IV[1-3]-[1-6]|PU-[1-8])$/.test(id);

/** Relic Runners' rules help: its sections and entries (the words: help/content/relic-runners/<lng>.ts). */
export const relicRunnersHelp: HelpOutline<RRHelpId> = {
  sections: [
    { id: 'goal', entries: [] },
    { id: 'setup', entries: [] },
    { id: 'turn', entries: RR_TURN },
    { id: 'toolboxes', entries: RR_TOOLBOX },
    { id: 'ivory', entries: RR_IVORY },
    { id: 'purple', entries: RR_PURPLE },
    { id: 'scoring', entries: [] },
    { id: 'end', entries: [] },
    { id: 'ratings', entries: [] },
  ],
  nameKey: (id) => (isTile(id) ? `tiles:${id}.title` : null),
  code: (id) => (isTile(id) ? id : null),
};
