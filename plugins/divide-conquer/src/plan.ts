import { joinMove, type Direction, type Layout } from './assemble.js';
import { blockPath, plainCycle, structuredCycle, type BlockTour } from './base-tours.js';
import { sideSplits, type SideSplit } from './partition.js';

/**
 * The blocks of a closed tour on width×height: every block a structured cycle. Undefined when the sides cannot
 * be split into blocks that have one (a side under 5, or both sides odd).
 */
export function closedLayout(width: number, height: number): Layout | undefined {
  if ((width * height) % 2 === 1) return undefined;
  const columns = sideSplits(width, -1)[0];
  const rows = sideSplits(height, -1)[0];
  if (!columns || !rows) return undefined;
  if (columns.parts.length === 1 && rows.parts.length === 1) {
    // One block needs no joins, so any closed tour will do; the structured one is simply the one we can find.
    const whole = structuredCycle(width, height) ?? plainCycle(width, height);
    return whole && { width, height, columns: columns.parts, rows: rows.parts, tourOf: () => whole };
  }
  return cycleLayout(width, height, columns, rows);
}

function cycleLayout(width: number, height: number, columns: SideSplit, rows: SideSplit, special?: Layout['special'], path?: BlockTour): Layout | undefined {
  const shapes = new Map<string, BlockTour>();
  for (const w of new Set(columns.parts)) {
    for (const h of new Set(rows.parts)) {
      if (w % 2 === 1 && h % 2 === 1) continue;
      const tour = structuredCycle(w, h);
      if (!tour) return undefined;
      shapes.set(`${w}x${h}`, tour);
    }
  }
  return {
    width,
    height,
    columns: columns.parts,
    rows: rows.parts,
    special,
    tourOf: (R, C) =>
      special && path && R === special.R && C === special.C ? path : shapes.get(`${columns.parts[C]}x${rows.parts[R]}`)!,
  };
}

/**
 * The blocks of an open tour from `start` on a board with both sides odd: the odd column and the odd row of
 * blocks meet in one odd×odd block holding a path from `start`, hung as a leaf on the tree of joins; every other
 * block is a structured cycle. Tries a few splits and join directions, since a small block has no path from some
 * squares.
 */
export function openLayout(width: number, height: number, start: number): Layout | undefined {
  const row = Math.floor(start / width);
  const col = start % width;
  const columnSplits = sideSplits(width, col).slice(0, 3);
  const rowSplits = sideSplits(height, row).slice(0, 3);
  for (const columns of columnSplits) {
    for (const rows of rowSplits) {
      const C = columns.oddIndex;
      const R = rows.oddIndex;
      const x0 = columns.parts.slice(0, C).reduce((s, p) => s + p, 0);
      const y0 = rows.parts.slice(0, R).reduce((s, p) => s + p, 0);
      const w = columns.parts[C]!;
      const h = rows.parts[R]!;
      const local = (row - y0) * w + (col - x0);
      const directions: Direction[] = [];
      if (C > 0) directions.push('left');
      if (C + 1 < columns.parts.length) directions.push('right');
      if (R > 0) directions.push('down');
      if (R + 1 < rows.parts.length) directions.push('up');
      if (directions.length === 0) {
        const path = cachedPath(w, h, local, undefined);
        if (path) return { width, height, columns: columns.parts, rows: rows.parts, tourOf: () => path };
        continue;
      }
      for (const parent of directions) {
        const path = cachedPath(w, h, local, parent);
        if (!path) continue;
        const layout = cycleLayout(width, height, columns, rows, { R, C, parent }, path);
        if (layout) return layout;
      }
    }
  }
  return undefined;
}

const paths = new Map<string, BlockTour | null>();

/** Block paths from a square with the move a join needs, cached: a sweep over start squares asks for the same ones. */
function cachedPath(w: number, h: number, start: number, parent: Direction | undefined): BlockTour | undefined {
  const key = `${w}x${h}:${start}:${parent ?? ''}`;
  const cached = paths.get(key);
  if (cached !== undefined) return cached ?? undefined;
  let forced: [number, number] | undefined;
  if (parent) {
    const [[r1, c1], [r2, c2]] = joinMove(parent, w, h);
    forced = [r1 * w + c1, r2 * w + c2];
  }
  const path = blockPath(w, h, start, forced);
  paths.set(key, path ?? null);
  return path;
}
