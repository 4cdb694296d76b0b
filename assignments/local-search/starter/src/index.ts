/**
 * swap-repair (starter): queens kept a permutation (one per file and rank, so only diagonals can clash), drawn at
 * random again and again until one has no clash. It solves small boards and no large one: replace the redraw by a
 * repair (a swap of two files' ranks that lowers the conflicts) and a better start. `bezzel place queen -n 8
 * --strategy swap-repair --plugin .` runs it; `bezzel grade . --spec ../assignment.yaml --out-dir /tmp/g` grades it.
 */
import { no, pluginModule, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';

/** Diagonal clashes of a permutation: queens beyond the first on each diagonal, both directions. */
function clashes(rank: Int32Array, up: Int32Array, down: Int32Array): number {
  const n = rank.length;
  up.fill(0);
  down.fill(0);
  let total = 0;
  for (let file = 0; file < n; file++) {
    if (up[rank[file]! + file]!++ > 0) total++;
    if (down[rank[file]! - file + n - 1]!++ > 0) total++;
  }
  return total;
}

export const strategy: SearchStrategy = {
  meta: { id: 'swap-repair', description: 'Random permutations until one has no diagonal clash (a starter: add a repair)', problems: ['placement'], goals: ['one'], stochastic: true, stepUnit: 'draws' },

  supports(instance: Instance) {
    if (instance.kind !== 'placement' || instance.piece.id !== 'queen' || instance.board.width !== instance.board.height || instance.k !== instance.board.width) return no('it places n queens on an n×n board');
    return yes(1000);
  },

  run(instance: Instance, context: RunContext): Outcome {
    const n = instance.board.width;
    const rank = Int32Array.from({ length: n }, (_, i) => i);
    const up = new Int32Array(2 * n - 1);
    const down = new Int32Array(2 * n - 1);
    let draws = 0;
    // Every draw is a step; the budget (steps, time, Ctrl-C) ends the loop: always ask the clock.
    while (!context.clock.exhausted(draws)) {
      draws++;
      for (let i = n - 1; i > 0; i--) {
        const j = context.rng.below(i + 1);
        [rank[i], rank[j]] = [rank[j]!, rank[i]!];
      }
      if (clashes(rank, up, down) === 0) {
        // moves: queens moved (none here: each draw places them afresh); a repair counts each queen it moves.
        return { status: 'solved', solutions: [{ kind: 'placement', squares: Array.from(rank, (r, file) => r * n + file) }], stats: { nodes: draws, moves: 0, timeMs: context.clock.elapsedMs() } };
      }
    }
    const stats = { nodes: draws, moves: 0, timeMs: context.clock.elapsedMs() };
    if (context.clock.reason === 'aborted') return { status: 'aborted', stats };
    return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', stats };
  },
};

export default pluginModule({ strategies: [strategy] });
