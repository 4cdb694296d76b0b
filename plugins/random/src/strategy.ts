import { no, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnProblem } from '@bezzel/min-conflicts';
import { generateAndTest, type GenerateTally } from './generate-and-test.js';

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
    stochastic: true,
  },

  supports(instance: Instance) {
    const lines = columnProblem(instance);
    return 'reason' in lines ? no(lines.reason) : yes(1000);
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
