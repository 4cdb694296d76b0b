import { forEachAttack, type ConflictTable } from './attacks.js';
import type { Board } from './board.js';
import { fail, ok, type Parsed } from './errors.js';
import type { Piece } from './piece.js';
import { DOMINATION_VARIANTS, type DominateProblem, type Task } from './problem.js';
import type { Instance } from './strategy.js';

/** Goals that find k themselves: a k given with them is a mistake. */
const MINIMUM_GOALS: readonly string[] = ['minimum', 'count-minimum', 'count-minimum-fundamental'];

/** Checks a piece count against the board: a whole number, no more than the squares there are. */
export function checkPieceCount(k: number, board: Board): Parsed<number> {
  if (!Number.isSafeInteger(k) || k < 0) return fail('ERR_COUNT', `-k must be a whole number of pieces, not ${String(k)}`);
  if (k > board.playable) return fail('ERR_COUNT', `-k ${k} is more than the ${board.playable} squares of the ${board} board`);
  return ok(k);
}

/** Resolves a domination task: the variant named, k given exactly when the goal needs it. */
export function dominationInstance(task: Task, problem: DominateProblem, board: Board, piece: Piece): Parsed<Instance> {
  const variant = problem.variant ?? 'plain';
  if (!DOMINATION_VARIANTS.includes(variant)) {
    return fail('ERR_GOAL', `unknown domination variant "${String(variant)}"; choose one of ${DOMINATION_VARIANTS.join(', ')}`);
  }
  const minimum = MINIMUM_GOALS.includes(task.goal);
  if (problem.k !== undefined) {
    if (minimum) {
      // A minimum known already (a published one, past what a proof here costs) is counted as a plain count of k.
      const known = task.goal === 'minimum' ? '' : `, or with the minimum known, count its sets with -k and --goal ${task.goal === 'count-minimum' ? 'count' : 'count-fundamental'}`;
      return fail('ERR_COUNT', `--goal ${task.goal} finds the number of pieces itself; leave out -k${known}`);
    }
    const k = checkPieceCount(problem.k, board);
    if (!k.ok) return k;
  } else if (task.goal !== 'one' && !minimum) {
    return fail('ERR_COUNT', `--goal ${task.goal} counts sets of a given size: say how many ${piece.name}s with -k, or use --goal count-minimum`);
  }
  return ok({ kind: 'dominate', task, board, piece, variant, k: problem.k });
}

/** Who covers what: `targets[offsets[c] .. offsets[c+1]]` are the squares a piece on c covers, ascending. */
export type CoverTable = ConflictTable;

const coverCache = new WeakMap<Piece, Map<string, CoverTable>>();

/**
 * The squares a piece on each square covers on an empty board: those it attacks, and (except for total
 * domination) its own. An empty board is enough: with one kind of piece, a piece between an attacker and a
 * square attacks that square itself, so blocking never uncovers anything. Removed squares cover nothing.
 */
export function coverTable(board: Board, piece: Piece, total: boolean): CoverTable {
  const key = `${board.width}x${board.height}:${board.removed.join(',')}:${board.torus}:${total}`;
  let perPiece = coverCache.get(piece);
  if (!perPiece) coverCache.set(piece, (perPiece = new Map()));
  const cached = perPiece.get(key);
  if (cached) return cached;
  const offsets = new Int32Array(board.size + 1);
  const out: number[] = [];
  const mark = new Int32Array(board.size).fill(-1);
  for (let c = 0; c < board.size; c++) {
    if (!board.isRemoved(c)) {
      const mine: number[] = total ? [] : [c];
      mark[c] = total ? -1 : c;
      forEachAttack(board, piece, c, () => false, (t) => {
        if (mark[t] !== c) {
          mark[t] = c;
          mine.push(t);
        }
      });
      out.push(...mine.sort((a, b) => a - b));
    }
    offsets[c + 1] = out.length;
  }
  const table = { offsets, targets: Int32Array.from(out) };
  perPiece.set(key, table);
  return table;
}

/**
 * Decides existence where a reason is plain before any search: total domination needs every square attacked,
 * so a square that no piece attacks rules it out (a knight never attacks the middle of 3×3). Plain domination
 * always exists (a piece on every square); independent domination of a piece whose attacks go both ways too (a
 * maximal non-attacking set); a one-way piece's is left to the search.
 */
export function impossibleDomination(board: Board, piece: Piece, variant: string): string | undefined {
  if (variant !== 'total') return undefined;
  if (board.playable === 0) return undefined;
  const attacked = new Uint8Array(board.size);
  for (let c = 0; c < board.size; c++) {
    if (!board.isRemoved(c)) forEachAttack(board, piece, c, () => false, (t) => (attacked[t] = 1));
  }
  for (let sq = 0; sq < board.size; sq++) {
    if (!board.isRemoved(sq) && !attacked[sq]) {
      return `total domination needs every square attacked, but no ${piece.name} on the ${board} board attacks ${board.name(sq)}`;
    }
  }
  return undefined;
}
