import type { Board, Piece, TraceEvent } from '@bezzel/core';
import { tabuListAt } from '@bezzel/tabu';
import type { Shade } from '../board/board-picture.js';
import type { Replay } from '../run/replay.js';

/**
 * What the canon's strategies add to the board at a step (issue 25): csp's domain grid (each value an assignment's
 * inference crossed out, tinted with that assignment's colour, a wiped-out column outlined), dancing links' covered
 * lines (ranks and files shaded, diagonals lighter), annealing's refused proposal, tabu's forbidden squares.
 */
export interface CanonLayer {
  readonly shades: Map<number, Shade>;
  readonly tints: Map<number, number>;
  readonly crossed: number[];
  /** Words for a square this layer marks, or undefined to leave it to the page's usual words. */
  readonly describe: (square: number) => string | undefined;
  /** Appended to the board's label for screen readers. */
  readonly label: string;
}

type Assign = Extract<TraceEvent, { type: 'assign' }>;
type Cover = Extract<TraceEvent, { type: 'cover' | 'uncover' }>;

/** The colours of csp's assignments, by depth (mod 8), named for the tooltips; style.css draws `.tint-i` in them. */
export const TINT_NAMES = ['blue', 'orange', 'green', 'purple', 'red', 'teal', 'pink', 'olive'] as const;

export function canonLayer(strategy: string, board: Board, piece: Piece, replay: Replay, options?: Readonly<Record<string, unknown>>): CanonLayer | undefined {
  switch (strategy) {
    case 'csp':
      return cspLayer(board, piece, replay);
    case 'dlx':
      return dlxLayer(board, piece, replay);
    case 'simulated-annealing':
      return annealingLayer(board, replay);
    case 'tabu':
      return tabuLayer(board, replay);
    default:
      return undefined;
  }
}

/** The csp assignments on the search's path now, by depth. */
export function activeAssignments(replay: Replay): Assign[] {
  return replay.origins.map((at) => replay.events[at]).filter((e): e is Assign => e?.type === 'assign');
}

/**
 * The domain grid: for each square (column = variable, row = value), the depth of the assignment whose inference
 * crossed it out, as the search stands now.
 */
export function crossedAt(board: Board, replay: Replay): Map<number, number> {
  const crossed = new Map<number, number>();
  activeAssignments(replay).forEach((event, depth) => {
    for (const p of event.pruned) crossed.set(p.value * board.width + p.variable, depth);
  });
  return crossed;
}

function cspLayer(board: Board, piece: Piece, replay: Replay): CanonLayer {
  const shades = new Map<number, Shade>();
  const tints = new Map<number, number>();
  const assigned = activeAssignments(replay);
  const crossed = crossedAt(board, replay);
  for (const [sq, depth] of crossed) tints.set(sq, depth);
  assigned.forEach((event, depth) => tints.set(event.value * board.width + event.variable, depth));
  const last = replay.last;
  // Without inference nothing is crossed out ahead: the values refused just before the step are.
  const refused = last?.type === 'assign' ? (last.rejected ?? []).map((v) => v * board.width + last.variable) : [];
  for (const sq of refused) shades.set(sq, 'rejected');
  const wiped = last?.type === 'wipeout' ? last.variable : -1;
  if (wiped >= 0) for (let row = 0; row < board.height; row++) shades.set(row * board.width + wiped, 'wiped');
  const column = (c: number) => `column ${board.width <= 26 ? board.fileName(c) : c + 1}`;
  const name = (e: Assign) => `the ${piece.name} on ${board.name(e.value * board.width + e.variable)}`;
  const describe = (sq: number): string | undefined => {
    const depth = crossed.get(sq);
    const by = assigned.findIndex((e) => e.value * board.width + e.variable === sq);
    if (by >= 0) return `${board.name(sq)}: ${column(sq % board.width)} = ${Math.floor(sq / board.width) + 1}, assigned at depth ${by} (${TINT_NAMES[by % 8]}); its inference crossed out ${assigned[by]!.pruned.length} value${assigned[by]!.pruned.length === 1 ? '' : 's'}`;
    if (depth !== undefined) return `${board.name(sq)}: crossed out of ${column(sq % board.width)}'s domain by ${name(assigned[depth]!)} (depth ${depth}, ${TINT_NAMES[depth % 8]})${wiped === sq % board.width ? '; the domain is empty: a wipe-out' : ''}`;
    if (wiped === sq % board.width) return `${board.name(sq)}: ${column(wiped)} has no value left: a wipe-out`;
    return undefined;
  };
  const domains = wiped >= 0 ? `; ${column(wiped)}'s domain is empty` : '';
  return { shades, tints, crossed: [...crossed.keys(), ...refused], describe, label: `; ${crossed.size} value${crossed.size === 1 ? '' : 's'} crossed out of the domains${domains}` };
}

/** The squares of a dancing-links column named as the trace names it (`rank 3`, `file c`, `diagonal a1–h8`, `anti-diagonal a7–g1`), through `square`. */
export function lineSquares(board: Board, name: string, square: number): number[] {
  const steps: Record<string, [number, number]> = { rank: [0, 1], file: [1, 0], diagonal: [1, 1], 'anti-diagonal': [1, -1] };
  const kind = name.slice(0, name.indexOf(' '));
  const step = steps[kind];
  if (!step) return [];
  const squares = [square];
  const row = Math.floor(square / board.width);
  const col = square % board.width;
  for (const sign of [1, -1]) {
    for (let r = row + sign * step[0], c = col + sign * step[1]; r >= 0 && r < board.height && c >= 0 && c < board.width; r += sign * step[0], c += sign * step[1]) {
      const sq = r * board.width + c;
      if (board.isRemoved(sq)) break;
      squares.push(sq);
    }
  }
  return squares;
}

/** The covers on the search's path now, by depth. */
export function activeCovers(replay: Replay): Cover[] {
  return replay.origins.map((at) => replay.events[at]).filter((e): e is Cover => e?.type === 'cover');
}

function dlxLayer(board: Board, piece: Piece, replay: Replay): CanonLayer {
  const shades = new Map<number, Shade>();
  const coveredBy = new Map<number, string[]>();
  const covers = activeCovers(replay);
  for (const event of covers) {
    for (const column of [event.column, ...(event.also ?? [])]) {
      const primary = column.startsWith('rank') || column.startsWith('file');
      for (const sq of lineSquares(board, column, event.row)) {
        if (primary) shades.set(sq, 'line');
        else if (!shades.has(sq)) shades.set(sq, 'secondary');
        const words = coveredBy.get(sq) ?? [];
        words.push(`${column} (by ${board.name(event.row)})`);
        coveredBy.set(sq, words);
      }
    }
  }
  for (const event of covers) shades.delete(event.row);
  const describe = (sq: number): string | undefined => {
    const words = coveredBy.get(sq);
    if (covers.some((e) => e.row === sq)) return `${piece.name} on ${board.name(sq)}: an option chosen, covering ${words?.map((w) => w.replace(/ \(by .*\)$/, '')).join(', ')}`;
    if (!words) return `${board.name(sq)}: an option still open (its rank, file and diagonals are uncovered)`;
    return `${board.name(sq)}: on ${words.join(', ')}, covered: no longer an option`;
  };
  const open = board.size - board.removed.length - shades.size - covers.length;
  return { shades, tints: new Map(), crossed: [], describe, label: `; ${covers.length} option${covers.length === 1 ? '' : 's'} chosen, ${open} square${open === 1 ? '' : 's'} still open` };
}

function annealingLayer(board: Board, replay: Replay): CanonLayer | undefined {
  const last = replay.last;
  if (last?.type !== 'local' || last.accepted !== false || last.to === undefined) return undefined;
  const shades = new Map<number, Shade>([[last.to, 'rejected']]);
  if (last.swapped) shades.set(last.swapped.to, 'rejected');
  const t = last.temperature === undefined ? '' : ` at T = ${last.temperature.toPrecision(3)}`;
  const describe = (sq: number) => (shades.has(sq) ? `${board.name(sq)}: the proposed move, refused${t} (it would raise h)` : undefined);
  return { shades, tints: new Map(), crossed: [], describe, label: '; the proposed move was refused' };
}

function tabuLayer(board: Board, replay: Replay): CanonLayer {
  const tabu = tabuListAt(replay.events, replay.position);
  const shades = new Map<number, Shade>();
  const left = new Map(tabu.map((e) => [e.square, e.left]));
  for (const e of tabu) if (!replay.squares.includes(e.square)) shades.set(e.square, 'tabu');
  const describe = (sq: number) => (shades.has(sq) ? `${board.name(sq)}: tabu for ${left.get(sq)} more step${left.get(sq) === 1 ? '' : 's'} (its piece left it), unless going back beats the best h` : undefined);
  return { shades, tints: new Map(), crossed: [], describe, label: `; ${shades.size} tabu square${shades.size === 1 ? '' : 's'}` };
}
