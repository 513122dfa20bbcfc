import type { QHelpId } from '../../../quetzal/help-outline.js';
import type { HelpContent } from '../../outline.js';
import ratings from '../ratings/en.js';

// Quetzal in our own words, from docs/rules/quetzal.md (rule ids Q-… there).
const en: HelpContent<QHelpId> = {
  goal: {
    title: 'Goal',
    body: [
      'Over five rounds you send your figures to the places of the city: to win artifact cards, deliver them for victory points (VP), climb the discovery track and collect upgrades. The most VP after round 5 wins.',
    ],
  },
  setup: {
    title: 'Setup',
    body: [
      'Eight artifact cards lie face up on the Temple display and two on each excavation site (Quarry, Small Temple, Ruins). Three upgrades lie face up in the Village.',
      'Coins, from the start player on: 4, 5, 5, 6, 6. Each player has a leader and team figures: 6 with 3 players, 5 with 4 players, 4 with 5 players. With 3 players one ship is closed.',
    ],
  },
  turn: {
    title: 'A round',
    body: ['Each of the five rounds has four phases: roll, place, activate, prepare.'],
  },
  roll: {
    title: '1. Roll',
    body: [
      'Everyone rolls all their figures. A team figure showing black is an adventurer, white an archaeologist; on its side or standing it is either, your choice when you place it. The leader is always either.',
      'Every figure that lands standing gives you 1 coin at once. Then players with reroll upgrades may use them.',
    ],
  },
  place: {
    title: '2. Place',
    body: [
      'From the start player clockwise, each player puts one or more figures on one place; this goes round until all figures are placed. A place that costs coins must be paid when you place.',
      'Banner places (Stele, Temple, Village) take one figure of the banner’s kind on a free banner; a taken banner is closed for the round.',
      'Auction places (excavation sites, Black Market, ships) take a bid: any number of figures of one kind. To outbid, place more figures of that same kind; the outbid player takes the figures back and places them again later. You cannot raise your own winning bid. A leader bidding alone leaves the kind open.',
    ],
  },
  activate: {
    title: '3. Activate',
    body: [
      'The places act in this order: Stele, Temple (top banner first), Quarry, Small Temple, Ruins, Black Market, Village, Harbour Master’s Office, first ship, second ship. Then all figures go back to their owners.',
    ],
  },
  prepare: {
    title: '4. Prepare',
    body: [
      'The plane moves on one round. Empty card spaces are refilled from the deck (the discards are shuffled when it runs out) and the Village gets new upgrades. After round 5 the game ends instead.',
    ],
  },
  locations: {
    title: 'Places',
    body: ['What each place of the board gives, and who may go there.'],
  },
  camp: {
    body: [
      'Open to everyone, any figures, as often as you like. You get 1 coin per figure at once, then you may reroll one figure still in your hand (1 coin more if it stands).',
    ],
  },
  stele: {
    body: ['One archaeologist, free. It gives the start player marker and 1 discovery. The current start player may not go there.'],
  },
  temple: {
    body: [
      'Five banners, costing 5, 4, 3, 2 and 1 coins from the top. Banners 1, 3 and 4 take an adventurer, banners 2 and 5 an archaeologist.',
      'Banners 1 and 2: choose 2 cards from the Temple display. Banners 3 and 4: choose 1 card and draw the top card of the deck. Banner 5: choose 1 card. The top banner chooses first.',
    ],
  },
  quarry: {
    body: ['Auction. The highest bid takes both cards lying there and 1 VP. Cards nobody wins stay for the next round.'],
  },
  smallTemple: {
    body: ['Auction. The highest bid takes both cards lying there and 1 discovery.'],
  },
  ruins: {
    body: ['Auction. The highest bid takes both cards lying there and 1 coin.'],
  },
  blackMarket: {
    body: [
      'Auction for adventurers only. The winner may sell one card from hand for 7 coins. This is not a delivery: no VP and no card bonus.',
    ],
  },
  village: {
    body: [
      'Three banners: the first costs 2 and takes an adventurer, the second costs 2 and takes an archaeologist, the third costs 1 and takes an archaeologist. Each banner, from the top, takes one face-up upgrade.',
    ],
  },
  harbour: {
    body: [
      'Open to everyone, any figures, but each figure costs 2 coins when placed. Each player there makes one delivery of up to 3 cards per own figure there.',
    ],
  },
  ship1: {
    body: ['Auction. The winner delivers up to 6 cards. With 2 or 3 players one of the ships is closed.'],
  },
  ship2: {
    body: ['Auction, like the first ship, and it acts after it. The winner delivers up to 6 cards.'],
  },
  delivery: {
    title: 'Delivering and discovery',
    body: ['Cards in your hand are worth nothing until you deliver them; discovery pays along the way.'],
  },
  deliver: {
    title: 'Delivering cards',
    body: [
      'At the Harbour Master’s Office and on a ship you may deliver cards from your hand; they are then discarded. Each type scores by how many of it you deliver together:',
      'Jars 1 / 3 / 5 VP, weapons 1 / 3 / 6, tablets 2 / 4 / 7, sculptures 2 / 5 / 8, mummies 3 / 6 / 10 for 1 / 2 / 3 cards. More than three of a type score as full sets of three plus the rest.',
      'Each delivered card also gives its bonus: 1 coin, 1 discovery or 1 VP. The delivery preview on the table shows exactly what a delivery will pay, upgrades included.',
    ],
  },
  discovery: {
    title: 'Discovery track',
    body: [
      'Each discovery moves your marker one space up the track (0 to 14). Reaching or passing an even space pays: 2: 1 VP, 4: 2 coins, 6: an upgrade, 8: 2 VP, 10: 3 coins, 12: an upgrade, 14: 4 VP.',
    ],
  },
  upgrades: {
    title: 'Upgrades',
    body: [
      'Permanent upgrades work from the moment you get them; you may keep two. When you get a third, discard one of the three. A second copy of one you hold is discarded at once.',
      'Instant upgrades give their bonus once and are then put aside. Every upgrade you ever got scores at the end: 1 VP for a permanent one, 2 VP for an instant one.',
    ],
  },
  reroll2: { body: ['Once a round, after rolling: roll up to two of your figures again.'] },
  rerollAll: { body: ['Once a round, after rolling: roll all your figures again, or none.'] },
  templeDiscount: { body: ['Temple banners cost you 1 coin less (never below 0).'] },
  templeDraw: {
    body: ['On Temple banners 3 and 4, draw two cards instead of one: keep one and put the other under the deck.'],
  },
  extraCard: { body: ['Each of your deliveries at the Harbour Master’s Office and on a ship may hold one card more.'] },
  tabletCoins: { body: ['2 coins for every tablet you deliver.'] },
  jarSet: { body: ['A delivery with three or more jars pays 1 coin and 3 VP more (once per delivery).'] },
  weaponSet: { body: ['A delivery with three or more weapons pays 2 coins and 2 VP more (once per delivery).'] },
  mixedSet: { body: ['A delivery with at least one jar, one weapon and one tablet pays 4 VP more (once per delivery).'] },
  coinsToVp: {
    body: ['Whenever you have a decision to make, and once more before the final count: pay 2 coins for 1 VP, as often as you like.'],
  },
  coinsToDiscovery: {
    body: [
      'Whenever you have a decision to make, and once more before the final count: pay 3 coins for 1 discovery, as often as you like.',
    ],
  },
  instantCoins: { body: ['Instant: take 5 coins, then put the tile aside.'] },
  instantDiscovery: { body: ['Instant: take 1 discovery, then put the tile aside.'] },
  scoring: {
    title: 'Scoring',
    body: [
      'At the end each player adds to the VP on the score track: 2 VP for holding the start player marker, 1 VP for every 3 coins, and the VP of every upgrade they got.',
    ],
  },
  end: {
    title: 'End of the game',
    body: [
      'The game ends right after round 5 has been activated. Most VP wins; on a tie, whoever is furthest on the discovery track; if still tied, the win is shared.',
    ],
  },
  'two-players': {
    title: 'Two players',
    body: [
      'Each player has a leader and 5 team figures. One ship, the third Village banner and the third Village upgrade space are closed.',
      'A neutral automaton plays a third colour and scores nothing. At the start and in every phase 4 its top card puts 6 figures on the board for free: 2 on Temple banners, 3 on one excavation site and 1 on the Black Market or the open ship. Its banners are closed to you.',
      'You can outbid its figures like any bid: more figures of the same kind; its figures then leave for the round. When activated, at the Temple it takes the best cards (mummies first, then sculptures, tablets, weapons, jars) and discards them; on a site it still holds, both cards are discarded; on the Black Market or a ship nothing happens.',
    ],
  },
  ratings,
};

export default en;
