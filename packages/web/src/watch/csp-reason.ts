import type { Board, OptionValue, Piece, TraceEvent } from '@bezzel/core';
import { replayDomains } from '@bezzel/csp';
import { attackOn } from '../board/attackers.js';

/** The domains before a step, as the search saw them: for each open column, the rows it may still take. */
export interface OpenDomains {
  /** Open (unassigned) columns, left to right, each with the rows left in its domain. */
  readonly open: ReadonlyMap<number, readonly number[]>;
  /** The squares of the queens (pieces) assigned. */
  readonly assigned: readonly number[];
}

/**
 * The domains after the first `position` events of a csp trace: a value is left when no inference crossed it out
 * and no assigned piece attacks it (without inference nothing is crossed out ahead, and the attacks are what rule
 * values out; with forward checking the two agree; MAC crosses out more).
 */
export function openDomains(board: Board, piece: Piece, events: readonly TraceEvent[], position: number): OpenDomains {
  const n = board.width;
  const grid = replayDomains(n, events, position);
  const assigned: number[] = [];
  grid.value.forEach((v, c) => v >= 0 && assigned.push(v * n + c));
  const open = new Map<number, number[]>();
  grid.value.forEach((v, c) => {
    if (v >= 0) return;
    const rows: number[] = [];
    for (let r = 0; r < board.height; r++) if (grid.crossedAt[c]![r]! < 0 && attackOn(board, piece, assigned, r * n + c) === undefined) rows.push(r);
    open.set(c, rows);
  });
  return { open, assigned };
}

/** A column's name, as the page writes files: a letter up to 26 files, its number (from 1) beyond. */
export function fileWord(board: Board, column: number): string {
  return board.width <= 26 ? board.fileName(column) : String(column + 1);
}

/** A rank's name: its number from 1 on algebraic boards, from 0 (as squares are named) beyond. */
export function rankWord(board: Board, row: number): string {
  return board.width <= 26 ? String(row + 1) : String(row);
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Why the csp search assigns the column it assigns at `position` (an `assign` event), in words: MRV's count ("MRV: f
 * has 1 value left, the fewest (d 2, e 3, f 1)"), the tie and what breaks it, the static order, or the same column
 * again after its value failed. Undefined for any other event.
 */
export function variableReason(board: Board, piece: Piece, events: readonly TraceEvent[], position: number, options?: Readonly<Record<string, OptionValue>>): string | undefined {
  const event = events[position];
  if (event?.type !== 'assign') return undefined;
  const previous = events[position - 1];
  const column = fileWord(board, event.variable);
  if (previous?.type === 'unassign' && previous.variable === event.variable && previous.depth === event.depth) return `${column} again, its next value`;
  const ordering = String(options?.ordering ?? 'mrv');
  if (ordering === 'static') return `static order: ${column} is the first open column`;
  const { open } = openDomains(board, piece, events, position);
  const fewest = Math.min(...[...open.values()].map((rows) => rows.length));
  const tied = [...open].filter(([, rows]) => rows.length === fewest).map(([c]) => fileWord(board, c));
  const sizes = [...open].map(([c, rows]) => `${fileWord(board, c)} ${rows.length}`).join(', ');
  const left = open.get(event.variable)?.length ?? fewest;
  const tie = tied.length > 1 ? `; tied with ${tied.filter((c) => c !== column).join(', ')}, ${ordering === 'mrv+degree' ? 'the degree heuristic' : 'the leftmost'} decides` : '';
  return `MRV: ${column} has ${plural(left, 'value')} left, the fewest (${sizes})${tie}`;
}

/**
 * Why the value: the lowest rank left (values in order), or LCV's count of the others' values each would rule out,
 * the fewest first. Undefined for any other event than `assign`.
 */
export function valueReason(board: Board, piece: Piece, events: readonly TraceEvent[], position: number, options?: Readonly<Record<string, OptionValue>>): string | undefined {
  const event = events[position];
  if (event?.type !== 'assign') return undefined;
  const rank = rankWord(board, event.value);
  if (String(options?.values ?? 'order') !== 'lcv') return `values upward: rank ${rank}`;
  const { open } = openDomains(board, piece, events, position);
  const n = board.width;
  const costs = (open.get(event.variable) ?? [event.value]).map((row) => {
    const square = row * n + event.variable;
    let ruled = 0;
    for (const [c, rows] of open) if (c !== event.variable) for (const r of rows) if (attackOn(board, piece, [square], r * n + c) !== undefined) ruled++;
    return [row, ruled] as const;
  });
  const mine = costs.find(([row]) => row === event.value)?.[1] ?? 0;
  return `LCV: rank ${rank} rules out ${plural(mine, 'value')} of the other columns (${costs.map(([r, c]) => `${rankWord(board, r)}: ${c}`).join(', ')})`;
}

/** Each open column's count of values left, written on its top square (what MRV reads), for the board. */
export function domainSizeLabels(board: Board, piece: Piece, events: readonly TraceEvent[], position: number): Map<number, string> {
  const { open } = openDomains(board, piece, events, position);
  const labels = new Map<number, string>();
  for (const [c, rows] of open) labels.set((board.height - 1) * board.width + c, String(rows.length));
  return labels;
}
