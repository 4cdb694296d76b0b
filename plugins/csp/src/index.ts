/**
 * Constraint-satisfaction backtracking for placements with one piece a column: variable ordering (static, MRV,
 * MRV + degree), value ordering (rows in order, least-constraining value), inference (none, forward checking, MAC
 * with AC-3) and conflict-directed backjumping, with the figures a course compares (assignments, constraint checks,
 * values pruned, backjumps) and a trace a page draws as a grid of domains.
 *
 * @module @bezzel/csp
 */
import { pluginModule } from '@bezzel/core';
import { csp } from './strategy.js';

export { csp, cspOptions } from './strategy.js';
export { ColumnCsp, type CspSettings, type Inference, type Ordering, type SearchEnd, type SolutionVisitor, type ValueOrdering } from './search.js';
export { DomainReplay, replayDomains, type DomainGrid } from './replay.js';

/** The csp strategy. */
export default pluginModule({ strategies: [csp] });
