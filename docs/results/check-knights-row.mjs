#!/usr/bin/env node
// Checks a row of the knights triangle (OEIS A244081) computed by both routes of the transfer-matrix strategy:
//   node docs/results/check-knights-row.mjs N row.json cell.json [residues.json]
// row.json: `bezzel place knight -n N --k all --goal count --format json` (the row DP);
// cell.json: the same with `-o sweep=cell` (the cell sweep, primes below 2^29). Either file may be "-" to skip it.
// residues.json: docs/results/cell-residues.mjs N P (the cell sweep for P primes only, where the exact run does not fit).
// Prints one line a check and exits 1 if any fails.
import { readFileSync } from 'node:fs';

const [n_, rowFile, cellFile, residueFile] = process.argv.slice(2);
const n = Number(n_);
if (!Number.isInteger(n) || n < 6 || !rowFile || !cellFile) {
  console.error('usage: node docs/results/check-knights-row.mjs N row.json cell.json (N ≥ 6; "-" skips a file)');
  process.exit(2);
}
const load = (file) => {
  if (file === '-') return undefined;
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (json.status !== 'complete') throw new Error(`${file}: status ${json.status}`);
  return { table: json.table.map(BigInt), extra: json.stats?.extra ?? {} };
};
const row = load(rowFile);
const cell = load(cellFile);
const table = (row ?? cell).table;
let failed = 0;
const check = (what, ok, detail = '') => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}`);
  if (!ok) failed++;
};

const N = BigInt(n);
if (row && cell) {
  const same = row.table.length === cell.table.length && row.table.every((c, k) => c === cell.table[k]);
  check(`both routes agree on every k (0…${row.table.length - 1})`, same, `row DP ${row.extra.states} states, ${row.extra.primes} primes below 2^30; cell sweep ${cell.extra.states} states, primes ${cell.extra.primeList}`);
  const primes = String(cell.extra.primeList ?? '').split(' ').filter(Boolean).map(BigInt);
  for (const p of primes) {
    check(`row DP's exact counts mod ${p} = the cell sweep's residues mod ${p}`, row.table.every((c, k) => c % p === cell.table[k] % p));
  }
}
if (residueFile) {
  const json = JSON.parse(readFileSync(residueFile, 'utf8'));
  if (json.n !== n) throw new Error(`${residueFile} is for n = ${json.n}`);
  const exact = (row ?? cell).table;
  json.primes.forEach((prime, i) => {
    const p = BigInt(prime);
    const residues = json.residues[i].map(BigInt);
    const length = Math.max(residues.length, exact.length);
    const bad = [];
    for (let k = 0; k < length; k++) if ((exact[k] ?? 0n) % p !== (residues[k] ?? 0n)) bad.push(k);
    check(`exact counts mod ${p} = the cell sweep's residues (${json.states} states), every k = 0…${length - 1}`, bad.length === 0, bad.length ? `k = ${bad.join(', ')}` : '');
  });
  const total = Number(exact.reduce((a, b) => a + b, 0n));
  check(`the row sum = the cell sweep's floating-point total (within 1e-9)`, Math.abs(total - json.floatTotal) <= total * 1e-9, String(json.floatTotal));
}
const sum = table.reduce((a, b) => a + b, 0n);
check('k = 0: 1', table[0] === 1n);
check('k = 1: n²', table[1] === N * N, String(table[1]));
const k2 = (N * N * (N * N - 1n)) / 2n - 4n * (N - 1n) * (N - 2n);
check('k = 2: n²(n²−1)/2 − 4(n−1)(n−2)', table[2] === k2, String(k2));
const k3 = ((N - 2n) * (N + 5n) * (N ** 4n - 3n * N ** 3n - 8n * N ** 2n + 66n * N - 108n)) / 6n;
check('k = 3: A172134, (n−2)(n+5)(n⁴−3n³−8n²+66n−108)/6 (Fabel)', table[3] === k3, String(k3));
const k4 = (N ** 8n - 54n * N ** 6n + 144n * N ** 5n + 1019n * N ** 4n - 5232n * N ** 3n - 2022n * N ** 2n + 51120n * N - 77184n) / 24n;
check('k = 4: A172135, (n⁸−54n⁶+144n⁵+1019n⁴−5232n³−2022n²+51120n−77184)/24 (Fabel)', table[4] === k4, String(k4));
const k5 = (N ** 10n - 90n * N ** 8n + 240n * N ** 7n + 3235n * N ** 6n - 16320n * N ** 5n - 40530n * N ** 4n + 396480n * N ** 3n - 231656n * N ** 2n - 3359520n * N + 6509280n) / 120n;
if (n >= 8) check('k = 5: A172136, (n¹⁰−90n⁸+240n⁷+3235n⁶−16320n⁵−40530n⁴+396480n³−231656n²−3359520n+6509280)/120', table[5] === k5, String(k5));
const most = Math.ceil((n * n) / 2);
check(`largest k = ⌈n²/2⌉ = ${most}, with ${n % 2 === 0 ? 2 : 1} placement${n % 2 === 0 ? 's (the two colours)' : ' (the larger colour)'}`, table.length - 1 === most && table[most] === (n % 2 === 0 ? 2n : 1n), `${table.length - 1}: ${table[table.length - 1]}`);
const published = JSON.parse(readFileSync(new URL('../../test/oracles/knights-row-sums.json', import.meta.url), 'utf8')).A141243;
if (published[n] !== undefined) check(`row sum = A141243(${n})`, sum === BigInt(published[n]), String(sum));
else console.log(`--   row sum ${sum} (A141243(${n}) is not published)`);
process.exit(failed ? 1 : 0);
