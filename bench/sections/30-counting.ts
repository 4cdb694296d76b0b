import backtracking from '@bezzel/backtracking';
import bitboard from '@bezzel/bitboard';
import classic from '@bezzel/classic';
import { combine, createBezzel, leaper, pluginModule, type Piece, type Result, type Task } from '@bezzel/core';
import { runSplit } from '@bezzel/pool';
import queen, { queen as queenPiece } from '@bezzel/queen';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

/**
 * Issue 3's figures: n queens 14…17 (18 and the plain n=16 with BEZZEL_BENCH_Q18=1, minutes more) total and fundamental in
 * one pass, in one thread and on every core; a plain bitboard counter (no symmetry) as the nodes-per-second
 * yardstick; amazons 10…14; rook and bishop spot checks; the ratio against backtracking where it finishes.
 */
const amazon: Piece = {
  id: 'amazon',
  name: 'amazon',
  symbols: { unicode: 'A', ascii: 'A' },
  movement: combine(queenPiece.movement, leaper(1, 2)),
};
const amazonPlugin = pluginModule({ pieces: [amazon] });

/** The plain bitboard counter every n-queens page shows: no symmetry at all. Its nodes per second are the yardstick. */
function plainQueens(n: number): { count: number; nodes: number } {
  const full = (1 << n) - 1;
  let count = 0;
  let nodes = 0;
  const place = (row: number, left: number, down: number, right: number): void => {
    let free = full & ~(left | down | right);
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      nodes++;
      if (row === n - 1) count++;
      else place(row + 1, ((left | bit) << 1) & full, down | bit, (right | bit) >>> 1);
    }
  };
  place(0, 0, 0, 0);
  return { count, nodes };
}

const rate = (nodes: number, ms: number) => `${(nodes / ms / 1000).toFixed(nodes / ms < 1000 ? 2 : 0)} M nodes/s`;
const answer = (r: Result) => (r.status === 'complete' ? `${r.count}${r.fundamental !== undefined ? ` / ${r.fundamental}` : ''}` : r.status);

const section: BenchSection = {
  title: 'Exact counting: bitboard (Takahashi symmetry), worker pool',
  async run(log) {
    const bezzel = await createBezzel({ plugins: [queen, classic, backtracking, bitboard, amazonPlugin] });
    const here = createRequire(import.meta.url);
    const urls = ['@bezzel/queen', '@bezzel/bitboard'].map((p) => pathToFileURL(here.resolve(p)).href);
    const cores = availableParallelism();
    const task = (piece: string, n: number, goal: Task['goal'], strategy: string, k?: number): Task => ({
      problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) },
      goal,
      strategy,
      budget: { maxTimeMs: 3_600_000 },
    });

    log(`queens, count-fundamental in one pass (${cores} cores; pool = ${cores} worker threads; wall times depend on what else runs: load average ${loadavg()[0]!.toFixed(1)}):`);
    const sizes = [14, 15, 16, 17, ...(process.env.BEZZEL_BENCH_Q18 ? [18] : [])];
    for (const n of sizes) {
      const one = await timed(() => bezzel.solve(task('queen', n, 'count-fundamental', 'bitboard')));
      const pool = await timed(() => runSplit({ plugins: urls, task: task('queen', n, 'count-fundamental', 'bitboard'), workers: cores }));
      const agree = answer(one.value) === answer(pool.value) ? '' : '  DISAGREE';
      log(
        `  n=${n}: ${answer(one.value).padEnd(22)} 1 thread ${fmtMs(one.ms).padStart(8)} (${rate(one.value.stats.nodes, one.ms)}) · ` +
          `${cores} workers ${fmtMs(pool.ms).padStart(8)} (${(one.ms / pool.ms).toFixed(2)}× faster, ${pool.value.stats.extra?.subTasks} sub-tasks)${agree}`,
      );
    }
    for (const n of [14, 15, ...(process.env.BEZZEL_BENCH_Q18 ? [16] : [])]) {
      const plain = await timed(() => plainQueens(n));
      const sym = await timed(() => bezzel.solve(task('queen', n, 'count', 'bitboard')));
      log(
        `  plain bitboard counter n=${n} (no symmetry): ${plain.value.count} in ${fmtMs(plain.ms)} (${rate(plain.value.nodes, plain.ms)}, ${plain.value.nodes.toLocaleString('en-US')} nodes); ` +
          `symmetric ${fmtMs(sym.ms)} (${sym.value.stats.nodes.toLocaleString('en-US')} nodes) = ${(plain.ms / sym.ms).toFixed(2)}× faster`,
      );
    }
    for (const n of [10, 11, 12]) {
      const fast = await timed(() => bezzel.solve(task('queen', n, 'count-fundamental', 'bitboard')));
      const slow = await timed(() => bezzel.solve(task('queen', n, 'count-fundamental', 'backtracking')));
      log(`  n=${n} against backtracking: ${answer(fast.value)} in ${fmtMs(fast.ms)} vs ${answer(slow.value)} in ${fmtMs(slow.ms)} = ${(slow.ms / fast.ms).toFixed(0)}×`);
    }

    log('amazons (queen + knight), n on n×n, count-fundamental:');
    for (const n of [10, 11, 12, 13, 14]) {
      const fast = await timed(() => bezzel.solve(task('amazon', n, 'count-fundamental', 'bitboard')));
      let versus = '';
      if (n <= 11) {
        const slow = await timed(() => bezzel.solve(task('amazon', n, 'count-fundamental', 'backtracking')));
        versus = ` · backtracking ${fmtMs(slow.ms)} = ${(slow.ms / fast.ms).toFixed(1)}×`;
      }
      log(`  n=${n}: ${answer(fast.value).padEnd(14)} ${fmtMs(fast.ms).padStart(8)} (${fast.value.stats.nodes.toLocaleString('en-US')} nodes, ${rate(fast.value.stats.nodes, fast.ms)}, 1 thread)${versus}`);
    }

    log('spot checks against backtracking (1 thread each):');
    for (const [piece, n, k, goal] of [
      ['rook', 8, undefined, 'count'],
      ['rook', 8, undefined, 'count-fundamental'],
      ['bishop', 8, 8, 'count'],
      ['bishop', 6, 8, 'count-fundamental'],
      ['queen', 10, 8, 'count'],
    ] as const) {
      const fast = await timed(() => bezzel.solve(task(piece, n, goal, 'bitboard', k)));
      const slow = await timed(() => bezzel.solve(task(piece, n, goal, 'backtracking', k)));
      const same = answer(fast.value) === answer(slow.value) ? 'agree' : 'DISAGREE';
      log(
        `  ${k ?? n} ${piece}s on ${n}×${n}, ${goal}: ${answer(fast.value)} in ${fmtMs(fast.ms)} (${fast.value.stats.extra?.mode}) vs ${fmtMs(slow.ms)} = ${(slow.ms / fast.ms).toFixed(1)}×, ${same}`,
      );
    }
  },
};
export default section;
