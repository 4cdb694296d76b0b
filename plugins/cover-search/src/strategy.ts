import { CanonicalTest, no, option, symmetryGroup, UsageError, yes, type Instance, type Outcome, type RunContext, type SearchStrategy, type Stats, type Support, type TraceEvent } from '@bezzel/core';
import { LOCAL_STEPS, localCover } from './local-cover.js';
import { climb } from './climb.js';
import { comeDown, sweptProgress } from './helper.js';
import { exactSearch, findMinimum, QUICK_NODES, type KnownBounds, type MinimumSearch } from './minimum.js';
import { symmetricSet } from './symmetric-first.js';
import { countCostMs } from './estimate.js';
import { engineOf, setUp, type DominateInstance, type Setup } from './setup.js';
import { pathOf, splitCount } from './split.js';

/** Beyond this many squares a node's masks and bounds cost too much for an exact search; greedy-cover gives upper bounds there. */
const MAX_SQUARES = 2500;

/** The exact domination search: the fewest pieces with proof, one set of a size, and counts of sets. */
export const coverSearch: SearchStrategy = {
  meta: {
    id: 'cover-search',
    description:
      'exact domination by depth-first search over bit masks: branches on the pieces that can cover the hardest square, prunes with coverage and Lagrangian (LP) bounds and the board symmetry; minimum with proof, counts, split for threads and queues',
    problems: ['dominate'],
    goals: ['one', 'all', 'count', 'count-fundamental', 'minimum', 'count-minimum', 'count-minimum-fundamental'],
    stepUnit: 'nodes',
    options: {
      prefix: option.internal(
        'counts only: the branch indices split() writes, joined with "." (as "2.0.5"): count only the sets below that node',
      ),
      threads: option.integer(
        'minimum: with 2, a helper thread comes down from above (smaller and smaller sets) while this one climbs from the lower bound, proving each size impossible, where threads are to be had; 1 comes down alone',
        { min: 1, max: 2, default: 2 },
      ),
      helper: option.internal("minimum only: run as the helper of a minimum on two threads (see climb.ts): tell each smaller set found on the way down, and how far the search from the back has come"),
    },
  },

  supports(instance: Instance): Support {
    if (instance.kind !== 'dominate') return no('it solves domination problems');
    if (instance.board.size > MAX_SQUARES) return no(`the ${instance.board} board has more than ${MAX_SQUARES} squares for an exact search; greedy-cover gives upper bounds`);
    // A count of the sets of k: its tree estimated by random walks (what sizes a queue's sub-tasks). A sub-task
    // of a split count is not estimated again: it is run, not chosen.
    const { goal, options } = instance.task;
    const counting = goal === 'count' || goal === 'count-fundamental' || goal === 'all';
    if (counting && instance.k !== undefined && options?.['prefix'] === undefined) return yes(10 + countCostMs(instance, instance.k));
    return yes(10 + instance.board.size / 100);
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    if (instance.kind !== 'dominate') throw new Error('cover-search was run on a problem it declined');
    const started = performance.now();
    const setup = setUp(instance, () => ctx.clock.expired());
    const stop = (nodes: number) => {
      ctx.progress({ nodes });
      return ctx.clock.exhausted(nodes);
    };
    const stats = (nodes: number): Stats => ({
      nodes,
      timeMs: performance.now() - started,
      extra: { lowerBound: setup.lower, ...(setup.lp !== undefined ? { lp: Number(setup.lp.toFixed(3)) } : {}) },
    });
    const prefix = ctx.option('prefix');
    if (prefix !== undefined && instance.task.goal !== 'count' && instance.task.goal !== 'count-fundamental') {
      throw new UsageError('ERR_OPTION', 'option prefix names a sub-task of a split count; use it with --goal count or count-fundamental');
    }
    const trace = numbered(ctx.trace);
    switch (instance.task.goal) {
      case 'one':
        return one(instance, setup, stop, stats, trace);
      case 'minimum':
      case 'count-minimum':
      case 'count-minimum-fundamental':
        return minimum(instance, setup, stop, stats, ctx, trace);
      default:
        return count(instance, setup, instance.k!, prefix === undefined ? [] : pathOf(String(prefix)), stop, stats, ctx, trace);
    }
  },

  split(instance: Instance, parts: number) {
    if (instance.kind !== 'dominate' || instance.k === undefined) return undefined;
    if (instance.task.goal !== 'count' && instance.task.goal !== 'count-fundamental') return undefined;
    return splitCount(instance, setUp(instance), parts);
  },
};

type Stop = (nodes: number) => boolean;
type StatsOf = (nodes: number) => Stats;
type Trace = ((event: TraceEvent) => void) | undefined;

/** A minimum runs several searches, each numbering its sets from 0: the watcher sees them numbered through the run. */
function numbered(trace: Trace): Trace {
  if (!trace) return undefined;
  let sets = 0;
  return (event) => trace(event.type === 'solution' ? { type: 'solution', index: sets++ } : event);
}

function stopped(ctx: { clock: RunContext['clock'] }): 'aborted' | 'steps' | 'time' {
  return ctx.clock.reason === 'aborted' ? 'aborted' : ctx.clock.reason === 'steps' ? 'steps' : 'time';
}

/** A set of k pieces, or without k the first set the search reaches (ordered by coverage: a greedy set). */
function one(instance: DominateInstance, setup: Setup, stop: Stop, stats: StatsOf, trace: Trace): Outcome {
  const k = instance.k;
  // Plain and total domination: a set of at most k, padded. Independent sets cannot be padded: exactly k.
  const padding = k !== undefined && instance.variant !== 'independent';
  const quick = padding && !trace ? quickSet(setup, k, stop) : undefined;
  if (quick?.set) return { status: 'solved', solutions: [{ kind: 'placement', squares: padded(instance, quick.set, k!) }], stats: stats(quick.nodes) };
  const engine = engineOf(setup, { stop, symmetric: true, ...(trace ? { trace } : {}) });
  engine.search(k === undefined || padding ? 'find' : 'exact', k ?? instance.board.playable);
  if (engine.found) {
    const squares = padding ? padded(instance, engine.found, k) : engine.found.sort((a, b) => a - b);
    return { status: 'solved', solutions: [{ kind: 'placement', squares }], stats: stats(engine.nodes) };
  }
  if (engine.stopped) return { status: 'budget', exhausted: 'time', stats: stats(engine.nodes), partial: { bounds: { lower: setup.lower } } };
  const what = k === undefined ? 'no set' : `no set of ${k}`;
  return { status: 'impossible', reason: `${what} ${instance.piece.name}s ${describe(instance)}`, proof: 'exhausted', stats: stats(engine.nodes) };
}

/**
 * A set of at most k the quick ways, before the exact search: the first set the coverage-ordered search reaches
 * (a greedy set), a short exact search, a symmetric set, or local searches from the greedy set down one piece at a
 * time.
 */
function quickSet(setup: Setup, k: number, stop: Stop): { set: number[] | undefined; nodes: number } {
  const greedy = engineOf(setup, { stop, symmetric: true });
  greedy.search('find', setup.model.size);
  let nodes = greedy.nodes;
  if (!greedy.found || greedy.found.length <= k) return { set: greedy.found, nodes };
  // A short exact search settles most sizes; the quicker ways are for the ones it does not.
  const short = exactSearch(setup, k, (n) => stop(nodes + n))(QUICK_NODES);
  nodes += short.nodes;
  if (short.outcome !== 'short') return { set: short.outcome === 'found' ? short.set : undefined, nodes };
  const symmetric = symmetricSet(setup, k, (n) => stop(nodes + n));
  nodes += symmetric.nodes;
  if (symmetric.set) return { set: symmetric.set, nodes };
  // Down one piece at a time, each look starting from the set the last one found.
  let set: number[] | undefined = greedy.found;
  // A set of k is all that is asked here, not a proof: the looks may take longer than a minimum's.
  while (set && set.length > k) set = localCover(setup.model, set, set.length - 1, (n) => stop(nodes + n), 4 * LOCAL_STEPS);
  return { set, nodes };
}

/**
 * A set of at most k made one of exactly k: more pieces on the first free squares. Adding a piece keeps a set
 * dominating, and totally dominating too (its square was attacked already); not independent, which is why that
 * variant never comes here. A board has at least k playable squares here (the core refuses a larger k).
 */
function padded(instance: DominateInstance, set: readonly number[], k: number): number[] {
  const chosen = new Set(set);
  for (let sq = 0; sq < instance.board.size && chosen.size < k; sq++) if (!instance.board.isRemoved(sq)) chosen.add(sq);
  return [...chosen].sort((a, b) => a - b);
}

function describe(instance: DominateInstance): string {
  const where = `the ${instance.board}${instance.board.torus ? ' torus' : ' board'}`;
  return instance.variant === 'total' ? `attacks every square of ${where}` : instance.variant === 'independent' ? `dominates ${where} without attacking each other` : `dominates ${where}`;
}

function minimum(instance: DominateInstance, setup: Setup, stop: Stop, stats: StatsOf, ctx: RunContext, trace: Trace): Outcome {
  const found = minimumSearch(instance, setup, stop, ctx, trace);
  if (!found.done) {
    if (found.bounds.lower > instance.board.playable) {
      return { status: 'impossible', reason: `no set of ${instance.piece.name}s ${describe(instance)}`, proof: 'exhausted', stats: stats(found.nodes) };
    }
    const best = found.best ? { best: { kind: 'placement' as const, squares: found.best } } : {};
    const partial = { ...best, bounds: found.bounds, note: `at least ${found.bounds.lower}${found.bounds.upper !== undefined ? `, at most ${found.bounds.upper}` : ''}` };
    const why = stopped(ctx);
    return why === 'aborted' ? { status: 'aborted', stats: stats(found.nodes), partial } : { status: 'budget', exhausted: why, stats: stats(found.nodes), partial };
  }
  const min = { value: found.set.length, proof: found.proof };
  const solutions = [{ kind: 'placement' as const, squares: found.set }];
  if (instance.task.goal === 'minimum') return { status: 'solved', solutions, minimum: min, stats: stats(found.nodes) };
  const counted = count(instance, setup, min.value, [], (n) => stop(found.nodes + n), (n) => stats(found.nodes + n), ctx, trace);
  return counted.status === 'complete' ? { ...counted, minimum: min, solutions } : counted;
}

/**
 * Where threads are to be had (and no watcher follows the steps), a minimum climbs from below here while a helper
 * thread comes down from above (see climb.ts); otherwise it comes down alone. The helper streams each set it finds.
 */
function minimumSearch(instance: DominateInstance, setup: Setup, stop: Stop, ctx: RunContext, trace: Trace): MinimumSearch {
  const playable = instance.board.playable;
  if (ctx.option('helper') !== undefined) {
    let reports = 0;
    return comeDown(setup, playable, stop, {
      set: (set) => ctx.onSolution({ kind: 'placement', squares: [...set] }),
      swept: (k, path) => ctx.progress(sweptProgress(setup, k, path, ++reports)),
    });
  }
  // Each progress report says the bounds in force: at least the size proven so far, at most the best set's.
  const known: KnownBounds = { lower: setup.lower };
  const reporting: Stop = (nodes) => {
    ctx.progress({ nodes, metrics: { 'at least': known.lower, ...(known.upper !== undefined ? { 'at most': known.upper } : {}) } });
    return ctx.clock.exhausted(nodes);
  };
  if (!ctx.elsewhere.parallel || trace || ctx.option('threads') === 1) return findMinimum(setup, playable, reporting, trace, known);
  const { task } = instance;
  const helperTask = { ...task, goal: 'minimum' as const, strategy: 'cover-search', options: { ...task.options, helper: 1 } };
  return climb(setup, playable, helperTask, ctx.elsewhere, reporting, known);
}

/** The sets of exactly k pieces below a node (the root by default); with a fundamental goal each is also tested for being canonical. */
function count(instance: DominateInstance, setup: Setup, k: number, path: readonly number[], stop: Stop, stats: StatsOf, ctx: RunContext, trace: Trace): Outcome {
  const goal = instance.task.goal;
  const fundamental = goal === 'count-fundamental' || goal === 'count-minimum-fundamental';
  const streaming = goal === 'all';
  let canonical = 0n;
  const test = fundamental ? new CanonicalTest(instance.board, instance.piece.attacks ? [] : symmetryGroup(instance.board, instance.piece.movement), k) : undefined;
  const sorted = new Int32Array(k);
  const onSet = (squares: number[]) => {
    if (streaming) ctx.onSolution({ kind: 'placement', squares });
    if (test) {
      sorted.set(squares);
      if (test.isCanonical(sorted, squares.length)) canonical++;
    }
  };
  const engine = engineOf(setup, { stop, onSet, ...(trace ? { trace } : {}) });
  engine.search(fundamental || streaming ? 'all' : 'count', k, path);
  if (engine.stopped) {
    const why = stopped(ctx);
    const partial = { count: engine.count, ...(fundamental ? { fundamental: canonical } : {}) };
    return why === 'aborted' ? { status: 'aborted', stats: stats(engine.nodes), partial } : { status: 'budget', exhausted: why, stats: stats(engine.nodes), partial };
  }
  return { status: 'complete', count: engine.count, ...(fundamental ? { fundamental: canonical } : {}), stats: stats(engine.nodes) };
}
