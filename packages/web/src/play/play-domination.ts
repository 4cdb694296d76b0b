import { conflictTable, coverTable, explainDomination, validateDomination, validatePlacement, type DominationVariant, type Minimum } from '@bezzel/core';
import { proofWords } from '@bezzel/render';
import type { Hint, Puzzle, Verdict } from './puzzle.js';

/** What the page knows of the fewest pieces of the puzzle being played: being worked out, proven, or not to be had cheaply. */
export type Fewest = { readonly status: 'pending' } | { readonly status: 'known'; readonly minimum: Minimum } | { readonly status: 'unknown'; readonly reason: string };

/** What a set must do, in the words of `bezzel check --dominate`. */
export function dominationGoal(variant: DominationVariant): string {
  return variant === 'total' ? 'attack every square' : variant === 'independent' ? 'dominate every square without attacking each other' : 'occupy or attack every square';
}

/**
 * The checker's verdict on a student's dominating set: the core validator's report in the words of `bezzel check
 * --dominate` (the squares left uncovered named, independent pieces that attack each other drawn as conflicts). A
 * set short of k, or still with squares to cover, is unfinished rather than wrong.
 */
export function dominationVerdict(puzzle: Puzzle, pieces: readonly number[]): Verdict {
  const { board, piece } = puzzle;
  const variant = puzzle.domination ?? 'plain';
  const placed = pieces.length;
  const k = puzzle.k;
  const report = validateDomination(board, piece, pieces, { variant, ...(k !== undefined && placed >= k ? { k } : {}) });
  const problems = explainDomination(board, piece, report, variant);
  const conflicts = variant === 'independent' ? validatePlacement(board, piece, pieces).conflicts : [];
  const goal = dominationGoal(variant);
  if (placed === 0) return { solved: false, summary: `Place ${piece.name}s until they ${goal}${k !== undefined ? `, with ${k}` : ''}.`, problems: [], conflicts };
  const many = `${placed} ${piece.name}${placed === 1 ? '' : 's'} on ${board}`;
  const wrong = report.errors.length > 0 || report.conflicts.length > 0;
  const short = k !== undefined && placed < k;
  const summary =
    report.valid && short ? `${placed} of ${k} ${piece.name}s placed, and they already ${goal}.`
    : report.valid ? `Valid: ${many} ${goal}.`
    : wrong ? `Invalid: ${many} ${placed === 1 ? 'does' : 'do'} not ${goal}.`
    : `${many} ${placed === 1 ? 'does' : 'do'} not ${goal} yet.`;
  return { solved: report.valid && !short, summary, problems, conflicts };
}

/** Whether the student's set is the fewest, once it dominates, measured against the proven minimum. */
export function fewestWords(puzzle: Puzzle, pieces: readonly number[], solved: boolean, fewest: Fewest | undefined): string {
  if (!solved || !fewest) return '';
  const name = `${puzzle.piece.name}s`;
  if (fewest.status === 'pending') return 'Working out whether fewer pieces can do it…';
  if (fewest.status === 'unknown') return `Whether fewer ${name} can do it is not known here: ${fewest.reason}.`;
  const { value } = fewest.minimum;
  const proof = proofWords(fewest.minimum);
  if (pieces.length <= value) return `${value} is the fewest (${proof}): a minimum dominating set.`;
  return `Not the fewest: ${value} ${name} can do it (${proof}). Can you find such a set?`;
}

/**
 * A hint for a dominating set, worked out here at once: mend a conflict first (independent domination), then
 * put a piece where it covers the most squares still uncovered (the greedy step, named with its gain); once
 * everything is covered, take back a piece the others do not need, or say whether fewer pieces can do it.
 */
export function dominationHint(puzzle: Puzzle, pieces: readonly number[], fewest: Fewest | undefined): Hint {
  const { board, piece } = puzzle;
  const variant = puzzle.domination ?? 'plain';
  const report = validateDomination(board, piece, pieces, { variant });
  const conflict = report.conflicts[0];
  if (conflict) return { text: `First mend the conflict: ${conflict.message}. Independent domination allows no attacks.` };
  if (report.valid) {
    const spare = pieces.find((sq) => validateDomination(board, piece, pieces.filter((p) => p !== sq), { variant }).valid);
    if (spare !== undefined) return { square: spare, text: `Take back the ${piece.name} on ${board.name(spare)}: the others still ${dominationGoal(variant)}.` };
    if (fewest?.status === 'known' && pieces.length > fewest.minimum.value) {
      return { text: `Every piece is needed here, yet ${fewest.minimum.value} can do it: start a new arrangement (the Solutions tab lists the minimum sets).` };
    }
    return { text: fewest?.status === 'known' ? 'Your set is already a minimum: no hint can improve it.' : 'Your set dominates, and no piece of it can be taken back.' };
  }
  if (puzzle.k !== undefined && pieces.length >= puzzle.k) return { text: `All ${puzzle.k} pieces are on the board, but squares are left uncovered: take one back and place it elsewhere.` };
  const best = greediestSquare(puzzle, pieces);
  if (!best) return { text: `No free square can take a ${piece.name} that attacks none of yours: take one back.` };
  const left = report.uncoveredCount;
  return { square: best.square, text: `Try ${board.name(best.square)}: it covers ${best.gain} of the ${left} square${left === 1 ? '' : 's'} still uncovered, as many as any square can.` };
}

/** The free square whose piece would cover the most uncovered squares (the first such, in board order). */
function greediestSquare(puzzle: Puzzle, pieces: readonly number[]): { square: number; gain: number } | undefined {
  const { board, piece } = puzzle;
  const variant = puzzle.domination ?? 'plain';
  const covers = coverTable(board, piece, variant === 'total');
  const covered = new Uint8Array(board.size);
  for (const sq of pieces) for (let i = covers.offsets[sq]!; i < covers.offsets[sq + 1]!; i++) covered[covers.targets[i]!] = 1;
  // Independent domination: a new piece may neither attack a placed one nor be attacked by one.
  const blocked = new Uint8Array(board.size);
  for (const sq of pieces) blocked[sq] = 1;
  if (variant === 'independent') {
    const conflicts = conflictTable(board, piece);
    for (const sq of pieces) for (let i = conflicts.offsets[sq]!; i < conflicts.offsets[sq + 1]!; i++) blocked[conflicts.targets[i]!] = 1;
  }
  let best: { square: number; gain: number } | undefined;
  for (let sq = 0; sq < board.size; sq++) {
    if (blocked[sq] || board.isRemoved(sq)) continue;
    let gain = 0;
    for (let i = covers.offsets[sq]!; i < covers.offsets[sq + 1]!; i++) if (!covered[covers.targets[i]!]) gain++;
    if (gain > 0 && (!best || gain > best.gain)) best = { square: sq, gain };
  }
  return best;
}
