/** A choice that is not among the legal choices. The state is unchanged when this is thrown. */
export class IllegalChoice extends Error {
  override readonly name = 'IllegalChoice';
  constructor(
    readonly reason: string,
    readonly choice: unknown,
  ) {
    super(reason);
  }
}

/** Options, boards or saved files that cannot be used, with the fault named. */
export class InvalidInput extends Error {
  override readonly name = 'InvalidInput';
}

/**
 * A record whose choice #index is not legal at its point in the game. Every reader of records
 * (CLI, server, offline worker, replay viewer) refuses with this one error; its texts are built
 * here, and a reader only chooses how to name the choice.
 */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
  constructor(
    readonly index: number,
    readonly reason: string,
    readonly choice: unknown,
  ) {
    super(`choice #${index} (${JSON.stringify(choice)}) is not legal: ${reason}`);
  }

  /** The fault in the words of a reader that does not quote the choice: "stored move #3 is not legal: …", "choice #3 of the saved game …". */
  describe(noun = 'choice', of?: string): string {
    return `${noun} #${this.index}${of === undefined ? '' : ` of ${of}`} is not legal: ${this.reason}`;
  }
}

/** The undo rule, in the words every refusal of an undo uses. */
export const UNDO_RULE =
  'only your own choices of this turn can be taken back, and none after hidden information was revealed or another seat acted';

/** An undo the rule does not allow (see Match.canUndo); nothing was changed. */
export class UndoRefused extends Error {
  override readonly name = 'UndoRefused';
  constructor() {
    super(UNDO_RULE);
  }
}
