import { no, option, yes, type Instance, type Outcome, type RunContext, type SearchStrategy } from '@bezzel/core';
import { columnStart, columnTask, INITIAL_PLACEMENT, LineBoard, solvedOutcome, traceStart, unsolvedOutcome } from '@bezzel/columns';
import { Beam, beamSearch, type BeamSettings, type BeamTally } from './beam.js';

/** Beyond this side a step's successors, even sampled, and the h levels they sort into grow too large. */
const MAX_SIDE = 1024;

/**
 * The time model: a step evaluates k · min(n(n − 1), sample) successors, and a run takes up to about n steps
 * (measured medians with k = 10: 8 queens 0.14 ms, 32 queens 4.5 ms in 16 steps, 100 queens 0.1 s in 53 steps).
 */
const MS_PER_RUN = 0.3;
const MS_PER_SUCCESSOR = 5e-5;

const options = {
  k: option.integer('states kept from step to step', { min: 1, max: 1000, default: 10 }),
  stochastic: option.boolean('stochastic beam search: keep k successors drawn with probability ∝ e^(−h/T) instead of the k best', { default: false }),
  temperature: option.number('T of the stochastic draw: a successor one pair worse is e^(−1/T) times as likely', { min: 0.01, default: 0.5 }),
  sample: option.integer('successors drawn at random from each state when it has more than this many (n(n − 1)); fewer are all looked at', { min: 1, default: 2000 }),
  initial: option.part('how each of the k start states is placed', INITIAL_PLACEMENT, { default: 'random' }),
  start: option.start('a placement to be the first of the k start states: how a pipeline hands on'),
};

/**
 * Local beam search on one piece per column (h = attacking pairs): k states, all their successors, the k best
 * (or, stochastic, k drawn by a softmax of −h) kept. Incomplete: it searches until a solution or the budget.
 */
export const beam: SearchStrategy = {
  meta: {
    id: 'beam',
    description: 'Local beam search on one piece per column (h = attacking pairs): k states, the k best of all their successors kept each step, or k drawn by a softmax of −h (stochastic)',
    problems: ['placement'],
    goals: ['one'],
    stochastic: true,
    stepUnit: 'steps',
    quality: 'attacking pairs',
    options,
  },

  supports(instance: Instance) {
    const column = columnTask(instance, { maxSide: { side: MAX_SIDE, reason: `each step sorts the successors of k states by h; boards beyond ${MAX_SIDE}×${MAX_SIDE} are for min-conflicts` } });
    if ('reason' in column) return no(column.reason);
    const { n, hopeless } = column;
    const k = Number(instance.task.options?.k ?? 10);
    const sample = Number(instance.task.options?.sample ?? 2000);
    return yes(hopeless ? Number.MAX_VALUE : MS_PER_RUN + MS_PER_SUCCESSOR * k * Math.min(n * (n - 1), sample) * n);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const started = performance.now();
    const chosen = ctx.options(options);
    const { lines, n, place } = columnStart(instance, ctx, chosen);
    const settings: BeamSettings = { k: chosen.k, sample: chosen.sample, stochastic: chosen.stochastic, temperature: chosen.temperature };

    const beams: [Beam, Beam] = [new Beam(n, chosen.k, lines), new Beam(n, chosen.k, lines)];
    const board = new LineBoard(n, lines);
    for (let s = 0; s < chosen.k; s++) {
      board.clear();
      place(board);
      // The first start state is shown piece by piece; the trace's first beam event then shows all k.
      if (s === 0 && ctx.trace) traceStart(board, 0, ctx.trace);
      beams[0].add(board.rows);
    }
    const tally: BeamTally = { steps: 0, successors: 0, bestH: Number.MAX_SAFE_INTEGER };
    const best = new Int32Array(n);
    const { stop, solution } = beamSearch(beams, ctx.rng, ctx.clock, settings, tally, best, ctx.trace, ctx.trajectory);
    ctx.progress({ nodes: tally.steps, metrics: { h: tally.bestH } });

    const stats = {
      nodes: tally.steps,
      timeMs: performance.now() - started,
      extra: { k: chosen.k, steps: tally.steps, successors: tally.successors, bestH: tally.bestH, h: tally.bestH },
    };
    if (stop === 'solved') return solvedOutcome(solution!, stats, ctx.trace);
    const note = `the best state seen has h = ${tally.bestH} (attacking pair${tally.bestH === 1 ? '' : 's'}) after ${tally.steps} steps of ${chosen.k} states`;
    return unsolvedOutcome(stop, { rows: best, h: tally.bestH, note }, stats);
  },
};
