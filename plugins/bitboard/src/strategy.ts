import {
  no,
  option,
  symmetryGroup,
  UsageError,
  yes,
  type Instance,
  type Outcome,
  type RunContext,
  type SearchStrategy,
  type Solution,
  type SubTask,
  type Task,
} from '@bezzel/core';
import { rowEngine, symmetricEngine, type Engine, type Unit } from './engine.js';
import { formatPrefix, parsePrefix } from './prefix.js';
import { rowRules, type RowRules } from './row-rules.js';
import { NodeBudget } from './stopwatch.js';
import { SymmetricCounter } from './symmetric-count.js';

/** Row-by-row recursion keeps one frame per row, so very tall boards are left to other strategies. */
const MAX_HEIGHT = 512;
/** Below backtracking (100), above what row-transfer DP claims for boards it handles in seconds. */
const LEAPER_COUNT_COST = 50;
/** In-process runs are cut into about this many units, for progress and coverage on a stop. */
const PROGRESS_UNITS = 64;

type Placement = Extract<Instance, { kind: 'placement' }>;

function engineFor(instance: Placement, rules: RowRules, budget: NodeBudget, onSolution: (s: Solution) => void) {
  const { board, piece, k, task } = instance;
  const goal = task.goal;
  if ((goal === 'count' || goal === 'count-fundamental') && SymmetricCounter.applies(rules, k)) {
    return { engine: symmetricEngine(rules, budget), mode: 'symmetric' as const, done: () => false, first: () => undefined };
  }
  const mirror = goal === 'count' && symmetryGroup(board, piece.movement).some((s) => s.name === 'mirror left-right');
  const engine = rowEngine({ board, movement: piece.movement, rules, k, goal, budget, onSolution, mirror });
  return { engine, mode: mirror ? ('rows, mirror-halved' as const) : ('rows' as const), done: () => engine.done, first: () => engine.first() };
}

/** The shallowest cut into at least `target` units, not deeper than the row shape makes cheap to list. */
function cut(engine: Engine, rules: RowRules, target: number): Unit[] {
  const maxDepth = Math.min(rules.height, rules.rank ? 6 : rules.width <= 10 ? 2 : rules.width <= 16 ? 1 : 0);
  let units = engine.units(Math.min(engine.minDepth, maxDepth));
  for (let depth = engine.minDepth + 1; depth <= maxDepth && units.length < target; depth++) units = engine.units(depth);
  return units;
}

function rulesOf(instance: Instance): RowRules {
  const rules = instance.kind === 'placement' ? rowRules(instance.board, instance.piece) : undefined;
  if (!rules?.ok) throw new Error('bitboard: run() called on a task supports() declined');
  return rules.rules;
}

/** Sub-tasks of a counting task: the same task with pre-placed first rows, weighted. */
function split(instance: Instance, parts: number): SubTask[] {
  const task: Task = instance.task;
  if (instance.kind !== 'placement' || (task.goal !== 'count' && task.goal !== 'count-fundamental') || task.options?.prefix !== undefined) {
    return [{ task, weight: 1 }];
  }
  const rules = rulesOf(instance);
  const { engine } = engineFor(instance, rules, new NodeBudget(undefined), () => {});
  return cut(engine, rules, parts).map((unit) => ({
    task: { ...task, strategy: 'bitboard', options: { ...task.options, prefix: formatPrefix(unit.rows) } },
    weight: unit.weight,
  }));
}

function run(instance: Instance, ctx: RunContext): Outcome {
  const started = performance.now();
  if (instance.kind !== 'placement') throw new Error('bitboard solves placements only');
  const rules = rulesOf(instance);
  const budget = new NodeBudget(ctx.clock);
  const { engine, mode, done, first } = engineFor(instance, rules, budget, ctx.onSolution);
  const prefix = ctx.option('prefix');
  let units: Unit[];
  if (prefix !== undefined && String(prefix) !== '') {
    const rows = parsePrefix(String(prefix), rules.width);
    if (!rows.ok) throw rows.error;
    if (rows.value.length < engine.minDepth) {
      throw new UsageError('ERR_OPTION', `prefix "${String(prefix)}" needs at least ${engine.minDepth} rows for this task`);
    }
    units = [{ rows: rows.value, weight: 1 }];
  } else {
    units = cut(engine, rules, PROGRESS_UNITS);
  }

  let count = 0n;
  let finished = 0;
  let stopped = false;
  for (const unit of units) {
    const before = engine.counts().count;
    if (!engine.run(unit.rows)) {
      stopped = true;
      break;
    }
    count += BigInt(unit.weight) * (engine.counts().count - before);
    finished++;
    ctx.progress({ nodes: budget.nodes, solutions: count, done: finished, total: units.length });
    if (done()) break;
  }

  const goal = instance.task.goal;
  const fundamental = engine.counts().fundamental;
  const stats = { nodes: budget.nodes, timeMs: performance.now() - started, extra: { mode, units: units.length } };
  if (stopped) {
    const partial = { count, ...(goal === 'count-fundamental' ? { fundamental } : {}), coverage: units.length === 0 ? 0 : finished / units.length };
    const reason = ctx.clock.reason;
    if (reason === 'aborted') return { status: 'aborted', partial, stats };
    return { status: 'budget', exhausted: reason === 'time' ? 'time' : 'steps', partial, stats };
  }
  if (goal === 'one') {
    const solution = first();
    if (solution) return { status: 'solved', solutions: [solution], stats };
    return { status: 'impossible', reason: `no placement of ${instance.k} ${instance.piece.name}s exists on the ${instance.board} board`, proof: 'exhausted', stats };
  }
  if (goal === 'count-fundamental') return { status: 'complete', count, fundamental: fundamental ?? 0n, stats };
  return { status: 'complete', count, stats };
}

/**
 * Row-by-row bitboard search: Takahashi's symmetric counter for queen-like pieces with one per row on a
 * square, the general row search otherwise. Boards up to 32 columns; pieces whose attacks are rank, file and
 * diagonal lines plus leaps a few rows long.
 */
export const bitboard: SearchStrategy = {
  meta: {
    id: 'bitboard',
    description: 'row-by-row search on 32-bit row masks; counts queens up to symmetry in one pass (Takahashi), splits for worker pools',
    problems: ['placement'],
    goals: ['one', 'all', 'count', 'count-fundamental'],
    options: {
      prefix: option.internal(
        'pre-placed first rows as split() writes them (columns of rows 1, 2, … as "3/0.5/-"): search only placements that start so',
      ),
    },
  },
  supports(instance) {
    if (instance.kind !== 'placement') return no('it places pieces; it does not tour');
    if (instance.board.height > MAX_HEIGHT) return no(`the board is ${instance.board.height} rows tall; it searches at most ${MAX_HEIGHT} rows`);
    const rules = rowRules(instance.board, instance.piece);
    if (!rules.ok) return no(rules.reason);
    // Counting leapers by search grows with the count itself; a row-transfer DP (transfer-matrix) grows with the
    // board, so for leapers without lines step aside for it, still ahead of plain backtracking.
    const { rank, file, diagUp, diagDown } = rules.rules;
    const counting = instance.task.goal === 'count' || instance.task.goal === 'count-fundamental';
    return yes(!(rank || file || diagUp || diagDown) && counting ? LEAPER_COUNT_COST : 1);
  },
  run,
  split,
};
