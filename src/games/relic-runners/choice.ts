import type { Column } from './state.js';

/** Every choice a Relic Runners player can make; trails by board id, locations by id. */
export type RRChoice =
  | { readonly t: 'move'; readonly trails: readonly number[] }
  | { readonly t: 'teleport'; readonly to: string }
  | { readonly t: 'tool'; readonly col: Column; readonly level: number }
  | { readonly t: 'explore' }
  | { readonly t: 'end' }
  | { readonly t: 'refill'; readonly use: boolean }
  | { readonly t: 'flip'; readonly trail: number }
  | { readonly t: 'pass' }
  | { readonly t: 'step'; readonly col: Column; readonly level: number }
  | { readonly t: 'relic'; readonly take: boolean }
  | { readonly t: 'place'; readonly trail: number; readonly ivory?: 4 | 5 }
  | { readonly t: 'keep'; readonly effect: number }
  | { readonly t: 'peek'; readonly use: boolean }
  | { readonly t: 'pick'; readonly depth: number }
  | { readonly t: 'lift'; readonly trail: number }
  | { readonly t: 'lay'; readonly trail: number }
  | { readonly t: 'bonus'; readonly pick: 'toolbox' | 'vp' }
  | { readonly t: 'neighbour'; readonly site: string }
  | { readonly t: 'extra'; readonly use: boolean };

/** The key of a move in the view's route previews (`RRView.routes`): its trail ids in order. */
export const routeKey = (trails: readonly number[]): string => trails.join('-');
