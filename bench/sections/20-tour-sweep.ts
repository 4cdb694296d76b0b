import backtracking from '@bezzel/backtracking';
import { Board, createBezzel, type Result, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import { runSplit } from '@bezzel/pool';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

const require = createRequire(import.meta.url);

/**
 * Issue 2's sweep: with warnsdorff-roth ordering, every start square of every square board from 5×5 to 20×20
 * gets a tour or a proven impossibility within the default budget (15 s each). Plain Warnsdorff, with a 1 s
 * budget, shows what the tie-break buys; the 6×6 open-tour count shows the exhaustive side of the search.
 */
const section: BenchSection = {
  title: "Knight's tour sweep, 5×5…20×20, every start (backtracking)",
  async run(log) {
    const bezzel = await createBezzel({ plugins: [knight, backtracking] });
    const tourTask = (n: number, start: number, ordering: string, maxTimeMs?: number): Task => ({
      problem: { kind: 'tour', board: { width: n, height: n }, piece: 'knight', start },
      goal: 'one',
      strategy: 'backtracking',
      options: { ordering },
      ...(maxTimeMs ? { budget: { maxTimeMs } } : {}),
    });

    const sweep = async (ordering: string, maxTimeMs?: number) => {
      log(`ordering ${ordering}, budget ${maxTimeMs ? fmtMs(maxTimeMs) : 'default (15 s)'} per start square`);
      log('board     starts  tours  impossible  failed  moves tried  backtracks       time   slowest start');
      const total = { starts: 0, tours: 0, impossible: 0, failed: 0, ms: 0 };
      for (let n = 5; n <= 20; n++) {
        const row = { tours: 0, impossible: 0, failed: 0, nodes: 0, backtracks: 0, slowest: 0, slowestAt: 0 };
        const { ms } = await timed(async () => {
          for (let start = 0; start < n * n; start++) {
            const result = await bezzel.solve(tourTask(n, start, ordering, maxTimeMs));
            if (result.status === 'solved') row.tours++;
            else if (result.status === 'impossible') row.impossible++;
            else row.failed++;
            row.nodes += result.stats.nodes;
            row.backtracks += result.stats.backtracks ?? 0;
            if (result.stats.timeMs > row.slowest) [row.slowest, row.slowestAt] = [result.stats.timeMs, start];
          }
        });
        const board = Board.square(n);
        log(
          `${`${n}×${n}`.padEnd(8)} ${String(n * n).padStart(7)} ${String(row.tours).padStart(6)} ${String(row.impossible).padStart(11)} ` +
            `${String(row.failed).padStart(7)} ${String(row.nodes).padStart(12)} ${String(row.backtracks).padStart(11)} ${fmtMs(ms).padStart(10)}   ` +
            `${board.name(row.slowestAt)} ${fmtMs(row.slowest)}`,
        );
        total.starts += n * n;
        total.tours += row.tours;
        total.impossible += row.impossible;
        total.failed += row.failed;
        total.ms += ms;
      }
      log(`all      ${String(total.starts).padStart(7)} ${String(total.tours).padStart(6)} ${String(total.impossible).padStart(11)} ${String(total.failed).padStart(7)}   ${fmtMs(total.ms)}`);
    };

    await sweep('warnsdorff-roth');
    log('');
    await sweep('warnsdorff', 1000);
    log('');

    // Directed open tours on 6×6 (6,637,920, OEIS A165134): the strategy counts one start per orbit of squares
    // under the board's symmetries and weights it by the orbit's size; the pool splits it by path prefix.
    const task: Task = { problem: { kind: 'tour', board: { width: 6, height: 6 }, piece: 'knight' }, goal: 'count', strategy: 'backtracking', budget: { maxTimeMs: 600_000 } };
    const one = await timed(() => bezzel.solve(task));
    const pooled = await timed(() => runSplit({ plugins: [require.resolve('@bezzel/knight'), require.resolve('@bezzel/backtracking')].map((f) => pathToFileURL(f).href), task, bezzel, workers: availableParallelism() }));
    const counted = (r: Result) => (r.status === 'complete' ? String(r.count) : r.status);
    log(`6×6 directed open tours (published 6637920): ${counted(one.value)} in ${fmtMs(one.ms)} on 1 thread (${one.value.stats.nodes.toLocaleString('en-US')} moves, one start per symmetry class)`);
    log(`  on ${availableParallelism()} worker threads: ${counted(pooled.value)} in ${fmtMs(pooled.ms)} (${pooled.value.stats.extra?.subTasks} sub-tasks by path prefix)`);
  },
};
export default section;
