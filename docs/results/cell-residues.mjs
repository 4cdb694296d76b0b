#!/usr/bin/env node
// The second route (the transfer-matrix strategy's cell sweep) run for a few primes only: the knights table on n×n
// modulo each of the first P primes below 2^29, every k, as JSON on stdout. Costs a size pass and P passes instead
// of the P it takes for exact counts, so it checks a row the row DP computed where the exact run would not fit:
//   node docs/results/cell-residues.mjs 16 1 15 > cell16-residues.json   (15: GiB it may use, checked before allocating)
//   node docs/results/cell-residues.mjs 16 1 15 1 > cell16-residues-2.json   (the next prime: skip the first)
//   node docs/results/check-knights-row.mjs 16 k16.json - cell16-residues.json
// Run from a built tree (node scripts/build.mjs --js); it reads the packages' dist.
import { Board } from '../../packages/core/dist/index.js';
import { knight } from '../../plugins/knight/dist/index.js';
import { cellBytes, cellModel, countCells, profileStates, rowModel } from '../../plugins/transfer-matrix/dist/index.js';

const [n, p, gib, skip = 0] = process.argv.slice(2).map(Number);
if (!Number.isInteger(n) || n < 1 || n > 16 || !Number.isInteger(p) || p < 1 || p > 8 || !(gib > 0) || !Number.isInteger(skip) || skip < 0 || skip > 8) {
  console.error('usage: node docs/results/cell-residues.mjs N P GIB [SKIP] (N ≤ 16 knights on N×N, P ≤ 8 primes, GIB the memory it may use, SKIP primes skipped first)');
  process.exit(2);
}
const started = performance.now();
const model = rowModel(new Board({ width: n, height: n }), knight.movement, true);
const states = profileStates(model, cellModel(model)).max;
const bytes = cellBytes(states, Math.ceil((n * n) / 2) + 1);
console.error(`${states.toLocaleString('en-US')} cell states, about ${(bytes / 2 ** 30).toFixed(2)} GiB of the ${gib} GiB allowed`);
if (bytes > gib * 2 ** 30) {
  console.error(`cell-residues: the ${states.toLocaleString('en-US')} states with a polynomial each would need about ${(bytes / 2 ** 30).toFixed(2)} GiB, more than ${gib} GiB`);
  process.exit(2);
}
let last = 0;
const result = countCells(model, {
  stop: () => false,
  primes: p,
  skipPrimes: skip,
  states,
  progress: (done, total) => {
    const now = performance.now();
    if (now - last > 60_000) {
      last = now;
      console.error(`${new Date().toISOString()} ${done}/${total} squares (all passes)`);
    }
  },
});
console.log(
  JSON.stringify({
    status: 'complete',
    n,
    route: 'cell sweep, residues only',
    states: result.maxStates,
    memoryEstimate: `about ${(bytes / 2 ** 30).toFixed(2)} GiB`,
    floatTotal: result.floatTotal,
    primes: result.primes,
    residues: result.residues,
    ms: Math.round(performance.now() - started),
  }),
);
