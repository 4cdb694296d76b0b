import { conflictTable, validatePlacement, type Board, type Conflict, type Piece } from '@bezzel/core';
import { renderPlacementSvg, renderTourSvg } from '@bezzel/render';

/** What the page draws on a board at one moment of a run. */
export interface BoardView {
  readonly board: Board;
  readonly piece: Piece;
  readonly width: number;
  readonly height: number;
  readonly closed?: boolean;
  /** Placement pieces (or local-search pieces). */
  readonly pieces?: readonly number[];
  /** Tour path so far, start first. */
  readonly path?: ArrayLike<number>;
  /** Squares some piece attacks, shaded. */
  readonly attacked?: ReadonlySet<number>;
  /** Pairs of pieces that attack each other (from the core Validator), drawn as lines. */
  readonly conflicts?: readonly Conflict[];
  /** Tour: where the head may go next, with each one's onward degree (Warnsdorff's number). */
  readonly candidates?: readonly { readonly square: number; readonly degree: number }[];
  /** The square the last step touched, and how. */
  readonly touched?: { readonly square: number; readonly how: 'add' | 'take' };
}

/** Boards up to this many squares are drawn as SVG with shading; larger ones on a canvas. */
export const SVG_MAX_SQUARES = 32 * 32;

/** Squares attacked by the pieces (core conflict table), and the attacking pairs among them (core Validator). */
export function attackPicture(board: Board, piece: Piece, pieces: readonly number[]): { attacked: Set<number>; conflicts: readonly Conflict[] } {
  const { offsets, targets } = conflictTable(board, piece);
  const attacked = new Set<number>();
  for (const sq of pieces) for (let i = offsets[sq]!; i < offsets[sq + 1]!; i++) attacked.add(targets[i]!);
  return { attacked, conflicts: validatePlacement(board, piece, pieces).conflicts };
}

/**
 * The board at one moment: the same SVG as `bezzel --format svg` (from @bezzel/render) with what a watcher
 * needs on top — attacked empty squares shaded, the square the last step touched, a tour's candidate moves
 * and their onward degrees, coordinates. The squares shown are also in data attributes, for tests and tools.
 */
export function boardSvg(view: BoardView, size = 480): string {
  const { board, width, height } = view;
  const cell = size / Math.max(width, height);
  const w = cell * width;
  const h = cell * height;
  const x = (sq: number) => (sq % width) * cell;
  const y = (sq: number) => (height - 1 - Math.floor(sq / width)) * cell;
  const cx = (sq: number) => x(sq) + cell / 2;
  const cy = (sq: number) => y(sq) + cell / 2;
  const path = view.path ? Array.from(view.path) : undefined;
  const base =
    (path && path.length > 0 ? renderTourSvg(board, path, view.closed ?? false, { cell }) : undefined) ??
    renderPlacementSvg(board, view.piece, view.pieces ?? [], view.conflicts ?? [], { cell }) ??
    '';
  const data = path ? `data-path="${path.join(' ')}"` : `data-pieces="${(view.pieces ?? []).join(' ')}" data-conflicts="${view.conflicts?.length ?? 0}"`;
  const parts: string[] = [`<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="board" ${data}>`, base];
  const occupied = new Set(view.pieces ?? []);
  for (const sq of view.attacked ?? []) {
    if (!occupied.has(sq)) parts.push(`<rect class="attacked" x="${x(sq)}" y="${y(sq)}" width="${cell}" height="${cell}" fill="#e74c3c" fill-opacity="0.4"/>`);
  }
  // Coordinates as on a printed board: files along the bottom rank, ranks up the a-file.
  if (width <= 26 && height <= 99 && cell >= 24) {
    const label = (lx: number, ly: number, text: string, anchor: string) =>
      parts.push(`<text x="${lx}" y="${ly}" font-family="sans-serif" font-size="${cell * 0.2}" text-anchor="${anchor}" fill="#5b5247">${text}</text>`);
    for (let col = 0; col < width; col++) label(x(col) + cell - 2, h - 3, String.fromCharCode(97 + col), 'end');
    for (let row = 0; row < height; row++) label(2, y(row * width) + cell * 0.22, String(row + 1), 'start');
  }
  if (view.touched) {
    const colour = view.touched.how === 'add' ? '#27ae60' : '#e67e22';
    const sq = view.touched.square;
    parts.push(`<rect class="touched" x="${x(sq) + 1.5}" y="${y(sq) + 1.5}" width="${cell - 3}" height="${cell - 3}" fill="none" stroke="${colour}" stroke-width="3"/>`);
  }
  // Candidates get a dashed ring and their onward degree in a corner badge, so the path numbers stay readable.
  for (const c of view.candidates ?? []) {
    const bx = x(c.square) + cell * 0.2;
    const by = y(c.square) + cell * 0.8;
    parts.push(`<circle class="candidate" data-square="${c.square}" cx="${cx(c.square)}" cy="${cy(c.square)}" r="${cell * 0.42}" fill="none" stroke="#2980b9" stroke-width="2" stroke-dasharray="4 3"/>`);
    parts.push(`<circle cx="${bx}" cy="${by}" r="${cell * 0.17}" fill="#2980b9"/>`);
    parts.push(`<text x="${bx}" y="${by}" font-family="sans-serif" font-size="${cell * 0.22}" text-anchor="middle" dominant-baseline="central" fill="#fff">${c.degree}</text>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A board as an <img>: its own document, so the ids inside the render SVG cannot clash with the main board's. */
export function boardImage(view: BoardView, size: number): string {
  const svg = boardSvg(view, size);
  const data = view.path ? `data-path="${Array.from(view.path).join(' ')}"` : `data-pieces="${(view.pieces ?? []).join(' ')}"`;
  return `<img alt="board" width="${size}" ${data} src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}"/>`;
}
