import { describe, expect, it } from 'vitest';
import { saveScore, savedScore, setAsked, setQuery } from './question-set.js';

/** A Storage in memory, as a browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('question sets', () => {
  it('are read from a link and written back to one, a bad value said and left out', () => {
    expect(setAsked('?w=8&quiz=12-10')).toEqual({ set: { from: 12, count: 10 }, shared: undefined, issues: [] });
    expect(setAsked('?quiz=12-10&scored=7-10')).toEqual({ set: { from: 12, count: 10 }, shared: { right: 7, asked: 10 }, issues: [] });
    expect(setQuery({ from: 12, count: 10 }, { right: 7, asked: 10 })).toBe('&quiz=12-10&scored=7-10');
    for (const bad of ['quiz=12-0', 'quiz=12-51', 'quiz=-1-3', 'quiz=twelve']) {
      const read = setAsked(`?${bad}`);
      expect(read.set, bad).toBeUndefined();
      expect(read.issues, bad).toHaveLength(1);
    }
    // A score larger than the set, more right than asked, or without a set.
    for (const bad of ['quiz=1-5&scored=6-6', 'quiz=1-5&scored=4-3', 'scored=1-1']) expect(setAsked(`?${bad}`).shared, bad).toBeUndefined();
  });

  it('keep the best score and the last, and how often the set was finished', () => {
    const storage = memoryStorage();
    expect(savedScore('k', storage)).toBeUndefined();
    expect(saveScore('k', { right: 3, asked: 5 }, storage)).toEqual({ best: { right: 3, asked: 5 }, last: { right: 3, asked: 5 }, times: 1 });
    expect(saveScore('k', { right: 2, asked: 5 }, storage)).toEqual({ best: { right: 3, asked: 5 }, last: { right: 2, asked: 5 }, times: 2 });
    expect(saveScore('k', { right: 5, asked: 5 }, storage)).toEqual({ best: { right: 5, asked: 5 }, last: { right: 5, asked: 5 }, times: 3 });
    expect(savedScore('k', storage)?.times).toBe(3);
    // Something else under the key is no record; a storage that refuses writes still gives the score.
    storage.setItem('bezzel.quiz:x', '{"best":1}');
    expect(savedScore('x', storage)).toBeUndefined();
    const full = { ...memoryStorage(), getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); } } as Storage;
    expect(saveScore('k', { right: 1, asked: 2 }, full)).toEqual({ best: { right: 1, asked: 2 }, last: { right: 1, asked: 2 }, times: 1 });
  });
});
