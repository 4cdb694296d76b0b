import { type Task } from '@bezzel/core';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SearchSession } from './index.js';

const here = createRequire(import.meta.url);
const pluginUrls = [pathToFileURL(here.resolve('@bezzel/queen')).href, pathToFileURL(here.resolve('@bezzel/bitboard')).href];
const count = (n: number): Task => ({ problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' }, goal: 'count', strategy: 'bitboard' });

describe('SearchSession', () => {
  it('answers tasks one after another in one thread, and stops the one in hand and all after it', async () => {
    const session = new SearchSession(pluginUrls);
    try {
      const [six, eight] = [await session.solve(count(6), 'bitboard'), await session.solve(count(8), 'bitboard')];
      expect([six.status, eight.status]).toEqual(['complete', 'complete']);
      expect([six.status === 'complete' && six.count, eight.status === 'complete' && eight.count]).toEqual([4n, 92n]);
      // 20 queens take minutes: a stop ends the run in hand with what it had, and the stop holds for the next.
      const controller = new AbortController();
      const long = session.solve({ ...count(20), budget: { maxTimeMs: 60_000 } }, 'bitboard', controller.signal);
      controller.abort();
      expect((await long).status).toBe('aborted');
      expect((await session.solve(count(20), 'bitboard')).status).toBe('aborted');
    } finally {
      await session.close();
    }
  });
});
