import classic from '@bezzel/classic';
import coverSearch from '@bezzel/cover-search';
import { createBezzel, type Result, type Task } from '@bezzel/core';
import greedyCover from '@bezzel/greedy-cover';
import ilp from '@bezzel/ilp';
import knight from '@bezzel/knight';
import { threadedElsewhere } from '@bezzel/pool';
import queen from '@bezzel/queen';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from '../index.js';
import { fmtMs, timed, timedBest } from '../time.js';

/**
 * Issue 17's figures: the domination number proven by the dedicated search (cover-search) against the integer
 * program (ilp, HiGHS) on the same boards in the same run, queens and knights n = 6…13 / 6…14, on one thread and
 * on two (this thread climbs from the lower bound while a helper thread comes down from above); counts of
 * minimum sets; greedy upper bounds on big boards. A board any solver answers in under 100 ms is timed five times
 * for that solver and its fastest run kept (a first run there measures the JIT more than the search). ilp gets BEZZEL_BENCH_ILP_SECONDS (300) per board: past that
 * it is reported with its bound. BEZZEL_BENCH_DOM_QUEENS / _KNIGHTS set the largest n (13 / 14).
 */
const section: BenchSection = {
  title: 'Domination: cover-search against ilp (HiGHS)',
  async run(log) {
    const bezzel = await createBezzel({ plugins: [queen, knight, classic, coverSearch, ilp, greedyCover] });
    const here = createRequire(import.meta.url);
    const urls = ['@bezzel/queen', '@bezzel/knight', '@bezzel/cover-search'].map((p) => pathToFileURL(here.resolve(p)).href);
    const ilpSeconds = Number(process.env.BEZZEL_BENCH_ILP_SECONDS ?? 300);
    const task = (piece: string, n: number, goal: Task['goal'], strategy: string, k?: number, seconds = 3600): Task => ({
      problem: { kind: 'dominate', board: { width: n, height: n }, piece, ...(k !== undefined ? { k } : {}) },
      goal,
      strategy,
      budget: { maxTimeMs: seconds * 1000 },
    });
    const gamma = (r: Result) => (r.status === 'solved' || r.status === 'complete' ? r.minimum?.value : undefined);
    const say = (r: Result) =>
      gamma(r) !== undefined ? `${gamma(r)} (${r.status === 'solved' || r.status === 'complete' ? r.minimum!.proof : ''})`
      : r.status === 'budget' || r.status === 'aborted' ? `stopped: ${r.partial?.note ?? r.status}`
      : r.status;

    // A first ilp solve pays the WebAssembly start-up (seconds); the comparison below runs on a warm solver.
    await bezzel.solve(task('queen', 5, 'minimum', 'ilp'));
    const sizes = { queen: Number(process.env.BEZZEL_BENCH_DOM_QUEENS ?? 13), knight: Number(process.env.BEZZEL_BENCH_DOM_KNIGHTS ?? 14) };
    for (const piece of ['queen', 'knight'] as const) {
      // Each solver first solves this piece's 5×5 once, so the first rows measure warm code for both (a knight's
      // Lagrangian bound is code the queens never ran: cold, 8×8 took 1.7 ms where warm it takes under 1).
      await bezzel.solve(task(piece, 5, 'minimum', 'cover-search'));
      await bezzel.solve(task(piece, 5, 'minimum', 'cover-search'), { elsewhere: threadedElsewhere(urls) });
      await bezzel.solve(task(piece, 5, 'minimum', 'ilp'));
      log(`${piece}s: γ proven by cover-search (1 thread; 2 threads) and by ilp (1 thread), same boards, same run`);
      for (let n = 6; n <= sizes[piece]; n++) {
        // Every solver alike: a board answered in under 100 ms is timed five times and the fastest run kept.
        const one = await timedBest(() => bezzel.solve({ ...task(piece, n, 'minimum', 'cover-search'), options: { threads: 1 } }));
        // Two threads: the helper runs in a worker thread of its own, started (and loaded) within the time.
        const two = await timedBest(() => bezzel.solve(task(piece, n, 'minimum', 'cover-search'), { elsewhere: threadedElsewhere(urls) }));
        const g = gamma(one.value);
        const solver = await timedBest(() => bezzel.solve(task(piece, n, 'minimum', 'ilp', undefined, ilpSeconds)));
        const same = [solver, two].every((r) => gamma(r.value) === undefined || gamma(r.value) === g) ? '' : '  DISAGREE';
        const ratio = (search: { ms: number }) => `${gamma(solver.value) !== undefined ? '' : '> '}${(solver.ms / search.ms).toFixed(1)}×`;
        log(
          `  n=${String(n).padStart(2)}: cover-search ${say(one.value).padEnd(16)} 1 thread ${fmtMs(one.ms).padStart(8)} (${one.value.stats.nodes} nodes) · 2 threads ${fmtMs(two.ms).padStart(8)}` +
            ` · ilp ${say(solver.value).padEnd(24)} ${fmtMs(solver.ms).padStart(8)} · ilp/search ${ratio(one)} (1 thread), ${ratio(two)} (2 threads)${same}` +
            (one.runs > 1 || two.runs > 1 || solver.runs > 1 ? ' · best of 5' : ''),
        );
      }
    }

    log('minimum sets counted by cover-search (published: queens A002564, knights A103315)');
    for (const [piece, n] of [['queen', 8], ['queen', 9], ['queen', 10], ['queen', 11], ['queen', 12], ['knight', 8], ['knight', 10], ['knight', 11], ['king', 8], ['bishop', 8]] as const) {
      const { value, ms } = await timed(() => bezzel.solve(task(piece, n, 'count-minimum-fundamental', 'cover-search')));
      const answer = value.status === 'complete' ? `γ ${value.minimum?.value}, ${value.count} sets (${value.fundamental} fundamental)` : say(value);
      log(`  ${`${piece}s ${n}×${n}`.padEnd(14)} ${answer.padEnd(40)} ${fmtMs(ms).padStart(9)}`);
    }

    const whole = await timed(() => bezzel.solve(task('queen', 8, 'count-minimum', 'cover-search')));
    log(`queens 8×8 count-minimum in-process (the CLI adds its start-up): ${whole.value.status === 'complete' ? `${whole.value.minimum?.value} and ${whole.value.count}` : whole.value.status} in ${fmtMs(whole.ms)}`);

    for (const n of [50, 100]) {
      const g = await timed(() => bezzel.solve({ ...task('queen', n, 'one', 'greedy-cover'), seed: 1 }));
      const size = g.value.status === 'solved' && g.value.solutions[0]!.kind === 'placement' ? g.value.solutions[0]!.squares.length : '?';
      log(`greedy-cover queens ${n}×${n}: a dominating set of ${size} (an upper bound; the known lower bound is ⌈(n−1)/2⌉ = ${Math.ceil((n - 1) / 2)}) in ${fmtMs(g.ms)}`);
    }
  },
};
export default section;
