import { decodeSquares, overAnswerSize, overMemory, unwrap, type Instance, type Outcome, type RunContext, type Stats, type TraceEvent } from '@bezzel/core';
import { INITIAL_PLACEMENT, placeFrom, type InitialPlacement } from './initial.js';
import { columnSquares, type LineBoard } from './line-board.js';
import { columnProblem, type LineFamilies, type NotLines } from './lines.js';

/** What a one-piece-per-column search refuses beyond the column problem itself, for its `supports`. */
export interface ColumnLimits {
  /** The largest side it takes, and why not beyond it. */
  readonly maxSide?: {
    /** The side. */
    readonly side: number;
    /** Why not beyond it, in the words of a `no`. */
    readonly reason: string;
  };
  /** Bytes a column of its counters and answer: a board that would pass the memory limit is refused. */
  readonly bytesPerColumn?: number;
}

/** A problem a column search takes: the piece's lines, the side n, and whether no placement exists (2 and 3 queens). */
export interface ColumnTask {
  /** The line families the piece rides. */
  readonly lines: LineFamilies;
  /** Columns, rows and pieces. */
  readonly n: number;
  /** No placement exists (n = 2 and 3 for a queen's lines): an incomplete search never answers, which its cost says. */
  readonly hopeless: boolean;
}

/**
 * What every column search's `supports` checks before its cost: the column problem, then the side, the answer's
 * size and the memory, in that order. Returns the task, or the reason a user reads.
 */
export function columnTask(instance: Instance, limits: ColumnLimits = {}): ColumnTask | NotLines {
  const lines = columnProblem(instance);
  if ('reason' in lines) return lines;
  const n = instance.board.width;
  const name = instance.piece.name;
  if (limits.maxSide && n > limits.maxSide.side) return { reason: limits.maxSide.reason };
  const memory = limits.bytesPerColumn === undefined ? undefined : overMemory(limits.bytesPerColumn * n, `its counters and answer for ${n} ${name}s`, instance);
  const refusal = overAnswerSize(n, `${n} ${name}s`) ?? memory;
  if (refusal) return { reason: refusal };
  return { lines, n, hopeless: lines.rank && lines.diagonal && lines.antiDiagonal && (n === 2 || n === 3) };
}

/** What a column search's `run` starts from: the piece's lines, the side, and how it fills an empty board. */
export interface ColumnStart {
  /** The line families the piece rides. */
  readonly lines: LineFamilies;
  /** Columns, rows and pieces. */
  readonly n: number;
  /** The initial placement that option `initial` names. */
  readonly initial: InitialPlacement;
  /** Fills an empty board: the first call from option `start` when it is given, every other by the initial placement. */
  place(board: LineBoard): void;
}

/** The start of a column search's `run`, from its options `initial` and `start` (the placement a pipeline hands on). */
export function columnStart(instance: Instance, ctx: RunContext, chosen: { readonly initial: string; readonly start?: string | undefined }): ColumnStart {
  const lines = columnProblem(instance);
  if ('reason' in lines) throw new Error(`a column search was run on a task it declined: ${lines.reason}`);
  // The core has checked that an initial placement of this id is registered.
  const initial = ctx.part<InitialPlacement>(INITIAL_PLACEMENT, chosen.initial)!;
  let start = chosen.start === undefined ? undefined : unwrap(decodeSquares(instance.board, chosen.start));
  const place = (board: LineBoard) => {
    if (start) placeFrom(board, start, ctx.rng);
    else initial.place(board, ctx.rng);
    start = undefined;
  };
  return { lines, n: instance.board.width, initial, place };
}

/** A column search's answer: the solution, a row per column, told to the trace too. */
export function solvedOutcome(rows: ArrayLike<number>, stats: Stats, trace: RunContext['trace']): Outcome {
  trace?.({ type: 'solution', index: 0 });
  return { status: 'solved', solutions: [{ kind: 'placement', squares: columnSquares(rows) }], stats };
}

/**
 * A column search that stopped without a solution: the best rows it saw are the partial answer, scored by their
 * h (attacking pairs), with a note; `stop` is `aborted` or what ran out (`stuck`: the search could not go on).
 */
export function unsolvedOutcome(stop: 'aborted' | 'steps' | 'time' | 'stuck', best: { readonly rows: ArrayLike<number>; readonly h: number; readonly note: string }, stats: Stats): Outcome {
  const partial = { score: best.h, best: { kind: 'placement' as const, squares: columnSquares(best.rows) }, note: best.note };
  if (stop === 'aborted') return { status: 'aborted', partial, stats };
  return { status: 'budget', exhausted: stop, partial, stats };
}

/** For a visualiser: the placement a try starts from, piece by piece, then its h. */
export function traceStart(board: LineBoard, step: number, trace: (event: TraceEvent) => void): void {
  for (const [depth, square] of board.squares().entries()) trace({ type: 'place', square, depth });
  trace({ type: 'local', step, h: board.attackingPairs() });
}
