import { mapSquare, mapSquares, symmetryGroup, type Board, type Piece, type Solution, type Symmetry } from '@bezzel/core';

/** One solution of a class, and the symmetries that carry the class's first solution onto it. */
export interface ClassMember {
  readonly solution: Solution;
  /** Its number among all solutions, from 0. */
  readonly index: number;
  readonly symmetries: readonly string[];
}

/** A fundamental solution and the solutions the board's symmetries make of it. */
export interface SolutionClass {
  readonly members: readonly ClassMember[];
}

/**
 * Groups solutions into classes of the board's symmetry group (the rotations and reflections that also keep
 * the piece's moves): two solutions share a class when a symmetry carries one onto the other. Each member
 * is labelled with the symmetries that carry the class's first solution onto it, so a class of 4 on a square
 * board shows each member made by two of the eight. Placements are sets of squares, tours sequences.
 */
export function solutionClasses(board: Board, piece: Piece, solutions: readonly Solution[]): SolutionClass[] {
  const group = symmetryGroup(board, piece.movement);
  const classes = new Map<string, { first: Solution; members: ClassMember[] }>();
  for (const [index, solution] of solutions.entries()) {
    const key = canonicalKey(board, group, solution);
    let found = classes.get(key);
    if (!found) classes.set(key, (found = { first: solution, members: [] }));
    const target = keyOf(solution);
    const symmetries = group.filter((s) => keyOf(image(board, s, found.first)) === target).map((s) => s.name);
    found.members.push({ solution, index, symmetries });
  }
  return [...classes.values()].map(({ members }) => ({ members }));
}

/** The solution a symmetry makes of another: squares mapped (and sorted, for a placement). */
function image(board: Board, s: Symmetry, solution: Solution): Solution {
  if (solution.kind === 'placement') return { kind: 'placement', squares: mapSquares(board, s, solution.squares) };
  return { kind: 'tour', closed: solution.closed, path: solution.path.map((sq) => mapSquare(board, s, sq)) };
}

function keyOf(solution: Solution): string {
  return solution.kind === 'placement' ? [...solution.squares].sort((a, b) => a - b).join(',') : solution.path.join(',');
}

/** The smallest key among the solution's images: the same for every member of a class. */
function canonicalKey(board: Board, group: readonly Symmetry[], solution: Solution): string {
  let best: string | undefined;
  for (const s of group) {
    const key = keyOf(image(board, s, solution));
    if (best === undefined || key < best) best = key;
  }
  return best ?? keyOf(solution);
}
