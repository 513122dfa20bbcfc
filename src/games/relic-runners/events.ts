import type { Column } from './state.js';
import type { IvoryName, Level, PurpleName } from './tiles.js';

/**
 * Why VP or rations came: codes, never words (the client puts them in the reader's language).
 * A tile reason names the tile whose effect gave them.
 */
export type RRReason =
  | { readonly kind: 'tool'; readonly tool: Column; readonly level: Level }
  | { readonly kind: 'tile'; readonly tile: IvoryName | PurpleName }
  | { readonly kind: 'expedition' }
  | { readonly kind: 'ivoryDiscard' }
  | { readonly kind: 'camp' };

/**
 * Every public event the Relic Runners engine emits. Sites are location ids, trails trail ids,
 * relics relic colour indexes (RELIC_NAMES). `reveals` marks hidden information made known (a
 * face-down tile taken, a secret look), so that the moves before it can no longer be taken back.
 * A blue tile's value appears only once it is public (Shovel 3), never when it is taken (D-19).
 */
export type RREvent =
  | { readonly type: 'turn'; readonly seat: number; readonly turn: number }
  | { readonly type: 'move'; readonly seat: number; readonly trails: readonly number[]; readonly to: string }
  | { readonly type: 'teleport'; readonly seat: number; readonly to: string }
  | { readonly type: 'explore'; readonly seat: number; readonly site: string; readonly how: 'ration' | 'machete' | 'neighbour' }
  | { readonly type: 'ruinTile'; readonly seat: number; readonly site: string }
  | { readonly type: 'ivoryTaken'; readonly seat: number; readonly site: string; readonly tile: IvoryName; readonly reveals: true }
  | { readonly type: 'blueTaken'; readonly seat: number; readonly site: string; readonly level: Level; readonly reveals: true }
  | {
      readonly type: 'purpleTaken';
      readonly seat: number;
      readonly site: string;
      readonly tile: PurpleName;
      readonly level: Level;
      readonly reveals: true;
    }
  | { readonly type: 'blueRevealed'; readonly seat: number; readonly level: Level; readonly value: number }
  | { readonly type: 'ivoryKept'; readonly seat: number; readonly kept: IvoryName; readonly discarded: IvoryName }
  | { readonly type: 'ivoryUsed'; readonly seat: number; readonly tile: IvoryName }
  | { readonly type: 'peek'; readonly seat: number; readonly site: string; readonly reveals: true }
  | { readonly type: 'vp'; readonly seat: number; readonly vp: number; readonly why: RRReason }
  | { readonly type: 'rations'; readonly seat: number; readonly rations: number; readonly why: RRReason }
  | { readonly type: 'token'; readonly trail: number; readonly coloured: boolean }
  | { readonly type: 'tokensReset' }
  | { readonly type: 'tool'; readonly seat: number; readonly col: Column; readonly level: number }
  | { readonly type: 'step'; readonly seat: number; readonly col: Column; readonly to: number }
  | { readonly type: 'toolboxAdded'; readonly seat: number }
  | { readonly type: 'pathway'; readonly seat: number; readonly trail: number }
  | { readonly type: 'pathwayMoved'; readonly seat: number; readonly from: number; readonly trail: number }
  | { readonly type: 'shrine'; readonly site: string; readonly relic: number }
  | { readonly type: 'relicTaken'; readonly seat: number; readonly site: string; readonly relic: number }
  | { readonly type: 'endTriggered'; readonly seat: number }
  | { readonly type: 'gameEnd' };
