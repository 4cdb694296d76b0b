import { no, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Solution, type Support } from '@bezzel/core';
import type { HighsAnswer } from './highs-run.js';
import { highsHost } from './host.js';
import { lpModel } from './lp-model.js';

/** Models beyond this many squares take HiGHS minutes to load, let alone solve. */
const MAX_SQUARES = 10_000;

/** The generic exact method: the set-cover integer program, solved by HiGHS (WebAssembly, loaded only when used). */
export const ilp: SearchStrategy = {
  meta: {
    id: 'ilp',
    description: 'domination as a set-cover integer program solved by HiGHS (any piece, board and variant): optimal, or at a time limit the best set with the bound and gap',
    problems: ['dominate'],
    goals: ['one', 'minimum'],
    stepUnit: 'nodes',
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'dominate') return no('it solves domination problems');
    if (instance.board.playable > MAX_SQUARES) return no(`the ${instance.board} board has more than ${MAX_SQUARES} squares for one integer program`);
    // A general solver: exact for everything, but the dedicated search is usually far faster.
    return yes(1000 + instance.board.size);
  },

  async run(instance: Instance, ctx: RunContext): Promise<Outcome> {
    if (instance.kind !== 'dominate') throw new Error('ilp was run on a problem it declined');
    const started = performance.now();
    const model = lpModel(instance);
    const host = await highsHost();
    const remaining = (ctx.clock.deadline - performance.now()) / 1000;
    const answer = await host.solve(
      { lp: model.text, timeLimit: Number.isFinite(remaining) ? remaining : Infinity, maxNodes: ctx.clock.maxSteps },
      (p) => ctx.progress({ ...(p.nodes !== undefined ? { nodes: p.nodes } : {}), metrics: { ...(p.primal !== undefined ? { best: p.primal } : {}), ...(p.dual !== undefined ? { bound: p.dual } : {}) } }),
      ctx.signal,
    );
    return outcome(instance, answer, model.squares, performance.now() - started, ctx.signal.aborted);
  },
};

function outcome(instance: Extract<Instance, { kind: 'dominate' }>, answer: HighsAnswer, squares: Int32Array, timeMs: number, stopped: boolean): Outcome {
  const extra: Record<string, number | string> = { solver: `HiGHS ${answer.status}` };
  if (answer.bound !== undefined && Number.isFinite(answer.bound)) extra.bound = Number(answer.bound.toFixed(3));
  if (answer.gap !== undefined && Number.isFinite(answer.gap)) extra.gap = Number(answer.gap.toFixed(4));
  const stats = { nodes: answer.nodes, timeMs, extra };
  const set = answer.columns ? squares.filter((_, i) => answer.columns![i]! > 0.5) : undefined;
  const solution: Solution | undefined = set ? { kind: 'placement', squares: Array.from(set) } : undefined;
  switch (answer.status) {
    case 'optimal':
      if (!solution) throw new Error('HiGHS reported an optimum without a solution');
      return instance.task.goal === 'minimum'
        ? { status: 'solved', solutions: [solution], minimum: { value: solution.squares.length, proof: 'solver' }, stats }
        : { status: 'solved', solutions: [solution], stats };
    case 'infeasible':
      return { status: 'impossible', reason: instance.k === undefined ? 'the integer program has no solution' : `no set of ${instance.k} ${instance.piece.name}s does it (the integer program is infeasible)`, proof: 'exhausted', stats };
    case 'error':
      throw new Error(`HiGHS failed: ${answer.message ?? 'unknown error'}`);
    default: {
      // Goal one asks for a set, not the fewest: one found before the stop is the answer.
      if (instance.task.goal === 'one' && solution) return { status: 'solved', solutions: [solution], stats };
      // Stopped: the best set so far, and what the solver's bound proves about the fewest.
      const lower = answer.bound !== undefined && Number.isFinite(answer.bound) ? Math.max(0, Math.ceil(answer.bound - 1e-6)) : 0;
      const bounds = { lower, ...(solution ? { upper: solution.squares.length } : {}) };
      const partial = { ...(solution ? { best: solution } : {}), bounds, note: `at least ${lower}${solution ? `, at most ${solution.squares.length}` : ''}${extra.gap !== undefined ? `, gap ${extra.gap}` : ''}` };
      // HiGHS says "interrupted" whoever asked it to stop: a stop (Ctrl-C) is aborted, the budget's deadline is budget.
      if (answer.status === 'interrupted' && stopped) return { status: 'aborted', stats, partial };
      return { status: 'budget', exhausted: answer.status === 'node-limit' ? 'steps' : 'time', stats, partial };
    }
  }
}
