import type { Kind, LocId, UpgradeId } from './data.js';

/** A face a figure in hand shows: team figures adv/arch/side/stand, the leader always "leader". */
export type Face = 'adv' | 'arch' | 'side' | 'stand' | 'leader';

/**
 * Every choice a Quetzal player can make. Each is a small JSON object tagged `t`, readable in a
 * log. Cards are named by type and bonus ("jar", "tablet+discovery"): cards of one name are
 * interchangeable, so a choice never needs a card's identity.
 *
 * - place: put figures on one location (Q-PL-*). `adv`/`arch` count team figures whose face
 *   already shows that kind, `wild` counts team figures lying on their side or standing,
 *   `leader` whether the leader goes too. `as` is the kind the wild figures and the leader take
 *   (absent on free locations, where kinds do not matter, and on a bid of the leader alone, which
 *   fixes no kind yet, Q-PL-5). `banner` (1-based) on unique locations. Example:
 *   {t:'place',loc:'temple',banner:2,as:'arch',adv:0,arch:1,wild:0,leader:false}.
 * - reroll: figures in hand to roll again, by face (Camp: at most one; reroll2 upgrade: up to
 *   two); `faces: []` declines.
 * - rerollAll: the "all or none" upgrade (Q-R-6).
 * - take: one card of the Temple display (Q-ACT-2), by name.
 * - keep: templeDraw upgrade, which of the two drawn cards to keep (the other goes under the deck).
 * - sell: Black Market (Q-ACT-4): a hand card for 7 coins, or `card: null` to decline.
 * - village: the face-up upgrade a Village banner takes (Q-ACT-5).
 * - drop: a third permanent upgrade arrived: which of the three goes to the discard (Q-UP-1).
 * - add / deliver: a delivery is built one card at a time (`add`), then scored (`deliver`);
 *   delivering nothing is `deliver` with no card added (Q-DEL-1).
 * - exchange: an "at any time" upgrade (QD-13); `done` closes the final exchange window.
 */
export type QChoice =
  | {
      readonly t: 'place';
      readonly loc: LocId;
      readonly banner?: number;
      readonly as?: Kind;
      readonly adv: number;
      readonly arch: number;
      readonly wild: number;
      readonly leader: boolean;
    }
  | { readonly t: 'reroll'; readonly faces: readonly Face[] }
  | { readonly t: 'rerollAll'; readonly use: boolean }
  | { readonly t: 'take'; readonly card: string }
  | { readonly t: 'keep'; readonly card: string }
  | { readonly t: 'sell'; readonly card: string | null }
  | { readonly t: 'village'; readonly up: UpgradeId }
  | { readonly t: 'drop'; readonly up: UpgradeId }
  | { readonly t: 'add'; readonly card: string }
  | { readonly t: 'deliver' }
  | { readonly t: 'exchange'; readonly up: 'coinsToVp' | 'coinsToDiscovery' }
  | { readonly t: 'done' };

export type QChoiceTag = QChoice['t'];
export type PlaceChoice = Extract<QChoice, { readonly t: 'place' }>;
