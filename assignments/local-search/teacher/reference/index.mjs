/**
 * The teacher's reference for "a local search that beats min-conflicts' median on 1,000 queens": queens kept a
 * permutation (one per file and rank, so only diagonals can clash), placed greedily on free diagonals where a few
 * random tries find one, then repaired by swapping the ranks of two files when the swap lowers the diagonal
 * conflicts (Sosič and Gu's QS4, 1991). Each swap tried is a step; a move is a swap made.
 */
import { no, pluginModule, yes } from '@bezzel/core';

const CLOCK_EVERY = 0x3ff;

function solve(n, rng, clock) {
  const rank = new Int32Array(n); // rank[file]
  const up = new Int32Array(2 * n - 1); // queens on each diagonal rank + file
  const down = new Int32Array(2 * n - 1); // and each rank - file + n - 1
  // A down diagonal d (rank - file) is listed as M + d, above every up diagonal.
  const M = 3 * n;
  for (let f = 0; f < n; f++) rank[f] = f;
  // Greedy start: file by file, up to 64 random ranks from those left, the first on two free diagonals; a file
  // where none is found keeps the last rank tried.
  for (let f = 0; f < n; f++) {
    let placed = false;
    for (let tries = 0; tries < 64 && !placed; tries++) {
      const j = f + rng.below(n - f);
      const r = rank[j];
      if (up[r + f] === 0 && down[r - f + n - 1] === 0) {
        rank[j] = rank[f];
        rank[f] = r;
        placed = true;
      }
    }
    up[rank[f] + f]++;
    down[rank[f] - f + n - 1]++;
  }
  const clashes = () => {
    let total = 0;
    for (let d = 0; d < 2 * n - 1; d++) total += (up[d] > 1 ? up[d] - 1 : 0) + (down[d] > 1 ? down[d] - 1 : 0);
    return total;
  };
  const attacked = (g) => up[rank[g] + g] > 1 || down[rank[g] - g + n - 1] > 1;
  const move = (g, delta) => {
    up[rank[g] + g] += delta;
    down[rank[g] - g + n - 1] += delta;
  };
  let conflicts = clashes();
  let steps = 0;
  let moves = 0;
  let fruitless = 0;
  while (conflicts > 0) {
    let improved = false;
    for (let a = 0; a < n && conflicts > 0; a++) {
      if (!attacked(a)) continue;
      const b = rng.below(n);
      if (b === a) continue;
      steps++;
      if ((steps & CLOCK_EVERY) === 0 && clock.exhausted(steps)) return { steps, moves, conflicts };
      if (steps >= clock.maxSteps) return { steps, moves, conflicts };
      // The swap's effect on the conflicts, over the diagonals it touches: those it leaves and those it takes.
      const touched = [rank[a] + a, rank[b] + b, rank[b] + a, rank[a] + b, M + rank[a] - a, M + rank[b] - b, M + rank[b] - a, M + rank[a] - b];
      const before = clashesOn(touched);
      move(a, -1);
      move(b, -1);
      const r = rank[a];
      rank[a] = rank[b];
      rank[b] = r;
      move(a, 1);
      move(b, 1);
      const after = clashesOn(touched);
      if (after < before) {
        conflicts += after - before;
        // A swap moves two queens.
        moves += 2;
        improved = true;
      } else {
        move(a, -1);
        move(b, -1);
        rank[b] = rank[a];
        rank[a] = r;
        move(a, 1);
        move(b, 1);
      }
    }
    // Many sweeps with no better swap: start again from a fresh greedy placement.
    fruitless = improved ? 0 : fruitless + 1;
    if (fruitless > 50) return solve(n, rng, clock);
  }
  return { steps, moves, conflicts, rank };

  /** Conflicts on the diagonals listed (each counted once): up diagonals below 2n - 1, down ones around M (from 2n + 1 on). */
  function clashesOn(diagonals) {
    let total = 0;
    for (let i = 0; i < diagonals.length; i++) {
      const d = diagonals[i];
      if (diagonals.indexOf(d) !== i) continue;
      const count = d < 2 * n - 1 ? up[d] : down[d - M + n - 1];
      total += count > 1 ? count - 1 : 0;
    }
    return total;
  }
}

export default pluginModule({
  strategies: [
    {
      meta: { id: 'swap-repair', description: 'Greedy start on free diagonals, then swap repair (Sosič and Gu)', problems: ['placement'], goals: ['one'], stochastic: true, stepUnit: 'swaps' },
      supports: (instance) => (instance.kind === 'placement' && instance.piece.id === 'queen' && instance.board.width === instance.board.height && instance.k === instance.board.width && instance.board.width >= 4 ? yes(5) : no('it places n queens on an n×n board (n ≥ 4)')),
      run(instance, context) {
        const n = instance.board.width;
        const { steps, moves, conflicts, rank } = solve(n, context.rng, context.clock);
        const stats = { nodes: steps, moves, timeMs: context.clock.elapsedMs() };
        if (conflicts > 0 || !rank) return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', partial: { note: `${conflicts} conflicts left` }, stats };
        return { status: 'solved', solutions: [{ kind: 'placement', squares: Array.from(rank, (r, f) => r * n + f) }], stats };
      },
    },
  ],
});
