import { moveIndex, NO_MOVE } from './knight-moves.js';
import { findPath, type PathQuery } from './path-search.js';

/**
 * A block's tour as links: square `s` (row * width + col) is joined to its tour neighbours by the knight moves
 * `links[2s]` and `links[2s + 1]` (NO_MOVE at the free end of a path). This is the form the assembler copies.
 */
export interface BlockTour {
  readonly width: number;
  readonly height: number;
  readonly links: Uint8Array;
}

/** Turns a path (closed back to its start when `closed`) into links. */
export function linksOf(width: number, path: ArrayLike<number>, closed: boolean): Uint8Array {
  const links = new Uint8Array(path.length * 2).fill(NO_MOVE);
  const join = (a: number, b: number) => {
    const k = moveIndex(((b / width) | 0) - ((a / width) | 0), (b % width) - (a % width));
    if (k < 0) throw new Error(`base tour: ${a} to ${b} is not a knight's move`);
    links[2 * a + (links[2 * a] === NO_MOVE ? 0 : 1)] = k;
  };
  for (let i = 0; i + 1 < path.length; i++) {
    join(path[i]!, path[i + 1]!);
    join(path[i + 1]!, path[i]!);
  }
  if (closed) {
    join(path[path.length - 1]!, path[0]!);
    join(path[0]!, path[path.length - 1]!);
  }
  return links;
}

const cycles = new Map<string, BlockTour | null>();

/**
 * The structured closed tour of a width×height block, found once by a small search and cached. "Structured"
 * means it contains the moves (3,0)–(1,1)–(0,3) at the block's lower-left corner (row, col): with the two moves
 * every tour has at a corner square, they are what lets neighbouring blocks be joined by swapping two edges.
 * Returns undefined when the search finds none (the partition then avoids that shape).
 */
export function structuredCycle(width: number, height: number): BlockTour | undefined {
  const key = `${width}x${height}`;
  const cached = cycles.get(key);
  if (cached !== undefined) return cached ?? undefined;
  let tour: BlockTour | undefined;
  if (width >= 4 && height >= 4 && (width * height) % 2 === 0) {
    const query: PathQuery = { width, height, start: 3, end: 3 * width, blocked: [width + 1] };
    const path = findPath(query, width * 131 + height);
    if (path) {
      const full = Int32Array.from([width + 1, ...path]);
      tour = { width, height, links: linksOf(width, full, true) };
    }
  }
  cycles.set(key, tour ?? null);
  return tour;
}

/** Any closed tour of a block: a path from (1,2) to the corner, which closes because the corner is next to (1,2). */
export function plainCycle(width: number, height: number): BlockTour | undefined {
  const path = findPath({ width, height, start: width + 2, end: 0 }, width * 31 + height);
  return path && { width, height, links: linksOf(width, path, true) };
}

/** An open path through every square of a block from `start`, containing the move `forced`; searched each time. */
export function blockPath(width: number, height: number, start: number, forced: readonly [number, number] | undefined): BlockTour | undefined {
  const path = findPath({ width, height, start, end: -1, forced: forced ? [forced] : [] }, width * 7919 + height * 31 + start, 8);
  return path && { width, height, links: linksOf(width, path, false) };
}
