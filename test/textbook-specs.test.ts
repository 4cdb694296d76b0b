import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel, root } from './support/cli.js';

/**
 * The textbook's numbers (issue 25, item 4), each a seeded spec in packages/experiment/examples/textbook, run as
 * shipped (the million queens at 10,000 unless BEZZEL_SLOW is set) and checked against the book's figure within a
 * tolerance, not against this machine's run: the figure is the claim.
 */
const spec = (name: string) => join(root, 'packages/experiment/examples/textbook', name);

interface Row {
  readonly label: string;
  readonly params: Record<string, string | number>;
  readonly n: number;
  readonly runs: number;
  readonly solved: number;
  readonly successRate: number;
  readonly steps: { median: number | null };
  readonly stepsMean: { mean: number | null };
  readonly failures?: { runs: number; measure: string; mean: number };
}

async function rowsOf(file: string, ...flags: string[]): Promise<Row[]> {
  const r = await bezzel('experiment', '--spec', spec(file), '--format', 'json', '-q', ...flags);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout).rows as Row[];
}

describe('the textbook, reproduced', () => {
  it('steepest-ascent hill climbing on 8 queens: about 14% strictly downhill in about 4 moves (stuck after about 3), about 94% with 100 sideways moves (failing after about 64) (AIMA §4.1.1)', async () => {
    const [strict, sideways] = await rowsOf('hill-climbing-8-queens.yaml');
    expect(strict!.params).toEqual({ sideways: 0 });
    expect(strict!.runs).toBe(1000);
    expect(strict!.successRate).toBeGreaterThan(0.1);
    expect(strict!.successRate).toBeLessThan(0.18);
    expect(strict!.stepsMean.mean).toBeGreaterThan(3);
    expect(strict!.stepsMean.mean).toBeLessThan(5);
    // The book: stuck after 3 moves on average (moves made, not the last step that found none).
    expect(strict!.failures!.measure).toBe('moves');
    expect(strict!.failures!.runs).toBe(1000 - strict!.solved);
    expect(strict!.failures!.mean).toBeGreaterThan(2.5);
    expect(strict!.failures!.mean).toBeLessThan(3.5);
    expect(sideways!.params).toEqual({ sideways: 100 });
    expect(sideways!.successRate).toBeGreaterThan(0.91);
    expect(sideways!.successRate).toBeLessThan(0.97);
    // The book: 21 moves on average for each success.
    expect(sideways!.stepsMean.mean).toBeGreaterThan(15);
    expect(sideways!.stepsMean.mean).toBeLessThan(25);
    // The book: 64 moves for each failure.
    expect(sideways!.failures!.mean).toBeGreaterThan(55);
    expect(sideways!.failures!.mean).toBeLessThan(72);
  });

  it("simulated annealing's success on 32 queens falls with a schedule too slow for the budget: geometric, exponential ≫ linear ≫ logarithmic", async () => {
    const rows = await rowsOf('annealing-schedules.yaml');
    const solved = Object.fromEntries(rows.map((r) => [r.params.schedule, r.solved]));
    expect(rows[0]!.runs).toBe(30);
    expect(solved.geometric).toBeGreaterThanOrEqual(29);
    expect(solved.exponential).toBeGreaterThanOrEqual(29);
    expect(solved.linear).toBeGreaterThan(5);
    expect(solved.linear).toBeLessThan(28);
    expect(solved.logarithmic).toBeLessThanOrEqual(3);
  });

  it('CSP nodes on 8…20 queens: plain backtracking against forward checking and MAC with MRV (AIMA ch. 6)', async () => {
    const rows = await rowsOf('csp-queens-nodes.yaml');
    const nodes = (n: number, ordering: string, inference: string) => rows.find((r) => r.n === n && r.params.ordering === ordering && r.params.inference === inference)!.steps.median!;
    expect(rows).toHaveLength(13 * 6);
    // Deterministic: the figures of the csp README's table, exactly.
    expect([nodes(8, 'static', 'none'), nodes(8, 'mrv', 'forward-checking'), nodes(8, 'mrv', 'mac')]).toEqual([113, 75, 20]);
    expect([nodes(20, 'static', 'none'), nodes(20, 'mrv', 'forward-checking'), nodes(20, 'mrv', 'mac')]).toEqual([199_635, 145, 52]);
    let plain = 0;
    let fc = 0;
    for (let n = 8; n <= 20; n++) {
      expect(nodes(n, 'mrv', 'mac')).toBeLessThanOrEqual(nodes(n, 'mrv', 'forward-checking'));
      expect(nodes(n, 'static', 'forward-checking')).toBeLessThanOrEqual(nodes(n, 'static', 'none'));
      plain += nodes(n, 'static', 'none');
      fc += nodes(n, 'mrv', 'forward-checking');
    }
    // Over the table, MRV with forward checking needs hundreds of times fewer nodes than plain backtracking.
    expect(plain / fc).toBeGreaterThan(100);
  });

  it.runIf(process.env.BEZZEL_SLOW)('min-conflicts on a million queens from a greedy start: a few dozen repairs on average (Minton et al.; AIMA §6.4: 50)', async () => {
    const [row] = await rowsOf('min-conflicts-million-queens.yaml');
    expect(row!.n).toBe(1_000_000);
    expect(row!.solved).toBe(row!.runs);
    expect(row!.stepsMean.mean).toBeGreaterThan(20);
    expect(row!.stepsMean.mean).toBeLessThan(200);
  });

  it('min-conflicts needs about as many repairs on 10,000 queens as on a million: the spec at a smaller n', async () => {
    const [row] = await rowsOf('min-conflicts-million-queens.yaml', '-n', '10000', '--runs', '20');
    expect(row!.n).toBe(10_000);
    expect(row!.solved).toBe(20);
    expect(row!.stepsMean.mean).toBeGreaterThan(20);
    expect(row!.stepsMean.mean).toBeLessThan(200);
  });
});
