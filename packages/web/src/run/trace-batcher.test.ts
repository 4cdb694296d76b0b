import type { TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { TraceBatcher } from './trace-batcher.js';

function harness(cap: number, batchSize: number, intervalMs: number) {
  let clock = 0;
  const batches: TraceEvent[][] = [];
  const caps: number[] = [];
  const batcher = new TraceBatcher({ cap, batchSize, intervalMs, now: () => clock, post: (e) => batches.push(e), onCap: (k) => caps.push(k) });
  const place = (i: number): TraceEvent => ({ type: 'place', square: i, depth: 0 });
  return { batcher, batches, caps, place, tick: (ms: number) => (clock += ms) };
}

describe('TraceBatcher', () => {
  it('sends full batches, in order, and the rest on flush', () => {
    const h = harness(1_000_000, 100, 1e9);
    for (let i = 0; i < 1050; i++) h.batcher.push(h.place(i));
    expect(h.batches.map((b) => b.length)).toEqual(Array(10).fill(100));
    h.batcher.flush();
    expect(h.batches).toHaveLength(11);
    expect(h.batches.flat().map((e) => (e as { square: number }).square)).toEqual(Array.from({ length: 1050 }, (_, i) => i));
  });

  it('stops at the cap, says so once, and keeps nothing after it, only counting the steps (1–500 of 10,000 recorded)', () => {
    const h = harness(500, 64, 1e9);
    for (let i = 0; i < 10_000; i++) h.batcher.push(h.place(i));
    h.batcher.flush();
    expect(h.caps).toEqual([500]);
    expect(h.batcher.capped).toBe(true);
    expect(h.batcher.kept).toBe(500);
    expect(h.batcher.total).toBe(10_000);
    expect(h.batches.flat()).toHaveLength(500);
    expect(h.batches.every((b) => b.length <= 64)).toBe(true);
  });

  it('sends a partial batch once it is old, looking at the clock only every 256 events', () => {
    const h = harness(1_000_000, 10_000, 50);
    for (let i = 0; i < 255; i++) h.batcher.push(h.place(i));
    h.tick(60);
    expect(h.batches).toHaveLength(0);
    h.batcher.push(h.place(255));
    expect(h.batches.map((b) => b.length)).toEqual([256]);
    for (let i = 0; i < 256; i++) h.batcher.push(h.place(i));
    expect(h.batches).toHaveLength(1);
  });
});
