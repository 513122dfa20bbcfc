import type { RRHelpId } from '../../../relic-runners/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/en.js';

// Relic Runners in our own words, from docs/rules/relic-runners.md (rule ids in the outline).
const en: HelpContent<RRHelpId> = {
  goal: {
    title: 'Goal',
    body: [
      'You lead an explorer through the jungle around base camp. Explore ruins and temples, lay pathways that let you travel fast, and carry relics from one shrine to another on expeditions.',
      'Whoever has the most victory points (VP) at the end wins. Your VP stay hidden from the others until the final count.',
    ],
  },
  setup: {
    title: 'Setup',
    body: [
      'Every explorer starts on base camp with 3 rations, 10 pathways in supply and 1 toolbox at the bottom of the progression table (2 more wait in reserve). Base camp holds 2 rations per player.',
      'Each of the 8 ruins gets a stack of 3 ruin tiles. The 12 temples get stacks of ivory, blue or purple tiles: large at the bottom, then medium, then small on top (4 temples of each colour). With 2 players stacks are one tile lower.',
      'A toolbox token lies coloured side up on each of the 10 river trails. The top tile of each purple temple is face up; all other stacks are face down.',
    ],
  },
  turn: {
    title: 'Your turn',
    body: [
      'Each turn you must move, then you may explore the place where you stopped. Once per turn, before or after either step, you may use one toolbox from your progression table.',
    ],
  },
  move: {
    title: 'Move',
    body: [
      'A trail is familiar to you when one of your pathways lies on it. In one move you may walk any chain of your familiar trails and at most one unfamiliar trail, which must come before or after the chain, not in the middle.',
      'You must use at least one trail and may not finish where you started. Each trail can be used only once per turn, though you may pass a place several times. Other explorers never block you.',
      'Base camp stops you: reaching it ends your move. River trails work like jungle trails, but walking one whose token shows its coloured side flips the token and gives you toolbox steps.',
    ],
  },
  explore: {
    title: 'Explore',
    body: [
      'After moving you may pay 1 ration (it goes back to base camp) to explore the ruin or temple you stand on, as long as it still has tiles. Without rations you cannot explore.',
      'Ending your move on base camp gives you 3 rations for free (never more than 5 on your chart, and only as many as base camp holds) and ends your turn at once.',
    ],
  },
  ruins: {
    title: 'Ruins',
    body: [
      'Remove the top ruin tile and place one of your pathways from supply on a trail touching that ruin. You may never have two of your own pathways on the same trail; pathways of different players may share one.',
    ],
  },
  temples: {
    title: 'Temples',
    body: [
      'Ivory: take the top tile and keep it face up. You may hold one ivory tile of each size; if you get a second of a size, keep one, discard the other and score 2 VP.',
      'Blue: take the top tile face down. It is worth 2 to 5 VP at the end, and only you know its value.',
      'Purple: the top tile is face up. Take it, do what it says, discard it, then turn up the next tile of that temple.',
    ],
  },
  shrines: {
    title: 'Shrines and relics',
    body: [
      'When the last tile of a ruin or temple is taken, a relic appears on the shrine underneath: green under ruins, and the temple’s colour under temples. A shrine can no longer be explored, but you can still walk through it or stop there.',
    ],
  },
  expeditions: {
    title: 'Relic expeditions',
    body: [
      'If you start your turn on a shrine holding a relic and end your move on another shrine holding a relic of the same colour, you may take that relic. No ration is needed.',
      'Taking it scores 2 VP for every trail you walked this turn, so long routes pay. Jumps (PU-5, IV2-6) walk no trail and count for nothing. The relic you started on stays where it is.',
    ],
  },
  rations: {
    title: 'Rations',
    body: [
      'You may never have more than 5 rations on your chart. Every ration you gain comes from base camp, and you get only what base camp still holds; spent rations go back there.',
    ],
  },
  toolboxes: {
    title: 'Toolboxes and the progression table',
    body: [
      'The table has three columns (machete, compass, shovel) with three levels each, above a bottom row. When you end a move, each river trail you used whose token was coloured is flipped grey, and you get one step per flipped token to move your toolboxes up. A toolbox leaving the bottom row picks a column and stays in it. You must use as many steps as you can.',
      'If you flip the last coloured token on the board, all ten turn coloured again and you get one more step.',
      'Once per turn you may use one toolbox that is on a level: it goes back to the bottom row and you do the action of its level. You can only use it if its action can be done in full.',
    ],
  },
  'RR-TB-1': {
    title: 'Machete 1',
    body: ['Explore the temple you stand on without paying a ration.'],
  },
  'RR-TB-2': { title: 'Machete 2', body: ['Take 2 rations from base camp.'] },
  'RR-TB-3': { title: 'Machete 3', body: ['Score 4 VP for each relic you hold (two of a colour count twice).'] },
  'RR-TB-4': { title: 'Compass 1', body: ['Move one of your pathways from the board to any other trail.'] },
  'RR-TB-5': { title: 'Compass 2', body: ['Move two of your pathways from the board to other trails.'] },
  'RR-TB-6': {
    title: 'Compass 3',
    body: ['Score 2 VP for each pathway in your longest unbroken chain of pathways. A chain cannot run through base camp.'],
  },
  'RR-TB-7': { title: 'Shovel 1', body: ['Either put a toolbox from your reserve on the bottom row, or score 2 VP.'] },
  'RR-TB-8': { title: 'Shovel 2', body: ['Place a pathway from your supply on a trail touching your explorer’s location.'] },
  'RR-TB-9': {
    title: 'Shovel 3',
    body: [
      'Double all VP you score this turn, before and after using it. Every blue tile you took this turn is shown to everyone and its value scores once more now.',
    ],
  },
  ivory: {
    title: 'Ivory tiles',
    body: [
      'You keep ivory tiles face up in front of you, at most one of each size. Large tiles score at the end, medium tiles are used once and then discarded, small tiles work every time their moment comes.',
    ],
  },
  'IV1-1': { body: ['At the end: 3 VP for each ivory tile you hold, this one included.'] },
  'IV1-2': { body: ['At the end: 2 VP for each ration still on your chart.'] },
  'IV1-3': { body: ['At the end: 5 VP for each relic beyond the first of its colour (two blue relics give 5, three give 10).'] },
  'IV1-4': { body: ['At the end: 1 VP for each of your pathways on the board.'] },
  'IV1-5': { body: ['At the end: 4 VP for each toolbox on your progression table, the bottom row included (not those in reserve).'] },
  'IV1-6': {
    body: ['When the game ends, you may discard this tile to play one more turn after the last player. This discard gives no 2 VP.'],
  },
  'IV2-1': {
    body: ['Use once: in one move, your single unfamiliar trail may sit in the middle of your chain of familiar trails.'],
  },
  'IV2-2': {
    body: ['Use once when you explore a temple: look secretly at all of its tiles and take the one you want. The others keep their order.'],
  },
  'IV2-3': { body: ['Use once at the start of your turn: fill your rations up to 5 from base camp.'] },
  'IV2-4': {
    body: ['Use once when you place a pathway from supply: place two instead, both on trails touching your explorer’s location.'],
  },
  'IV2-5': {
    body: [
      'Use once when you place a pathway from supply (from a ruin, Shovel 2 or PU-7): put it on any trail of the board instead of next to you.',
    ],
  },
  'IV2-6': {
    body: [
      'Use once instead of a normal move: jump from the temple you stand on to another temple of the same colour that holds no relic. This is your move, but it uses no trail.',
    ],
  },
  'IV3-1': { body: ['Every time you place a pathway from your supply: 1 VP. Moving a pathway does not count.'] },
  'IV3-2': { body: ['Every time you are the first to explore a ruin or temple (its stack is still full): 1 VP.'] },
  'IV3-3': {
    body: ['Every time exploring a temple scores you VP: 1 VP more, once per exploration. Taking a blue tile counts.'],
  },
  'IV3-4': { body: ['Every time an opponent moves one of their pathways already on the board: 1 ration for you.'] },
  'IV3-5': { body: ['Every time you come back to base camp: 1 ration more than usual.'] },
  'IV3-6': {
    body: [
      'Every time you leave base camp, you must flip one toolbox token of your choice, either way. It gives no steps, unless it was the last coloured token.',
    ],
  },
  purple: {
    title: 'Purple tiles',
    body: [
      'Purple tiles lie face up on their temple, so everyone sees what the next exploration there will do. You do it at once and discard the tile.',
    ],
  },
  'PU-1': { body: ['Score 3 VP.'] },
  'PU-2': { body: ['Move one of your toolboxes on the table up one step (if one can move).'] },
  'PU-3': { body: ['Take 2 rations from base camp.'] },
  'PU-4': { body: ['Put a toolbox from your reserve on the bottom row of your table (if you have one left).'] },
  'PU-5': {
    body: ['Jump to base camp and take 3 rations. Unlike a move that ends on camp, your turn goes on: you may still use a toolbox.'],
  },
  'PU-6': { body: ['Move one of your pathways on the board to any other trail.'] },
  'PU-7': {
    body: [
      'You must do the action of a neighbouring ruin or temple that still has tiles, as if you stood there: its top tile is removed as well. A pathway you get this way goes next to the purple temple you stand on. With no such neighbour, nothing else happens (a ration paid to explore is not given back).',
    ],
  },
  'PU-8': {
    body: ['Flip up to two toolbox tokens anywhere, each either way. No steps, unless you turned the last coloured token grey.'],
  },
  scoring: {
    title: 'Scoring',
    body: [
      'During play you score VP from purple tiles, toolbox actions, discarded ivory tiles, small ivory tiles and relic expeditions.',
      'At the end everyone adds: the VP scored during play, the values of their blue tiles, 5 VP for each different relic colour they hold (green, ivory, blue, purple) and the bonuses of their large ivory tiles.',
    ],
  },
  end: {
    title: 'End of the game',
    body: [
      'The end comes when the players together have collected 7 relics (2 players), 8 (3 players), 9 (4 players) or 10 (5 players). The player who took the last one finishes the turn, then everyone else plays one more turn in order. Expeditions still count.',
      'Then the holder of IV1-6 may play an extra turn. Most VP wins; on a tie, more relics, then more relic colours; if still tied, the win is shared.',
    ],
  },
  ratings,
};

export default en;
