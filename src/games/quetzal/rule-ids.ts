import type { RuleId } from '../../core/game.js';

/** Rule, reconstruction and decision ids of docs/rules/quetzal.md that the engine implements, and where. */
export const RULE_IDS: readonly RuleId[] = [
  {
    id: 'Q-SET-1',
    summary: '75 artifact cards (21/18/15/12/9) shuffled; 14 dealt face up: 8 Temple, 2 per excavation site',
    where: 'data.ts CARDS, setup.ts',
  },
  { id: 'Q-SET-2', summary: '24 upgrade tiles shuffled face down; 3 face up on the Village display', where: 'setup.ts' },
  { id: 'Q-SET-3', summary: 'Round 1 of 5; start player chosen (option startSeat)', where: 'setup.ts parseOptions' },
  { id: 'Q-SET-4', summary: 'Coins by seat from the start player: 4, 5, 5, 6, 6; unlimited supply', where: 'setup.ts' },
  { id: 'Q-SET-5', summary: 'Leader plus 6/5/4 team figures (3/4/5 players); VP and discovery at 0; VP uncapped', where: 'setup.ts' },
  { id: 'Q-SET-6', summary: '3 players: one ship covered', where: 'rules.ts locCovered' },
  {
    id: 'Q-ROLL-1',
    summary: 'Roll all figures; black adv, white arch, side/standing wild, leader wild; +1 coin per standing figure',
    where: 'rules.ts rollAll',
  },
  {
    id: 'Q-ROLL-2',
    summary: 'Face probabilities Q-R-1; rolls use the seeded RNG in the state and are public events',
    where: 'rules.ts withRng, rollAll',
  },
  {
    id: 'QD-7',
    summary:
      'First rolls and coins first; then reroll upgrades in seat order from the start player; a rerolled standing figure keeps its coin',
    where: "rules.ts runAuto 'roll'",
  },
  {
    id: 'Q-PL-1',
    summary:
      'Placement clockwise from the start player, one location per turn, until all figures placed; empty hands skipped; Camp always open; no debt',
    where: "rules.ts runAuto 'placeTurn', placeChoices",
  },
  { id: 'Q-PL-2', summary: 'A wild figure becomes the kind it is placed as', where: 'rules.ts takeFigures, applyPlace' },
  {
    id: 'QD-8',
    summary: 'The leader stays wild when it comes back from an outbid bid; team figures keep the placed face',
    where: 'rules.ts applyPlace',
  },
  {
    id: 'Q-PL-3',
    summary: 'Unique locations: one figure of the banner kind on a free banner, paying its cost; occupied banners closed',
    where: 'rules.ts placeChoices single',
  },
  { id: 'QD-9', summary: 'One player may hold several banners of the same unique location', where: 'rules.ts placeChoices' },
  {
    id: 'Q-PL-4',
    summary: 'Free locations: any number of times; Harbour 2 coins per figure paid on placing',
    where: 'rules.ts placeChoices free',
  },
  {
    id: 'Q-PL-5',
    summary:
      'Auctions: one kind per bid; a later bid must be bigger and of the same kind; outbid figures come back; leader alone fixes no kind',
    where: 'rules.ts placeChoices, applyPlace',
  },
  { id: 'QD-10', summary: 'A player may not raise its own winning bid', where: 'rules.ts placeChoices' },
  {
    id: 'Q-PL-6',
    summary: 'Camp: +1 coin per figure at once, then may reroll one unplaced figure (+1 coin if standing)',
    where: "rules.ts applyPlace, frame 'camp'",
  },
  {
    id: 'QD-2',
    summary: 'One Camp reroll per Camp placement; a figure returned by an outbid may be rerolled later',
    where: "rules.ts frame 'camp'",
  },
  { id: 'QD-6', summary: 'The Stele costs nothing', where: 'data/quetzal.json stele banner cost 0' },
  { id: 'Q-PL-7', summary: 'Stele: not for the holder of the start player marker', where: 'rules.ts placeChoices' },
  { id: 'Q-ACT-1', summary: 'Stele: start player marker and 1 discovery', where: "rules.ts runAuto 'stele'" },
  {
    id: 'Q-ACT-2',
    summary: 'Temple banners top to bottom take their yield; short display gives what it has; no hand limit',
    where: "rules.ts 'templeBanner', 'take', 'templeDraw'",
  },
  {
    id: 'Q-ACT-3',
    summary: 'Sites in order Quarry, Small Temple, Ruins: winner takes 2 cards and the bonus; unwon cards stay',
    where: "rules.ts runAuto 'site'",
  },
  {
    id: 'Q-ACT-4',
    summary: 'Black Market: the winner may discard a hand card for 7 coins (no VP, no bonus)',
    where: "rules.ts frame 'sell'",
  },
  { id: 'Q-ACT-5', summary: 'Village banners top to bottom each take one face-up upgrade still there', where: "rules.ts frame 'village'" },
  { id: 'Q-ACT-6', summary: 'Harbour: one delivery per player with figures there', where: "rules.ts runAuto 'harbour'" },
  { id: 'QD-4', summary: 'Harbour delivery of up to 3 cards per own figure there', where: "rules.ts runAuto 'harbour'" },
  { id: 'Q-ACT-7', summary: 'Ships, first then second: each winner delivers up to 6 cards', where: "rules.ts runAuto 'ship'" },
  { id: 'Q-ACT-8', summary: 'Within a location players act in seat order from the start player', where: 'rules.ts fromStart' },
  { id: 'QD-3', summary: 'That order starts from the marker holder after the Stele resolved', where: 'rules.ts fromStart' },
  { id: 'Q-ACT-9', summary: 'All figures return after phase 3', where: "rules.ts runAuto 'returnFigures'" },
  {
    id: 'Q-DEL-1',
    summary: 'Optional, limited delivery; cards discarded; per type sets of 3 plus one remainder; card bonuses gained',
    where: 'delivery.ts scoreDelivery, deliveryPay; rules.ts applyDeliver',
  },
  { id: 'Q-DEL-2', summary: 'Delivery upgrades trigger at most once per delivery', where: 'delivery.ts scoreDelivery' },
  {
    id: 'QD-11',
    summary: 'A delivery uses the upgrades held when it starts; permanent upgrades act as soon as slotted',
    where: "state.ts Frame 'deliver'.ups",
  },
  {
    id: 'Q-DISC-1',
    summary: 'Discovery: every space reached or crossed gives its reward',
    where: 'rules.ts gainDiscovery, delivery.ts rewardsReached',
  },
  {
    id: 'Q-UP-1',
    summary: 'Instant upgrades apply and are discarded; at most 2 permanent; third: discard one; duplicates discarded; all got score VP',
    where: 'rules.ts gainUpgrade, scoring.ts',
  },
  {
    id: 'QD-12',
    summary: 'Empty upgrade stack: draws and Village refills skipped; no reshuffle',
    where: "rules.ts 'upgradeDraw', refillVillage",
  },
  { id: 'Q-UP-2', summary: '"At any time" exchange upgrades', where: 'rules.ts exchangeChoices' },
  {
    id: 'QD-13',
    summary: 'Exchanges whenever the holder owes a decision, repeatedly, and in a final window before scoring',
    where: "rules.ts exchangeChoices, frame 'final'",
  },
  {
    id: 'Q-UP-3',
    summary: 'Upgrade effects (Q-R-6)',
    where: 'delivery.ts scoreDelivery; rules.ts templeCost, startDelivery, templeDraw, reroll',
  },
  { id: 'Q-END-1', summary: 'Advance the round; after round 5 the game ends at once', where: "rules.ts runAuto 'prepare'" },
  {
    id: 'Q-END-2',
    summary: 'Refill artifact spaces from the deck; refill the Village display (3, or 2 with 2 players)',
    where: 'rules.ts refillCards, refillVillage',
  },
  { id: 'QD-5', summary: 'Empty deck: shuffle the discard pile; both empty: spaces stay empty', where: 'rules.ts drawCard' },
  {
    id: 'Q-END-3',
    summary: 'Final: track + 2 start marker + 1 per 3 coins + upgrade VP; tie: discovery; else shared',
    where: 'scoring.ts',
  },
  { id: 'Q-HID-1', summary: 'Hidden: hands (size public), deck order, upgrade stack', where: 'view.ts, determinize.ts, events' },
  {
    id: 'Q-2P-1',
    summary:
      '2 players: 5 team figures + leader; automaton places 6 figures at setup and every phase 4 from its deck; pays nothing; its banners closed; 5 cards used',
    where: 'setup.ts, rules.ts automatonPlace',
  },
  {
    id: 'Q-2P-2',
    summary: '2 players: one ship, Village banner 3 and the third Village space covered',
    where: 'rules.ts locCovered, bannerCovered, villageSize',
  },
  { id: 'QD-14', summary: 'The covered Village banner is banner 3 and the covered space the third', where: 'data/quetzal.json twoPlayer' },
  { id: 'Q-2P-3', summary: 'Outbidding the automaton discards its figures there', where: 'rules.ts applyPlace' },
  {
    id: 'Q-2P-4',
    summary:
      'Automaton at the Temple picks by priority, draws on draw banners, discards all; its sites discard their cards; nothing at Black Market/ship',
    where: 'rules.ts automatonTemple, site',
  },
  { id: 'Q-R-1', summary: 'Roll weights: team 40/40/15/5 (adv/arch/side/stand); leader stands 5%', where: 'data/quetzal.json roll' },
  { id: 'Q-R-2', summary: 'Temple banners cost/kind/yield', where: 'data/quetzal.json locations.temple' },
  {
    id: 'Q-R-3',
    summary: 'Excavation bonuses: Quarry 1 VP, Small Temple 1 discovery, Ruins 1 coin',
    where: 'data/quetzal.json excavation',
  },
  { id: 'Q-R-4', summary: 'Delivery VP tables and bonus distribution', where: 'data/quetzal.json cards' },
  { id: 'Q-R-5', summary: 'Discovery track 0–14 with rewards on even spaces', where: 'data/quetzal.json discovery' },
  { id: 'Q-R-6', summary: 'Upgrades: 11 permanent effects × 2 + 2 instant tiles', where: 'data/quetzal.json upgrades' },
  { id: 'Q-R-7', summary: 'Automaton cards and priority', where: 'data/quetzal.json automaton' },
  { id: 'Q-R-8', summary: 'Village banners cost/kind', where: 'data/quetzal.json locations.village' },
];
