import classic from '@bezzel/classic';
import { Board, createBezzel, leaper, type Result, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import transferMatrix, { BigIntKernel, buildLayout, MaxKernel, rowModel, sumBigIntStates, transfer } from '@bezzel/transfer-matrix';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

/**
 * Issue 6's figures: whole knights tables by row-transfer DP (8×8 < 0.5 s, 10×10 < 10 s, 12×12 < 120 s and 4 GB),
 * kings 12×12, the course report's 6 knights on 6×6, and the carrier measured: CRT over primes vs bigint.
 * BEZZEL_BENCH_TM_BIG=1 adds knights 14×14 (minutes, about 2 GB), Burnside on 12×12 (about a
 * minute) and bigint on 12×12 (about 40 s, 1.5 GB).
 */
const section: BenchSection = {
  title: 'Row-transfer DP (transfer-matrix strategy)',
  keywords: ['frontier'],
  async run(log) {
    const bezzel = await createBezzel({ plugins: [knight, classic, transferMatrix] });
    const solve = (piece: string, n: number, goal: Task['goal'], k = 0) =>
      timed(() => bezzel.solve({ problem: { kind: 'placement', board: { width: n, height: n }, piece, k }, goal, strategy: 'transfer-matrix', budget: { maxTimeMs: 3_600_000 } }));
    const table = (r: Result) => (r.status === 'complete' && r.table ? r.table : []);
    // The bench runs every section in one process: this bounds the count's memory, it does not isolate it.
    const rss = () => `process rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`;

    const six = await solve('knight', 6, 'count', 6);
    log(`${'6 knights on 6×6 (course report: 25 min)'.padEnd(44)} ${String(six.value.status === 'complete' ? six.value.count : six.value.status).padEnd(14)} ${fmtMs(six.ms).padStart(9)}`);

    const sizes = process.env.BEZZEL_BENCH_TM_BIG ? [8, 10, 12, 14] : [8, 10, 12];
    for (const n of sizes) {
      const { value, ms } = await solve('knight', n, 'count');
      const t = table(value);
      const extra = value.stats.extra ?? {};
      log(`knights ${n}×${n}, every k = 0…${t.length - 1}: ${fmtMs(ms)}, ${extra.states} states, ${extra.primes} primes, ${rss()}`);
      log(`  sum ${t.reduce((a, b) => a + b, 0n)}; maximum ${t.length - 1} in ${t[t.length - 1]} ways`);
      log(`  ${t.join(' ')}`);
    }
    const kings = await solve('king', 12, 'count');
    const kt = table(kings.value);
    log(`kings 12×12, every k = 0…${kt.length - 1}: ${fmtMs(kings.ms)}, sum ${kt.reduce((a, b) => a + b, 0n)}, maximum ${kt.length - 1} in ${kt[kt.length - 1]} ways`);
    for (const n of process.env.BEZZEL_BENCH_TM_BIG ? [6, 8, 10, 12] : [6, 8, 10]) {
      const f = await solve('knight', n, 'count-fundamental', n);
      const answer = f.value.status === 'complete' ? `${f.value.count} (${f.value.fundamental} fundamental)` : f.value.status;
      log(`${`knights ${n}×${n} k=${n} count-fundamental (Burnside)`.padEnd(44)} ${answer.padEnd(28)} ${fmtMs(f.ms).padStart(9)}`);
    }

    // The carrier: one modular pass per prime (what the strategy uses) against exact bigint polynomials in one pass.
    for (const n of process.env.BEZZEL_BENCH_TM_BIG ? [8, 10, 12] : [8, 10]) {
      const layout = buildLayout(rowModel(Board.square(n), leaper(1, 2)), 1 << 24)!;
      const crt = await solve('knight', n, 'count');
      const big = await timed(() => {
        const maxAfter: number[] = [0];
        transfer(layout, new MaxKernel(), { stop: () => false, afterRow: (_r, b) => void maxAfter.push(b.reduce((m, v) => Math.max(m, v), 0)) });
        const stride = maxAfter[maxAfter.length - 1]! + 1;
        const run = transfer(layout, new BigIntKernel(stride), { stop: () => false, lengthAfter: (r) => maxAfter[r]! + 1 });
        return sumBigIntStates(run.buffer, stride);
      });
      const same = big.value.join() === table(crt.value).join();
      log(`knights ${n}×${n} table: CRT ${fmtMs(crt.ms)} vs bigint ${fmtMs(big.ms)} (${(big.ms / crt.ms).toFixed(1)}× slower), tables ${same ? 'agree' : 'DIFFER'}`);
    }
  },
};
export default section;
