import type { Board } from './board.js';
import type { BudgetClock } from './budget.js';
import { hasControl, type Piece } from './piece.js';
import type { OptionInfo, OptionValues, StrategyOption, StrategyOptions } from './options.js';
import { GOALS, PROBLEM_KINDS, type DominationVariant, type Goal, type MagicKind, type OptionValue, type ProblemKind, type Task } from './problem.js';
import type { Outcome, Result, Solution } from './result.js';
import type { Rng } from './rng.js';
import type { TrajectoryRecorder } from './trajectory.js';

/**
 * A task with its names resolved: the board built, the piece looked up, defaults filled in. What `supports` and
 * `run` receive; `kind` tells the three shapes apart (and narrows the type: `if (instance.kind !== 'placement')`).
 */
export type Instance =
  | {
      /** Place `k` pieces, no two attacking each other. */
      readonly kind: 'placement';
      /** The task as it was given (its options, seed and budget too). */
      readonly task: Task;
      /** The board, built and checked. */
      readonly board: Board;
      /** The piece, looked up by its id. */
      readonly piece: Piece;
      /** How many pieces: the task's `k`, or the natural number (n for n queens); 0 with goal `maximum`. */
      readonly k: number;
    }
  | {
      /** Visit every square once with the piece's moves. */
      readonly kind: 'tour';
      /** The task as it was given (its options, seed and budget too). */
      readonly task: Task;
      /** The board, built and checked. */
      readonly board: Board;
      /** The piece, looked up by its id. */
      readonly piece: Piece;
      /** The square to start on, when the task names one (checked to be on the board). */
      readonly start: number | undefined;
      /** Whether the tour must end one move from where it started. */
      readonly closed: boolean;
      /** The numbering must be semi-magic or magic (see {@link MagicKind}); undefined for any tour. */
      readonly magic: MagicKind | undefined;
    }
  | {
      /** Attack or occupy every square. */
      readonly kind: 'dominate';
      /** The task as it was given (its options, seed and budget too). */
      readonly task: Task;
      /** The board, built and checked. */
      readonly board: Board;
      /** The piece, looked up by its id. */
      readonly piece: Piece;
      /** Which squares must be attacked (see {@link DominationVariant}). */
      readonly variant: DominationVariant;
      /** The set size for `one`, `all`, `count`, `count-fundamental`; undefined for the minimum goals (and `one` without k: the smallest set found). */
      readonly k: number | undefined;
    };

/**
 * `supports` answers yes with a cost or no with the reason a user reads.
 *
 * The cost is ONE unit for every strategy: the estimated wall time of the run, in milliseconds, on the reference
 * machine (the 2-core machine `pnpm bench` reports; bench/sections/85-auto.ts prints each estimate beside the time
 * measured). `auto` runs the strategy with the lowest; a caller may also use it to decide whether a run is long
 * enough to go to a worker thread. Each strategy computes it from a small model of its own work (rows and states,
 * search nodes, squares) with constants measured by that bench, and aims to be right within an order of magnitude
 * from tiny runs to hours. A run that may end without an answer (a local search stuck, a walk that dead-ends, an
 * incomplete method on a problem with no solution) costs the time it would take to answer, counting the retries or
 * the whole budget it would spend. A `no` is also how a strategy refuses a run whose memory would pass
 * MEMORY_LIMIT_BYTES (see memory.ts), with its estimate in the reason.
 */
export type Support = Supported | Unsupported;
/** A strategy's yes (see {@link Support}). */
export interface Supported {
  /** Yes, it can. */
  readonly ok: true;
  /** The estimated wall time of the run in milliseconds: `auto` runs the lowest. */
  readonly cost: number;
  /**
   * The cost was measured for this very kind of task (not an estimate, which may be off a thousandfold): a
   * command may then run a short count where it is, without a search thread's start-up.
   */
  readonly measured?: boolean;
}
/** A strategy's no (see {@link Support}). */
export interface Unsupported {
  /** No, it cannot. */
  readonly ok: false;
  /** Why not, in words a user reads after "strategy X cannot do this: ". */
  readonly reason: string;
}
/** Yes, in an estimated `ms` of wall time (see {@link Support}); past any budget it saturates, never NaN. */
export const yes = (ms: number, how?: { readonly measured?: boolean }): Support => ({
  ok: true,
  cost: Number.isNaN(ms) ? Number.MAX_VALUE : Math.min(Math.max(ms, 0), Number.MAX_VALUE),
  ...(how?.measured ? { measured: true } : {}),
});
/** No, with the reason a user reads (`it places pieces`, `boards beyond 2048×2048 are for min-conflicts`). */
export const no = (reason: string): Support => ({ ok: false, reason });

/** Progress a strategy reports; the CLI draws a bar from it, the web page a chart. */
export interface ProgressEvent {
  /** Search nodes (or steps) so far. */
  readonly nodes?: number;
  /** Solutions found so far. */
  readonly solutions?: bigint;
  /** Units of work finished (sub-tasks, start squares, generations). */
  readonly done?: number;
  /** Units of work in all. */
  readonly total?: number;
  /** Per-step measurements: `h` for local search, `best` and `mean` fitness for a genetic algorithm. */
  readonly metrics?: Readonly<Record<string, number>>;
  /** A line of words for whoever watches. */
  readonly message?: string;
}

/**
 * Fine-grained steps for a visualiser (the web page's step-through). Strategies emit them only when
 * `RunContext.trace` is set, testing it once per node, so an untraced run pays one branch.
 */
export type TraceEvent =
  /**
   * Depth-first placement: a piece put on `square` at search depth `depth` (0-based), or taken back.
   * `rejected` lists the squares the search looked at and refused just before this step because a placed
   * piece attacks them (before a `remove`: every square left at that depth, a dead end).
   */
  | {
      /** Which step this is. */
      readonly type: 'place' | 'remove';
      /** The square the piece is put on or taken from. */
      readonly square: number;
      /** The search depth: how many pieces were on the board before this one. */
      readonly depth: number;
      /** Squares refused just before this step, because a placed piece attacks them. */
      readonly rejected?: readonly number[];
      /** Domination: the uncovered square the search branched on (the one fewest pieces could still cover), which this piece covers. */
      readonly covering?: number;
    }
  /** Domination: the search leaves a node without going deeper, and why. */
  | {
      /** Which step this is. */
      readonly type: 'cut';
      /** How many pieces are placed at the node. */
      readonly depth: number;
      /**
       * `bound`: `left` more pieces cannot cover the `count` squares still uncovered (the lower bound prunes);
       * `uncoverable`: no piece allowed there can cover `square` any more (`count` uncovered squares); `spare`:
       * every square is covered with `left` pieces to spare, and each way of adding them on the `count` free
       * squares is a set (counted at once).
       */
      readonly why: 'bound' | 'uncoverable' | 'spare';
      /** Pieces still to place. */
      readonly left: number;
      /** Squares still uncovered (`bound`, `uncoverable`) or free squares for the spare pieces (`spare`). */
      readonly count: number;
      /** With `uncoverable`: the square no allowed piece can cover. */
      readonly square?: number;
    }
  /** Tours: the path moves to `square` (step `depth`), with the candidates considered and their onward degrees. */
  | {
      /** Which step this is. */
      readonly type: 'move';
      /** The square moved to. */
      readonly square: number;
      /** Its place in the path (0 for the start). */
      readonly depth: number;
      /** The moves the search could make from here, each with its number of onward moves. */
      readonly candidates?: readonly {
        /** A square one move away. */
        readonly square: number;
        /** How many unvisited squares are one move from it (Warnsdorff's degree). */
        readonly degree: number;
      }[];
    }
  /** Tours: the search takes the last move back, from `square` at step `depth`. */
  | {
      /** Which step this is. */
      readonly type: 'retreat';
      /** The square left. */
      readonly square: number;
      /** Its place in the path. */
      readonly depth: number;
    }
  /**
   * Constraint satisfaction, one piece a column (csp): the variable (a column) takes the value (a row) at search
   * depth `depth`, and this assignment's inference removes `pruned` from other domains until it is taken back.
   */
  | {
      /** Which step this is. */
      readonly type: 'assign';
      /** The variable assigned: a column, 0 for the leftmost. */
      readonly variable: number;
      /** Its value: a row, 0 for the bottom one. */
      readonly value: number;
      /** The search depth: how many variables were assigned before this one. */
      readonly depth: number;
      /**
       * The values this assignment's inference (forward checking, MAC) removed from other variables' domains, in
       * the order removed; empty without inference. They come back with the matching `unassign`.
       */
      readonly pruned: readonly {
        /** The variable whose domain lost the value. */
        readonly variable: number;
        /** The value removed: a row. */
        readonly value: number;
      }[];
      /** Without inference: values of this variable refused just before, because an earlier assignment conflicts. */
      readonly rejected?: readonly number[];
    }
  /** Constraint satisfaction: the assignment at `depth` is taken back, and the values its inference removed return. */
  | {
      /** Which step this is. */
      readonly type: 'unassign';
      /** The variable whose assignment is taken back. */
      readonly variable: number;
      /** The value it had. */
      readonly value: number;
      /** The depth it was assigned at. */
      readonly depth: number;
      /**
       * Conflict-directed backjumping: the depth the search jumps back to, skipping the values left at the depths
       * between (each assignment taken back on the way, the one at that depth included, carries it; -1 when the
       * jump passes the root and ends the search).
       */
      readonly backjumpTo?: number;
      /** Without inference: values refused, just before, for the variable one level deeper that found none left. */
      readonly rejected?: readonly number[];
    }
  /** Constraint satisfaction: inference emptied a variable's domain; the assignment at `depth` is taken back next. */
  | {
      /** Which step this is. */
      readonly type: 'wipeout';
      /** The variable left without a value. */
      readonly variable: number;
      /** The depth of the assignment whose inference emptied it. */
      readonly depth: number;
    }
  /** A solution found, as the search sees it at this moment. */
  | {
      /** Which step this is. */
      readonly type: 'solution';
      /** Which solution: 0 for the first. */
      readonly index: number;
    }
  /**
   * Dancing links (Algorithm X): `cover` when the search chooses option `row` for the primary column `column` it
   * branched on (and covers every column the option meets), `uncover` when it takes that option back.
   */
  | {
      /** Which step this is. */
      readonly type: 'cover' | 'uncover';
      /** The option chosen or taken back, as the square its piece stands on. */
      readonly row: number;
      /** The column branched on, the one with the fewest options left: `rank 3`, `file c`, `diagonal a1–h8`. */
      readonly column: string;
      /** The search depth: options chosen before this one. */
      readonly depth: number;
      /** With `cover`: the options the column had when chosen (the branching factor at this depth). */
      readonly size?: number;
      /** With `cover`: the other columns the option covers, primary and secondary (its other lines). */
      readonly also?: readonly string[];
    }
  /** Local search: one step, the heuristic after it, and the piece moved. */
  | {
      /** Which step this is. */
      readonly type: 'local';
      /** The step's number. */
      readonly step: number;
      /** The heuristic after the step: attacking pairs for placements. */
      readonly h: number;
      /** The square the moved piece left. */
      readonly from?: number;
      /** The square it went to. */
      readonly to?: number;
      /** A swap's other piece, moved in the same step (simulated annealing with `move=swap`). */
      readonly swapped?: {
        /** The square the other piece left. */
        readonly from: number;
        /** The square it went to. */
        readonly to: number;
      };
      /** Simulated annealing: the temperature at this step. */
      readonly temperature?: number;
      /** Simulated annealing: the proposal's change in h (the move's Δ), whether it was made or not. */
      readonly delta?: number;
      /**
       * Simulated annealing, a proposal that raises h (Δ > 0): the uniform draw in [0, 1) it was accepted on, when
       * below e^(−Δ/T), or refused on. Absent when Δ ≤ 0: such a move is taken without a draw.
       */
      readonly draw?: number;
      /**
       * Simulated annealing: whether the proposed move (`from` → `to`) was made. When false the board is unchanged
       * and `h` is the heuristic it keeps; absent, the move was made.
       */
      readonly accepted?: boolean;
      /** Tabu search: the move made was tabu, taken by aspiration because it beats the best h so far. */
      readonly tabu?: boolean;
      /** Tabu search: every move looked at was tabu, so the least bad of them was made (no aspiration). */
      readonly allTabu?: boolean;
      /**
       * Tabu search: the tenure, the steps for which the square a piece left stays tabu to it (after step s it may go
       * back at step s + tenure + 1). On every step of a tabu trace, so that a replay can list the tabu moves.
       */
      readonly tenure?: number;
      /**
       * Local beam search: the k states kept after the step (the k start states at step 0), each as its rows by
       * column and its heuristic; `h` is then the best of them and `from`/`to` are absent.
       */
      readonly states?: readonly {
        /** The row of each column's piece. */
        readonly rows: readonly number[];
        /** Its heuristic: attacking pairs. */
        readonly h: number;
      }[];
    }
  /** A genetic algorithm's generation: the best and mean fitness, and the walk of its best chromosome. */
  | {
      /** Which step this is. */
      readonly type: 'generation';
      /** The generation's number. */
      readonly generation: number;
      /** The best fitness in the population. */
      readonly best: number;
      /** The mean fitness. */
      readonly mean: number;
      /** The walk of the best chromosome, as squares. */
      readonly path: readonly number[];
    }
  /** A genetic algorithm on placements (genetic-queens): one generation, its fitness figures and a sample of it. */
  | {
      /** Which step this is. */
      readonly type: 'population';
      /** The generation's number: 0 for the first, random one. */
      readonly generation: number;
      /** The best fitness in the generation: non-attacking pairs, n(n − 1)/2 for a solution. */
      readonly best: number;
      /** The mean fitness of the generation. */
      readonly mean: number;
      /** The mean Hamming distance between two individuals, as a fraction of the n digits (0: all alike). */
      readonly diversity: number;
      /** At most 20 individuals: the best first, then others from evenly spaced places, fitter first. */
      readonly sample: readonly {
        /** The row of each column's piece: the individual's digits. */
        readonly rows: readonly number[];
        /** Its fitness: non-attacking pairs. */
        readonly fitness: number;
      }[];
      /**
       * How one child of this generation was made (the first one bred; absent for the first generation): the
       * selection of its two parents, the crossover, the mutation, and the child's fitness, each a sub-step a
       * page can show in turn.
       */
      readonly birth?: Birth;
    };

/** One child of a genetic algorithm on digit strings (genetic-queens), made step by step; see the population event. */
export interface Birth {
  /** How the parents were drawn: `tournament` (the best of a few drawn) or `proportional` (by fitness). */
  readonly selection: 'tournament' | 'proportional';
  /** The two parents, each with its fitness and, for a tournament, the fitness of each individual drawn for it. */
  readonly parents: readonly [BirthParent, BirthParent];
  /** How the two parents' digits were combined. */
  readonly crossover:
    | {
        /** One-point crossover: the child takes the first `cut` digits of parent 1 and the rest of parent 2. */
        readonly kind: 'one-point';
        /** How many digits come from parent 1. */
        readonly cut: number;
      }
    | {
        /** Uniform crossover: each digit from either parent, by a coin. */
        readonly kind: 'uniform';
        /** Which parent gave each digit: 0 for parent 1, 1 for parent 2. */
        readonly from: readonly (0 | 1)[];
      };
  /** The child's digits after the crossover, before mutation. */
  readonly crossed: readonly number[];
  /** The digits mutation redrew (a redraw may give the same digit). */
  readonly mutated: readonly {
    /** The digit's position: its column. */
    readonly at: number;
    /** The digit before: a row. */
    readonly from: number;
    /** The digit after. */
    readonly to: number;
  }[];
  /** The child's digits at the end. */
  readonly child: readonly number[];
  /** The child's fitness: non-attacking pairs. */
  readonly fitness: number;
}

/** A parent of a {@link Birth}. */
export interface BirthParent {
  /** Its digits: the row of each column's piece. */
  readonly rows: readonly number[];
  /** Its fitness: non-attacking pairs. */
  readonly fitness: number;
  /** With tournament selection: the fitness of each individual drawn, the parent being the best of them. */
  readonly drawn?: readonly number[];
}

/** A run started elsewhere by {@link Elsewhere}: its result to come, and a way to stop it. */
export interface ElsewhereRun {
  /** The run's result, once it ends. */
  readonly result: Promise<Result>;
  /** Stops the run (ends its thread where it has one); its result then says what it had. */
  stop(): void;
  /**
   * Hands what the run has sent so far (its solutions and progress) to the watch now. A search busy in this
   * thread lets no message in until it returns; one that listens to a run beside it calls this where it reads
   * its clock. Cheap when nothing waits; does nothing where the run is not in a thread.
   */
  poll(): void;
}

/** What the starter of a run elsewhere hears while it goes on. */
export interface ElsewhereWatch {
  /** Each solution the run streams, checked by the core where the run is. */
  readonly onSolution?: (solution: Solution) => void;
  /** The run's progress as it reports it (a helper's reports of how far it has come travel this way). */
  readonly onProgress?: (event: ProgressEvent) => void;
}

/**
 * Runs other tasks with the same plugins, for strategies made of strategies (a portfolio racing several, a
 * pipeline handing one's answer to the next) and for a search that splits its work with a helper (cover-search's
 * minimum climbs from below while a helper comes down from above). The command line runs each in a thread of its
 * own, side by side (`parallel`); where threads are not to be had, the core runs them here, one after another.
 */
export interface Elsewhere {
  /** Whether runs go on side by side (threads) or one after another (here). */
  readonly parallel: boolean;
  /** Starts a run of another task with the same plugins. */
  solve(task: Task, watch?: ElsewhereWatch): ElsewhereRun;
}

/** What a strategy gets besides the instance. */
export interface RunContext {
  /**
   * The budget: `clock.exhausted(steps)` is true once the steps, the time or the user say stop (ask it every few
   * thousand nodes in a hot loop), and `clock.reason` then says which.
   */
  readonly clock: BudgetClock;
  /** Aborted when the user presses Ctrl-C or the caller gives up; the clock reads it too. */
  readonly signal: AbortSignal;
  /** The seeded random numbers: use nothing else, so that the same seed gives the same run. */
  readonly rng: Rng;
  /** Reports progress (nodes, work done, metrics) for a progress bar or a chart; cheap, but not every node. */
  readonly progress: (event: ProgressEvent) => void;
  /** Each solution of goal `all` goes here as it is found; nothing holds them all. */
  readonly onSolution: (solution: Solution) => void;
  /** Finds a part by kind and id (move orderings, initial placements…). */
  readonly part: <P extends StrategyPart>(kind: string, id: string) => P | undefined;
  /** One option's value, checked against its declaration and defaulted; undefined when it has no default. */
  readonly option: (name: string) => OptionValue | undefined;
  /**
   * Every option's value, checked and defaulted, typed from the declarations: `const { population } =
   * context.options(meta.options)`.
   */
  readonly options: <O extends StrategyOptions>(declared: O) => OptionValues<O>;
  /** Set only when someone watches every step; see {@link TraceEvent}. */
  readonly trace?: (event: TraceEvent) => void;
  /**
   * Set only when the task asks for its trajectory: a strategy whose meta declares a `quality` reports it here as
   * it goes (`trajectory.improve(step, h)`, only improvements kept), from its first state on; see
   * {@link TrajectoryRecorder}.
   */
  readonly trajectory?: TrajectoryRecorder;
  /** Runs other tasks with the same plugins (see {@link Elsewhere}). */
  readonly elsewhere: Elsewhere;
}

/** The registered strategies' declarations by id, for a strategy's {@link StrategyMeta.checkOptions}. */
export interface StrategyLookup {
  /** The declaration of the strategy with this id, or undefined when none is registered. */
  meta(id: string): StrategyMeta | undefined;
}

/**
 * A lower bound, declared as plain data, on what a strategy's `supports` estimates for a count or a listing of
 * placements (goals count, count-fundamental, all): `perNode` ms for each node of the one-piece-a-row tree (on the
 * placements onePieceARow holds for: n queens, n rooks), `perSolution` ms for each placement — both
 * numbers of Knuth's estimate (placementSearchSize) that the strategies' own time models start from.
 *
 * Being data, it travels in the command's plugin index: a command learns what a strategy would cost at least
 * without loading its plugin, and leaves the plugin unloaded where another strategy is already cheaper (counting
 * 16 queens need not load four backtrackers to learn that each would take seconds). `auto` takes it as a floor too.
 * A strategy that declares one keeps its estimate at or above it (each plugin's tests hold it to that).
 */
export interface CountFloor {
  /** At least this many ms per node of the one-piece-a-row tree (counted only where that is the search's tree). */
  readonly perNode?: number;
  /** At least this many ms per placement found. */
  readonly perSolution?: number;
}

/** What a strategy is, as data: what `bezzel list`, `auto` and the option checks read. */
export interface StrategyMeta {
  /** What `--strategy` calls it: lower-case letters, digits and dashes. */
  readonly id: string;
  /** One line for `bezzel list` and the web page. */
  readonly description: string;
  /** The problem kinds it solves; the core refuses others for it before calling `supports`. */
  readonly problems: readonly ProblemKind[];
  /** The goals it does; the core refuses others for it before calling `supports`. */
  readonly goals: readonly Goal[];
  /** Stochastic strategies give different runs for different seeds. */
  readonly stochastic?: boolean;
  /**
   * What one step of its `stats.nodes` (and of a step budget) counts, plural: 'nodes', 'moves', 'repairs',
   * 'attempts', 'generations', 'proposals', 'squares'… Experiment tables and chart axes print it; unsaid is 'steps'.
   */
  readonly stepUnit?: string;
  /**
   * What the quality it reports to `RunContext.trajectory` counts, smaller better and 0 when solved: 'attacking
   * pairs', 'squares not visited'. Unsaid: it reports none (experiments leave it out of their fixed-target views).
   */
  readonly quality?: string;
  /** The options it reads, by name, declared with {@link option} builders. */
  readonly options?: StrategyOptions;
  /**
   * Optional: checks the options together, once each has passed its own declaration (defaults filled in).
   * Returns the message a user reads when a combination is wrong — `tMin must be below t0` — which the core
   * turns into a usage error (exit 2) before any run; undefined when they are fine. `strategies` looks up the
   * other strategies' declarations, for options that name strategies (a pipeline's stages must take `start`).
   */
  readonly checkOptions?: (values: Readonly<Record<string, OptionValue>>, strategies: StrategyLookup) => string | undefined;
  /**
   * It honours a tour problem's `magic` demand. A strategy that does not say so is declined for magic tours before
   * its own `supports` is asked: a tour it returns would not be magic, and the core's check would reject it.
   */
  readonly magicTours?: boolean;
  /**
   * Optional, data: the least its estimate of a count or listing of placements can be ({@link CountFloor}). A
   * command reads it from the plugin index to leave the plugin unloaded where another strategy is cheaper; `auto`
   * asks strategies in order of their floors (with `floorMs`, the larger).
   */
  readonly countFloor?: CountFloor;
}

/**
 * A piece of a split task: a plain-JSON Task (typically the same problem with an option naming pre-placed
 * rows) and the weight its counts are multiplied by, so that the weighted counts (and fundamental counts) of
 * all sub-tasks add up to the whole task's. Plain data, so it crosses threads, processes and machines.
 */
export interface SubTask {
  /** The sub-task, runnable on its own. */
  readonly task: Task;
  /** A small whole number, such as 2 for a half kept by a mirror symmetry. */
  readonly weight: number;
}

/** A search strategy plugin: `meta` is data, `supports` and `run` are behaviour (ESLint's rule shape). */
export interface SearchStrategy {
  /** What it is: id, description, problems, goals, options. */
  readonly meta: StrategyMeta;
  /**
   * Whether it can do this instance: {@link yes} with the estimated wall time in ms, or {@link no} with the reason.
   * Called only for the problems and goals `meta` lists; it must be quick (no search).
   */
  supports(instance: Instance): Support;
  /**
   * Optional: a quick lower bound on the cost `supports` would give (ms), for a strategy whose estimate is itself
   * costly (dancing links builds its matrix and probes its tree). `auto` asks strategies in order of their floors
   * and does not ask one whose floor is above the cheapest cost already found. Without it the floor is 0.
   */
  floorMs?(instance: Instance): number;
  /**
   * The search: returns what it found as an {@link Outcome}, which the core checks before anyone sees it. Reads its
   * options, budget, random numbers and parts from the context.
   */
  run(instance: Instance, context: RunContext): Outcome | Promise<Outcome>;
  /**
   * Optional: splits a counting task into at least `parts` sub-tasks (where the space allows) whose weighted
   * counts add up to the whole, for a worker pool or a job queue to run; `undefined` when this instance does
   * not split (the caller then solves it whole).
   */
  split?(instance: Instance, parts: number): SubTask[] | undefined;
}

/** A smaller swappable part of a strategy, multi-bound under TYPES.Part and chosen by an option. */
export interface StrategyPart {
  /** The kind of part, which the strategies that take it name (`initial-placement`, `tour-ordering`). */
  readonly kind: string;
  /** What an option names it by: lower-case letters, digits and dashes. */
  readonly id: string;
  /** One line for `bezzel list` and the web page. */
  readonly description: string;
}

/**
 * Checks a strategy's shape when its plugin loads, so a malformed plugin fails at start-up with one line saying
 * what is missing, never later inside a search ("Cannot read properties of undefined").
 */
export function assertStrategy(value: unknown): asserts value is SearchStrategy {
  const s = value as Partial<SearchStrategy> | null;
  const id = s?.meta?.id;
  if (!s || typeof s !== 'object' || typeof id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(id)) {
    throw new Error(`a strategy plugin bound something without a valid meta.id (lower-case letters, digits and dashes; got ${JSON.stringify(id)})`);
  }
  const meta = s.meta!;
  const what = `strategy "${id}"`;
  if (typeof meta.description !== 'string' || meta.description === '') throw new Error(`${what}: meta.description is missing`);
  if (hasControl(meta.description)) throw new Error(`${what}: meta.description holds control characters, which would act on a terminal that prints it`);
  const listOf = (name: string, list: unknown, known: readonly string[]) => {
    if (!Array.isArray(list) || list.length === 0) throw new Error(`${what}: meta.${name} must list what it does, from ${known.join(', ')}`);
    const unknown = list.filter((x) => !known.includes(x as string));
    if (unknown.length > 0) throw new Error(`${what}: meta.${name} names ${unknown.map((x) => JSON.stringify(x)).join(', ')}; known: ${known.join(', ')}`);
  };
  listOf('problems', meta.problems, PROBLEM_KINDS);
  listOf('goals', meta.goals, GOALS);
  if (meta.options !== undefined) {
    if (typeof meta.options !== 'object' || meta.options === null || Array.isArray(meta.options)) {
      throw new Error(`${what}: meta.options must map each option's name to a declaration made with option.integer(…), option.part(…)…`);
    }
    for (const [name, declared] of Object.entries(meta.options as Record<string, Partial<StrategyOption>>)) {
      if (!declared || typeof declared.schema !== 'object' || typeof declared.info?.description !== 'string') {
        throw new Error(`${what}: option ${name} must be declared with option.integer(…), option.number(…), option.part(…)… from @bezzel/core`);
      }
      if (hasControl(name) || hasControl(declared.info.description)) throw new Error(`${what}: option ${JSON.stringify(name)} holds control characters in its name or description`);
    }
  }
  if (meta.checkOptions !== undefined && typeof meta.checkOptions !== 'function') throw new Error(`${what}: meta.checkOptions must be a function`);
  if (typeof s.supports !== 'function' || typeof s.run !== 'function') {
    throw new Error(`${what}: supports() and run() are required`);
  }
  if (s.split !== undefined && typeof s.split !== 'function') throw new Error(`${what}: split must be a function`);
}

/** Checks a part's shape when its plugin loads (kind, id and description), naming what is missing. */
export function assertPart(value: unknown): asserts value is StrategyPart {
  const p = value as Partial<StrategyPart> | null;
  if (!p || typeof p.kind !== 'string' || typeof p.id !== 'string' || typeof p.description !== 'string') {
    throw new Error(`a part plugin bound something without kind, id and description (${JSON.stringify(p?.id)})`);
  }
  if (hasControl(p.kind) || hasControl(p.id) || hasControl(p.description)) throw new Error(`part ${JSON.stringify(p.id)}: its kind, id or description holds control characters`);
}

/** One option of a strategy, with its name. */
export interface ListedOption extends OptionInfo {
  /** The option's name, as `-o name=value` gives it. */
  readonly name: string;
}

/** A strategy's options as a list of what each is, in declaration order: what lists, forms and sweeps show. */
export function optionList(meta: StrategyMeta): ListedOption[] {
  return Object.entries(meta.options ?? {}).map(([name, declared]) => ({ name, ...declared.info }));
}
