import { placementCountBound } from './count-bound.js';
import type { Board } from './board.js';
import type { Goal } from './problem.js';
import type { Outcome, Solution } from './result.js';
import type { Instance } from './strategy.js';
import { validateDomination } from './validate-domination.js';
import { validatePlacement, validateTour } from './validator.js';

/**
 * A strategy answered wrongly: an invalid solution, a result of the wrong shape, counts that cannot be. The
 * strategy's fault, not the user's; nothing it returned is shown.
 */
export class StrategyError extends Error {
  /** The class's name, readable where `instanceof` is not (another thread, another copy of the package). */
  override readonly name = 'StrategyError';
  constructor(
    /** The strategy that answered. */
    readonly strategy: string,
    /** What is wrong, after the strategy's name: "returned an invalid placement: …". */
    readonly problem: string,
  ) {
    super(`strategy ${strategy} ${problem}`);
  }
}

/** A strategy threw inside `run`: a bug in it (or in Bezzel), reported with its name and the error as the cause. */
export class StrategyCrash extends Error {
  /** The class's name, readable where `instanceof` is not (another thread, another copy of the package). */
  override readonly name = 'StrategyCrash';
  constructor(
    /** The strategy that threw. */
    readonly strategy: string,
    cause: unknown,
  ) {
    super(`strategy ${strategy} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The statuses each goal may end in (every goal may also end `impossible`, `budget` or `aborted`). */
const ANSWERS: Record<Goal, readonly string[]> = {
  one: ['solved'],
  all: ['complete'],
  count: ['complete'],
  'count-fundamental': ['complete'],
  maximum: ['solved', 'complete'],
  minimum: ['solved'],
  'count-minimum': ['complete'],
  'count-minimum-fundamental': ['complete'],
};
const MINIMUM_PROOFS = ['exhausted', 'solver', 'table', 'bound'];
const STOPS = ['impossible', 'budget', 'aborted'];
/** No board has more symmetries than the square's eight: a class of solutions has at most eight members. */
const LARGEST_GROUP = 8n;

/**
 * The core's check of a strategy's answers, made before anyone sees them (CLI, web page, experiment, worker
 * pool and queue alike): every solution re-checked by the independent validator, in time linear in its size, and
 * every result checked for its shape and for what its numbers must satisfy. A count's value itself cannot be
 * checked without counting again; `--cross-check` does that.
 */
export class AnswerCheck {
  /** Solutions handed to `onSolution` so far (goal `all` must count exactly these). */
  streamed = 0n;

  constructor(
    /** The instance the answers are for. */
    readonly instance: Instance,
    /** The strategy answering, named in every complaint. */
    readonly strategy: string,
    /**
     * False for a sub-task of a split count: its counts are a slice of the whole, so a class of symmetric
     * solutions may have members in other sub-tasks and the bound on class sizes does not apply.
     */
    readonly whole = true,
  ) {}

  /** Checks one solution; returns it, or throws {@link StrategyError} naming what is wrong. */
  solution(value: unknown, expectedPieces?: number): Solution {
    const { instance } = this;
    const solution = value as Partial<Solution> | null;
    if (!solution || typeof solution !== 'object') this.#fail(`returned a solution that is not an object (${describe(value)})`);
    if (instance.kind === 'tour') {
      if (solution.kind !== 'tour' || !isIntegerList(solution.path) || typeof solution.closed !== 'boolean') this.#fail('returned a tour without a path of square numbers and a closed flag');
      const closed = instance.closed || solution.closed;
      const report = validateTour(instance.board, instance.piece, solution.path as ArrayLike<number>, { closed, start: instance.start, ...(instance.magic ? { magic: instance.magic } : {}) });
      if (!report.valid) this.#fail(`returned an invalid ${closed ? 'closed ' : ''}${instance.magic ? `${instance.magic === 'semi' ? 'semi-magic' : 'magic'} ` : ''}tour: ${report.firstError}`);
      return solution as Solution;
    }
    if (solution.kind !== 'placement' || !Array.isArray(solution.squares)) this.#fail('returned a placement without a list of squares');
    const odd = (solution.squares as unknown[]).find((sq) => !Number.isSafeInteger(sq));
    if (odd !== undefined) this.#fail(`returned a placement with square ${describe(odd)}, which is not a square number`);
    const squares = solution.squares as readonly number[];
    if (instance.kind === 'placement') {
      const k = expectedPieces ?? (instance.task.goal === 'maximum' ? undefined : instance.k);
      const report = validatePlacement(instance.board, instance.piece, squares, k);
      if (!report.valid) this.#fail(`returned an invalid placement: ${[...report.errors, ...report.conflicts.map((c) => c.message)].slice(0, 3).join('; ')}`);
    } else {
      const k = expectedPieces ?? instance.k;
      const report = validateDomination(instance.board, instance.piece, squares, { variant: instance.variant, ...(k !== undefined ? { k } : {}) });
      if (!report.valid) {
        const uncovered = report.uncoveredCount > 0 ? [`${report.uncoveredCount} square${report.uncoveredCount === 1 ? '' : 's'} not covered (${report.uncovered.slice(0, 3).map((sq) => instance.board.name(sq)).join(', ')}${report.uncoveredCount > 3 ? ', …' : ''})`] : [];
        this.#fail(`returned an invalid ${instance.variant === 'plain' ? '' : `${instance.variant} `}dominating set: ${[...report.errors, ...uncovered, ...report.conflicts.map((c) => c.message)].slice(0, 3).join('; ')}`);
      }
    }
    return solution as Solution;
  }

  /** A solution streamed while the search runs (goal `all`). */
  streamedSolution(value: unknown): Solution {
    const solution = this.solution(value);
    this.streamed++;
    return solution;
  }

  /** Checks a whole outcome; returns it, or throws {@link StrategyError}. */
  outcome(value: unknown): Outcome {
    const outcome = value as Partial<Outcome> & Record<string, unknown>;
    if (!outcome || typeof outcome !== 'object') this.#fail(`returned no result (${describe(value)})`);
    const goal = this.instance.task.goal;
    const status = String(outcome.status);
    if (!ANSWERS[goal].includes(status) && !STOPS.includes(status)) {
      this.#fail(`ended "${status}", which is not an answer to goal ${goal} (${[...ANSWERS[goal], ...STOPS].join(', ')})`);
    }
    const stats = outcome.stats as Partial<Outcome['stats']> | undefined;
    if (!stats || typeof stats !== 'object' || !isCount(stats.nodes)) this.#fail('returned no stats with a node count');
    if (stats.timeMs !== undefined && !(Number.isFinite(stats.timeMs) && stats.timeMs >= 0)) this.#fail(`reported a time of ${describe(stats.timeMs)}`);

    const maximum = outcome.maximum as number | undefined;
    if (maximum !== undefined && !isCount(maximum)) this.#fail(`reported a maximum of ${describe(maximum)}`);
    const minimum = outcome.minimum as { value?: unknown; proof?: unknown } | undefined;
    if (minimum !== undefined && (!isCount(minimum.value) || !MINIMUM_PROOFS.includes(String(minimum.proof)))) this.#fail('reported a minimum without its value and how it is proven');
    const answered = status === 'solved' || status === 'complete';
    if (answered && goal === 'maximum' && maximum === undefined) this.#fail('answered goal maximum without the maximum');
    if (answered && goal.includes('minimum') && minimum === undefined) this.#fail(`answered goal ${goal} without the minimum`);
    // The pieces each solution must have: the maximum or minimum the result claims.
    const size = goal === 'maximum' ? maximum : goal.includes('minimum') ? (minimum?.value as number | undefined) : undefined;
    const solutions = outcome.solutions as unknown;
    if (status === 'solved' && (!Array.isArray(solutions) || solutions.length === 0)) this.#fail('said it solved the problem but gave no solution');
    if (solutions !== undefined) {
      if (!Array.isArray(solutions)) this.#fail('returned solutions that are not a list');
      for (const solution of solutions) this.solution(solution, size);
    }

    switch (status) {
      case 'complete':
        this.#counts(outcome);
        break;
      case 'impossible':
        if (typeof outcome.reason !== 'string' || outcome.reason === '') this.#fail('said the problem has no solution without saying why');
        if (outcome.proof !== 'theorem' && outcome.proof !== 'exhausted') this.#fail(`gave an unknown kind of proof (${describe(outcome.proof)})`);
        break;
      case 'budget':
        if (!['steps', 'time', 'stuck'].includes(String(outcome.exhausted))) this.#fail(`ran out of an unknown budget (${describe(outcome.exhausted)})`);
        this.#partial(outcome.partial);
        break;
      case 'aborted':
        this.#partial(outcome.partial);
        break;
    }
    return outcome as Outcome;
  }

  #counts(outcome: Record<string, unknown>): void {
    const { count, fundamental, table } = outcome;
    if (typeof count !== 'bigint' || count < 0n) this.#fail(`returned a count that is not a whole number (${describe(count)})`);
    const goal = this.instance.task.goal;
    if (goal === 'all' && count !== this.streamed) this.#fail(`claimed ${count} solutions but gave ${this.streamed}`);
    const { instance } = this;
    if (instance.kind === 'placement' && goal !== 'maximum') {
      const bound = placementCountBound(instance.board, instance.piece, instance.k);
      if (bound !== undefined && count > bound) this.#fail(`claimed ${count} solutions, more than the ${bound} ways ${instance.k} ${instance.piece.name}s can stand on ${instance.board} at all`);
    }
    if (fundamental !== undefined || goal.endsWith('fundamental')) {
      if (typeof fundamental !== 'bigint' || fundamental < 0n) this.#fail(`returned a fundamental count that is not a whole number (${describe(fundamental)})`);
      if (this.whole && (fundamental > count || count > LARGEST_GROUP * fundamental)) {
        this.#fail(`claimed ${count} solutions in ${fundamental} classes up to symmetry, which cannot be (a class has 1 to 8 members)`);
      }
    }
    if (table !== undefined && (!Array.isArray(table) || !table.every((c) => typeof c === 'bigint' && c >= 0n))) this.#fail('returned a table of counts that are not whole numbers');
  }

  #partial(partial: unknown): void {
    if (partial === undefined) return;
    const p = partial as Record<string, unknown>;
    if (typeof p !== 'object' || p === null) this.#fail('returned a partial result that is not an object');
    if (p.count !== undefined && (typeof p.count !== 'bigint' || p.count < 0n)) this.#fail(`reported a partial count of ${describe(p.count)}`);
    if (p.coverage !== undefined && !(typeof p.coverage === 'number' && p.coverage >= 0 && p.coverage <= 1)) this.#fail(`reported a coverage of ${describe(p.coverage)}`);
    // The best arrangement a stopped search reached may still have conflicts, but its squares must be real ones.
    if (p.best !== undefined) {
      const best = p.best as Partial<Solution>;
      const squares = best.kind === 'placement' ? best.squares : best.kind === 'tour' ? best.path : undefined;
      if (!isIntegerList(squares) || !onBoard(this.instance.board, squares)) this.#fail('reported a best arrangement with squares that are not on the board');
    }
  }

  #fail(problem: string): never {
    throw new StrategyError(this.strategy, problem);
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isIntegerList(value: unknown): value is ArrayLike<number> {
  if (value instanceof Int32Array) return true;
  if (!Array.isArray(value)) return false;
  for (const v of value) if (!Number.isSafeInteger(v)) return false;
  return true;
}

function onBoard(board: Board, squares: ArrayLike<number>): boolean {
  for (let i = 0; i < squares.length; i++) if (squares[i]! < 0 || squares[i]! >= board.size) return false;
  return true;
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}
