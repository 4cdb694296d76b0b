import { validatePlacement, type Board, type DominationVariant } from '@bezzel/core';
import { attackedPieces, attackedSquares, attackOn, attackWords } from '../board/attackers.js';
import { SVG_MAX_SQUARES, type BoardPicture, type Shade } from '../board/board-picture.js';
import { onwardDegrees } from '../board/degrees.js';
import type { Describe } from '../board/board-host.js';
import { coverCounts, coverWords, uncoveredSquares } from '../board/coverage.js';
import type { Run } from '../run/run.js';
import { canonLayer } from './canon-picture.js';
import { moveHeights } from './local-h.js';
import { columnConflicts } from './predict.js';
import { squareList } from '../board/board-words.js';
import { domainSizeLabels } from './csp-reason.js';
import { tourCandidates } from './tour-candidates.js';

/** Hill climbing writes each move's h on the squares of boards up to this side (AIMA fig. 4.3). */
const MAX_H_SIDE = 16;

/**
 * What the board shows at the replay's position, and what each square means there: the pieces or the path,
 * the squares the pieces attack (hatched) and the ones the last step rejected (crossed, with the reason on
 * hover), conflicts as lines, a tour's candidate moves and Warnsdorff's heat map of onward degrees.
 */
/**
 * Predict mode: the queen min-conflicts picked (told, not asked), and whether the teacher shows the numbers that give
 * the answer away (h on the squares, conflict counts, the heat map, onward degrees, domain sizes) during a question.
 */
export interface Predicting {
  readonly picked: number | undefined;
  readonly numbers: boolean;
}

export function watchPicture(run: Run, heat: boolean, predicting?: Predicting): { picture: BoardPicture; describe: Describe } {
  const { board, piece, task } = run.setup;
  const replay = run.replay;
  const small = board.size <= SVG_MAX_SQUARES;
  const name = (sq: number) => board.name(sq);
  // A recording cut short ends in the answer it could not hold, drawn as a picture.
  if (run.picture && replay.position >= replay.length) {
    const s = run.picture;
    const picture: BoardPicture =
      s.kind === 'tour'
        ? { board, piece, path: s.path, closed: s.closed, label: `A ${s.path.length.toLocaleString('en')}-square tour of ${board}` }
        : { board, piece, pieces: s.squares, label: `${s.squares.length.toLocaleString('en')} ${piece.name}s on ${board}` };
    return { picture, describe: () => undefined };
  }
  const last = replay.last;
  const squares = replay.squares;
  const w = board.width;
  const touched =
    last?.type === 'place' || last?.type === 'move' ? ({ square: last.square, how: 'add' } as const)
    : last?.type === 'remove' || last?.type === 'retreat' ? ({ square: last.square, how: 'take' } as const)
    : last?.type === 'assign' ? ({ square: last.value * w + last.variable, how: 'add' } as const)
    : last?.type === 'unassign' ? ({ square: last.value * w + last.variable, how: 'take' } as const)
    : last?.type === 'cover' ? ({ square: last.row, how: 'add' } as const)
    : last?.type === 'uncover' ? ({ square: last.row, how: 'take' } as const)
    : last?.type === 'local' && last.to !== undefined && last.accepted !== false && last.from !== last.to ? ({ square: last.to, how: 'add' } as const)
    : undefined;

  if (task.problem.kind === 'dominate') {
    const variant = task.problem.variant ?? 'plain';
    const { picture, describe } = dominationPicture(run, variant, squares);
    return { picture: { ...picture, ...(touched ? { touched } : {}) }, describe };
  }

  if (task.problem.kind === 'tour') {
    const closed = task.problem.closed ?? false;
    const candidates = tourCandidates(run);
    // Predicting, the onward degrees are the answer to Warnsdorff's question: hidden unless the teacher shows them.
    const hidden = predicting !== undefined && !predicting.numbers;
    const degrees = heat && small && !hidden ? onwardDegrees(board, piece, squares) : undefined;
    const moveOf = new Map<number, number>(squares.map((sq, i) => [sq, i]));
    const describe: Describe = (sq) => {
      const at = moveOf.get(sq);
      if (at !== undefined) return at === 0 ? `${name(sq)}: the start` : `${name(sq)}: move ${at}`;
      const candidate = candidates.find((c) => c.square === sq);
      if (candidate) return hidden ? `${name(sq)}: a move the tour may make` : `${name(sq)}: a candidate, ${candidate.degree} onward move${candidate.degree === 1 ? '' : 's'}`;
      const d = degrees?.[sq] ?? -1;
      return d >= 0 ? `${name(sq)}: ${d} onward move${d === 1 ? '' : 's'} from here` : name(sq);
    };
    const picture: BoardPicture = {
      board,
      piece,
      path: squares,
      closed,
      candidates,
      ...(hidden ? { hideDegrees: true } : {}),
      ...(degrees ? { heat: degrees } : {}),
      ...(touched ? { touched } : {}),
      solved: last?.type === 'solution',
      label: `${closed ? 'Closed tour' : 'Tour'} of ${board}: ${squares.length} of ${board.playable} squares visited${squares.length > 0 ? `, from ${board.name(squares[0]!)}${squares.length > 1 ? ` to ${board.name(squares[squares.length - 1]!)}` : ''}` : ''}${candidates.length > 0 ? `; it may move next to ${squareList(board, candidates.map((c) => c.square))}` : ''}`,
    };
    return { picture, describe };
  }

  const local = replay.lastLocal();
  const solved = last?.type === 'solution' || (local !== undefined && local.h === 0 && replay.position === replay.length);
  const shades = new Map<number, Shade>();
  let attacked = new Set<number>();
  let conflicts: BoardPicture['conflicts'] = [];
  const rejected = (last?.type === 'place' || last?.type === 'remove' ? last.rejected : undefined) ?? [];
  // The rejections were judged against the board before the step.
  const before = rejected.length > 0 ? replay.before() : squares;
  const strategy = run.setup.strategy.meta.id;
  const canon = small && run.traced ? canonLayer(strategy, board, piece, replay, task.options) : undefined;
  // csp's domains and dancing links' covered lines say what the attack shading would.
  const ownShading = strategy === 'csp' || strategy === 'dlx';
  if (small && !solved && !ownShading) {
    attacked = attackedSquares(board, piece, squares);
    for (const sq of attacked) if (!squares.includes(sq)) shades.set(sq, 'attacked');
    for (const sq of rejected) shades.set(sq, 'rejected');
  }
  if (canon) for (const [sq, shade] of canon.shades) shades.set(sq, shade);
  // Hill climbing: the h each move would give, on every square, and the move the climb takes next marked.
  // Predicting, they are the answer: shown only if the teacher asks.
  const showNumbers = !predicting || predicting.numbers;
  const heights = strategy === 'hill-climbing' && run.traced && board.width <= MAX_H_SIDE && local !== undefined && showNumbers ? moveHeights(board, piece, squares) : undefined;
  // Predicting, the next move is the student's to find: it is not marked (min-conflicts' picked queen is).
  const next = heights && !predicting ? replay.events[replay.position] : undefined;
  const chosen = next?.type === 'local' && next.to !== undefined ? next.to : undefined;
  if (chosen !== undefined && heights?.has(chosen)) shades.set(chosen, 'aim');
  // Min-conflicts (AIMA fig. 6.8): before each repair, the queen it picked marked and, on every square of her file,
  // the queens that would attack her there — the values it takes the fewest of. Predicting, they are the student's to count.
  const repair = strategy === 'min-conflicts' && run.traced && !predicting ? replay.events[replay.position] : undefined;
  const picked = repair?.type === 'local' && repair.from !== undefined && repair.to !== undefined && squares.includes(repair.from) ? repair.from : undefined;
  const countedFor = picked ?? (predicting?.numbers && strategy === 'min-conflicts' ? predicting.picked : undefined);
  const counts = countedFor !== undefined ? columnConflicts(board, piece, squares, countedFor) : undefined;
  // csp: each open column's values left, at its top (what MRV reads).
  const domainLabels = strategy === 'csp' && small && run.traced && showNumbers ? domainSizeLabels(board, piece, replay.events, replay.position) : undefined;
  if (picked !== undefined) shades.set(picked, 'aim');
  if (predicting?.picked !== undefined) shades.set(predicting.picked, 'aim');
  if (small) conflicts = validatePlacement(board, piece, squares).conflicts;
  // Pieces another attacks, drawn apart on every board (a canvas of a million squares too).
  const attackedNow = solved ? undefined : attackedPieces(board, piece, squares);
  const describe: Describe = (sq) => {
    const words = canon?.describe(sq);
    if (words) return words;
    const count = counts?.get(sq);
    if (count !== undefined) {
      const file = board.width <= 26 ? board.fileName(sq % board.width) : String(sq % board.width);
      const where = sq === picked ? `the queen min-conflicts picked (file ${file}) stands here, attacked by ${count}` : `the picked queen of file ${file} would be attacked here by ${count}`;
      return `${name(sq)}: ${where} — it moves to a square of the fewest (ties at random)`;
    }
    const left = domainLabels?.get(sq);
    if (left !== undefined && !squares.includes(sq)) return `${name(sq)}: the number is file ${board.fileName(sq % board.width)}'s values left (MRV takes the column with the fewest)${canon?.describe(sq) ? `; ${canon.describe(sq)}` : ''}`;
    const h = heights?.get(sq);
    if (h !== undefined) return `${name(sq)}: moving the piece of file ${board.fileName(sq % board.width)} here gives h = ${h}${sq === chosen ? ' — the move the climb makes next (the lowest h, ties at random)' : ''}`;
    if (squares.includes(sq)) return `${piece.name} on ${name(sq)}`;
    if (rejected.includes(sq)) {
      const attack = attackOn(board, piece, before, sq);
      return `${name(sq)} rejected: ${attack ? attackWords(board, attack) : 'attacked'}`;
    }
    const attack = attackOn(board, piece, squares, sq);
    return attack ? `${name(sq)}: attacked (${attackWords(board, attack)})` : `${name(sq)}: free`;
  };
  const picture: BoardPicture = {
    board,
    piece,
    pieces: squares,
    shades,
    conflicts,
    ...(canon ? { tints: canon.tints, crossed: canon.crossed } : {}),
    ...(heights ? { labels: new Map([...heights].map(([sq, h]) => [sq, String(h)])) } : {}),
    ...(counts ? { labels: new Map([...counts].map(([sq, c]) => [sq, String(c)])) } : {}),
    ...(domainLabels ? { labels: domainLabels } : {}),
    ...(attackedNow && attackedNow.squares.length > 0 ? { attackedPieces: attackedNow.squares } : {}),
    ...(touched ? { touched } : {}),
    solved,
    label: `${squares.length} ${piece.name}${squares.length === 1 ? '' : 's'} on ${board}${squares.length > 0 ? ` (${squareList(board, squares)})` : ''}${solved ? ', a solution' : ''}${attackedWords(attackedNow, board)}${attacked.size > 0 ? `; squares attacked: ${squareList(board, [...attacked].filter((sq) => !squares.includes(sq)))}` : ''}${picked !== undefined ? `; min-conflicts picked the ${piece.name} on ${name(picked)}` : ''}${rejected.length ? `; ${rejected.length} square${rejected.length === 1 ? '' : 's'} rejected` : ''}${canon?.label ?? ''}`,
  };
  return { picture, describe };
}

/** "; 3 attacked (red, ringed): a1, d4, h8" for the board's label, which a canvas board has as its only words. */
function attackedWords(attacked: { readonly squares: readonly number[]; readonly complete: boolean } | undefined, board: Board): string {
  if (!attacked || attacked.squares.length === 0) return '';
  return `; ${attacked.complete ? '' : 'at least '}${attacked.squares.length.toLocaleString('en')} attacked (red, ringed): ${squareList(board, attacked.squares)}`;
}

/**
 * A domination search's board: the pieces over what they cover (uncovered squares outlined), the square the last
 * piece was placed to cover marked, and a square no allowed piece could still cover (the dead end) crossed.
 */
function dominationPicture(run: Run, variant: DominationVariant, squares: readonly number[]): { picture: BoardPicture; describe: Describe } {
  const { board, piece } = run.setup;
  const last = run.replay.last;
  const cover = coverCounts(board, piece, squares, variant);
  const shades = new Map<number, Shade>();
  const aim = last?.type === 'place' ? last.covering : undefined;
  const dead = last?.type === 'cut' && last.why === 'uncoverable' ? last.square : undefined;
  if (aim !== undefined) shades.set(aim, 'aim');
  if (dead !== undefined) shades.set(dead, 'rejected');
  const solved = last?.type === 'solution';
  const uncovered = cover ? uncoveredSquares(board, cover).length : undefined;
  const conflicts = variant === 'independent' && board.size <= SVG_MAX_SQUARES ? validatePlacement(board, piece, squares).conflicts : [];
  // Independent domination forbids attacks: a piece another attacks is drawn apart, as on a placement's board.
  const attacked = variant === 'independent' && !solved ? attackedPieces(board, piece, squares).squares : [];
  const describe: Describe = (sq) => {
    const words = cover ? coverWords(board, piece, squares, cover, sq, variant) : board.name(sq);
    if (sq === dead) return `${words}; no ${piece.name} allowed here can cover it any more: a dead end`;
    if (sq === aim) return `${words}; the last piece was placed to cover it: the hardest square left, the one the fewest allowed pieces could cover`;
    return words;
  };
  const count = `${squares.length} ${piece.name}${squares.length === 1 ? '' : 's'} on ${board}`;
  const on = squares.length > 0 ? ` (${squareList(board, squares)})` : '';
  const label = solved ? `${count}${on}, a dominating set` : uncovered === undefined ? `${count}${on}` : `${count}${on}: ${uncovered} square${uncovered === 1 ? '' : 's'} uncovered`;
  return { picture: { board, piece, pieces: squares, shades, conflicts, ...(attacked.length > 0 ? { attackedPieces: attacked } : {}), ...(cover ? { cover } : {}), solved, label }, describe };
}
