/**
 * The shape of a game's rules help: its sections in reading order and the entries inside them, by
 * id (the ids `helpHref` links to). Each game has its outline (`<game>/help-outline.ts`, in its
 * client entry) and its words in one file per language (content/<game>/<lng>.ts), typed by the
 * outline's ids so that no language can miss an entry or add one.
 */

/** One section or entry in one language. `title` may be left out where the game already names the thing (see `nameKey`). */
export interface HelpText {
  readonly title?: string;
  readonly body: readonly string[];
}

export interface HelpSection<Id extends string = string> {
  readonly id: Id;
  readonly entries: readonly Id[];
}

export interface HelpOutline<Id extends string = string> {
  readonly sections: readonly HelpSection<Id>[];
  /** The i18n key of the name the table already gives an entry (a tile, a location), or null: the help says it in its own words. */
  nameKey(id: Id): string | null;
  /** A code to show beside the name (the tile's rule id, printed on the table's tooltips too), or null. */
  code(id: Id): string | null;
}

/** A game's help text in one language: every id of its outline, and no other. */
export type HelpContent<Id extends string = string> = Readonly<Record<Id, HelpText>>;

/** Every id of an outline, sections first in reading order, each followed by its entries. */
export const helpIds = <Id extends string>(outline: HelpOutline<Id>): Id[] => outline.sections.flatMap((s) => [s.id, ...s.entries]);
