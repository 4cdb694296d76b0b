import { Board, type BoardSpec, type Bezzel, parseSquareList, UsageError } from '@bezzel/core';

/** The piece id a user meant: exact, or a plural (`queens`), else a usage error listing what exists. */
export function resolvePieceId(bezzel: Bezzel, text: string): string {
  const id = text.trim().toLowerCase();
  if (bezzel.piece(id)) return id;
  if (id.endsWith('s') && bezzel.piece(id.slice(0, -1))) return id.slice(0, -1);
  throw new UsageError('ERR_PIECE', `unknown piece "${text}"; known pieces: ${bezzel.pieces.map((p) => p.id).join(', ')}`);
}

/** `--removed d4,e5` or `--removed "(3,3) (4,4)"` as square numbers, checked against the board. */
export function parseRemoved(spec: BoardSpec, text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const board = Board.parse(spec);
  if (!board.ok) throw board.error;
  const squares = parseSquareList(board.value, text);
  if (!squares.ok) throw new UsageError(squares.error.code, `--removed: ${squares.error.message}`);
  return squares.value;
}

/** `--start c5` as a square number on the board. */
export function parseStart(spec: BoardSpec, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const board = Board.parse(spec);
  if (!board.ok) throw board.error;
  const sq = board.value.parseSquare(text);
  if (!sq.ok) throw sq.error;
  return sq.value;
}
