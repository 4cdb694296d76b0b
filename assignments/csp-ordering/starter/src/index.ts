/**
 * mrv-queens (starter): n queens as a CSP, a variable per file and its domain the ranks, by plain backtracking —
 * files left to right, ranks bottom to top, a value kept when no queen placed attacks it. It counts every value it
 * assigns as a node. Plain order runs out of 500 nodes from 16 queens on: choose the variable (MRV) and the value
 * (least constraining) better, and prune with forward checking.
 */
import { no, pluginModule, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';

export const strategy: SearchStrategy = {
  meta: { id: 'mrv-queens', description: 'Plain backtracking on n queens (a starter: add variable and value ordering)', problems: ['placement'], goals: ['one'], stepUnit: 'nodes' },

  supports(instance: Instance) {
    if (instance.kind !== 'placement' || instance.piece.id !== 'queen' || instance.board.width !== instance.board.height || instance.k !== instance.board.width) return no('it places n queens on an n×n board');
    return yes(100);
  },

  run(instance: Instance, context: RunContext): Outcome {
    const n = instance.board.width;
    const rank = new Int32Array(n).fill(-1);
    let nodes = 0;
    const attacked = (file: number, r: number) => {
      for (let f = 0; f < file; f++) if (rank[f] === r || Math.abs(rank[f]! - r) === file - f) return true;
      return false;
    };
    const place = (file: number): boolean => {
      if (file === n) return true;
      for (let r = 0; r < n; r++) {
        if (attacked(file, r)) continue;
        nodes++;
        if (context.clock.exhausted(nodes)) return false;
        rank[file] = r;
        if (place(file + 1)) return true;
        rank[file] = -1;
      }
      return false;
    };
    const found = place(0);
    const stats = { nodes, timeMs: context.clock.elapsedMs() };
    if (found) return { status: 'solved', solutions: [{ kind: 'placement', squares: Array.from(rank, (r, file) => r * n + file) }], stats };
    if (context.clock.reason === 'aborted') return { status: 'aborted', stats };
    if (context.clock.reason) return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', stats };
    return { status: 'impossible', reason: 'every rank of every file tried', proof: 'exhausted', stats };
  },
};

export default pluginModule({ strategies: [strategy] });
