import type { CoverEngine } from './engine.js';
import { engineOf, setUp, type DominateInstance, type Setup } from './setup.js';

/** Random walks per estimate: Knuth's estimator is unbiased but spread; 64 walks keep it within an order of magnitude here. */
const WALKS = 64;
/**
 * Microseconds a node of a count costs, as a model: a few word operations per mask word (queens 13×13, 6 words:
 * 6.6 million nodes in 8.5 s of CPU, 1.3 µs each), and for leapers the Lagrangian bound's subgradient steps over
 * every square (knights 11×11 and 20×20 on the reference machine under a load of 10: 133 and 200 µs a node).
 */
const MICROS_PER_WORD = 0.22;
const MICROS_PER_WEIGHTED_SQUARE = 0.3;
/** Estimates kept (a command asks for the same one several times: auto, the queue's sizing, the split). */
const KEPT = 16;
const kept = new Map<string, number>();

/**
 * The estimated time of a count of the sets of k in milliseconds (the strategy's `supports` cost): the nodes of
 * its search tree by Knuth's random walks (a fixed seed: the same estimate each time), times a node's cost.
 */
export function countCostMs(instance: DominateInstance, k: number, setup: Setup = setUp(instance)): number {
  const key = JSON.stringify([instance.task.problem, k]);
  const known = kept.get(key);
  if (known !== undefined) return known;
  const nodes = treeSize(engineOf(setup), k);
  const { words, size } = setup.model;
  const micros = MICROS_PER_WORD * words + (setup.weights ? MICROS_PER_WEIGHTED_SQUARE * size : 0);
  const ms = (nodes * micros) / 1000;
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, ms);
  return ms;
}

/** The mean of Knuth's estimates over WALKS walks, branches picked by a fixed xorshift sequence. */
export function treeSize(engine: CoverEngine, k: number, walks = WALKS): number {
  let state = 0x9e3779b9 | 0;
  const pick = (n: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  let sum = 0;
  for (let i = 0; i < walks; i++) sum += engine.probe(k, pick);
  return sum / walks;
}
