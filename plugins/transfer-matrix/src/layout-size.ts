import { Rng } from '@bezzel/core';
import { popcount, rowIsFree } from './layout.js';
import { fullRow, reachDown, reachUp, type RowModel } from './rows.js';

/** The size of a layout (see layout.ts), known without building it. */
export interface LayoutSize {
  /** Groups (tuples of the newest R-1 rows), states, and polynomial additions of one row step. */
  readonly groups: number;
  readonly states: number;
  readonly work: number;
  /** False when estimated by random probes rather than counted. */
  readonly exact: boolean;
}

/** Probes of the tuple tree when counting would take too long, and candidate rows sampled at a level too wide to list. */
const PROBES = 48;
const SAMPLED_ROWS = 256;
/** A level of at most this many candidate rows is listed in full. */
const LISTED_ROWS = 4096;

/**
 * A layout's groups, states and work as `buildLayout` would lay them out, without keeping anything: `supports()`
 * must answer in milliseconds, and a layout of millions of states takes seconds to lay out. Counted exactly while
 * that takes at most `maxTests` candidate rows; otherwise estimated by Knuth's random probes down the tree of
 * tuples (rows oldest first, each row a child of the rows before it), each probe multiplying the numbers of
 * children it meets: an unbiased estimate, seeded so the same board gets the same answer. Where a level has more
 * candidates than can be listed, its children are counted from a random sample of them.
 */
export function layoutSize(model: RowModel, maxTests: number): LayoutSize {
  return countLayout(model, maxTests) ?? probeLayout(model);
}

/** What one group adds: a state for each subset of its free squares, and the zeta transform's additions. */
function groupSize(model: RowModel, tuple: readonly number[], full: number): { states: number; work: number } {
  let free = full;
  for (let j = 1; j < model.reach; j++) free &= ~reachDown(tuple[j - 1]!, model.offsets[j]!, full);
  const bits = popcount(free >>> 0);
  return { states: 2 ** bits, work: 2 ** bits + bits * 2 ** Math.max(0, bits - 1) };
}

/** The squares of row `depth` of a tuple that its earlier rows leave open. */
function roomAt(model: RowModel, tuple: readonly number[], depth: number, full: number): number {
  let room = full;
  for (let i = 0; i < depth; i++) room &= ~reachUp(tuple[i]!, model.offsets[depth - i]!, full);
  return room >>> 0;
}

function countLayout(model: RowModel, maxTests: number): LayoutSize | undefined {
  const k = model.reach - 1;
  const full = fullRow(model.width);
  const tuple = new Array<number>(Math.max(k, 1)).fill(0);
  let groups = 0;
  let states = 0;
  let work = 0;
  let tests = 0;
  const visit = (depth: number): boolean => {
    if (depth === k) {
      const size = groupSize(model, tuple, full);
      groups++;
      states += size.states;
      work += size.work;
      return true;
    }
    const room = roomAt(model, tuple, depth, full);
    for (let s = room; ; s = ((s - 1) & room) >>> 0) {
      if (++tests > maxTests) return false;
      if (rowIsFree(s, model, full)) {
        tuple[depth] = s;
        if (!visit(depth + 1)) return false;
      }
      if (s === 0) break;
    }
    return true;
  };
  return visit(0) ? { groups, states, work, exact: true } : undefined;
}

function probeLayout(model: RowModel): LayoutSize {
  const k = model.reach - 1;
  const full = fullRow(model.width);
  const rng = new Rng(0x1a7);
  const tuple = new Array<number>(Math.max(k, 1)).fill(0);
  const rows: number[] = [];
  let groups = 0;
  let states = 0;
  let work = 0;
  for (let p = 0; p < PROBES; p++) {
    let weight = 1;
    for (let depth = 0; depth < k && weight > 0; depth++) {
      const room = roomAt(model, tuple, depth, full);
      const candidates = 2 ** popcount(room);
      rows.length = 0;
      if (candidates <= LISTED_ROWS) {
        for (let s = room; ; s = ((s - 1) & room) >>> 0) {
          if (rowIsFree(s, model, full)) rows.push(s);
          if (s === 0) break;
        }
        weight *= rows.length;
      } else {
        // Random subsets of the room: a random number's bits deposited on the room's squares.
        for (let i = 0; i < SAMPLED_ROWS; i++) {
          let s = 0;
          for (let m = room, bits = rng.nextU32(); m !== 0; m = (m & (m - 1)) >>> 0, bits >>>= 1) if (bits & 1) s |= m & -m;
          if (rowIsFree(s >>> 0, model, full)) rows.push(s >>> 0);
        }
        weight *= (candidates * rows.length) / SAMPLED_ROWS;
      }
      if (rows.length > 0) tuple[depth] = rows[rng.below(rows.length)]!;
      else weight = 0;
    }
    if (weight === 0) continue;
    const size = groupSize(model, tuple, full);
    groups += weight;
    states += weight * size.states;
    work += weight * size.work;
  }
  return { groups: groups / PROBES, states: states / PROBES, work: work / PROBES, exact: false };
}
