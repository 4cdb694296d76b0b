import { conflictTable, type Board, type Piece } from '@bezzel/core';

/** What the page draws on a board at one moment of a run. */
export interface BoardView {
  readonly width: number;
  readonly height: number;
  /** Placement pieces (or local-search pieces). */
  readonly pieces?: readonly number[];
  readonly symbol?: string;
  /** Tour path so far, start first. */
  readonly path?: ArrayLike<number>;
  /** Squares some piece attacks, shaded. */
  readonly attacked?: ReadonlySet<number>;
  /** Pairs of pieces that attack each other, drawn as lines. */
  readonly conflicts?: readonly (readonly [number, number])[];
  /** Tour: where the head may go next, with each one's onward degree (Warnsdorff's number). */
  readonly candidates?: readonly { readonly square: number; readonly degree: number }[];
  /** The square the last step touched, and how. */
  readonly touched?: { readonly square: number; readonly how: 'add' | 'take' };
}

/** Boards up to this many squares are drawn as SVG with shading; larger ones on a canvas. */
export const SVG_MAX_SQUARES = 32 * 32;

/** Squares attacked by the pieces, and the attacking pairs among them, from the core conflict table. */
export function attackPicture(board: Board, piece: Piece, pieces: readonly number[]): { attacked: Set<number>; conflicts: [number, number][] } {
  const { offsets, targets } = conflictTable(board, piece);
  const occupied = new Set(pieces);
  const attacked = new Set<number>();
  const conflicts: [number, number][] = [];
  for (const sq of pieces) {
    for (let i = offsets[sq]!; i < offsets[sq + 1]!; i++) {
      const t = targets[i]!;
      attacked.add(t);
      if (occupied.has(t) && sq < t) conflicts.push([sq, t]);
    }
  }
  return { attacked, conflicts };
}

const LIGHT = '#f7f5f0';
const DARK = '#cfc9bd';

/**
 * The board as SVG text: squares, shading, pieces, path, candidates. A thin local drawing; row 0 is rank 1,
 * at the bottom.
 */
export function boardSvg(view: BoardView, size = 480): string {
  const { width, height } = view;
  const cell = size / Math.max(width, height);
  const w = cell * width;
  const h = cell * height;
  const x = (sq: number) => (sq % width) * cell;
  const y = (sq: number) => (height - 1 - Math.floor(sq / width)) * cell;
  const cx = (sq: number) => x(sq) + cell / 2;
  const cy = (sq: number) => y(sq) + cell / 2;
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="board">`];
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const sq = row * width + col;
      parts.push(`<rect x="${x(sq)}" y="${y(sq)}" width="${cell}" height="${cell}" fill="${(row + col) % 2 === 0 ? DARK : LIGHT}"/>`);
      if (view.attacked?.has(sq)) parts.push(`<rect class="attacked" x="${x(sq)}" y="${y(sq)}" width="${cell}" height="${cell}" fill="#e74c3c" fill-opacity="0.38"/>`);
    }
  }
  // Coordinates as on a printed board: files along the bottom rank, ranks up the a-file.
  if (width <= 26 && height <= 99 && cell >= 24) {
    const label = (x: number, y: number, text: string, anchor: string) =>
      parts.push(`<text x="${x}" y="${y}" font-size="${cell * 0.2}" text-anchor="${anchor}" fill="#6b6459">${text}</text>`);
    for (let col = 0; col < width; col++) label(x(col) + cell - 2, h - 3, String.fromCharCode(97 + col), 'end');
    for (let row = 0; row < height; row++) label(2, y(row * width) + cell * 0.22, String(row + 1), 'start');
  }
  if (view.touched) {
    const colour = view.touched.how === 'add' ? '#27ae60' : '#e67e22';
    const sq = view.touched.square;
    parts.push(`<rect x="${x(sq) + 1.5}" y="${y(sq) + 1.5}" width="${cell - 3}" height="${cell - 3}" fill="none" stroke="${colour}" stroke-width="3"/>`);
  }
  const path = view.path;
  if (path && path.length > 0) {
    const points = Array.from(path, (sq) => `${cx(sq).toFixed(1)},${cy(sq).toFixed(1)}`).join(' ');
    parts.push(`<polyline class="path" data-squares="${Array.from(path).join(' ')}" points="${points}" fill="none" stroke="#2c3e50" stroke-width="${Math.max(1, cell / 12)}" stroke-linejoin="round"/>`);
    if (width * height <= 144) {
      for (let i = 0; i < path.length; i++) {
        parts.push(`<text x="${cx(path[i]!)}" y="${cy(path[i]!)}" font-size="${cell * 0.32}" text-anchor="middle" dominant-baseline="central" fill="#1a252f" stroke="#fff" stroke-width="${cell / 24}" paint-order="stroke">${i + 1}</text>`);
      }
    }
    const head = path[path.length - 1]!;
    parts.push(`<circle class="head" cx="${cx(head)}" cy="${cy(head)}" r="${cell * 0.22}" fill="#2980b9"/>`);
  }
  // Candidates get a dashed ring and their onward degree in a corner badge, so the path numbers stay readable.
  for (const c of view.candidates ?? []) {
    const bx = x(c.square) + cell * 0.8;
    const by = y(c.square) + cell * 0.2;
    parts.push(`<circle class="candidate" data-square="${c.square}" cx="${cx(c.square)}" cy="${cy(c.square)}" r="${cell * 0.42}" fill="none" stroke="#2980b9" stroke-width="2" stroke-dasharray="4 3"/>`);
    parts.push(`<circle cx="${bx}" cy="${by}" r="${cell * 0.17}" fill="#2980b9"/>`);
    parts.push(`<text x="${bx}" y="${by}" font-size="${cell * 0.22}" text-anchor="middle" dominant-baseline="central" fill="#fff">${c.degree}</text>`);
  }
  for (const [a, b] of view.conflicts ?? []) {
    parts.push(`<line class="conflict" x1="${cx(a)}" y1="${cy(a)}" x2="${cx(b)}" y2="${cy(b)}" stroke="#c0392b" stroke-width="${Math.max(1.5, cell / 16)}"/>`);
  }
  for (const sq of view.pieces ?? []) {
    parts.push(`<text class="piece" data-square="${sq}" x="${cx(sq)}" y="${cy(sq)}" font-size="${cell * 0.75}" text-anchor="middle" dominant-baseline="central" fill="#111">${escapeXml(view.symbol ?? '●')}</text>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
