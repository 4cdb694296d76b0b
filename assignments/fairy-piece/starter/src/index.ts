/**
 * fairy-placer (starter): k pieces of any piece, placed greedily — squares in a random order, a piece on each that
 * no piece placed attacks — and drawn again until k fit. `conflictTable` gives, for each square, the squares a
 * piece there attacks or is attacked from, whatever the piece (`betza:NF` included). Greedy rarely reaches the
 * most that fit: search, and find the pattern.
 */
import { conflictTable, no, pluginModule, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';

export const strategy: SearchStrategy = {
  meta: { id: 'fairy-placer', description: 'Random greedy placements of k pieces of any piece (a starter: search for the most)', problems: ['placement'], goals: ['one'], stochastic: true, stepUnit: 'passes' },

  supports(instance: Instance) {
    if (instance.kind !== 'placement') return no('it places pieces');
    if (instance.board.playable > 100_000) return no('its table of attacks would be too large beyond 100,000 squares');
    return yes(1000);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'placement') throw new Error('fairy-placer was run on a problem it declined');
    const { board, piece, k } = instance;
    const { offsets, targets } = conflictTable(board, piece);
    const squares: number[] = [];
    for (let s = 0; s < board.size; s++) if (!board.isRemoved(s)) squares.push(s);
    const occupied = new Uint8Array(board.size);
    let passes = 0;
    while (!context.clock.exhausted(passes)) {
      passes++;
      occupied.fill(0);
      const placed: number[] = [];
      for (let i = squares.length - 1; i > 0; i--) {
        const j = context.rng.below(i + 1);
        [squares[i], squares[j]] = [squares[j]!, squares[i]!];
      }
      for (const s of squares) {
        if (placed.length === k) break;
        if (targets.subarray(offsets[s]!, offsets[s + 1]!).some((t) => occupied[t] === 1)) continue;
        occupied[s] = 1;
        placed.push(s);
      }
      if (placed.length === k) return { status: 'solved', solutions: [{ kind: 'placement', squares: placed }], stats: { nodes: passes, timeMs: context.clock.elapsedMs() } };
    }
    const stats = { nodes: passes, timeMs: context.clock.elapsedMs() };
    if (context.clock.reason === 'aborted') return { status: 'aborted', stats };
    return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', stats };
  },
};

export default pluginModule({ strategies: [strategy] });
