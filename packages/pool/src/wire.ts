import type { Result, Solution } from '@bezzel/core';

/**
 * Solutions as they cross between threads. A placement's squares are a plain array of numbers, which structured
 * clone copies one element at a time: ten million queens took two seconds on each side. Packed, they travel as a
 * Float64Array whose buffer is handed over, not copied (a square number of a 10⁷ × 10⁷ board needs 47 bits), and
 * the receiver unpacks them into a plain array again in one tight loop. Short answers go as they are.
 */
const PACK_FROM = 4096;

/** A placement whose squares travel as a typed array. */
interface PackedPlacement {
  readonly kind: 'packed-placement';
  readonly squares: Float64Array;
}

/** A solution as a thread sends it: as found, or packed. */
export type WireSolution = Solution | PackedPlacement;

/** Packs a solution for `postMessage`, adding any buffer it hands over to `transfer`. */
export function packSolution(solution: Solution, transfer: ArrayBuffer[]): WireSolution {
  if (solution.kind !== 'placement' || solution.squares.length < PACK_FROM) return solution;
  const { squares } = solution;
  const packed = new Float64Array(squares.length);
  for (let i = 0; i < squares.length; i++) packed[i] = squares[i]!;
  transfer.push(packed.buffer);
  return { kind: 'packed-placement', squares: packed };
}

export function unpackSolution(solution: WireSolution): Solution {
  if (solution.kind !== 'packed-placement') return solution;
  const { squares } = solution;
  const plain = new Array<number>(squares.length);
  for (let i = 0; i < squares.length; i++) plain[i] = squares[i]!;
  return { kind: 'placement', squares: plain };
}

/** A result with its solutions (and a stopped run's best arrangement) packed. */
export function packResult(result: Result, transfer: ArrayBuffer[]): Result {
  const solutions = 'solutions' in result && result.solutions ? { solutions: result.solutions.map((s) => packSolution(s, transfer) as Solution) } : {};
  const partial = 'partial' in result && result.partial?.best ? { partial: { ...result.partial, best: packSolution(result.partial.best, transfer) as Solution } } : {};
  return { ...result, ...solutions, ...partial } as Result;
}

export function unpackResult(result: Result): Result {
  const solutions = 'solutions' in result && result.solutions ? { solutions: result.solutions.map((s) => unpackSolution(s as WireSolution)) } : {};
  const partial = 'partial' in result && result.partial?.best ? { partial: { ...result.partial, best: unpackSolution(result.partial.best as WireSolution) } } : {};
  return { ...result, ...solutions, ...partial } as Result;
}
