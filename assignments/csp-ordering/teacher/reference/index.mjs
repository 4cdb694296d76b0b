/**
 * The teacher's reference for "a CSP heuristic measured in nodes": n queens as a CSP (a variable per file, its
 * domain the ranks), depth-first with forward checking, the variable with the fewest values left first (MRV, ties
 * to the file nearest the centre) and its values least constraining first (LCV: the rank that rules out fewest
 * values of the other files). A node is one value assigned.
 */
import { no, pluginModule, yes } from '@bezzel/core';

function search(n, clock) {
  // ruled[f * n + r]: how many assigned queens rule out rank r of file f (0: still in the domain).
  const ruled = new Int32Array(n * n);
  const left = new Int32Array(n).fill(n);
  const rank = new Int32Array(n).fill(-1);
  let nodes = 0;
  let stopped = false;

  const rule = (f, r, delta) => {
    for (let g = 0; g < n; g++) {
      if (g === f || rank[g] !== -1) continue;
      const d = g - f;
      for (const s of [r, r + d, r - d]) {
        if (s < 0 || s >= n) continue;
        const i = g * n + s;
        if (delta > 0) {
          if (ruled[i]++ === 0) left[g]--;
        } else if (--ruled[i] === 0) left[g]++;
      }
    }
  };
  const wipedOut = () => {
    for (let g = 0; g < n; g++) if (rank[g] === -1 && left[g] === 0) return true;
    return false;
  };
  /** The values of file f, least constraining first: the rank that rules out fewest values elsewhere. */
  const values = (f) => {
    const list = [];
    for (let r = 0; r < n; r++) {
      if (ruled[f * n + r] !== 0) continue;
      let cost = 0;
      for (let g = 0; g < n; g++) {
        if (g === f || rank[g] !== -1) continue;
        const d = g - f;
        for (const s of [r, r + d, r - d]) if (s >= 0 && s < n && ruled[g * n + s] === 0) cost++;
      }
      list.push([cost, r]);
    }
    return list.sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, r]) => r);
  };
  const mrv = () => {
    let best = -1;
    for (let f = 0; f < n; f++) {
      if (rank[f] !== -1) continue;
      if (best === -1 || left[f] < left[best] || (left[f] === left[best] && Math.abs(2 * f - n + 1) < Math.abs(2 * best - n + 1))) best = f;
    }
    return best;
  };
  const place = (depth) => {
    if (depth === n) return true;
    const f = mrv();
    for (const r of values(f)) {
      nodes++;
      if (clock.exhausted(nodes)) {
        stopped = true;
        return false;
      }
      rank[f] = r;
      rule(f, r, 1);
      if (!wipedOut() && place(depth + 1)) return true;
      rule(f, r, -1);
      rank[f] = -1;
      if (stopped) return false;
    }
    return false;
  };
  const found = place(0);
  return { found, nodes, rank };
}

export default pluginModule({
  strategies: [
    {
      meta: { id: 'mrv-queens', description: 'Backtracking with MRV, LCV and forward checking, for n queens', problems: ['placement'], goals: ['one'], stepUnit: 'nodes' },
      supports: (instance) => (instance.kind === 'placement' && instance.piece.id === 'queen' && instance.board.width === instance.board.height && instance.k === instance.board.width && instance.board.width <= 200 ? yes(50) : no('it places n queens on an n×n board, n up to 200')),
      run(instance, context) {
        const n = instance.board.width;
        const { found, nodes, rank } = search(n, context.clock);
        const stats = { nodes, timeMs: context.clock.elapsedMs() };
        if (found) return { status: 'solved', solutions: [{ kind: 'placement', squares: Array.from(rank, (r, f) => r * n + f) }], stats };
        if (context.clock.reason) return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', stats };
        return { status: 'impossible', reason: 'no placement: every value of every file tried', proof: 'exhausted', stats };
      },
    },
  ],
});
