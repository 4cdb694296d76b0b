import { combineResidues } from '@bezzel/core';
import type { OrderedGraph } from './graph.js';
import type { Walk } from './dp.js';

/**
 * Counts on disk are two residues in doubles, not exact limbs: mod 2⁵² and mod the prime 2⁵¹ − 129 (two residues
 * add to under 2⁵³, exact). The Chinese remainder theorem gives the count mod their product, about 2¹⁰³, which is
 * the count itself when a bound proves it smaller (`walkBoundLog2`; 8×8 knight: closed under 2⁶⁸).
 */
export const MOD_HIGH = 2 ** 52;
export const MOD_PRIME = 2251799813685119;

/** log₂ of the moduli's product, less one bit for safety. */
export const RESIDUES_LOG2 = Math.log2(MOD_HIGH) + Math.log2(MOD_PRIME) - 1;

/**
 * An upper bound on the undirected Hamiltonian cycles or paths, as a power of two, from Brégman's bound on the
 * permanent, perm A ≤ Π (dᵢ!)^(1/dᵢ). Cycles: each is two of the directed cycle covers, which perm A counts.
 * Paths: a directed path from s to t is a successor for every vertex but t, one to one onto every vertex but s —
 * a permutation in the matrix without row t and column s, so at most the product without t's factor (at most
 * the whole product over the least factor); n² pairs (s, t), each path counted twice.
 */
export function walkBoundLog2(graph: OrderedGraph, walk: Walk = 'cycles'): number {
  let log2 = 0;
  let least = Infinity;
  for (const ns of graph.neighbours) {
    const d = ns.length;
    if (d === 0) return -Infinity;
    const factor = logFactorial(d) / d;
    log2 += factor;
    least = Math.min(least, factor);
  }
  return walk === 'cycles' ? log2 - 1 : log2 - least + 2 * Math.log2(graph.n) - 1;
}

function logFactorial(d: number): number {
  let f = 0;
  for (let k = 2; k <= d; k++) f += Math.log2(k);
  return f;
}

/** The count from its residues mod 2⁵² and mod 2⁵¹ − 129 (the least such number). */
export function fromResidues(high: number, prime: number): bigint {
  return combineResidues([high, prime], [MOD_HIGH, MOD_PRIME]);
}
