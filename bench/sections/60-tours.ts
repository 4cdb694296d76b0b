import antColony from '@bezzel/ant-colony';
import { Board, createBezzel, validateTour, type Result, type Task } from '@bezzel/core';
import divideConquer from '@bezzel/divide-conquer';
import genetic from '@bezzel/genetic';
import knight from '@bezzel/knight';
import warnsdorff from '@bezzel/warnsdorff';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Issue 5's figures: huge and rectangular tours, the every-start sweep, Warnsdorff's failures, the genetic algorithm. */
const section: BenchSection = {
  title: "Knight's tours at every scale",
  async run(log) {
    const bezzel = await createBezzel({ plugins: [knight, divideConquer, warnsdorff, genetic, antColony] });
    const knightPiece = bezzel.piece('knight')!;
    const tour = (width: number, height: number, closed: boolean, start?: number): Task => ({
      problem: { kind: 'tour', board: { width, height }, piece: 'knight', closed, ...(start !== undefined ? { start } : {}) },
      goal: 'one',
      budget: { maxTimeMs: 600_000 },
    });
    const check = (task: Task, result: Result): string => {
      if (result.status !== 'solved') return result.status;
      const solution = result.solutions[0]!;
      if (solution.kind !== 'tour') return 'not a tour';
      const problem = task.problem as { closed?: boolean; start?: number };
      const report = validateTour(new Board(task.problem.board), knightPiece, solution.path, { closed: problem.closed, start: problem.start });
      return report.valid ? `valid${report.closes ? ', closes' : ''}` : `INVALID: ${report.firstError}`;
    };

    log('Parberry\'s C++ divide and conquer is quoted at about 40–70 ms for 1000×1000 closed on this machine (not rebuilt here).');
    for (const [width, height, closed, start, validate] of [
      [1000, 1000, true, undefined, true],
      [1000, 1003, true, undefined, true],
      [999, 1000, false, undefined, true],
      [999, 999, false, 499 * 999 + 499, true],
    ] as const) {
      const task = tour(width, height, closed, start);
      // Once to build and cache the base tours, then the timed run.
      await bezzel.solve(task);
      const runs: number[] = [];
      let result: Result | undefined;
      for (let i = 0; i < 5; i++) {
        const { value, ms } = await timed(() => bezzel.solve(task));
        runs.push(ms);
        result = value;
      }
      runs.sort((a, b) => a - b);
      const verdict = validate ? check(task, result!) : 'not validated';
      log(`${`${width}×${height} ${closed ? 'closed' : 'open'}${start !== undefined ? ' from the centre' : ''}`.padEnd(28)} ${result!.strategy.padEnd(15)} median ${fmtMs(runs[2]!).padStart(9)} (min ${fmtMs(runs[0]!)})   ${verdict}`);
    }

    {
      const task = tour(10_000, 10_000, true);
      const before = process.memoryUsage().rss;
      const { value, ms } = await timed(() => bezzel.solve(task));
      const rss = process.memoryUsage().rss;
      const { value: verdict, ms: checkMs } = await timed(() => check(task, value));
      log(`${'10000×10000 closed'.padEnd(28)} ${value.strategy.padEnd(15)} ${fmtMs(ms).padStart(9)}   rss ${mib(rss)} (was ${mib(before)})   ${verdict} (validator ${fmtMs(checkMs)})`);
    }

    {
      let solved = 0;
      let impossible = 0;
      let other = 0;
      let solveMs = 0;
      let checkMs = 0;
      const strategies = new Map<string, number>();
      for (let n = 5; n <= 50; n++) {
        for (let start = 0; start < n * n; start++) {
          const task = tour(n, n, false, start);
          const { value, ms } = await timed(() => bezzel.solve(task));
          solveMs += ms;
          strategies.set(value.strategy, (strategies.get(value.strategy) ?? 0) + 1);
          if (value.status === 'solved') {
            const t = performance.now();
            if (check(task, value).startsWith('valid')) solved++;
            else other++;
            checkMs += performance.now() - t;
          } else if (value.status === 'impossible') impossible++;
          else other++;
        }
      }
      const by = [...strategies].map(([s, c]) => `${s} ${c}`).join(', ');
      log(`every start square, 5×5 … 50×50 (open, auto): ${solved} tours, ${impossible} proven impossible, ${other} other; solving ${fmtMs(solveMs)}, validating ${fmtMs(checkMs)} (${by})`);
    }

    for (const n of [1000, 3000]) {
      const task: Task = { ...tour(n, n, false, 0), strategy: 'warnsdorff', options: { tiebreak: 'roth' } };
      const { value, ms } = await timed(() => bezzel.solve(task));
      log(`${`warnsdorff roth ${n}×${n} from a1`.padEnd(28)} ${fmtMs(ms).padStart(9)}   ${n <= 1000 ? check(task, value) : value.status}   (${((ms * 1e6) / (n * n)).toFixed(0)} ns a square)`);
    }

    for (const tiebreak of ['fixed', 'roth', 'pohl', 'random']) {
      const stuck: string[] = [];
      let ms = 0;
      for (let n = 5; n <= 20; n++) {
        let failures = 0;
        for (let start = 0; start < n * n; start++) {
          const { value, ms: one } = await timed(() => bezzel.solve({ ...tour(n, n, false, start), strategy: 'warnsdorff', seed: 1, options: { tiebreak } }));
          ms += one;
          if (value.status === 'budget') failures++;
        }
        stuck.push(`${n}:${failures}`);
      }
      log(`warnsdorff tiebreak=${tiebreak.padEnd(6)} start squares stuck per board n:count (5…20): ${stuck.join(' ')}  (${fmtMs(ms)})`);
    }

    for (const repair of ['warnsdorff', 'none']) {
      const rows: string[] = [];
      let ms = 0;
      for (let seed = 1; seed <= 5; seed++) {
        const { value, ms: one } = await timed(() =>
          bezzel.solve({ ...tour(8, 8, false, 0), strategy: 'genetic', seed, options: { repair } }),
        );
        ms += one;
        const best = value.status === 'solved' ? 64 : value.status === 'budget' ? value.partial?.score : undefined;
        rows.push(`${value.status === 'solved' ? 'tour' : 'none'} gen ${value.stats.generations} best ${best}`);
      }
      log(`genetic 8×8 from a1, repair=${repair.padEnd(10)} seeds 1–5: ${rows.join('; ')}  (${fmtMs(ms)})`);
    }
    {
      const rows: string[] = [];
      for (let seed = 1; seed <= 3; seed++) {
        const { value, ms } = await timed(() => bezzel.solve({ ...tour(8, 8, false), strategy: 'ant-colony', seed }));
        rows.push(`${value.status} after ${value.stats.generations} iterations (${fmtMs(ms)})`);
      }
      log(`ant colony 8×8, ants from all 64 squares, seeds 1–3: ${rows.join('; ')}`);
    }
  },
};
export default section;
