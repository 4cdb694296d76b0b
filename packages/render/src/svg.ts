import type { Board, Conflict, Piece, Result, Solution } from '@bezzel/core';
import { piecePath } from './svg-pieces.js';

/** A tour or placement beyond this many squares would make an SVG of many megabytes: the caller is told instead. */
export const MAX_SVG_SQUARES = 250_000;
/** The drawing is at most about this many pixels wide or high; cells shrink on large boards. */
const TARGET_PIXELS = 800;
/** Step numbers are written into the squares up to this board side, where they can still be read. */
const MAX_NUMBERED_SIDE = 16;

const LIGHT = '#f0d9b5';
const DARK = '#b58863';

/** How an SVG drawing looks; every field optional. */
export interface SvgOptions {
  /** Pixels a square; by default 48 on small boards, less on large ones so the drawing stays about 800 px. */
  readonly cell?: number;
  /** Write step numbers into the squares of a tour (default: when the board is at most 16 on a side). */
  readonly numbers?: boolean;
  /** A title above the board (and the SVG's `<title>`). */
  readonly title?: string;
}

interface Frame {
  readonly board: Board;
  readonly cell: number;
  readonly x: (sq: number) => number;
  readonly y: (sq: number) => number;
}

function frameOf(board: Board, options: SvgOptions): Frame {
  const cell = options.cell ?? Math.max(1, Math.min(48, Math.floor(TARGET_PIXELS / Math.max(board.width, board.height))));
  return {
    board,
    cell,
    x: (sq) => (board.col(sq) + 0.5) * cell,
    // Rank 1 is at the bottom, as on a printed board.
    y: (sq) => (board.height - 1 - board.row(sq) + 0.5) * cell,
  };
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/**
 * The board: one light rectangle and a 2×2-square pattern for the dark squares (so a 500×500 board is a few
 * lines, not 250 000 rectangles), removed squares blanked out.
 */
function boardLayer(frame: Frame): string[] {
  const { board, cell } = frame;
  const w = board.width * cell;
  const h = board.height * cell;
  // a1 is dark; the top-left square is dark exactly when the height is odd.
  const offset = board.height % 2 === 1 ? 0 : cell;
  const lines = [
    `<defs><pattern id="dark" width="${2 * cell}" height="${2 * cell}" patternUnits="userSpaceOnUse">`,
    `<rect x="${offset}" y="0" width="${cell}" height="${cell}" fill="${DARK}"/><rect x="${cell - offset}" y="${cell}" width="${cell}" height="${cell}" fill="${DARK}"/>`,
    '</pattern></defs>',
    `<rect width="${w}" height="${h}" fill="${LIGHT}"/>`,
    `<rect width="${w}" height="${h}" fill="url(#dark)"/>`,
  ];
  for (const sq of board.removed) {
    lines.push(`<rect x="${fmt(frame.x(sq) - cell / 2)}" y="${fmt(frame.y(sq) - cell / 2)}" width="${cell}" height="${cell}" fill="#ffffff"/>`);
  }
  return lines;
}

/** The drawing's outer element around a body, line by line. */
function* framed(frame: Frame, body: Iterable<string>, title: string | undefined): Generator<string> {
  const w = frame.board.width * frame.cell;
  const h = frame.board.height * frame.cell;
  yield `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">\n`;
  if (title) yield `<title>${escapeXml(title)}</title>\n`;
  for (const line of boardLayer(frame)) yield `${line}\n`;
  // Body pieces carry their own line ends: a long polyline comes in many pieces of one line.
  yield* body;
  yield '</svg>\n';
}

/** Points of a polyline a chunk at a time: a 500×500 tour's path is 250 000 of them. */
const POINTS_PER_CHUNK = 8192;

/**
 * A tour: the path as one polyline (closing back to the start when closed), start and end marked, numbers on
 * small boards. The drawing comes in pieces (its path a chunk of points at a time), never as one string;
 * undefined when the board is too large to draw.
 */
export function tourSvgChunks(board: Board, path: ArrayLike<number>, closed: boolean, options: SvgOptions = {}): Iterable<string> | undefined {
  if (board.size > MAX_SVG_SQUARES || path.length === 0) return undefined;
  const frame = frameOf(board, options);
  return framed(frame, tourBody(frame, path, closed, options), options.title);
}

function* tourBody(frame: Frame, path: ArrayLike<number>, closed: boolean, options: SvgOptions): Generator<string> {
  const { board, cell } = frame;
  const point = (sq: number) => `${fmt(frame.x(sq))},${fmt(frame.y(sq))}`;
  const stroke = Math.max(0.5, cell / 12);
  yield '<polyline points="';
  for (let start = 0; start < path.length; start += POINTS_PER_CHUNK) {
    const points: string[] = [];
    for (let i = start; i < Math.min(path.length, start + POINTS_PER_CHUNK); i++) points.push(point(path[i]!));
    yield `${start === 0 ? '' : ' '}${points.join(' ')}`;
  }
  if (closed && path.length > 1) yield ` ${point(path[0]!)}`;
  yield `" fill="none" stroke="#1f4e8c" stroke-width="${fmt(stroke)}" stroke-linejoin="round" stroke-opacity="0.85"/>\n`;
  const first = path[0]!;
  const last = path[path.length - 1]!;
  const r = Math.max(1, cell * 0.22);
  yield `<circle cx="${fmt(frame.x(first))}" cy="${fmt(frame.y(first))}" r="${fmt(r)}" fill="#2e9e44" stroke="#ffffff" stroke-width="${fmt(stroke / 2)}"><title>start</title></circle>\n`;
  yield `<rect x="${fmt(frame.x(last) - r)}" y="${fmt(frame.y(last) - r)}" width="${fmt(2 * r)}" height="${fmt(2 * r)}" fill="#c0392b" stroke="#ffffff" stroke-width="${fmt(stroke / 2)}"><title>end</title></rect>\n`;
  const numbers = options.numbers ?? Math.max(board.width, board.height) <= MAX_NUMBERED_SIDE;
  if (numbers && cell >= 16) {
    const size = fmt(Math.min(cell * 0.3, 14));
    yield `<g font-family="sans-serif" font-size="${size}" fill="#111111" text-anchor="end">\n`;
    for (let i = 0; i < path.length; i++) {
      yield `<text x="${fmt(frame.x(path[i]!) + cell * 0.45)}" y="${fmt(frame.y(path[i]!) - cell * 0.2)}">${i + 1}</text>\n`;
    }
    yield '</g>\n';
  }
}

/** A placement: each piece drawn from its SVG path, and each attacking pair (from the Validator) as a red line. */
export function placementSvgChunks(
  board: Board,
  piece: Piece,
  squares: readonly number[],
  conflicts: readonly Conflict[] = [],
  options: SvgOptions = {},
): Iterable<string> | undefined {
  if (board.size > MAX_SVG_SQUARES) return undefined;
  const frame = frameOf(board, options);
  return framed(frame, placementBody(frame, piece, squares, conflicts), options.title);
}

function* placementBody(frame: Frame, piece: Piece, squares: readonly number[], conflicts: readonly Conflict[]): Generator<string> {
  const { board, cell } = frame;
  const scale = fmt((cell * 0.9) / 100);
  const d = piecePath(piece.id);
  yield `<g fill="#222222" stroke="#ffffff" stroke-width="3" fill-rule="evenodd">\n`;
  for (const sq of squares) {
    if (sq < 0 || sq >= board.size) continue;
    const x = fmt(frame.x(sq) - cell * 0.45);
    const y = fmt(frame.y(sq) - cell * 0.45);
    yield `<path transform="translate(${x} ${y}) scale(${scale})" d="${d}"><title>${escapeXml(`${piece.name} on ${board.name(sq)}`)}</title></path>\n`;
  }
  yield '</g>\n';
  if (conflicts.length > 0) {
    yield `<g stroke="#d62728" stroke-width="${fmt(Math.max(1, cell / 16))}" stroke-opacity="0.8" stroke-linecap="round">\n`;
    for (const c of conflicts) {
      yield `<line x1="${fmt(frame.x(c.a))}" y1="${fmt(frame.y(c.a))}" x2="${fmt(frame.x(c.b))}" y2="${fmt(frame.y(c.b))}"><title>${escapeXml(c.message)}</title></line>\n`;
    }
    yield '</g>\n';
  }
}

/** Any solution: a tour or a placement. */
export function solutionSvgChunks(board: Board, piece: Piece, solution: Solution, options: SvgOptions = {}): Iterable<string> | undefined {
  return solution.kind === 'tour'
    ? tourSvgChunks(board, solution.path, solution.closed, options)
    : placementSvgChunks(board, piece, solution.squares, [], options);
}

const joined = (chunks: Iterable<string> | undefined) => chunks && [...chunks].join('');

/** {@link tourSvgChunks} as one string, for small drawings (the web page, tests). */
export const renderTourSvg = (...args: Parameters<typeof tourSvgChunks>): string | undefined => joined(tourSvgChunks(...args));
/** {@link placementSvgChunks} as one string. */
export const renderPlacementSvg = (...args: Parameters<typeof placementSvgChunks>): string | undefined => joined(placementSvgChunks(...args));
/** {@link solutionSvgChunks} as one string. */
export const renderSolutionSvg = (...args: Parameters<typeof solutionSvgChunks>): string | undefined => joined(solutionSvgChunks(...args));
