import type { TraceEvent } from '@bezzel/core';
import { placedSquare } from './replay.js';

/**
 * The tree a depth-first search walks, built from its trace as events arrive: one node for each placement or
 * move, under the node the search stood on. Nodes are numbered in the order they were made (the search's
 * preorder), so the nodes seen by step p are a prefix of the numbers, and at each depth they run left to right.
 *
 * `layout()` gives each node a horizontal extent in proportion to the leaves below it (an icicle chart): depth
 * down the page, the search sweeping from left to right, dead ends and solutions as leaves.
 */
export class SearchTree {
  readonly parent: number[] = [];
  readonly depth: number[] = [];
  readonly square: number[] = [];
  /** The position of the event that made the node, in the trace. */
  readonly at: number[] = [];
  readonly solution: boolean[] = [];
  readonly children: number[] = [];
  /** Nodes of each depth, in order (left to right). */
  readonly byDepth: number[][] = [];
  /** False once an event arrives that no tree can hold (a local-search step, a generation). */
  treeShaped = true;
  #path: number[] = [];
  #read = 0;

  /** `width` is the board's, for csp events, which name a column and a row rather than a square. */
  constructor(readonly width = 0) {}

  get size(): number {
    return this.parent.length;
  }

  get maxDepth(): number {
    return this.byDepth.length - 1;
  }

  /** Takes the events not yet read. */
  update(events: readonly TraceEvent[]): void {
    for (; this.#read < events.length && this.treeShaped; this.#read++) {
      const event = events[this.#read]!;
      switch (event.type) {
        case 'place':
        case 'assign':
        case 'cover':
          this.#add(event.depth, placedSquare(event, this.width)!, this.#read);
          break;
        case 'move':
          this.#add(event.depth, event.square, this.#read);
          break;
        case 'remove':
        case 'unassign':
        case 'uncover':
        case 'retreat':
          this.#path.length = Math.min(this.#path.length, event.depth);
          break;
        case 'solution': {
          const node = this.#path[this.#path.length - 1];
          if (node !== undefined) this.solution[node] = true;
          break;
        }
        // A domination search's reason for going no deeper leaves the tree as it is.
        case 'cut':
        // A csp wipe-out is followed by the assignment's taking back: a dead end.
        case 'wipeout':
          break;
        default:
          this.treeShaped = false;
      }
    }
  }

  /** How many nodes the search had made by `position` (the nodes numbered below it). */
  seenBy(position: number): number {
    return upperBound(this.at, 0, this.at.length, position - 1);
  }

  /**
   * The nodes from the top down to the one the search stands on after `position` events, when the board
   * then holds `length` pieces (or path squares): after going back, the path is the top of the chain above
   * the last node made.
   */
  pathAt(position: number, length: number): number[] {
    const seen = this.seenBy(position);
    const path: number[] = [];
    for (let node = seen - 1; node >= 0; node = this.parent[node]!) path.push(node);
    path.reverse();
    path.length = Math.min(path.length, length);
    return path;
  }

  /** A leaf that is no solution: the search found no way on from it. */
  isDeadEnd(node: number): boolean {
    return this.children[node] === 0 && !this.solution[node];
  }

  /** Each node's extent [x0, x1) in leaves, the leaves in all, for drawing. */
  layout(): { x0: Float64Array; x1: Float64Array; leaves: number } {
    const n = this.size;
    const leaves = new Float64Array(n);
    for (let i = n - 1; i >= 0; i--) {
      if (this.children[i] === 0) leaves[i] = 1;
      const p = this.parent[i]!;
      if (p >= 0) leaves[p] += leaves[i]!;
    }
    const x0 = new Float64Array(n);
    const x1 = new Float64Array(n);
    const cursor = new Float64Array(n);
    let rootCursor = 0;
    for (let i = 0; i < n; i++) {
      const p = this.parent[i]!;
      if (p < 0) {
        x0[i] = rootCursor;
        rootCursor += leaves[i]!;
      } else {
        x0[i] = cursor[p]!;
        cursor[p] += leaves[i]!;
      }
      x1[i] = x0[i]! + leaves[i]!;
      cursor[i] = x0[i]!;
    }
    return { x0, x1, leaves: rootCursor };
  }

  /** The node at `depth` whose extent holds `x`, or -1. */
  nodeAt(depth: number, x: number, x0: Float64Array, x1: Float64Array): number {
    const row = this.byDepth[depth];
    if (!row || row.length === 0) return -1;
    let lo = 0;
    let hi = row.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (x0[row[mid]!]! <= x) lo = mid;
      else hi = mid - 1;
    }
    const node = row[lo]!;
    return x >= x0[node]! && x < x1[node]! ? node : -1;
  }

  #add(depth: number, square: number, at: number): void {
    const id = this.size;
    this.#path.length = depth;
    const parent = depth > 0 ? (this.#path[depth - 1] ?? -1) : -1;
    this.parent.push(parent);
    this.depth.push(depth);
    this.square.push(square);
    this.at.push(at);
    this.solution.push(false);
    this.children.push(0);
    if (parent >= 0) this.children[parent]!++;
    while (this.byDepth.length <= depth) this.byDepth.push([]);
    this.byDepth[depth]!.push(id);
    this.#path.push(id);
  }
}

/** The number of entries of sorted `values[from..to)` that are at most `value`, plus `from`. */
export function upperBound(values: ArrayLike<number>, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
