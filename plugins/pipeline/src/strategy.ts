import { encodeSquares, listOf, no, option, yes, type Instance, type Outcome, type Result, type RunContext, type SearchStrategy, type Solution, type Task } from '@bezzel/core';

const options = {
  stages: option.list('the strategies to run in turn (as warnsdorff,genetic); each after the first must take option start', { min: 2 }),
};

/** Statuses that answer the task: the pipeline ends at the first stage that gives one. */
const ANSWERS = new Set(['solved', 'complete', 'impossible']);

/**
 * Strategies in turn, each starting where the previous stopped: a stage that answers ends the pipeline; a stage
 * that stops short hands its best arrangement (`partial.best`) to the next as its `start` option, the one
 * interface between them — Warnsdorff's stuck walk seeds the genetic algorithm's population, a formula's
 * placement is min-conflicts' first board. Which strategies can continue another's work is theirs to declare
 * (`option.start`), not the pipeline's to know. Each stage gets an equal share of the budget left.
 */
export const pipeline: SearchStrategy = {
  meta: {
    id: 'pipeline',
    description: "runs strategies in turn, each starting from the previous one's best arrangement (its option start), until one answers",
    problems: ['placement', 'tour'],
    goals: ['one'],
    stochastic: true,
    options,
    // What the help promises is checked before any stage runs: known stages, never itself, and every stage
    // after the first able to start from another's arrangement.
    checkOptions(values, strategies) {
      const stages = listOf(values['stages'] as string);
      if (stages.includes('pipeline')) return 'option stages cannot name pipeline itself';
      const unknown = stages.filter((id) => strategies.meta(id) === undefined);
      if (unknown.length > 0) return `option stages names ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not a strategy (bezzel list shows them)`;
      const cannot = stages.slice(1).filter((id) => strategies.meta(id)?.options?.['start'] === undefined);
      if (cannot.length > 0) return `every stage after the first must take option start (continue from another's arrangement); ${cannot.join(', ')} cannot`;
      return undefined;
    },
  },

  supports(instance: Instance) {
    // Without stages it is not to be chosen; what they are is for the option's declaration to check.
    if (instance.task.options?.stages === undefined) return no('say which strategies to run in turn, at least two: -o stages=warnsdorff,genetic');
    return yes(1000);
  },

  async run(instance: Instance, context: RunContext): Promise<Outcome> {
    const started = performance.now();
    const stages = listOf(context.options(options).stages);
    const { clock } = context;
    const { options: _mine, ...base } = instance.task;
    const done: Result[] = [];
    let start: Solution | undefined;
    for (const [i, id] of stages.entries()) {
      if (clock.expired()) break;
      const left = Math.max(1, clock.deadline - performance.now());
      const task: Task = {
        ...base,
        strategy: id,
        seed: context.rng.below(2 ** 31),
        budget: { maxTimeMs: left / (stages.length - i), ...(Number.isFinite(clock.maxSteps) ? { maxSteps: clock.maxSteps } : {}) },
        ...(start ? { options: { start: encodeSquares(start.kind === 'tour' ? start.path : start.squares) } } : {}),
      };
      const run = context.elsewhere.solve(task);
      const stop = () => run.stop();
      context.signal.addEventListener('abort', stop, { once: true });
      const result = await run.result.finally(() => context.signal.removeEventListener('abort', stop));
      done.push(result);
      context.progress({ done: i + 1, total: stages.length, message: `${id}: ${result.status}` });
      if (ANSWERS.has(result.status)) {
        const { strategy, task: _task, seed: _seed, ...answer } = result;
        return { ...answer, stats: { ...answer.stats, timeMs: performance.now() - started, extra: { stages: trail(done), answeredBy: strategy } } } as Outcome;
      }
      // What this stage reached, for the next to start from.
      if ((result.status === 'budget' || result.status === 'aborted') && result.partial?.best) start = result.partial.best;
    }
    const last = done.at(-1);
    const partial = last && (last.status === 'budget' || last.status === 'aborted') ? last.partial : undefined;
    const stats = { nodes: done.reduce((sum, r) => sum + r.stats.nodes, 0), timeMs: performance.now() - started, extra: { stages: trail(done) } };
    const note = `no stage answered: ${trail(done)}`;
    const kept = { ...(partial?.best ? { best: partial.best } : {}), ...(partial?.score !== undefined ? { score: partial.score } : {}), note };
    if (context.signal.aborted || clock.reason === 'aborted') return { status: 'aborted', partial: kept, stats };
    return { status: 'budget', exhausted: clock.reason === 'steps' ? 'steps' : 'time', partial: kept, stats };
  },
};

/** `warnsdorff budget → genetic solved`: what each stage did. */
function trail(done: readonly Result[]): string {
  return done.map((r) => `${r.strategy} ${r.status}`).join(' → ');
}
