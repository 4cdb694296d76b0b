import { createBezzel, StrategyError, type Task } from '@bezzel/core';
import backtracking from '@bezzel/backtracking';
import bitboard from '@bezzel/bitboard';
import columns from '@bezzel/columns';
import hillClimbing from '@bezzel/hill-climbing';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import { describe, expect, it } from 'vitest';
import portfolio from '@bezzel/portfolio';

// In one thread (the core's own `elsewhere`): members run one after another; the command line races them in
// threads (test/combine.test.ts).
const bezzel = await createBezzel({ plugins: [queen, backtracking, bitboard, columns, minConflicts, hillClimbing, portfolio] });
const queens = (n: number, goal: Task['goal'], members: string): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal,
  strategy: 'portfolio',
  seed: 5,
  options: { members },
});

describe('portfolio', () => {
  it('answers with the first member that answers, and says which', async () => {
    const result = await bezzel.solve(queens(60, 'one', 'min-conflicts,hill-climbing'));
    expect(result.status).toBe('solved');
    expect(result.stats.extra).toMatchObject({ winner: 'min-conflicts', members: 'min-conflicts,hill-climbing' });
  });

  it('counts with every member and gives the count they agree on', async () => {
    const result = await bezzel.solve(queens(8, 'count-fundamental', 'bitboard,backtracking'));
    expect(result).toMatchObject({ status: 'complete', count: 92n, fundamental: 12n, stats: { extra: { agreed: 'bitboard, backtracking' } } });
  });

  it('fails loudly when members count differently', async () => {
    const liar = {
      meta: { id: 'liar', description: 'counts wrong', problems: ['placement' as const], goals: ['count' as const] },
      supports: () => ({ ok: true as const, cost: 1 }),
      run: () => ({ status: 'complete' as const, count: 91n, stats: { nodes: 1, timeMs: 0 } }),
    };
    const { pluginModule } = await import('@bezzel/core');
    const withLiar = await createBezzel({ plugins: [queen, bitboard, portfolio, pluginModule({ strategies: [liar] })] });
    await expect(withLiar.solve(queens(8, 'count', 'bitboard,liar'))).rejects.toThrow(StrategyError);
    await expect(withLiar.solve(queens(8, 'count', 'bitboard,liar'))).rejects.toThrow(/counted 92, but liar counts 91: the portfolio's members disagree/);
  });

  it('refuses fewer than two members, and itself as a member', async () => {
    await expect(bezzel.solve(queens(8, 'one', 'bitboard'))).rejects.toThrow(/option members of portfolio must be at least 2 ids joined with ","/);
    await expect(bezzel.solve(queens(8, 'one', 'bitboard,portfolio'))).rejects.toThrow(/cannot name portfolio itself/);
  });

  it('refuses, before any member runs, a member named twice and a member that is no strategy', async () => {
    await expect(bezzel.solve(queens(8, 'one', 'bitboard,bitboard'))).rejects.toThrow(/^portfolio: option members names bitboard more than once/);
    await expect(bezzel.solve(queens(8, 'one', 'bitboard,nonesuch'))).rejects.toThrow(/^portfolio: option members names nonesuch, which is not a strategy/);
  });
});
