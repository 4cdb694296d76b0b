import { Board, createBezzel, validatePlacement, type Result, type Task } from '@bezzel/core';
import formula from '@bezzel/formula';
import hillClimbing from '@bezzel/hill-climbing';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import queen, { queen as queenPiece } from '@bezzel/queen';
import random from '@bezzel/random';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

const queens = (n: number, strategy: string, extra: Partial<Task> = {}): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal: 'one',
  strategy,
  budget: { maxTimeMs: 120_000 },
  ...extra,
});

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const extra = (r: Result, name: string) => Number(r.stats.extra?.[name] ?? Number.NaN);

/** Issue 4's figures: min-conflicts on a million and ten million queens, the formula, hill climbing and generate-and-test on 8 queens. */
const section: BenchSection = {
  title: 'Local search, random search and explicit constructions',
  async run(log) {
    const bezzel = await createBezzel({ plugins: [queen, formula, columns, minConflicts, hillClimbing, random] });

    // First, while the heap is small: the construction is measured, not the collector cleaning up after 10M queens.
    const big = await timed(() => bezzel.solve(queens(10_000_000, 'formula')));
    log(`formula 10,000,000 queens: ${big.value.status} in ${fmtMs(big.ms)} (target < 1 s)`);
    const check = await timed(() => bezzel.solve(queens(3000, 'formula')));
    const squares = check.value.status === 'solved' && check.value.solutions[0]!.kind === 'placement' ? check.value.solutions[0]!.squares : [];
    log(`formula 3000 queens: validator says ${validatePlacement(Board.square(3000), queenPiece, squares, 3000).valid ? 'valid' : 'INVALID'}`);

    for (const n of [1_000_000, 10_000_000]) {
      const { value, ms } = await timed(() => bezzel.solve(queens(n, 'min-conflicts', { seed: 1 })));
      const memory = process.memoryUsage();
      const search = `placement ${fmtMs(extra(value, 'placementMs'))} + ${value.stats.nodes} repairs ${fmtMs(extra(value, 'repairMs'))}`;
      log(`min-conflicts ${n.toLocaleString('en')} queens, seed 1: ${value.status}, search ${fmtMs(value.stats.timeMs)} (${search}; ${extra(value, 'initialConflicts')} conflicted after the greedy start), solve() ${fmtMs(ms)} (target < ${n === 1_000_000 ? '1.5 s' : '20 s and 2 GB'})`);
      log(`  memory after: rss ${mib(memory.rss)}, heap used ${mib(memory.heapUsed)}, array buffers ${mib(memory.arrayBuffers)}; peak rss so far ${mib(process.resourceUsage().maxRSS * 1024)}`);
      if (value.status === 'solved' && value.solutions[0]!.kind === 'placement' && n <= 1_000_000) {
        const check = await timed(() => validatePlacement(Board.square(n), queenPiece, value.solutions[0]!.kind === 'placement' ? value.solutions[0]!.squares : [], n));
        log(`  validator: ${check.value.valid ? 'valid' : `INVALID (${check.value.conflicts[0]?.message ?? check.value.errors[0]})`} in ${fmtMs(check.ms)}`);
      }
    }


    const runs = 100;
    for (const [label, options] of [
      ['strictly downhill (sideways=0)', { sideways: 0 }],
      ['100 sideways moves (default)', {}],
      ['sideways=0, restarts=200', { sideways: 0, restarts: 200 }],
      ['100 sideways, restarts=50', { restarts: 50 }],
    ] as const) {
      let solved = 0;
      let steps = 0;
      let restarts = 0;
      const { ms } = await timed(async () => {
        for (let seed = 1; seed <= runs; seed++) {
          const result = await bezzel.solve(queens(8, 'hill-climbing', { seed, options }));
          if (result.status === 'solved') solved++;
          steps += result.stats.nodes;
          restarts += result.stats.restarts ?? 0;
        }
      });
      log(`hill climbing 8 queens, ${label}: ${solved}/${runs} solved (seeds 1–${runs}), mean ${(steps / runs).toFixed(1)} steps, ${(restarts / runs).toFixed(1)} restarts, ${fmtMs(ms)} in all`);
    }

    // Quality trajectories (what experiments record for their fixed-target views): the cost of asking for them.
    for (const n of [1000, 1_000_000]) {
      const ms = { off: 0, on: 0 };
      let entries = 0;
      for (const trajectory of [false, true, false, true]) {
        for (let seed = 1; seed <= 3; seed++) {
          const result = await bezzel.solve(queens(n, 'min-conflicts', { seed, ...(trajectory ? { trajectory } : {}) }));
          ms[trajectory ? 'on' : 'off'] += extra(result, 'repairMs') / 2;
          entries += (result.stats.trajectory?.steps.length ?? 0) / 2;
        }
      }
      log(`min-conflicts ${n.toLocaleString('en')} queens, seeds 1–3, repair time without / with a trajectory: ${fmtMs(ms.off)} / ${fmtMs(ms.on)} (${entries} improvements recorded; with it, h is read from the suspects once a start, then kept by each repair)`);
    }

    const tries = 30;
    let attempts = 0;
    let passedRanks = 0;
    const generated = await timed(async () => {
      for (let seed = 1; seed <= tries; seed++) {
        const result = await bezzel.solve(queens(8, 'random', { seed }));
        attempts += extra(result, 'attempts');
        passedRanks += extra(result, 'passedRanks');
      }
    });
    log(`random generate-and-test 8 queens, ${tries} seeded runs: mean ${(attempts / tries).toFixed(0)} boards, ${(passedRanks / tries).toFixed(0)} with a queen per rank (expected 8⁸/92 ≈ 182,361 boards), ${fmtMs(generated.ms / tries)} per run`);
  },
};
export default section;
