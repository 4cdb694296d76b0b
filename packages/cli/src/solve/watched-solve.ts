import { type Bezzel, type Elsewhere, type Instance, ok, type Parsed, type ProgressEvent, type Result, type SearchStrategy, type Solution, type Support, type Supported, type Task } from '@bezzel/core';
import { onInterrupt, withDefaultStops } from './interrupt.js';
import { fromUserPlugin, pluginsFor, type LoadedPlugin } from '../plugins/load-plugins.js';

/**
 * A run the strategy expects to take this long (its `supports()` cost is an estimate in milliseconds) goes to a
 * search thread: this thread then stays free to answer Ctrl-C while it runs. Shorter runs stay here, where they
 * start sooner; Ctrl-C ends them at once.
 */
export const LONG_RUN_MS = 250;
/**
 * Goals that search a whole space (counts, lists, a maximum or a minimum with its proof) go to a search thread on
 * boards beyond this many squares whatever the estimate says: an estimate that is wrong by a factor of a
 * thousand (it happens) must not leave a search in this thread, where Ctrl-C cannot reach it. A cost the strategy
 * measured for the task (`Support.measured`: the join's queens counts) is trusted like any short run's.
 */
const SMALL_BOARD = 64;
/** Tours explode sooner: counting them from 6×6 up takes seconds to years. */
const SMALL_TOUR_BOARD = 25;
const EXHAUSTIVE = new Set(['count', 'count-fundamental', 'all', 'maximum', 'minimum', 'count-minimum', 'count-minimum-fundamental']);
/**
 * What starting a search thread costs, on top of the search (a Worker, the core and the strategy's plugin loaded
 * again there): about 50 ms of wall and CPU time on the reference machine, 90 ms for the first of a process.
 */
export const SEARCH_THREAD_MS = 50;

export interface SolveSetup {
  readonly bezzel: Bezzel;
  readonly plugins: readonly LoadedPlugin[];
  /** A piece defined on the command line (`betza:…`) exists only in this thread: its runs stay here. */
  readonly inProcessOnly?: boolean;
}

export interface SolveWatch {
  readonly onSolution?: (solution: Solution) => void;
  readonly onProgress?: (event: ProgressEvent) => void;
  /** Run in a search thread whatever the estimate: for steps of a longer computation that Ctrl-C must reach. */
  readonly inThread?: boolean;
}

/**
 * Solves a task where a user can stop it. A long run, or any run of a strategy from a plugin the user named (so
 * that one which ignores its budget is ended, not waited for), runs in a search thread: Ctrl-C or SIGTERM stops
 * it within a second and it returns what it has; past its budget it is ended by force and reported.
 */
export async function solveWatched(setup: SolveSetup, given: Task, watch: SolveWatch = {}): Promise<Result> {
  const { bezzel } = setup;
  const instance = bezzel.instantiate(given);
  if (!instance.ok) throw instance.error;
  bezzel.checkNamedOptions(given);
  const core = bezzel.choose(instance.value);
  const strategy = chooseRoute(bezzel, instance.value, core);
  // The route's choice, when it is not the core's, is named so that the core runs it.
  const task = strategy.ok && core.ok && strategy.value !== core.value ? { ...given, strategy: strategy.value.meta.id } : given;
  // Whatever cannot be chosen here (a tour a theorem rules out needs no strategy) the core's solve sorts out.
  if (!strategy.ok || setup.inProcessOnly) return withDefaultStops(() => bezzel.solve(task, watch));
  const here = () => withDefaultStops(() => bezzel.solve(task, { ...watch, elsewhere: threadsFor(setup.plugins.map((p) => p.url)) }));
  const checked = bezzel.checkOptions(strategy.value, task);
  if (!checked.ok) throw checked.error;
  const id = strategy.value.meta.id;
  if (!inSearchThread(bezzel, instance.value, strategy.value, bezzel.supportOf(strategy.value, instance.value)) && !watch.inThread) return here();
  // A theorem answers at once, however long the search it spares would have been.
  if (bezzel.theory(instance.value) !== undefined) return here();

  const controller = new AbortController();
  const stopListening = onInterrupt(controller);
  try {
    const { solveInThread } = await import('@bezzel/pool');
    const plugins = pluginsFor(bezzel, setup.plugins, instance.value.piece.id, strategy.value, task.options).map((p) => p.url);
    const available = setup.plugins.map((p) => p.url);
    const { onSolution, onProgress } = watch;
    return await solveInThread({ plugins, available, task, strategy: id, signal: controller.signal, ...(onSolution ? { onSolution } : {}), ...(onProgress ? { onProgress } : {}) });
  } finally {
    stopListening();
  }
}

/**
 * Whether a run goes to a search thread (when nothing else asks for one): a strategy from a user's plugin, a long
 * run, or a search of a whole space on a board past a few squares whose cost was not measured.
 */
function inSearchThread(bezzel: Bezzel, instance: Instance, strategy: SearchStrategy, support: Support): boolean {
  if (fromUserPlugin(bezzel, strategy.meta.id)) return true;
  const cost = support.ok ? support.cost : 0;
  if (cost >= LONG_RUN_MS) return true;
  // A measured cost is trusted: a short count of a big board stays here too.
  const measured = support.ok && support.measured === true;
  return !measured && EXHAUSTIVE.has(instance.task.goal) && instance.board.playable > (instance.kind === 'tour' ? SMALL_TOUR_BOARD : SMALL_BOARD);
}

/** What running a strategy costs the command: its estimate, and a search thread's start if it would run in one. */
export function routeMs(bezzel: Bezzel, instance: Instance, strategy: SearchStrategy, support: Supported): number {
  return support.cost + (inSearchThread(bezzel, instance, strategy, support) ? SEARCH_THREAD_MS : 0);
}

/**
 * `auto` as the command runs it: the strategy whose route is cheapest (a 9-queens count that bitboard estimates at
 * 3 ms but would run in a search thread costs more than the join's 15 ms measured here). A named strategy, or
 * options that narrow the choice, are the core's to decide.
 */
export function chooseRoute(bezzel: Bezzel, instance: Instance, core = bezzel.choose(instance)): Parsed<SearchStrategy> {
  const named = instance.task.strategy !== undefined && instance.task.strategy !== 'auto';
  if (!core.ok || named || Object.keys(instance.task.options ?? {}).length > 0) return core;
  // A route costs at least its estimate, so the strategies' floors still rule out those that cannot win.
  const best = bezzel.cheapest(instance, undefined, (strategy, support) => routeMs(bezzel, instance, strategy, support));
  if (!best) return core;
  // On a tie the core's choice stands.
  const coreSupport = bezzel.supportOf(core.value, instance);
  const coreMs = coreSupport.ok ? routeMs(bezzel, instance, core.value, coreSupport) : Number.POSITIVE_INFINITY;
  return ok(coreMs <= best.ms ? core.value : best.strategy);
}

/**
 * Members of a portfolio or pipeline run in search threads, side by side, with the plugins this command loaded.
 * The pool is imported with the first member only: most runs have none.
 */
function threadsFor(plugins: readonly string[]): Elsewhere {
  return {
    parallel: true,
    solve(task, watch = {}) {
      const controller = new AbortController();
      // Until the pool is loaded and the thread started there is nothing to hear.
      let poll = () => {};
      const started = performance.now();
      const result = import('@bezzel/pool').then(({ startInThread }): Result | Promise<Result> => {
        // Stopped before the pool was even loaded (a helper whose search ended first): no thread to start.
        const strategy = task.strategy ?? 'auto';
        if (controller.signal.aborted) return { status: 'aborted', strategy, task, stats: { nodes: 0, timeMs: performance.now() - started } };
        const run = startInThread({ plugins, task, strategy, signal: controller.signal, ...watch });
        poll = run.poll;
        return run.result;
      });
      return { result, stop: () => controller.abort(), poll: () => poll() };
    },
  };
}
