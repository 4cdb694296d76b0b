import {
  Board,
  no,
  nodesToFirst,
  option,
  placementSearchSize,
  symmetryGroup,
  UsageError,
  yes,
  type Instance,
  type PlacementSearchSize,
  type Outcome,
  type RunContext,
  type SearchStrategy,
  type Solution,
  type SubTask,
  type Task,
  type CountFloor,
} from '@bezzel/core';
import { rowEngine, symmetricEngine, type Engine, type Unit } from './engine.js';
import { formatPrefix, parsePrefix } from './prefix.js';
import { rowRules, type RowRules } from '@bezzel/row-masks';
import { NodeBudget } from './stopwatch.js';
import { SymmetricCounter } from './symmetric-count.js';

/** Row-by-row recursion keeps one frame per row, so very tall boards are left to other strategies. */
const MAX_HEIGHT = 512;
/**
 * The time model, calibrated by bench/sections/85-auto.ts on the reference machine: milliseconds per search node
 * (a piece put on a row), the nodes estimated by Knuth's probes of the placement tree (placementSearchSize), for
 * Takahashi's symmetric counter and for the general row search; per placement found, for the canonical test of
 * count-fundamental and for streaming each one of goal `all`; and a fixed cost (rules, symmetries, the cut into
 * units).
 */
const MS_PER_NODE = { symmetric: 8e-6, rows: 1.75e-4 } as const;
const MS_PER_RUN = { symmetric: 1.5, rows: 0.3 } as const;
const MS_PER_CANONICAL = 1.5e-3;
const MS_PER_STREAMED = 5e-3;
/** What `estimatedMs` charges a count or listing at least: a node of the symmetric counter, or half the tree (the mirror) at the row search's rate. */
const COUNT_FLOOR: CountFloor = { perNode: Math.min(MS_PER_NODE.symmetric, MS_PER_NODE.rows / 2) };
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

/** Estimated milliseconds of a run: its nodes from the placement tree's size, and its work per solution. */
function estimatedMs(instance: Placement, rules: RowRules): number {
  const { board, piece, k } = instance;
  const goal = instance.task.goal;
  const counting = goal === 'count' || goal === 'count-fundamental';
  const oneRowEach = rules.rank && k === board.height;
  const size = placementSearchSize(board, piece, k, oneRowEach);
  if (counting && SymmetricCounter.applies(rules, k)) return MS_PER_RUN.symmetric + MS_PER_NODE.symmetric * size.nodes;
  // A plain count searches half the first row when the board's mirror keeps the piece's moves.
  const mirror = goal === 'count' && symmetryGroup(board, piece.movement).some((s) => s.name === 'mirror left-right');
  const nodes = goal === 'one' ? firstPlacementNodes(instance, rules, size, oneRowEach) : mirror ? size.nodes / 2 : size.nodes;
  const perSolution = goal === 'count-fundamental' ? MS_PER_CANONICAL : goal === 'all' ? MS_PER_STREAMED : 0;
  return MS_PER_RUN.rows + MS_PER_NODE.rows * nodes + perSolution * size.solutions;
}

/**
 * Nodes before the first placement, the least certain estimate: depth-first order meets dead ends that random probes
 * cannot tell (20 queens: 199,633 nodes, 25 queens: 48,681). Where rows may stay empty the search leaves a row
 * empty first while the rows below can still hold the pieces left, so it begins by packing all k into the last
 * ⌈k / per-row⌉ rows: where they fit there easily (most random probes of those rows place all k) it is as quick as
 * that. Otherwise (and for one piece a row) it may backtrack through much of the tree first (14 bishops on 8×8:
 * 5.4 million nodes), so the estimate is the geometric middle of the restart estimate and the whole tree.
 */
function firstPlacementNodes(instance: Placement, rules: RowRules, size: PlacementSearchSize, oneRowEach: boolean): number {
  const { board, piece, k } = instance;
  if (!oneRowEach) {
    const rows = Math.min(board.height, Math.ceil(k / rules.perRow));
    const last = placementSearchSize(new Board({ width: board.width, height: rows }), piece, k, false);
    if (last.reached >= 0.5) return nodesToFirst(last, k);
  }
  return Math.sqrt(size.nodes * nodesToFirst(size, k));
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
    stepUnit: 'nodes',
    countFloor: COUNT_FLOOR,
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
    return yes(estimatedMs(instance, rules.rules));
  },
  run,
  split,
};
