import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { halvesBytes } from './halves-kernel.js';
import { kernelName, prebuiltBytes, prebuiltKernels } from './prebuilt.js';

// The build (`pnpm test` runs it first) writes the kernels beside the bundled plugin; these sources have none.
const dist = new URL('../dist/kernels/', import.meta.url);

describe('prebuilt kernels: what the build wrote is what the code generates', () => {
  it('has one for each default band of the sizes auto counts by halves, and no other', () => {
    const names = prebuiltKernels().map(({ n, m, b, levels }) => `${kernelName(n, m, b, levels)}.wasm`);
    expect(readdirSync(dist).sort()).toEqual([...names].sort());
    expect(names).toContain('halves-16-8-0-1.wasm');
  });

  it('holds byte for byte the module generated now (a stale build fails here)', () => {
    for (const { n, m, b, levels } of prebuiltKernels()) {
      expect(new Uint8Array(readFileSync(new URL(`${kernelName(n, m, b, levels)}.wasm`, dist))), kernelName(n, m, b, levels)).toEqual(halvesBytes(n, m, b, levels));
    }
  });

  it('is not found from the sources, which generate theirs', () => {
    expect(prebuiltBytes(kernelName(16, 8, 0, 1))).toBeUndefined();
  });
});
