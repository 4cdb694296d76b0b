import { Board } from './board.js';
import { fail, ok, type Parsed } from './errors.js';
import { attacksWholeFile, attacksWholeRank } from './movement.js';
import type { Piece } from './piece.js';
import { checkPieceCount, dominationInstance } from './domination.js';
import { GOALS_OF, MAGIC_KINDS, type MagicKind, type Task } from './problem.js';
import type { Instance } from './strategy.js';

/**
 * The natural number of pieces: one per row for a piece that attacks its whole rank (n queens, n rooks),
 * one per column for one that attacks its whole file, otherwise none — the user must say.
 */
export function naturalK(board: Board, piece: Piece): number | undefined {
  const rank = attacksWholeRank(piece.movement) && !board.hasRemoved();
  const file = attacksWholeFile(piece.movement) && !board.hasRemoved();
  if (rank && file) return Math.min(board.width, board.height);
  if (rank) return board.height;
  if (file) return board.width;
  return undefined;
}

/** Resolves a task against the registered pieces, checking everything a user could get wrong. */
export function instantiate(task: Task, findPiece: (id: string) => Piece | undefined, knownPieces: () => string[]): Parsed<Instance> {
  const problem = task.problem;
  const board = Board.parse(problem.board);
  if (!board.ok) return board;
  const piece = findPiece(problem.piece);
  if (!piece) {
    return fail('ERR_PIECE', `unknown piece "${problem.piece}"; known pieces: ${knownPieces().join(', ')}`);
  }
  const b = board.value;
  if (!GOALS_OF[problem.kind].includes(task.goal)) {
    const owners = (Object.keys(GOALS_OF) as (keyof typeof GOALS_OF)[]).filter((kind) => GOALS_OF[kind].includes(task.goal));
    return fail('ERR_GOAL', `goal ${task.goal} applies to ${owners.map((k) => `${k} problems`).join(' and ')}, not ${problem.kind === 'tour' ? 'tours' : `${problem.kind} problems`}`);
  }
  if (problem.kind === 'dominate') return dominationInstance(task, problem, b, piece);
  if (problem.kind === 'placement') {
    if (task.goal === 'maximum') return ok({ kind: 'placement', task, board: b, piece, k: problem.k ?? 0 });
    const k = problem.k ?? naturalK(b, piece);
    if (k === undefined) {
      return fail('ERR_COUNT', `say how many ${piece.name}s with -k (a ${piece.name} has no natural number on a board), or use --goal maximum`);
    }
    const checked = checkPieceCount(k, b);
    return checked.ok ? ok({ kind: 'placement', task, board: b, piece, k }) : checked;
  }
  let start: number | undefined;
  if (problem.start !== undefined) {
    if (!Number.isSafeInteger(problem.start) || problem.start < 0 || problem.start >= b.size || b.isRemoved(problem.start)) {
      return fail('ERR_SQUARE', `start square ${problem.start} is not on the ${b} board`);
    }
    start = problem.start;
  }
  const magic = magicKind(problem.magic, b);
  if (!magic.ok) return magic;
  return ok({ kind: 'tour', task, board: b, piece, start, closed: problem.closed ?? false, magic: magic.value });
}

/** A magic demand the board can state: sums need whole ranks and files, and diagonals a square board. */
function magicKind(magic: unknown, board: Board): Parsed<MagicKind | undefined> {
  if (magic === undefined) return ok(undefined);
  if (!(MAGIC_KINDS as readonly unknown[]).includes(magic)) return fail('ERR_GOAL', `magic must be ${MAGIC_KINDS.join(' or ')}, not ${JSON.stringify(magic)}`);
  if (board.hasRemoved()) return fail('ERR_BOARD', 'a magic tour sums whole ranks and files, so its board cannot have removed squares');
  if (magic === 'full' && !board.isSquare) return fail('ERR_BOARD', `a fully magic tour sums the long diagonals, which need a square board; ${board} is not square (--magic semi sums ranks and files only)`);
  return ok(magic as MagicKind);
}
