/**
 * The half-board kernels the package is built with: `dist/kernels/<name>.wasm`, written by `build-assets.ts` from
 * the same code in the same build as the JavaScript beside them. Generating a kernel runs thousands of small calls
 * of code that has never run before, 5–8 ms of a 16-queens count's 0.2 s; reading one takes a tenth of a
 * millisecond. Outside Node (the web page), or run from the sources (tests), there are none and the kernel is
 * generated.
 */
import { bandSize } from './bands.js';
import { joinLevels } from './join-kernel.js';

/** The board sizes whose default band (and carry-save levels) get a prebuilt kernel: those auto counts by halves. */
export const PREBUILT_SIZES = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] as const;

/** A kernel's file name: every parameter its bytes depend on. */
export const kernelName = (n: number, m: number, b: number, levels: number) => `halves-${n}-${m}-${b}-${levels}`;

/** The parameters of each prebuilt kernel. */
export function prebuiltKernels(): { n: number; m: number; b: number; levels: number }[] {
  return PREBUILT_SIZES.map((n) => {
    const b = bandSize(n);
    const m = (n - b) / 2;
    return { n, m, b, levels: joinLevels(m) };
  });
}

// A variable, not `import.meta.url` in the call: a bundler for the page would otherwise try to bundle the folder.
const here = import.meta.url;

/** The prebuilt kernel's bytes, or undefined where there is none (or no file system to read it from). */
export function prebuiltBytes(name: string): Uint8Array<ArrayBuffer> | undefined {
  const fs = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:fs') as typeof import('node:fs') | undefined;
  if (!fs || !here.startsWith('file:')) return undefined;
  try {
    return new Uint8Array(fs.readFileSync(new URL(`kernels/${name}.wasm`, here)));
  } catch {
    return undefined;
  }
}
