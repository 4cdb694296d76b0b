import { Rng } from '@bezzel/core';
import { KNIGHT_DX, KNIGHT_DY } from './knight-moves.js';

/** A knight's-path question on a small board (a base block): where it starts, where it must end, what it must contain. */
export interface PathQuery {
  readonly width: number;
  readonly height: number;
  readonly start: number;
  /** The square the path must end on, or -1 for any. */
  readonly end: number;
  /** Squares left out (already part of the tour by other means). */
  readonly blocked?: readonly number[];
  /** Moves the path must contain, as square pairs; a square may appear in at most one. */
  readonly forced?: readonly (readonly [number, number])[];
}

/**
 * Finds a Hamiltonian knight's path for a small block by depth-first search in Warnsdorff order with random
 * tie-breaks, restarting with a fresh order when an attempt exceeds its node limit (heavy-tailed searches finish
 * far sooner that way). Each attempt may take twice the nodes of the one before, so boards with very few tours
 * (5×6) are still searched to the end. The stack is explicit. Returns the path, or undefined when every attempt ran out.
 */
export function findPath(query: PathQuery, seed: number, attempts = 16, firstLimit = 20_000): Int32Array | undefined {
  const { width, height, start, end } = query;
  const size = width * height;
  const blocked = new Uint8Array(size);
  for (const sq of query.blocked ?? []) blocked[sq] = 1;
  const partner = new Int32Array(size).fill(-1);
  for (const [a, b] of query.forced ?? []) {
    partner[a] = b;
    partner[b] = a;
  }
  const needed = size - (query.blocked?.length ?? 0);
  const neighbours = new Int32Array(size * 8).fill(-1);
  for (let sq = 0; sq < size; sq++) {
    const row = (sq / width) | 0;
    const col = sq % width;
    for (let k = 0, n = 0; k < 8; k++) {
      const r = row + KNIGHT_DY[k]!;
      const c = col + KNIGHT_DX[k]!;
      if (r >= 0 && r < height && c >= 0 && c < width && !blocked[r * width + c]) neighbours[sq * 8 + n++] = r * width + c;
    }
  }
  const rng = new Rng(seed);
  const visited = new Uint8Array(size);
  // Unvisited neighbours of every square, kept up to date, for the degree order and the dead-end test.
  const baseFree = new Int32Array(size);
  for (let sq = 0; sq < size; sq++) for (let j = 0; j < 8 && neighbours[sq * 8 + j]! >= 0; j++) baseFree[sq]!++;
  const free = new Int32Array(size);
  const visit = (sq: number) => {
    visited[sq] = 1;
    for (let j = 0; j < 8; j++) {
      const u = neighbours[sq * 8 + j]!;
      if (u < 0) break;
      free[u]!--;
    }
  };
  const unvisit = (sq: number) => {
    visited[sq] = 0;
    for (let j = 0; j < 8; j++) {
      const u = neighbours[sq * 8 + j]!;
      if (u < 0) break;
      free[u]!++;
    }
  };
  const path = new Int32Array(needed);
  const choices = new Int32Array(needed * 8);
  const choiceCount = new Int32Array(needed);
  const choiceNext = new Int32Array(needed);
  const keys = new Float64Array(8);

  /** The candidates from `path[depth]`, best first, into `choices[depth * 8 ...]`. */
  const expand = (depth: number) => {
    const cur = path[depth]!;
    const prev = depth > 0 ? path[depth - 1]! : -1;
    const base = depth * 8;
    let n = 0;
    const mate = partner[cur]!;
    const mustGo = mate >= 0 && mate !== prev;
    const last = depth + 2 === needed;
    // Leaving `cur` takes a way in or out from its unvisited neighbours: one left with no way is a dead end, and
    // one left with a single way must be where the path ends (only one may, and none when the end is fixed).
    let zeros = 0;
    let zero = -1;
    let ones = 0;
    let oneA = -1;
    let oneB = -1;
    for (let i = 0; i < 8 && !last; i++) {
      const u = neighbours[cur * 8 + i]!;
      if (u < 0) break;
      if (visited[u]) continue;
      if (free[u] === 0) {
        zeros++;
        zero = u;
      } else if (free[u] === 1 && u !== end) {
        ones++;
        if (oneA < 0) oneA = u;
        else oneB = u;
      }
    }
    for (let i = 0; i < 8; i++) {
      const t = neighbours[cur * 8 + i]!;
      if (t < 0) break;
      if (visited[t] || (mustGo && t !== mate)) continue;
      if (zeros - (zero === t ? 1 : 0) > 0) continue;
      const dangling = ones - (oneA === t || oneB === t ? 1 : 0);
      if (dangling > (end >= 0 ? 0 : 1)) continue;
      if (t === end && !last) continue;
      if (end >= 0 && last && t !== end) continue;
      const tMate = partner[t]!;
      if (tMate >= 0 && tMate !== cur && (visited[tMate] || t === end || last)) continue;
      const degree = free[t]!;
      // The end square is entered last on purpose, so its degree says nothing about urgency.
      const key = (t === end ? 9 : degree) + rng.float() * 0.5;
      let at = n++;
      while (at > 0 && keys[at - 1]! > key) {
        keys[at] = keys[at - 1]!;
        choices[base + at] = choices[base + at - 1]!;
        at--;
      }
      keys[at] = key;
      choices[base + at] = t;
    }
    choiceCount[depth] = n;
    choiceNext[depth] = 0;
  };

  if (partner[start]! >= 0 && end === partner[start] && needed > 2) return undefined;
  for (let attempt = 0, nodesPerAttempt = firstLimit; attempt < attempts; attempt++, nodesPerAttempt *= 2) {
    visited.fill(0);
    free.set(baseFree);
    path[0] = start;
    visit(start);
    let depth = 0;
    expand(0);
    let nodes = 0;
    while (depth >= 0 && nodes < nodesPerAttempt) {
      if (depth === needed - 1) return path;
      if (choiceNext[depth]! >= choiceCount[depth]!) {
        unvisit(path[depth]!);
        depth--;
        continue;
      }
      const t = choices[depth * 8 + choiceNext[depth]!++]!;
      nodes++;
      path[++depth] = t;
      visit(t);
      expand(depth);
    }
  }
  return undefined;
}
