import { CanonicalTest, no, option, overMemory, symmetryGroup, yes, type Instance, type Outcome, type PartialResult, type RunContext, type SearchStrategy, type Solution, type Stats, type Support } from '@bezzel/core';
import { columnProblem, type LineFamilies } from '@bezzel/columns';
import { bytesOf, COUNT_FLOOR, cspMs, MAX_N } from './cost.js';
import { ColumnCsp, type CspSettings } from './search.js';

/** The options, as `-o name=value` gives them. */
export const cspOptions = {
  ordering: option.choice(
    'SELECT-UNASSIGNED-VARIABLE: static (columns left to right), mrv (fewest values left) or mrv+degree (ties to the column still constraining most unassigned ones)',
    ['static', 'mrv', 'mrv+degree'],
    { default: 'mrv' },
  ),
  values: option.choice('ORDER-DOMAIN-VALUES: order (rows upward) or lcv (least-constraining value first)', ['order', 'lcv'], { default: 'order' }),
  inference: option.choice('INFERENCE after each assignment: none, forward-checking, or mac (maintain arc consistency with AC-3)', ['none', 'forward-checking', 'mac'], {
    default: 'forward-checking',
  }),
  backjumping: option.boolean('conflict-directed backjumping (Prosser 1993) instead of chronological backtracking', { default: false }),
};

type Placement = Extract<Instance, { kind: 'placement' }>;

/** Why this instance is not for it, or its line families. */
function fit(instance: Instance): LineFamilies | { reason: string } {
  const lines = columnProblem(instance);
  if ('reason' in lines) return lines;
  if (!lines.file && instance.task.goal !== 'one') {
    return {
      reason: `its variables are the columns, one ${instance.piece.name} each, which every placement has only for a piece that attacks along files; the ${instance.piece.name} does not, so it would count only some placements`,
    };
  }
  return lines;
}

/**
 * Constraint-satisfaction backtracking in the structure of Russell and Norvig's BACKTRACKING-SEARCH (4th ed., ch.
 * 6): the columns are the variables, the rows their values, and the options choose SELECT-UNASSIGNED-VARIABLE,
 * ORDER-DOMAIN-VALUES and INFERENCE, and whether to backjump. Its figures are the ones a course compares:
 * assignments, backtracks, constraint checks, values pruned, backjumps.
 */
export const csp: SearchStrategy = {
  meta: {
    id: 'csp',
    description: 'constraint satisfaction, one piece a column: MRV and degree ordering, least-constraining values, forward checking, MAC (AC-3), conflict-directed backjumping',
    problems: ['placement'],
    goals: ['one', 'all', 'count', 'count-fundamental'],
    options: cspOptions,
    countFloor: COUNT_FLOOR,
  },

  supports(instance: Instance): Support {
    const lines = fit(instance);
    if ('reason' in lines) return no(lines.reason);
    const p = instance as Placement;
    const n = p.board.width;
    if (n > MAX_N) return no(`it keeps a domain of n rows for each of n columns and a trail of up to n² removals: boards beyond ${MAX_N}×${MAX_N} are for min-conflicts`);
    const settings = settingsOf(p.task.options ?? {});
    const memory = overMemory(bytesOf(n, settings, p.task.goal), `its domains, trail and queues for ${n} ${p.piece.name}s`, instance);
    if (memory) return no(memory);
    return yes(cspMs(p, lines, settings));
  },

  run(instance: Instance, ctx: RunContext): Outcome {
    const lines = fit(instance);
    if ('reason' in lines) throw new Error(`csp was run on a task it declined: ${lines.reason}`);
    const { board, piece } = instance as Placement;
    const goal = instance.task.goal;
    const n = board.width;
    const chosen = ctx.options(cspOptions);
    const settings: CspSettings = { ordering: chosen.ordering, values: chosen.values, inference: chosen.inference, backjumping: chosen.backjumping };
    const search = new ColumnCsp(n, lines, settings);
    const squares = new Int32Array(n);
    const placement = (rows: Int32Array): Solution => ({ kind: 'placement', squares: Array.from(rows, (row, col) => row * n + col) });
    const canonical = goal === 'count-fundamental' ? new CanonicalTest(board, symmetryGroup(board, piece.movement), n) : undefined;

    let first: Solution | undefined;
    let fundamental = 0;
    const visit = (rows: Int32Array): boolean => {
      if (goal === 'one') {
        first = placement(rows);
        return true;
      }
      if (goal === 'all') ctx.onSolution(placement(rows));
      else if (canonical) {
        for (let col = 0; col < n; col++) squares[col] = rows[col]! * n + col;
        squares.sort();
        if (canonical.isCanonical(squares, n)) fundamental++;
      }
      return false;
    };

    const end = search.run(ctx.clock, visit, (s) => ctx.progress({ nodes: s.nodes, solutions: BigInt(s.solutions) }), ctx.trace);
    const stats: Stats = {
      nodes: search.nodes,
      backtracks: search.backtracks,
      timeMs: ctx.clock.elapsedMs(),
      extra: {
        checks: search.checks,
        pruned: search.pruned,
        backjumps: search.backjumps,
        skipped: search.skipped,
        ordering: settings.ordering,
        values: settings.values,
        inference: settings.inference,
        backjumping: settings.backjumping ? 'on' : 'off',
      },
    };
    const count = BigInt(search.solutions);
    if (end !== 'done' && end !== 'stopped') {
      const partial: PartialResult =
        goal === 'one' ? { note: `no placement found in ${search.nodes} assignments` }
        : { count, ...(canonical ? { fundamental: BigInt(fundamental) } : {}), note: `${count} found in ${search.nodes} assignments before stopping` };
      if (end === 'aborted') return { status: 'aborted', stats, partial };
      return { status: 'budget', exhausted: end, stats, partial };
    }
    if (goal === 'one') {
      if (first) return { status: 'solved', solutions: [first], stats };
      if (!lines.file) {
        // One piece a column is a choice this piece does not force: other placements may exist.
        const note = `no placement with one ${piece.name} a column exists on ${board}; the search does not look at others`;
        return { status: 'budget', exhausted: 'stuck', stats, partial: { note } };
      }
      return {
        status: 'impossible',
        proof: 'exhausted',
        reason: `no ${n} ${piece.name}s fit on ${board} without attacking each other: the search tried every assignment of a row to each column`,
        stats,
      };
    }
    return { status: 'complete', count, ...(canonical ? { fundamental: BigInt(fundamental) } : {}), stats };
  },
};

/** The settings a task's options name (defaults where it names none); `supports` reads them unchecked, for its estimate. */
function settingsOf(options: Readonly<Record<string, unknown>>): CspSettings {
  const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  const bj = options.backjumping;
  return {
    ordering: pick(options.ordering, ['static', 'mrv', 'mrv+degree'], 'mrv'),
    values: pick(options.values, ['order', 'lcv'], 'order'),
    inference: pick(options.inference, ['none', 'forward-checking', 'mac'], 'forward-checking'),
    backjumping: bj === true || bj === 'true' || bj === 'yes' || bj === '1',
  };
}
