import { Rng } from '@bezzel/core';
import { KNIGHT_DX, KNIGHT_DY } from './knight-moves';

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
    for (let i = 0; i < 8; i++) {
      const t = neighbours[cur * 8 + i]!;
      if (t < 0) break;
      if (visited[t] || (mustGo && t !== mate)) continue;
      const last = depth + 2 === needed;
      if (t === end && !last) continue;
      if (end >= 0 && last && t !== end) continue;
      const tMate = partner[t]!;
      if (tMate >= 0 && tMate !== cur && (visited[tMate] || t === end || last)) continue;
      let degree = 0;
      for (let j = 0; j < 8; j++) {
        const u = neighbours[t * 8 + j]!;
        if (u < 0) break;
        if (!visited[u] && u !== cur) degree++;
      }
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
    path[0] = start;
    visited[start] = 1;
    let depth = 0;
    expand(0);
    let nodes = 0;
    while (depth >= 0 && nodes < nodesPerAttempt) {
      if (depth === needed - 1) return path;
      if (choiceNext[depth]! >= choiceCount[depth]!) {
        visited[path[depth]!] = 0;
        depth--;
        continue;
      }
      const t = choices[depth * 8 + choiceNext[depth]!++]!;
      nodes++;
      path[++depth] = t;
      visited[t] = 1;
      expand(depth);
    }
  }
  return undefined;
}
