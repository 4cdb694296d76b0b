/**
 * tour-heuristic (starter): an open knight's tour by Warnsdorff's plain rule — always to the square with the fewest
 * onward moves, ties to the first in move order. From a1 it is stranded on 110×110, 400×400 and 500×500: change
 * the tie-break (or look further ahead, or restart) so that it finishes there.
 */
import { no, pluginModule, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';

const JUMPS: readonly (readonly [number, number])[] = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];

export const strategy: SearchStrategy = {
  meta: { id: 'tour-heuristic', description: "Warnsdorff's plain rule, ties to the first move (a starter: break ties better)", problems: ['tour'], goals: ['one'], stepUnit: 'moves' },

  supports(instance: Instance) {
    if (instance.kind !== 'tour' || instance.piece.id !== 'knight' || instance.closed) return no('it makes open knight tours');
    return yes(50);
  },

  run(instance: Instance, context: RunContext): Outcome {
    if (instance.kind !== 'tour') throw new Error('tour-heuristic was run on a problem it declined');
    const { width, height } = instance.board;
    const seen = new Uint8Array(width * height);
    const onward = (square: number): number[] => {
      const row = Math.floor(square / width);
      const col = square % width;
      return JUMPS.flatMap(([dr, dc]) => (row + dr >= 0 && row + dr < height && col + dc >= 0 && col + dc < width && !seen[(row + dr) * width + col + dc] ? [(row + dr) * width + col + dc] : []));
    };
    const path = [instance.start ?? 0];
    seen[path[0]!] = 1;
    while (path.length < width * height) {
      if (context.clock.exhausted(path.length)) break;
      let best = -1;
      let fewest = 9;
      for (const next of onward(path.at(-1)!)) {
        const degree = onward(next).length;
        if (degree < fewest) [best, fewest] = [next, degree];
      }
      if (best === -1) break;
      seen[best] = 1;
      path.push(best);
    }
    const stats = { nodes: path.length - 1, moves: path.length - 1, timeMs: context.clock.elapsedMs() };
    if (path.length === width * height) return { status: 'solved', solutions: [{ kind: 'tour', path: Int32Array.from(path), closed: false }], stats };
    return { status: 'budget', exhausted: context.clock.reason === 'time' ? 'time' : 'stuck', partial: { note: `stranded after ${path.length - 1} moves` }, stats };
  },
};

export default pluginModule({ strategies: [strategy] });
