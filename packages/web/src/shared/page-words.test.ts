import { createBezzel } from '@bezzel/core';
import knight from '@bezzel/knight';
import warnsdorff from '@bezzel/warnsdorff';
import { describe, expect, it } from 'vitest';
import { pageWords } from './page-words.js';

describe('pageWords', () => {
  it('names the page\'s fields where a core message names a flag', () => {
    expect(pageWords('say how many knights with -k (a knight has no natural number on a board), or use --goal maximum')).toBe(
      'say how many knights in the field “Pieces k” (a knight has no natural number on a board), or use goal “maximum”',
    );
    expect(pageWords('-k 70 is more than the 64 squares of the 8×8 board')).toBe('k = 70 is more than the 64 squares of the 8×8 board');
    expect(pageWords('-k must be a whole number of pieces, not -1')).toBe('Pieces k must be a whole number of pieces, not -1');
    expect(pageWords('a1 and d4 share a diagonal')).toBe('a1 and d4 share a diagonal');
  });

  it('leaves no flag in what Warnsdorff says about a closed 8×8 tour that does not close', async () => {
    const bezzel = await createBezzel({ plugins: [knight, warnsdorff] });
    const result = await bezzel.solve({ problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', start: 0, closed: true }, goal: 'one', strategy: 'warnsdorff' });
    const note = result.status === 'budget' ? (result.partial?.note ?? '') : '';
    expect(note).toContain('-o restarts');
    expect(pageWords(note)).toContain('try a larger “restarts” in the strategy options');
    expect(pageWords(note)).not.toMatch(/(^|\s)-{1,2}[a-z]/);
  });
});
