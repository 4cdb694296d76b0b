/** Every service identifier in one place, as Sprotty keeps its TYPES: plugins bind under these, the core resolves them. */
export const TYPES = {
  /** A {@link Piece}; multi-bound, one binding per piece. */
  Piece: Symbol.for('bezzel.Piece'),
  /** A {@link SearchStrategy}; multi-bound. */
  Strategy: Symbol.for('bezzel.Strategy'),
  /** A {@link StrategyPart} (move ordering, initial placement, repair…); multi-bound, looked up by kind and id. */
  Part: Symbol.for('bezzel.Part'),
} as const;
