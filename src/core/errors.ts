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

/** A replay whose recorded choice is not legal at its point in the game. */
export class ReplayError extends Error {
  override readonly name = 'ReplayError';
  constructor(
    readonly index: number,
    readonly reason: string,
    readonly choice: unknown,
  ) {
    super(`choice #${index} (${JSON.stringify(choice)}) is not legal: ${reason}`);
  }
}
