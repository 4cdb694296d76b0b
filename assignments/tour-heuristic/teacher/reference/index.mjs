/**
 * The teacher's reference for "a tour heuristic that finishes where plain Warnsdorff fails": an open knight's tour
 * by Warnsdorff's rule (always to the square with the fewest onward moves), ties broken towards the square
 * farthest from the centre (Roth's rule) instead of the first in move order, which strands no corner on the boards
 * where the plain rule does (110×110, 400×400 and 500×500 from a1). A step is one move made.
 */
import { no, pluginModule, yes } from '@bezzel/core';

const JUMPS = [
  [1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2],
];

function tour(width, height, start, clock) {
  const size = width * height;
  const seen = new Uint8Array(size);
  const degree = new Uint8Array(size);
  const neighbours = (square, visit) => {
    const row = Math.floor(square / width);
    const col = square % width;
    for (const [dr, dc] of JUMPS) {
      const r = row + dr;
      const c = col + dc;
      if (r >= 0 && r < height && c >= 0 && c < width) visit(r * width + c);
    }
  };
  for (let s = 0; s < size; s++) neighbours(s, () => degree[s]++);
  const cr = (height - 1) / 2;
  const cc = (width - 1) / 2;
  const distance = (s) => (Math.floor(s / width) - cr) ** 2 + ((s % width) - cc) ** 2;
  const path = [start];
  seen[start] = 1;
  neighbours(start, (t) => degree[t]--);
  let here = start;
  for (let step = 1; step < size; step++) {
    if ((step & 0xfff) === 0 && clock.exhausted(step)) return { path, done: false };
    let best = -1;
    neighbours(here, (t) => {
      if (seen[t]) return;
      if (best === -1 || degree[t] < degree[best] || (degree[t] === degree[best] && distance(t) > distance(best))) best = t;
    });
    if (best === -1) return { path, done: false };
    seen[best] = 1;
    neighbours(best, (t) => degree[t]--);
    path.push(best);
    here = best;
  }
  return { path, done: true };
}

export default pluginModule({
  strategies: [
    {
      meta: { id: 'tour-heuristic', description: "Warnsdorff's rule, ties to the square farthest from the centre (Roth)", problems: ['tour'], goals: ['one'], stepUnit: 'moves' },
      supports: (instance) => (instance.kind === 'tour' && instance.piece.id === 'knight' && !instance.closed ? yes(50) : no('it makes open knight tours')),
      run(instance, context) {
        const { width, height } = instance.board;
        const { path, done } = tour(width, height, instance.start ?? 0, context.clock);
        const stats = { nodes: path.length - 1, moves: path.length - 1, timeMs: context.clock.elapsedMs() };
        if (done) return { status: 'solved', solutions: [{ kind: 'tour', path: Int32Array.from(path), closed: false }], stats };
        return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'stuck', partial: { note: `stranded after ${path.length - 1} moves` }, stats };
      },
    },
  ],
});
