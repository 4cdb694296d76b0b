import { no, option, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Support } from '@bezzel/core';
import { coverageOf, greedySet } from './greedy.js';

/** The cover tables of a board this big take a few hundred megabytes (queens on 300×300: 1,200 squares each). */
const MAX_COVER_ENTRIES = 60_000_000;

/**
 * Upper bounds for large boards: greedy sets with seeded tie-breaks, restarted until the budget or the restart
 * count runs out, the smallest kept. It proves nothing; `cover-search` and `ilp` prove.
 */
export const greedyCover: SearchStrategy = {
  meta: {
    id: 'greedy-cover',
    description: 'greedy dominating sets (most new squares first, seeded ties, redundant pieces dropped), restarted and the smallest kept: an upper bound for big boards, not a proof',
    problems: ['dominate'],
    goals: ['one'],
    stepUnit: 'tries',
    stochastic: true,
    options: { restarts: option.integer('greedy sets to build at most (each with other tie-breaks)', { min: 1, default: 30 }) },
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'dominate') return no('it solves domination problems');
    const { board, piece } = instance;
    const reach = piece.movement.leaps.length + piece.movement.rides.length * Math.max(board.width, board.height);
    if (board.size * reach > MAX_COVER_ENTRIES) return no(`the cover table of a ${piece.name} on ${board} would be too large`);
    // Cheap and never exact: `auto` takes it only where no exact strategy will.
    return yes(5000);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    if (instance.kind !== 'dominate') throw new Error('greedy-cover was run on a problem it declined');
    const started = performance.now();
    const { board } = instance;
    const coverage = coverageOf(board, instance.piece, instance.variant);
    const restarts = Number(ctx.option('restarts'));
    let best: number[] | undefined;
    let tries = 0;
    for (; tries < restarts && !ctx.clock.exhausted(tries); tries++) {
      const set = greedySet(coverage, board.size, ctx.rng);
      if (set && (!best || set.length < best.length)) best = set;
      ctx.progress({ done: tries + 1, total: restarts, ...(best ? { metrics: { best: best.length } } : {}) });
    }
    const stats = { nodes: tries, restarts: tries, timeMs: performance.now() - started, extra: { note: 'an upper bound only' } };
    const k = instance.k;
    if (best && (k === undefined || best.length === k || (best.length < k && !coverage.conflicts))) {
      const squares = k === undefined ? best : padded(best, k, coverage.usable);
      return { status: 'solved', solutions: [{ kind: 'placement', squares }], stats };
    }
    const partial = { ...(best ? { best: { kind: 'placement' as const, squares: best } } : {}), note: best ? `the smallest greedy set has ${best.length} pieces` : 'no greedy set was found' };
    return { status: 'budget', exhausted: 'stuck', stats, partial };
  },
};

/** Plain and total domination stay dominated whatever is added: fill up to k with the first free squares. */
function padded(set: number[], k: number, usable: Uint8Array): number[] {
  const taken = new Set(set);
  const out = [...set];
  for (let s = 0; s < usable.length && out.length < k; s++) if (usable[s] && !taken.has(s)) out.push(s);
  return out.sort((a, b) => a - b);
}
