import { Board, createBezzel, type Task } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { answerOf, groupedNumbers, statsWords } from './answer.js';
import { pageWords } from '../shared/page-words.js';
import { pagePlugins } from '../shared/plugins.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
async function answer(task: Task) {
  const result = await bezzel.solve(task);
  const instance = bezzel.instantiate(task);
  if (!instance.ok) throw instance.error;
  return answerOf(instance.value.board, instance.value.piece, result, instance.value.kind === 'placement' || instance.value.kind === 'dominate' ? instance.value.k : undefined);
}
const placement = (piece: string, n: number, goal: Task['goal'], extra: Partial<Task> = {}, k?: number): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece, ...(k === undefined ? {} : { k }) },
  goal,
  ...extra,
});

describe('answerOf: every goal answered in full', () => {
  it('writes a count of thousands with separators, as the figures do (issue 26: "14200" bare)', async () => {
    const a = await answer(placement('queen', 10, 'count', { strategy: 'backtracking' }));
    expect(a.headline).toBe('724 solutions: 10 queens on 10×10');
    const b = await answer(placement('rook', 7, 'count', { strategy: 'backtracking' }));
    expect(b.headline).toBe('5,040 solutions: 7 rooks on 7×7');
    expect(groupedNumbers('14200 solutions: 1000 queens on 1000×1000, seed 1234567')).toBe('14,200 solutions: 1,000 queens on 1000×1000, seed 1,234,567');
  });

  it('reports no repair switch-on for a genetic run without repair (issue 26: "repairFrom 90" with repair none)', async () => {
    const tour = (options: Record<string, string | number>): Task => ({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'genetic', seed: 1, options: { generations: 30, ...options } });
    expect((await answer(tour({ repair: 'none' }))).stats).not.toMatch(/repairFrom/);
    expect((await answer(tour({}))).stats).toMatch(/repairFrom 9\b/);
  });

  it('names min-conflicts\' initial conflicts as queens, not h (issue 26: "initialConflicts 2" beside an h curve from 1)', async () => {
    const a = await answer(placement('queen', 8, 'one', { strategy: 'min-conflicts', seed: 3 }));
    expect(a.stats).not.toMatch(/initialConflicts/);
    expect(a.stats).toMatch(/queens in conflict at the start \d+ \(not h: h counts attacking pairs\)/);
    expect(statsWords('strategy x · initialConflicts 2 · h 0')).toBe('strategy x · queens in conflict at the start 2 (not h: h counts attacking pairs) · h 0');
  });

  it('gives the count and the fundamental count', async () => {
    const a = await answer(placement('queen', 8, 'count-fundamental', { strategy: 'backtracking' }));
    expect(a).toMatchObject({ status: 'complete', tone: 'good', headline: '92 solutions, 12 fundamental (distinct up to symmetry): 8 queens on 8×8' });
    expect(a.figures).toContainEqual(['Solutions', '92']);
    expect(a.figures).toContainEqual(['Fundamental', '12 (distinct up to symmetry)']);
    expect(a.stats).toMatch(/^strategy backtracking · nodes [\d,]+ · /);
  });

  it('says what the maximum is and in how many ways', async () => {
    const a = await answer(placement('knight', 8, 'maximum', { strategy: 'transfer-matrix' }));
    expect(a.headline).toBe('At most 32 knights fit on 8×8, in 2 ways');
    expect(a.figures).toEqual(expect.arrayContaining([['Maximum', '32 knights'], ['Ways', '2']]));
  });

  it('says how far a run got when its budget ran out', async () => {
    const a = await answer(placement('queen', 10, 'count', { strategy: 'backtracking', budget: { maxSteps: 1000 } }));
    expect(a.status).toBe('out of steps');
    expect(a.headline).toMatch(/^No answer: the step budget ran out before the search finished; \d+ found so far \(\d+\.\d% of the search space covered\)/);
    expect(a.figures.map(([label]) => label)).toEqual(['Found so far', 'Search space covered', 'Nodes']);
  });

  it('gives an impossibility with its reason', async () => {
    const a = await answer({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 1 }, goal: 'one' });
    expect(a.status).toBe('impossible');
    expect(a.headline).toMatch(/^No solution: .*colour/);
    expect(a.figures[0]).toEqual(['Proof', 'a theorem, before any search']);
  });

  it('calls Warnsdorff on a closed 8×8 tour stuck, says why in the page\'s words, and names no flag', async () => {
    const a = await answer({ problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', start: 0, closed: true }, goal: 'one', strategy: 'warnsdorff' });
    expect(a.status).toBe('stuck');
    expect(a.headline).toContain('every walk covered the board but none closed');
    expect(a.headline).toContain('“restarts”');
    expect(`${a.headline} ${a.stats}`).not.toMatch(/(^|\s)-{1,2}[a-z]/);
  });
});

describe('answerOf on a board without the default queens', () => {
  it('names the board it was given', async () => {
    const a = await answer({ problem: { kind: 'placement', board: { width: 5, height: 3 }, piece: 'rook' }, goal: 'count', strategy: 'backtracking' });
    expect(a.headline).toBe(`60 solutions: 3 rooks on ${new Board({ width: 5, height: 3 })}`);
  });
});

describe('answerOf for domination, as `bezzel dominate` answers', () => {
  const dominate = (piece: string, n: number, goal: Task['goal'], extra: Partial<Task> = {}, more: { variant?: 'total' | 'independent'; k?: number } = {}): Task => ({
    problem: { kind: 'dominate', board: { width: n, height: n }, piece, ...more },
    goal,
    ...extra,
  });

  it('gives the fewest queens of 8×8 with its proof and the minimum sets, up to symmetry too', async () => {
    const a = await answer(dominate('queen', 8, 'count-minimum-fundamental', { strategy: 'cover-search' }));
    expect(a).toMatchObject({ status: 'complete', tone: 'good', headline: 'The fewest queens dominating 8×8: 5 (proven: a search for fewer was exhausted), in 4,860 minimum sets, 638 fundamental (distinct up to symmetry)' });
    expect(a.figures.slice(0, 4)).toEqual([['Fewest', '5 queens'], ['Proof', 'a search for fewer was exhausted'], ['Minimum sets', '4,860'], ['Fundamental', '638 (distinct up to symmetry)']]);
    expect(a.figures[4]).toEqual(['One minimum set', '5 queens: h2 c4 d4 e4 c5']);
  });

  it('calls a greedy set an upper bound, not the fewest', async () => {
    const a = await answer(dominate('queen', 8, 'one', { strategy: 'greedy-cover', seed: 1 }));
    expect(a.headline).toMatch(/^Found a set: \d queens dominating 8×8 \(not proven the fewest\)$/);
    expect(a.figures).toContainEqual(['Fewest', 'not proven: this set is an upper bound']);
  });

  it('gives the bounds and the smallest set when the budget stops a minimum', async () => {
    const a = await answer(dominate('queen', 14, 'minimum', { strategy: 'cover-search', budget: { maxSteps: 3000 } }));
    expect(a.status).toBe('out of steps');
    expect(a.headline).toMatch(/^No answer: the step budget ran out before the search finished \(at least 5, at most (\d+)\)$/);
    const upper = /at most (\d+)/.exec(a.headline)![1];
    expect(a.figures[0]).toEqual(['Fewest', `at least 5, at most ${upper}`]);
    expect(a.figures[1]![0]).toBe('Smallest set found');
    expect(a.figures[1]![1]).toMatch(new RegExp(`^${upper} queens: [a-n]\\d+( [a-n]\\d+)+$`));
  });

  it('says why total domination by knights of 3×3 cannot be', async () => {
    const a = await answer(dominate('knight', 3, 'minimum', {}, { variant: 'total' }));
    expect(a.status).toBe('impossible');
    expect(a.headline).toBe('No solution: total domination needs every square attacked, but no knight on the 3×3 board attacks b2');
    expect(a.figures[0]).toEqual(['Proof', 'a theorem, before any search']);
  });

  it('counts the dominating sets of a given size, naming k in the page\'s words when it is missing', async () => {
    const a = await answer(dominate('queen', 4, 'count', { strategy: 'cover-search' }, { k: 2 }));
    expect(a.headline).toMatch(/^\d+ solutions: 2 queens dominating 4×4$/);
    expect(a.figures[0]![0]).toBe('Dominating sets');
    const instance = bezzel.instantiate(dominate('queen', 4, 'count'));
    expect(!instance.ok && pageWords(instance.error.message)).toBe('goal “count” counts sets of a given size: say how many queens in the field “Pieces k”, or use goal “count-minimum”');
  });
});
