import { movesOf, onwardDegrees } from '../board/degrees.js';
import type { Run } from '../run/run.js';

/** A square the tour may move to next, with its onward degree (Warnsdorff's number). */
export interface TourCandidate {
  readonly square: number;
  readonly degree: number;
}

/**
 * The squares a tour may move to next: those the strategy recorded with the move that made the current state, or,
 * where no move recorded them (the start square is placed, not moved to), every unvisited square one move from the
 * head, with its onward degree counted on the board. Without this the first question of a tour said "no move is
 * left" from its start.
 */
export function tourCandidates(run: Run): readonly TourCandidate[] {
  const { replay } = run;
  const last = replay.last;
  if (last?.type === 'move' && last.candidates) return last.candidates;
  const path = replay.squares;
  const head = path[path.length - 1];
  if (head === undefined) return [];
  const { board, piece } = run.setup;
  const degrees = onwardDegrees(board, piece, path);
  const { offsets, targets } = movesOf(board, piece);
  const next: TourCandidate[] = [];
  for (let i = offsets[head]!; i < offsets[head + 1]!; i++) {
    const sq = targets[i]!;
    if (degrees[sq]! >= 0) next.push({ square: sq, degree: degrees[sq]! });
  }
  return next;
}
