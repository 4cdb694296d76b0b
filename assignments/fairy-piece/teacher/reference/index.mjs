/**
 * The teacher's reference for "a new piece in Betza notation with a counted table": k non-attacking pieces of any
 * piece the core describes (a Betza leaper such as NF, the knight and ferz together), found row by row: each row
 * takes a set of files that attack nothing placed in the rows above, larger sets first, and a branch is cut when
 * even the best rows left could not reach k. The bound: a row holds at most n pieces, and rows left as they are.
 * A node is one row's set tried.
 */
import { conflictTable, no, pluginModule, yes } from '@bezzel/core';

function search(board, piece, k, clock) {
  const n = board.width;
  const rows = board.height;
  const { offsets, targets } = conflictTable(board, piece);
  const occupied = new Uint8Array(board.size);
  const chosen = [];
  let nodes = 0;
  let stopped = false;
  // Within a row, which files clash with which (a rider or a wazir may attack along the row).
  const clashInRow = (row, files) => {
    for (const f of files) {
      const s = row * n + f;
      for (let t = offsets[s]; t < offsets[s + 1]; t++) if (occupied[targets[t]] && Math.floor(targets[t] / n) === row) return true;
    }
    return false;
  };
  const free = (square) => {
    for (let t = offsets[square]; t < offsets[square + 1]; t++) if (occupied[targets[t]]) return false;
    return true;
  };
  const place = (row, placed) => {
    if (placed >= k) return true;
    if (row === rows || placed + (rows - row) * n < k) return false;
    const open = [];
    for (let f = 0; f < n; f++) if (free(row * n + f)) open.push(f);
    // Every subset of the open files that clash with nothing in the row, largest first (2^open; n is small here).
    const subsets = [];
    const limit = Math.min(open.length, 16);
    for (let mask = (1 << limit) - 1; mask >= 0; mask--) {
      const files = [];
      for (let i = 0; i < limit; i++) if (mask & (1 << i)) files.push(open[i]);
      subsets.push(files);
    }
    subsets.sort((a, b) => b.length - a.length);
    for (const files of subsets) {
      if (placed + files.length + (rows - row - 1) * n < k) break;
      nodes++;
      if ((nodes & 0xff) === 0 && clock.exhausted(nodes)) {
        stopped = true;
        return false;
      }
      const take = Math.min(files.length, k - placed);
      const squares = files.slice(0, take).map((f) => row * n + f);
      let ok = true;
      for (const s of squares) {
        if (!free(s)) ok = false;
        occupied[s] = 1;
      }
      if (ok && !clashInRow(row, files.slice(0, take))) {
        chosen.push(...squares);
        if (place(row + 1, placed + take)) return true;
        chosen.length -= squares.length;
      }
      for (const s of squares) occupied[s] = 0;
      if (stopped) return false;
    }
    return false;
  };
  const found = place(0, 0);
  return { found, nodes, squares: chosen };
}

export default pluginModule({
  strategies: [
    {
      meta: { id: 'fairy-placer', description: 'k non-attacking pieces of any piece, row by row, largest rows first, with a bound', problems: ['placement'], goals: ['one'], stepUnit: 'rows' },
      supports: (instance) => (instance.kind === 'placement' && instance.board.width <= 16 ? yes(100) : no('it tries every set of files of a row: boards up to 16 files')),
      run(instance, context) {
        const { found, nodes, squares } = search(instance.board, instance.piece, instance.k, context.clock);
        const stats = { nodes, timeMs: context.clock.elapsedMs() };
        if (found) return { status: 'solved', solutions: [{ kind: 'placement', squares }], stats };
        if (context.clock.reason) return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'steps', stats };
        return { status: 'impossible', reason: `no ${instance.k} pieces fit: every row's sets tried`, proof: 'exhausted', stats };
      },
    },
  ],
});
