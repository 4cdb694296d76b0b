/**
 * The half-board strategy's WebAssembly module, one per board size, half height and band: `buckets`, `starts`, and
 * `tally` and `fill` for each part's height (half-search-kernel.ts), `join` (join-kernel.ts) and the memory they
 * share. Compiled once per size and kept (read from the package's prebuilt kernels where there is one,
 * `prebuilt.ts`); undefined where WebAssembly (with SIMD) is refused.
 */

import { bucketsBody, CHUNK, conflictsBody, partsBody, startsBody } from './half-search-kernel.js';
import { joinBody, joinLevels } from './join-kernel.js';
import { partRows } from './part-rows.js';
import { kernelName, prebuiltBytes } from './prebuilt.js';
import { I32, I64, V, V128 } from './wasm-body.js';
import { name, section, vector } from './wasm-encoding.js';

export { partRows } from './part-rows.js';

/** The module's bytes for an n×n board, halves of m rows, a band of b rows (and the join's shape: see each). */
export function halvesBytes(n: number, m: number, b: number, levels = joinLevels(m), chunk = CHUNK): Uint8Array<ArrayBuffer> {
  const sizes = [...new Set(partRows(m).filter((r) => r > 0))];
  const functions = [bucketsBody(), joinBody(n, m, b, levels, chunk), ...sizes.flatMap((r) => [partsBody(r, m, false), partsBody(r, m, true)]), startsBody(), conflictsBody(n, m, chunk)];
  const types = [[5, I32], [4, I64], [7, 0], [8, 0], [2, I32], [4, I32]] as const;
  const i32s = (k: number) => Array.from({ length: k }, () => [I32]);
  const exports = ['buckets', 'join', ...sizes.flatMap((r) => [`tally${r}`, `fill${r}`]), 'starts', 'conflicts'];
  return new Uint8Array(
    [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00].concat(
      section(1, vector(types.map(([params, result]) => [0x60, ...vector(i32s(params)), ...(result ? [1, result] : [0])]))),
      section(3, vector([[0], [1], ...sizes.flatMap(() => [[2], [3]]), [4], [5]])),
      section(5, vector([[0, 1]])),
      section(7, vector([...exports.map((id, i) => [...name(id), 0, i]), [...name('memory'), 2, 0]])),
      section(10, vector(functions.map((f) => f.bytes()))),
    ),
  );
}

type Tally = (open: number, c: number, l: number, r: number, j0: number, places: number, counts: number) => void;
type Fill = (open: number, c: number, l: number, r: number, j0: number, places: number, next: number, out: number) => void;

/** The compiled module's functions and memory (addresses in bytes; see each body for its arguments). */
export interface HalvesKernel {
  readonly memory: WebAssembly.Memory;
  readonly buckets: (places: number, m: number, stab: number, reps: number, weights: number) => number;
  readonly join: (from: number, to: number, step: number, cfg: number) => bigint;
  /** Running sums of a table's tally in place; the largest count (see `startsBody`). */
  readonly starts: (at: number, sets: number) => number;
  /** An outer part table's conflict masks; with `out` = 0 only numbers their chunks (see `conflictsBody`). */
  readonly conflicts: (starts: number, records: number, sets: number, out: number) => number;
  /** By a part's rows. */
  readonly tally: Readonly<Record<number, Tally>>;
  readonly fill: Readonly<Record<number, Fill>>;
}

let simd: boolean | undefined;

/** Whether this engine runs WebAssembly with SIMD: a module of one function that makes a 128-bit constant. */
export function simdAvailable(): boolean {
  if (simd === undefined) {
    const body = [0, ...V.zero, 0x0b];
    try {
      simd = WebAssembly.validate(
        new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...section(1, vector([[0x60, 0, 1, V128]])), ...section(3, vector([[0]])), ...section(10, vector([[body.length, ...body]]))]),
      );
    } catch {
      simd = false;
    }
  }
  return simd;
}

const kernels = new Map<string, HalvesKernel | undefined>();

export function halvesKernel(n: number, m: number, b: number, levels = joinLevels(m), chunk = CHUNK): HalvesKernel | undefined {
  const key = `${n}/${m}/${b}/${levels}/${chunk}`;
  if (kernels.has(key)) return kernels.get(key);
  let kernel: HalvesKernel | undefined;
  try {
    const bytes = (chunk === CHUNK ? prebuiltBytes(kernelName(n, m, b, levels)) : undefined) ?? halvesBytes(n, m, b, levels, chunk);
    const e = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
    const [h1, h2] = partRows(m);
    const sizes = [...new Set([h1, h2].filter((r) => r > 0))];
    kernel = {
      memory: e.memory as WebAssembly.Memory,
      buckets: e.buckets as HalvesKernel['buckets'],
      join: e.join as HalvesKernel['join'],
      starts: e.starts as HalvesKernel['starts'],
      conflicts: e.conflicts as HalvesKernel['conflicts'],
      tally: Object.fromEntries(sizes.map((r) => [r, e[`tally${r}`] as Tally])),
      fill: Object.fromEntries(sizes.map((r) => [r, e[`fill${r}`] as Fill])),
    };
  } catch {
    kernel = undefined;
  }
  kernels.set(key, kernel);
  return kernel;
}

/** Grows the kernel's memory to at least `bytes` (WebAssembly memory never shrinks: a board's runs reuse it). */
export function reserve(kernel: HalvesKernel, bytes: number): void {
  const have = kernel.memory.buffer.byteLength;
  if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / 65536));
}
