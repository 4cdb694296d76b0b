import backtracking from '@bezzel/backtracking';
import classic from '@bezzel/classic';
import { createBezzel, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

/** The foundation's figures: depth-first search alone (strategy forced to backtracking). */
const section: BenchSection = {
  title: 'Depth-first search (backtracking strategy)',
  async run(log) {
    const bezzel = await createBezzel({ plugins: [queen, knight, classic, backtracking] });
    const square = (n: number) => ({ width: n, height: n });
    const count = async (label: string, task: Task) => {
      const { value, ms } = await timed(() => bezzel.solve({ ...task, strategy: 'backtracking', budget: { maxTimeMs: 600_000 } }));
      const answer = value.status === 'complete' ? `${value.count}${value.fundamental !== undefined ? ` (${value.fundamental} fundamental)` : ''}` : value.status;
      const rate = value.stats.nodes / (ms / 1000);
      log(`${label.padEnd(34)} ${answer.padEnd(22)} ${fmtMs(ms).padStart(9)}   ${(rate / 1e6).toFixed(1)} M nodes/s`);
    };
    for (const n of [8, 10, 11, 12]) {
      await count(`queens ${n}×${n} count-fundamental`, { problem: { kind: 'placement', board: square(n), piece: 'queen' }, goal: 'count-fundamental' });
    }
    await count('knights 6×6 k=6 count', { problem: { kind: 'placement', board: square(6), piece: 'knight', k: 6 }, goal: 'count' });
    await count('knights 5×5 k=8 count', { problem: { kind: 'placement', board: square(5), piece: 'knight', k: 8 }, goal: 'count' });
    await count('kings 8×8 k=16 count', { problem: { kind: 'placement', board: square(8), piece: 'king', k: 16 }, goal: 'count' });
    await count("knight's tours 5×5 from a1 (count)", { problem: { kind: 'tour', board: square(5), piece: 'knight', start: 0 }, goal: 'count' });
    const { value, ms } = await timed(() => bezzel.solve({ problem: { kind: 'tour', board: square(8), piece: 'knight', start: 0 }, goal: 'one', strategy: 'backtracking' }));
    log(`${"knight's tour 8×8 from a1 (one)".padEnd(34)} ${value.status.padEnd(22)} ${fmtMs(ms).padStart(9)}`);
  },
};
export default section;
