/** Rule and decision ids of docs/rules/relic-runners.md that the engine implements, and where. */
export interface RuleId {
  readonly id: string;
  readonly summary: string;
  readonly where: string;
}

export const RULE_IDS: readonly RuleId[] = [
  {
    id: 'RR-COMP-1',
    summary: 'Board: one base camp (centre), 8 ruin sites, 12 temple sites, trails joining adjacent locations',
    where: 'board.ts, tiles.ts, setup.ts',
  },
  {
    id: 'RR-COMP-2',
    summary: 'Per colour (red, green, blue, yellow, black): 1 explorer, 1 explorer chart, 10 pathways, 3 toolboxes',
    where: 'board.ts, tiles.ts, setup.ts',
  },
  { id: 'RR-COMP-3', summary: '24 ruin tiles (all alike)', where: 'board.ts, tiles.ts, setup.ts' },
  { id: 'RR-COMP-4', summary: '25 ration packs', where: 'board.ts, tiles.ts, setup.ts' },
  {
    id: 'RR-COMP-5',
    summary: 'Relics: 8 green (toads, under ruins), 4 ivory/white (skulls), 4 blue (birds), 4 purple (jujus)',
    where: 'board.ts, tiles.ts, setup.ts',
  },
  {
    id: 'RR-COMP-6',
    summary: 'Victory points are kept hidden from the other players (coins face down)',
    where: 'board.ts, tiles.ts, setup.ts',
  },
  {
    id: 'D-1',
    summary: 'the digital game tracks VP as integers; the coin denominations and supply are not modelled.',
    where: 'state.ts (vp as integers)',
  },
  { id: 'RR-PATH-1', summary: 'A player never has two own pathways on one trail', where: 'rules.ts placeChoices, lift/lay' },
  { id: 'RR-LOC-1', summary: 'Explorers never block each other: any number may share or pass through a location.', where: 'moves.ts' },
  { id: 'RR-SETUP-1', summary: 'Each ruin site gets a stack of 3 ruin tiles (2 in a 2-player game).', where: 'setup.ts' },
  {
    id: 'RR-SETUP-2',
    summary: 'For each temple colour draw, at random and unseen, 4 large, 4 medium and 4 small tiles; the rest go back to th…',
    where: 'setup.ts',
  },
  {
    id: 'RR-SETUP-3',
    summary: 'Temple colour layouts: *first game* (fixed layout from the board data; ivory and purple tiles with the red gem…',
    where: 'setup.ts',
  },
  { id: 'D-20', summary: 'defaults: standard layout, gemmed tiles included, seat 0 starts.', where: 'setup.ts parseOptions' },
  { id: 'RR-SETUP-4', summary: 'A toolbox token, coloured side up, on every river trail.', where: 'setup.ts' },
  {
    id: 'RR-SETUP-5',
    summary: 'Each player: explorer on base camp; 1 toolbox at the bottom of the progression table, 2 toolboxes in reserve; …',
    where: 'setup.ts',
  },
  {
    id: 'RR-SETUP-6',
    summary: 'Base camp holds 2 rations per player; FR says the rest (25 − 5 × players) goes back to the box',
    where: 'setup.ts',
  },
  {
    id: 'D-2',
    summary: 'base camp is a finite pool: spent rations return to it, rations gained come from it, and a player gets only wh…',
    where: 'rules.ts gainRations',
  },
  { id: 'RR-SETUP-7', summary: 'A start player is chosen; play goes clockwise (seat order).', where: 'setup.ts' },
  { id: 'RR-SETUP-8', summary: 'The top tile of every purple temple is turned face up', where: 'setup.ts' },
  {
    id: 'RR-TURN-1',
    summary: 'Start of turn, in this order: note whether the explorer stands on a shrine holding a relic (this alone decides…',
    where: 'rules.ts startTurn',
  },
  {
    id: 'RR-MOVE-1',
    summary: 'Every turn the explorer must move along at least one trail (or teleport by IV2-6)',
    where: 'moves.ts, rules.ts moveEnd',
  },
  {
    id: 'RR-MOVE-2',
    summary: "A trail is *familiar* to a player when that player's pathway lies on it, otherwise *unfamiliar*. A move uses a…",
    where: 'moves.ts, rules.ts moveEnd',
  },
  {
    id: 'RR-MOVE-3',
    summary: 'A trail (and so a pathway) is used at most once per turn; a location may be passed through several times.',
    where: 'moves.ts, rules.ts moveEnd',
  },
  { id: 'RR-MOVE-4', summary: 'Base camp cannot be passed through: reaching it ends the move there.', where: 'moves.ts, rules.ts moveEnd' },
  {
    id: 'RR-MOVE-5',
    summary: 'River trails behave as jungle trails, except for toolbox tokens (RR-TOOL-2).',
    where: 'moves.ts, rules.ts moveEnd',
  },
  {
    id: 'RR-MOVE-6',
    summary: 'D-3 every legal move is identified by its sequence of trails; two moves that reach the same location along dif…',
    where: 'moves.ts, rules.ts moveEnd',
  },
  {
    id: 'D-3',
    summary: 'every legal move is identified by its sequence of trails; two moves that reach the same location along differe…',
    where: 'moves.ts',
  },
  {
    id: 'RR-MOVE-7',
    summary: 'End of move, in this order: (1) flip the coloured tokens of the river trails used; (2) if that flipped the las…',
    where: 'moves.ts, rules.ts moveEnd',
  },
  {
    id: 'RR-EXPL-1',
    summary: "After moving, the player may spend 1 ration (back to base camp's pool) to explore the location: a ruin or temp…",
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'RR-EXPL-2',
    summary: 'Ending the move on base camp: take 3 rations (to at most 5 on the chart, and at most what the pool holds); thi…',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'D-4',
    summary: '"ends the turn" means no explore and no later toolbox window; a toolbox may still be used before the move.',
    where: 'rules.ts moveEnd',
  },
  {
    id: 'RR-EXPL-3',
    summary: 'Ruin: discard its top tile, then place one pathway from supply on a trail adjacent to the ruin (RR-PATH-1)',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'D-21',
    summary: 'with no pathway in supply, or no legal trail, the ruin is explored and nothing is placed (FR says so for an em…',
    where: 'rules.ts placeChoices',
  },
  { id: 'RR-EXPL-4', summary: 'Ivory temple: take the top tile face up in front of you', where: 'rules.ts beginExploration, takeTile' },
  {
    id: 'D-5',
    summary: "the discarded tile's power may be used first only if it is usable at that moment; for a level-2 tile no such m…",
    where: 'rules.ts keep',
  },
  {
    id: 'RR-EXPL-5',
    summary: 'Blue temple: take the top tile face down; its value (2–5 VP) is known only to its owner until Shovel 3 reveals…',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'RR-EXPL-6',
    summary: 'Purple temple: take the (face-up) top tile, apply its effect, discard it, then turn the next tile of that temp…',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'RR-EXPL-7',
    summary: "Shrine: when a site's last tile is removed, the acting player completes that tile's action, then a relic of th…",
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'RR-EXPL-8',
    summary: 'D-6 "first to explore" (IV3-2) means: the site still had its full stack when this exploration began.',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'D-6',
    summary: '"first to explore" (IV3-2) means: the site still had its full stack when this exploration began.',
    where: 'rules.ts beginExploration',
  },
  {
    id: 'RR-EXPL-9',
    summary: 'D-22 what counts as an exploration: the ration exploration, Machete 1 (an exploration without the ration), and…',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'D-22',
    summary: 'what counts as an exploration: the ration exploration, Machete 1 (an exploration without the ration), and the …',
    where: 'rules.ts beginExploration',
  },
  {
    id: 'RR-EXPL-10',
    summary: 'D-23 a newly taken ivory tile works from the end of the action that gave it; a tile being discarded stays acti…',
    where: 'rules.ts beginExploration, takeTile',
  },
  {
    id: 'D-23',
    summary: 'a newly taken ivory tile works from the end of the action that gave it; a tile being discarded stays active un…',
    where: 'rules.ts beginExploration, keep',
  },
  {
    id: 'RR-EXP-1',
    summary: 'A player whose turn began on a shrine holding a relic (RR-TURN-1) and whose move ends on a different shrine ho…',
    where: 'rules.ts moveEnd, relic',
  },
  {
    id: 'RR-EXP-2',
    summary: 'D-7 teleports (PU-5, IV2-6) move along no trail; an expedition counts only the trails of the move itself',
    where: 'rules.ts moveEnd, relic',
  },
  {
    id: 'D-7',
    summary: 'teleports (PU-5, IV2-6) move along no trail; an expedition counts only the trails of the move itself',
    where: 'rules.ts moveEnd',
  },
  {
    id: 'RR-EXP-3',
    summary: 'At game end each player scores 5 VP per distinct relic colour held (RR-END-3).',
    where: 'rules.ts moveEnd, relic',
  },
  {
    id: 'RR-TOOL-1',
    summary: 'The table has three columns — machete (left), compass (middle), shovel (right) — of three levels each, and a b…',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  {
    id: 'RR-TOOL-2',
    summary: 'At the end of a move, every river trail used whose token is coloured side up is flipped grey side up; the play…',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  {
    id: 'D-24',
    summary: '"as far as possible": the number of steps used must be the largest achievable (level 3 is the top; a step no t…',
    where: 'rules.ts stepChoices',
  },
  {
    id: 'RR-TOOL-3',
    summary: 'All flips of one move are resolved at once: a toolbox cannot be used between steps.',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  {
    id: 'RR-TOOL-4',
    summary: 'Flipping the last coloured token (by a move, PU-8 or IV3-6): all ten tokens turn coloured side up again and th…',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  { id: 'D-25', summary: 'the extra step is mandatory, like the others (DE, PL; FR says "may").', where: 'rules.ts moveEnd' },
  {
    id: 'RR-TOOL-5',
    summary: 'Toolboxes in reserve never move up; only toolboxes on the table (including its bottom) count as "on the table"…',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  {
    id: 'RR-TOOL-6',
    summary: 'Using a toolbox: at most one per turn, in a toolbox window; the toolbox returns to the bottom of the table fir…',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  {
    id: 'RR-TOOL-7',
    summary: 'D-26 a toolbox may be used only if its action can be done in full: Compass 1–2 need enough own pathways on the…',
    where: 'rules.ts toolChoices, useTool, steps',
  },
  {
    id: 'D-26',
    summary: 'a toolbox may be used only if its action can be done in full: Compass 1–2 need enough own pathways on the boar…',
    where: 'rules.ts toolUsable',
  },
  {
    id: 'RR-TB-1',
    summary: 'Machete 1: explore the temple at the current location without spending a ration (not on a ruin, shrine or base…',
    where: 'rules.ts useTool, scoring.ts longestChain',
  },
  { id: 'RR-TB-2', summary: 'Machete 2: take 2 rations from base camp.', where: 'rules.ts useTool, scoring.ts longestChain' },
  {
    id: 'RR-TB-3',
    summary: 'Machete 3: score 4 VP per relic held (duplicates count).',
    where: 'rules.ts useTool, scoring.ts longestChain',
  },
  {
    id: 'RR-TB-4',
    summary: 'Compass 1: move one own pathway to any trail (RR-PATH-1).',
    where: 'rules.ts useTool, scoring.ts longestChain',
  },
  { id: 'RR-TB-5', summary: 'Compass 2: move two own pathways likewise.', where: 'rules.ts useTool, scoring.ts longestChain' },
  {
    id: 'RR-TB-6',
    summary: 'Compass 3: score 2 VP per pathway in your longest continuous chain of own pathways',
    where: 'rules.ts useTool, scoring.ts longestChain',
  },
  {
    id: 'D-8',
    summary: 'a chain is a trail-simple walk (no trail twice, locations may repeat) over own pathways whose inner locations …',
    where: 'scoring.ts longestChain',
  },
  {
    id: 'RR-TB-7',
    summary: 'Shovel 1: move a toolbox from reserve to the bottom of the table, or score 2 VP.',
    where: 'rules.ts useTool, scoring.ts longestChain',
  },
  {
    id: 'RR-TB-8',
    summary: 'Shovel 2: place a pathway from supply on a trail adjacent to the explorer (RR-PATH-1).',
    where: 'rules.ts useTool, scoring.ts longestChain',
  },
  { id: 'RR-TB-9', summary: 'Shovel 3: double all VP scored during this turn', where: 'rules.ts useTool, scoring.ts longestChain' },
  {
    id: 'D-9',
    summary: 'this covers VP scored earlier in the same turn as well as later (DE, EN, PL "this turn"; FR\'s past tense is th…',
    where: 'rules.ts useTool (Shovel 3)',
  },
  {
    id: 'RR-RAT-1',
    summary: "Never more than 5 rations on a chart; every gain is capped at 5 and at what base camp's pool holds (D-2).",
    where: 'rules.ts gainRations',
  },
  { id: 'IV1-1', summary: '3 VP per ivory tile held, this one included.', where: 'scoring.ts ivoryBonus, rules.ts endTurn' },
  { id: 'IV1-2', summary: '2 VP per ration left on the chart.', where: 'scoring.ts ivoryBonus, rules.ts endTurn' },
  {
    id: 'IV1-3',
    summary: 'D-10 5 VP per extra relic of a colour already held (relics beyond the first of each colour)',
    where: 'scoring.ts ivoryBonus, rules.ts endTurn',
  },
  {
    id: 'D-10',
    summary: '5 VP per extra relic of a colour already held (relics beyond the first of each colour)',
    where: 'scoring.ts ivoryBonus',
  },
  { id: 'IV1-4', summary: '1 VP per own pathway on the board.', where: 'scoring.ts ivoryBonus, rules.ts endTurn' },
  { id: 'IV1-5', summary: '4 VP per toolbox on the table (bottom included).', where: 'scoring.ts ivoryBonus, rules.ts endTurn' },
  {
    id: 'IV1-6',
    summary: "At game end, discard it to play one extra turn after the last player's final turn (no 2 VP for this discard).",
    where: 'scoring.ts ivoryBonus, rules.ts endTurn',
  },
  { id: 'D-18', summary: 'a level-2 tile is never', where: 'rules.ts frameChoices' },
  { id: 'IV2-1', summary: 'This move, the unfamiliar trail may come in the middle of the familiar chain.', where: 'rules.ts, moves.ts' },
  {
    id: 'IV2-2',
    summary: 'When exploring a temple, look secretly at its remaining tiles and take any one of them',
    where: 'rules.ts, moves.ts',
  },
  { id: 'D-11', summary: "the tiles not taken keep their order; a purple temple's top tile stays face up.", where: 'rules.ts takeTile' },
  { id: 'IV2-3', summary: 'At the start of your turn, refill rations to 5 from base camp.', where: 'rules.ts, moves.ts' },
  {
    id: 'IV2-4',
    summary: "When placing a pathway from supply, place two instead, both adjacent to the explorer's location",
    where: 'rules.ts, moves.ts',
  },
  {
    id: 'D-27',
    summary: 'with one pathway or one legal trail, it places what it can and is spent; it never applies to moving pathways.',
    where: 'rules.ts placeChoices',
  },
  {
    id: 'IV2-5',
    summary: 'When placing a pathway from supply, place it on any trail (RR-PATH-1); this overrides the adjacency of ruins, …',
    where: 'rules.ts, moves.ts',
  },
  {
    id: 'IV2-6',
    summary: 'Instead of a normal move, teleport from the temple you stand on to another temple site of the same colour that…',
    where: 'rules.ts, moves.ts',
  },
  {
    id: 'D-12',
    summary: "the starting location must be a temple site (explored or not); this counts as the turn's move; no trail is use…",
    where: 'rules.ts frameChoices (teleport)',
  },
  {
    id: 'IV3-1',
    summary: '+1 VP each time you place a pathway from supply (FR says "from your reserve"; the others are silent; moving on…',
    where: 'rules.ts',
  },
  { id: 'IV3-2', summary: '+1 VP each time you are first to explore a ruin or temple (D-6, D-22).', where: 'rules.ts' },
  {
    id: 'IV3-3',
    summary: '+1 VP each time an exploration of a temple (not ruin, not shrine) scores you VP; on a blue temple the +1 comes…',
    where: 'rules.ts',
  },
  { id: 'D-13', summary: 'once per exploration action.', where: 'rules.ts exEnd' },
  {
    id: 'IV3-4',
    summary: '+1 ration each time an opponent moves one of its pathways already on the board (per pathway).',
    where: 'rules.ts',
  },
  { id: 'IV3-5', summary: '+1 ration more each time you come back to base camp (by moving or by PU-5).', where: 'rules.ts' },
  {
    id: 'IV3-6',
    summary: 'Each time you leave base camp, you must flip one toolbox token anywhere, either way; no steps, except RR-TOOL-…',
    where: 'rules.ts',
  },
  {
    id: 'D-28',
    summary: "the flip is done when the move begins, before its trails are used (leaving is the move's first step; a move's …",
    where: 'rules.ts leaveFlip',
  },
  { id: 'PU-1', summary: 'Score 3 VP.', where: 'rules.ts purpleEffect' },
  { id: 'PU-2', summary: 'Move one of your toolboxes on the table up 1 step (nothing if none can move).', where: 'rules.ts purpleEffect' },
  { id: 'PU-3', summary: 'Take 2 rations from base camp.', where: 'rules.ts purpleEffect' },
  {
    id: 'PU-4',
    summary: 'Put a toolbox from reserve at the bottom of your table (D-29 nothing if the reserve is empty).',
    where: 'rules.ts purpleEffect',
  },
  { id: 'D-29', summary: 'nothing if the reserve is empty).', where: 'rules.ts purpleEffect 4' },
  { id: 'PU-5', summary: 'Teleport to base camp and take 3 rations (cap 5, pool)', where: 'rules.ts purpleEffect' },
  {
    id: 'D-14',
    summary: 'the turn does not end: the camp rule ends a *move* on camp, while PU-5 states its own gain; the toolbox window…',
    where: 'rules.ts purpleEffect 5',
  },
  {
    id: 'PU-6',
    summary: 'Move one of your pathways already on the board to another trail anywhere (IV3-4 applies).',
    where: 'rules.ts purpleEffect',
  },
  {
    id: 'PU-7',
    summary: 'Mandatory: do the action of an adjacent ruin or temple that still has tiles (never base camp), chosen by the p…',
    where: 'rules.ts purpleEffect',
  },
  {
    id: 'D-15',
    summary: "the neighbour's last tile reveals its relic as usual; a neighbouring purple tile 7 chains, resolved from the p…",
    where: 'rules.ts neighbour',
  },
  {
    id: 'PU-8',
    summary: 'Flip up to two toolbox tokens anywhere, each either way; no steps, except RR-TOOL-4.',
    where: 'rules.ts purpleEffect',
  },
  {
    id: 'RR-END-1',
    summary: 'When the relics collected by all players together reach 7 / 8 / 9 / 10 (2 / 3 / 4 / 5 players), the collecting…',
    where: 'rules.ts endTurn, scoring.ts',
  },
  { id: 'RR-END-2', summary: 'Then the holder of IV1-6 may take its extra turn.', where: 'rules.ts endTurn, scoring.ts' },
  {
    id: 'RR-END-3',
    summary: 'Scores: VP scored during play + blue tile values + 5 VP per distinct relic colour held + ivory level-1 bonuses',
    where: 'rules.ts endTurn, scoring.ts',
  },
  {
    id: 'RR-END-4',
    summary: 'Most VP wins; ties go to more relics, then more distinct relic colours; D-30 else the tied players share the w…',
    where: 'rules.ts endTurn, scoring.ts',
  },
  { id: 'D-30', summary: 'else the tied players share the win.', where: 'scoring.ts winners' },
  { id: 'RR-END-5', summary: 'D-16 the engine has no turn limit', where: 'rules.ts endTurn, scoring.ts' },
  { id: 'D-16', summary: 'the engine has no turn limit', where: 'cli simulate --cap' },
  {
    id: 'D-19',
    summary: 'a public event may state VP gained by a public action (an onlooker could count the coins taken); running total…',
    where: 'view.ts, rules.ts events',
  },
  { id: 'D-17', summary: 'an option "open scores" may show all VP totals; it is off by default.', where: 'view.ts' },
];
