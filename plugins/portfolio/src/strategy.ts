import { listOf, no, option, StrategyError, yes, type ElsewhereRun, type Instance, type Outcome, type Result, type RunContext, type SearchStrategy, type Task } from '@bezzel/core';

const options = {
  members: option.list('the strategies to race (as min-conflicts,hill-climbing)', { min: 2 }),
};

/** Statuses that answer the task: a solution, a count, a proof that there is none. */
const ANSWERS = new Set(['solved', 'complete', 'impossible']);
/** Goals whose answer is a number every member must agree on, not the first solution any member finds. */
const COUNTING = new Set(['count', 'count-fundamental', 'count-minimum', 'count-minimum-fundamental']);

/**
 * A portfolio (Gomes and Selman 2001): the same task given to several strategies at once, each in a thread of
 * its own with the whole remaining budget. For a solution, the first member to answer wins and the others are
 * stopped; for a count, every member must finish with the same number, or the run fails loudly. Where threads
 * are not to be had (`context.elsewhere.parallel` false), members run one after another on shares of the budget.
 */
export const portfolio: SearchStrategy = {
  meta: {
    id: 'portfolio',
    description: 'races several strategies on the same task, each in a thread of its own: the first answer wins and the rest are stopped; for counts every member must agree',
    problems: ['placement', 'tour', 'dominate'],
    goals: ['one', 'count', 'count-fundamental', 'maximum', 'minimum', 'count-minimum', 'count-minimum-fundamental'],
    stochastic: true,
    options,
    checkOptions(values, strategies) {
      const members = listOf(values['members'] as string);
      if (members.includes('portfolio')) return 'option members cannot name portfolio itself';
      const twice = members.filter((id, i) => members.indexOf(id) !== i);
      if (twice.length > 0) return `option members names ${[...new Set(twice)].join(', ')} more than once: each member runs once, so name each strategy once`;
      const unknown = members.filter((id) => strategies.meta(id) === undefined);
      if (unknown.length > 0) return `option members names ${unknown.join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not a strategy (bezzel list shows them)`;
      return undefined;
    },
  },

  supports(instance: Instance) {
    // Without members it is not to be chosen; what they are is for the option's declaration to check.
    if (instance.task.options?.members === undefined) return no('say which strategies to race, at least two: -o members=min-conflicts,hill-climbing');
    // Chosen only by name or by its option: as fast as its fastest member, plus threads to start.
    return yes(1000);
  },

  async run(instance: Instance, context: RunContext): Promise<Outcome> {
    const started = performance.now();
    // checkOptions has made sure each member is a strategy, named once.
    const members = listOf(context.options(options).members);
    const { clock, elsewhere } = context;
    const taskOf = (id: string, share: number): Task => {
      const { options: _mine, ...task } = instance.task;
      const left = Math.max(1, clock.deadline - performance.now());
      return { ...task, strategy: id, seed: context.rng.below(2 ** 31), budget: { maxTimeMs: left / share, ...(Number.isFinite(clock.maxSteps) ? { maxSteps: clock.maxSteps } : {}) } };
    };
    const counting = COUNTING.has(instance.task.goal);

    // Side by side when threads are there; otherwise one after another, each on its share of what is left.
    const results: Result[] = [];
    let winner: Result | undefined;
    if (elsewhere.parallel) {
      const runs = members.map((id) => ({ id, run: elsewhere.solve(taskOf(id, 1)) }));
      const stopAll = () => runs.forEach(({ run }) => run.stop());
      context.signal.addEventListener('abort', stopAll, { once: true });
      try {
        winner = counting ? undefined : await firstAnswer(runs.map((r) => r.run));
        if (winner) stopAll();
        // Every member's thread has ended before the portfolio answers: none is left running.
        for (const settled of await Promise.allSettled(runs.map((r) => r.run.result))) {
          if (settled.status === 'rejected') throw settled.reason;
          results.push(settled.value);
        }
      } finally {
        context.signal.removeEventListener('abort', stopAll);
      }
    } else {
      for (const [i, id] of members.entries()) {
        if (clock.expired()) break;
        const result = await elsewhere.solve(taskOf(id, members.length - i)).result;
        results.push(result);
        if (!counting && ANSWERS.has(result.status)) {
          winner = result;
          break;
        }
      }
    }

    const timeMs = performance.now() - started;
    const extra = { members: members.join(','), ...Object.fromEntries(results.map((r) => [r.strategy, r.status])) };
    if (counting) return agreed(results, timeMs, extra) ?? stopped(context, results, timeMs, extra);
    if (!winner) return stopped(context, results, timeMs, extra);
    const { strategy, task: _task, seed: _seed, ...answer } = winner;
    return { ...answer, stats: { ...answer.stats, timeMs, extra: { ...extra, winner: strategy } } } as Outcome;
  },
};

/** The first of the runs to end in an answer; undefined when all end without one. */
function firstAnswer(runs: readonly ElsewhereRun[]): Promise<Result | undefined> {
  return new Promise((resolve, reject) => {
    let left = runs.length;
    for (const { result } of runs) {
      result.then(
        (r) => {
          if (ANSWERS.has(r.status)) resolve(r);
          else if (--left === 0) resolve(undefined);
        },
        reject,
      );
    }
  });
}

/** The members' count when every one that finished counted the same (at least one finished); loud when they differ. */
function agreed(results: readonly Result[], timeMs: number, extra: Record<string, string>): Outcome | undefined {
  const complete = results.filter((r): r is Result & { status: 'complete' } => r.status === 'complete');
  if (complete.length === 0) return undefined;
  const say = (r: Result & { status: 'complete' }) => `${r.count}${r.fundamental !== undefined ? ` (${r.fundamental} fundamental)` : ''}`;
  const [first, ...others] = complete;
  for (const other of others) {
    if (other.count !== first!.count || other.fundamental !== first!.fundamental || other.minimum?.value !== first!.minimum?.value) {
      throw new StrategyError(first!.strategy, `counted ${say(first!)}, but ${other.strategy} counts ${say(other)}: the portfolio's members disagree`);
    }
  }
  const { strategy: _s, task: _t, seed: _seed, ...answer } = first!;
  const unconfirmed = results.length > complete.length ? `; ${results.filter((r) => r.status !== 'complete').map((r) => r.strategy).join(', ')} did not finish` : '';
  return { ...answer, stats: { ...answer.stats, timeMs, extra: { ...extra, agreed: `${complete.map((r) => r.strategy).join(', ')}${unconfirmed}` } } } as Outcome;
}

/** No member answered: what the most complete of them had. */
function stopped(context: RunContext, results: readonly Result[], timeMs: number, extra: Record<string, string>): Outcome {
  const nodes = results.reduce((sum, r) => sum + r.stats.nodes, 0);
  const partials = results.flatMap((r) => (r.status === 'budget' || r.status === 'aborted') && r.partial ? [r.partial] : []);
  const best = partials.sort((a, b) => (b.coverage ?? 0) - (a.coverage ?? 0) || (a.score ?? Infinity) - (b.score ?? Infinity))[0];
  const note = `no member answered: ${results.map((r) => `${r.strategy} ${r.status}`).join(', ')}`;
  const partial = { ...(best?.best ? { best: best.best } : {}), ...(best?.score !== undefined ? { score: best.score } : {}), note };
  const stats = { nodes, timeMs, extra };
  // Read the clock once more: a stop asked while the members ran is seen there, not yet in `reason`.
  context.clock.expired();
  const asked = context.clock.reason === 'aborted' || context.signal.aborted || (results.length > 0 && results.every((r) => r.status === 'aborted'));
  if (asked) return { status: 'aborted', partial, stats };
  return { status: 'budget', exhausted: 'time', partial, stats };
}
