import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzelProcess, root } from './support/cli.js';

const json = (stdout: string) => JSON.parse(stdout) as { status: string; strategy: string; count?: string; stats: { extra: Record<string, string> } };

describe('strategies that combine, on the command line (members in threads of their own)', () => {
  it('portfolio: min-conflicts and hill climbing race on 1000 queens; the first to finish answers, and no thread is left (the command exits)', async () => {
    const run = await bezzelProcess('place', 'queen', '-n', '1000', '--strategy', 'portfolio', '-o', 'members=min-conflicts,hill-climbing', '--seed', '3', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    const result = json(run.stdout);
    expect(result.status).toBe('solved');
    expect(result.stats.extra).toMatchObject({ winner: 'min-conflicts', 'hill-climbing': 'aborted' });
  });

  it('portfolio: two counting strategies agree, or the run fails loudly', async () => {
    const agree = await bezzelProcess('place', 'queen', '-n', '9', '--goal', 'count', '--strategy', 'portfolio', '-o', 'members=bitboard,backtracking', '--format', 'json');
    expect(json(agree.stdout)).toMatchObject({ status: 'complete', count: '352', stats: { extra: { agreed: 'bitboard, backtracking' } } });
    const cheats = join(root, 'test/fixtures/hostile/cheats.mjs');
    const disagree = await bezzelProcess('queens', '8', '--goal', 'count', '--strategy', 'portfolio', '-o', 'members=bitboard,cheat-count', '--plugin', cheats);
    expect(disagree.code).toBe(5);
    expect(disagree.stdout).toBe('');
    expect(disagree.stderr).toMatch(/^bezzel: strategy bitboard counted 92, but cheat-count counts 42: the portfolio's members disagree\n$/);
  });

  it("pipeline: Warnsdorff's stuck walk seeds the genetic algorithm, which closes the 8×8 tour", async () => {
    const run = await bezzelProcess('tour', 'knight', '-n', '8', '--closed', '--strategy', 'pipeline', '-o', 'stages=warnsdorff,genetic', '--seed', '2', '--format', 'json');
    expect(json(run.stdout)).toMatchObject({ status: 'solved', stats: { extra: { stages: 'warnsdorff budget → genetic solved', answeredBy: 'genetic' } } });
  });

  it('a part from a plugin is offered by every strategy that takes its kind', async () => {
    const part = join(root, 'test/fixtures/first-rank.mjs');
    for (const strategy of ['min-conflicts', 'hill-climbing']) {
      const run = await bezzelProcess('place', 'queen', '-n', '12', '--strategy', strategy, '-o', 'initial=first-rank', '-o', strategy === 'hill-climbing' ? 'restarts=50' : 'restartAfter=0', '--seed', '1', '--plugin', part, '-q');
      expect(run.code, `${strategy}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/^Found a solution: 12 queens on 12×12/m);
    }
  });
});
