import { no, overMemory, placementSearchSize, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnProblem } from '@bezzel/columns';
import { generateAndTest, type GenerateTally } from './generate-and-test.js';

/**
 * The time model, calibrated by bench/sections/85-auto.ts: each attempt draws and tests n columns (8 queens:
 * about 250,000 attempts, 0.6 s).
 */
const MS_PER_RUN = 0.05;
const MS_PER_COLUMN_TRIED = 3e-4;
/** Boards whose solutions are estimated by probes; larger ones are hopeless for random boards anyway. */
const PROBED_SIDE = 32;
/** ln n!, by Stirling's series (exact enough from n = 1). */
const logFactorial = (n: number) => n * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI * n) + 1 / (12 * n);
/** Bytes a column: its row and three sets of line marks (6 Int32 words), and the answer's plain array at its peak (20). */
const BYTES_PER_COLUMN = 4 * 6 + 20;

/**
 * Random generate-and-test: the baseline a course report measured (about 96,000 random boards, 243 of them
 * with one queen per rank, before one 8-queens solution). For comparison, not for use: `auto` never picks it.
 */
export const random: SearchStrategy = {
  meta: {
    id: 'random',
    description: 'Random generate-and-test: a random row per column, test ranks, then diagonals; counts attempts and how many passed each test',
    problems: ['placement'],
    goals: ['one'],
    stepUnit: 'attempts',
    stochastic: true,
  },

  supports(instance: Instance) {
    const lines = columnProblem(instance);
    if ('reason' in lines) return no(lines.reason);
    if (instance.kind !== 'placement') return no('it places pieces');
    const n = instance.board.width;
    const memory = overMemory(BYTES_PER_COLUMN * n, `its marks and answer for ${n} ${instance.piece.name}s`, instance);
    if (memory) return no(memory);
    // One random board succeeds with the chance that a random row per column is a solution: solutions / nⁿ. The
    // solutions are estimated by probing the one-piece-per-row tree (the same count, turned a quarter) on boards
    // small enough to probe; beyond, by n!, the permutations, which only over-counts them, so the attempts are at least
    // nⁿ / n! ≈ eⁿ (from 64 columns on, more than any budget).
    const logSolutions = n <= PROBED_SIDE ? Math.log(Math.max(placementSearchSize(instance.board, instance.piece, n, true).solutions, Number.MIN_VALUE)) : logFactorial(n);
    const attempts = Math.exp(Math.max(0, n * Math.log(n) - logSolutions));
    return yes(MS_PER_RUN + MS_PER_COLUMN_TRIED * n * attempts);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const lines = columnProblem(instance);
    if ('reason' in lines) throw new Error(`random was run on a task it declined: ${lines.reason}`);
    const n = instance.board.width;
    const tally: GenerateTally = { attempts: 0, passedRanks: 0, passedDiagonals: 0 };
    const found = generateAndTest(n, lines, ctx.rng, ctx.clock, tally);
    const stats = { nodes: tally.attempts, timeMs: performance.now() - started, extra: { ...tally } };
    if (typeof found !== 'string') {
      const squares = Array.from(found, (row, col) => row * n + col);
      return { status: 'solved', solutions: [{ kind: 'placement', squares }], stats };
    }
    const partial = {
      note: `${tally.attempts} random boards, ${tally.passedRanks} with one piece per rank, none also clear on the diagonals`,
    };
    if (found === 'aborted') return { status: 'aborted', partial, stats };
    return { status: 'budget', exhausted: found, partial, stats };
  },
};
