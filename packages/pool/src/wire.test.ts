import type { Result, Solution } from '@bezzel/core';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { packResult, packSolution, unpackResult, unpackSolution, type WireSolution } from './wire.js';

/** Sends a value through a real message port, as a search thread does, with the buffers it hands over. */
function across<T>(value: T, transfer: ArrayBuffer[]): Promise<T> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port2.once('message', (received: T) => {
      port1.close();
      port2.close();
      resolve(received);
    });
    port1.postMessage(value, transfer);
  });
}

describe('solutions crossing threads', () => {
  // Square numbers of a 10⁷ × 10⁷ board go past 32 bits: they must arrive exactly.
  const long: Solution = { kind: 'placement', squares: Array.from({ length: 5000 }, (_, i) => i * 10_000_001 + 99_999_990_000_000) };
  const short: Solution = { kind: 'placement', squares: [0, 10, 20] };
  const tour: Solution = { kind: 'tour', path: Int32Array.from([0, 10, 4]), closed: false };

  it('packs a long placement into a handed-over buffer and unpacks it into the same plain array', async () => {
    const transfer: ArrayBuffer[] = [];
    const packed = packSolution(long, transfer);
    expect(packed.kind).toBe('packed-placement');
    expect(transfer).toHaveLength(1);
    const arrived = unpackSolution(await across<WireSolution>(packed, transfer));
    expect(arrived).toEqual(long);
    expect(Array.isArray((arrived as { squares: unknown }).squares)).toBe(true);
    // Handed over, not copied: the sender's buffer is gone.
    expect(transfer[0]!.byteLength).toBe(0);
  });

  it('sends short placements and tours as they are', () => {
    const transfer: ArrayBuffer[] = [];
    expect(packSolution(short, transfer)).toBe(short);
    expect(packSolution(tour, transfer)).toBe(tour);
    expect(transfer).toEqual([]);
  });

  it('packs the solutions of a result and the best arrangement of a stopped one', async () => {
    const task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one' } as const;
    const solved: Result = { status: 'solved', strategy: 's', task, stats: { nodes: 1, timeMs: 1 }, solutions: [long, short] };
    const stopped: Result = { status: 'budget', exhausted: 'time', strategy: 's', task, stats: { nodes: 1, timeMs: 1 }, partial: { best: long, score: 3 } };
    for (const result of [solved, stopped]) {
      const transfer: ArrayBuffer[] = [];
      const arrived = unpackResult(await across(packResult(result, transfer), transfer));
      expect(transfer).toHaveLength(1);
      expect(arrived).toEqual(result);
    }
  });
});
