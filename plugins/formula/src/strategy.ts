import { no, overAnswerSize, overMemory, yes, type Instance, type Outcome, type SearchStrategy } from '@bezzel/core';
import { maximumPlacement, type Construction } from './maximum.js';
import { queensSolvable } from './queens.js';
import { shapeOf } from './shape.js';

/**
 * Explicit constructions: a known largest placement written down square by square, no search. Goal `maximum`
 * returns it whole; goal `one` with k pieces returns its first k (a subset of a non-attacking set is one), or
 * impossible when k exceeds the proven maximum.
 */
export const formula: SearchStrategy = {
  meta: {
    id: 'formula',
    description: 'Explicit constructions, no search: n queens for every n ≥ 4 (Hoffman–Loessi–Moore, Bernhardsson) and the largest placements of queens, rooks, bishops, kings and knights',
    problems: ['placement'],
    goals: ['one', 'maximum'],
  },

  supports(instance: Instance) {
    const found = construct(instance);
    if ('reason' in found) return no(found.reason);
    const squares = answerSize(instance, found.construction, found.k);
    const what = `${instance.task.goal === 'maximum' ? 'a largest placement of' : squares} ${instance.piece.name}s on ${instance.board}`;
    const list = shapeOf(instance.piece) === 'queen' ? BYTES_PER_QUEEN * squares : 0;
    const refusal = overAnswerSize(squares, what) ?? overMemory(squares * BYTES_PER_SQUARE + list, `building ${what}`, instance);
    return refusal ? no(refusal) : yes(MS_PER_RUN + MS_PER_SQUARE * squares);
  },

  run(instance: Instance): Outcome {
    const started = performance.now();
    const found = construct(instance);
    const stats = () => ({ nodes: 0, timeMs: performance.now() - started });
    if ('reason' in found) throw new Error(`formula was run on a task it declined: ${found.reason}`);
    const { construction, k } = found;
    if (instance.task.goal === 'maximum') {
      const squares = construction.squares(construction.maximum);
      return { status: 'solved', maximum: construction.maximum, solutions: [{ kind: 'placement', squares }], stats: stats() };
    }
    if (k > construction.maximum) {
      const name = instance.piece.name;
      const reason =
        shapeOf(instance.piece) === 'queen' && !queensSolvable(instance.board.width) && instance.board.isSquare
          ? `${k} queens do not fit on ${instance.board}: for n = 2 and 3 the n-queens problem has no solution (a known fact, small enough to check by hand); at most ${construction.maximum} fit`
          : `at most ${construction.maximum} ${name}s fit on ${instance.board}, so ${k} do not: ${construction.bound}`;
      return { status: 'impossible', reason, proof: 'theorem', stats: stats() };
    }
    return { status: 'solved', solutions: [{ kind: 'placement', squares: construction.squares(k) }], stats: stats() };
  },
};

/**
 * The time model (bench/sections/85-auto.ts): a fixed cost, then linear in the squares built. Measured there, on
 * the reference machine, from 8×8 to a largest placement of 4.5·10⁶ knights (0.65 s) and 200,000 queens.
 */
const MS_PER_RUN = 0.01;
const MS_PER_SQUARE = 1.5e-4;
/** A square of the answer's plain array at its peak while it grows (see MAX_ANSWER_SQUARES); an Int32 of the queens' list. */
const BYTES_PER_SQUARE = 20;
const BYTES_PER_QUEEN = 4;

/** Squares the answer holds: the whole maximum, k of it, or none when k does not fit (a theorem says so). */
function answerSize(instance: Instance, construction: Construction, k: number): number {
  if (instance.task.goal === 'maximum') return construction.maximum;
  return k > construction.maximum ? 0 : k;
}

function construct(instance: Instance): { construction: Construction; k: number } | { reason: string } {
  if (instance.kind !== 'placement') return { reason: 'it builds placements, not tours' };
  const { board, piece, k } = instance;
  if (board.hasRemoved() || board.torus) return { reason: 'its constructions are for whole, flat boards (no removed squares, no torus)' };
  const shape = shapeOf(piece);
  if (!shape) return { reason: `it knows constructions for queens, rooks, bishops, kings and knights, not for the ${piece.name}` };
  const construction = maximumPlacement(shape, board.width, board.height);
  if ('reason' in construction) return construction;
  return { construction, k };
}
