/**
 * Everything a plugin uses: the contracts ({@link SearchStrategy}, {@link Piece}, {@link StrategyPart}), what a
 * strategy receives ({@link Instance}, {@link RunContext}) and returns ({@link Outcome}), the helpers (`yes`, `no`,
 * `option`, `conflictTable`, `leaper`, `rider`, `combine`), the board, the validator, symmetry, and
 * {@link createBezzel}, which loads plugins and solves tasks. The tutorial walks through them.
 *
 * @module @bezzel/core
 */
export * from './adjacency.js';
export * from './answer-check.js';
export * from './count-bound.js';
export * from './count-floor.js';
export * from './attacks.js';
export * from './bezzel.js';
export * from './board.js';
export * from './budget.js';
export * from './errors.js';
export * from './inert.js';
export * from './instance.js';
export * from './magic-sums.js';
export * from './memory.js';
export * from './movement.js';
export * from './nesting.js';
export * from './number-misfit.js';
export * from './notation.js';
export * from './options.js';
export * from './issue-path.js';
export * from './piece.js';
export * from './plugin.js';
export * from './problem.js';
export * from './residues.js';
export * from './result.js';
export * from './rng.js';
// The probes themselves stay inside: their test compares walks.
export { nodesToFirst, onePieceARow, placementSearchSize, type PlacementSearchSize } from './search-size.js';
export * from './strategy.js';
export * from './symmetry.js';
export * from './tokens.js';
export * from './tour-count.js';
export * from './tour-theory.js';
export * from './trajectory.js';
export * from './validator.js';
export * from './write-failure.js';
export type { ContainerModule } from 'inversify';
export * from './domination.js';
export * from './validate-domination.js';
