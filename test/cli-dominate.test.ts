import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel, bezzelProcess } from './support/cli.js';

describe('bezzel dominate', () => {
  it('counts the minimum sets of eight queens: 5 queens, 4860 ways (the installed command)', async () => {
    const run = await bezzelProcess('dominate', 'queen', '-n', '8', '--goal', 'count-minimum', '-q');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^The fewest queens dominating 8×8: 5 \(proven: a search for fewer was exhausted\), in 4860 minimum sets$/m);
  });

  it('gives JSON with the minimum and its proof, and the set', async () => {
    const run = await bezzel('dominate', 'knight', '-n', '6', '--format', 'json');
    const json = JSON.parse(run.stdout) as { status: string; minimum: { value: number; proof: string }; solutions: { squares: number[] }[] };
    expect(json.status).toBe('solved');
    expect(json.minimum.value).toBe(8);
    expect(json.solutions[0]!.squares).toHaveLength(8);
  });

  it('draws the coverage of the set as SVG', async () => {
    const run = await bezzel('dominate', 'queen', '-n', '5', '--format', 'svg');
    expect(run.stdout).toMatch(/^<svg/);
    expect(run.stdout).toContain('covered');
    expect(run.stdout).not.toContain('uncovered</title>');
  });

  it('counts sets of a given size, and splits the count over worker threads with the same answer', async () => {
    const here = await bezzel('dominate', 'king', '-n', '5', '-k', '5', '--goal', 'count', '-q');
    expect(here.stdout).toMatch(/^(\d+) solutions: 5 kings dominating 5×5$/m);
    const count = /^(\d+) solutions/m.exec(here.stdout)![1];
    const threads = await bezzelProcess('dominate', 'king', '-n', '5', '-k', '5', '--goal', 'count', '--workers', '2', '-q');
    expect(threads.stdout).toContain(`${count} solutions`);
  });

  it('counts minimum sets on workers as a minimum then a split count, with a checkpoint', async () => {
    const file = join(tmpdir(), `bezzel-dominate-${process.pid}.jsonl`);
    try {
      const run = await bezzelProcess('dominate', 'queen', '-n', '7', '--goal', 'count-minimum-fundamental', '--workers', '2', '--checkpoint', file, '-q');
      expect(run.stdout).toMatch(/The fewest queens dominating 7×7: 4 .*in 86 minimum sets, \d+ fundamental/);
      expect(readFileSync(file, 'utf8').trim().split('\n').length).toBeGreaterThan(2);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it.each([
    ['queen', '8', [], 5, 'exhausted'],
    ['queen', '9', [], 5, 'exhausted'],
    ['knight', '6', [], 8, undefined],
    ['queen', '6', ['--total'], 4, 'exhausted'],
    ['queen', '7', ['--independent'], 4, 'exhausted'],
    ['bishop', '5', [], 5, undefined],
  ] as const)('proves the minimum of %s on -n %s %j, γ = %i, on worker threads as one thread does', async (piece, n, variant, gamma, proof) => {
    const json = async (...extra: string[]) => JSON.parse((await bezzelProcess('dominate', piece, '-n', n, ...variant, '--format', 'json', ...extra)).stdout);
    const [threads, alone] = await Promise.all([json('--workers', '2'), json()]);
    // cover-search runs its own threads: --workers 2 becomes its option threads=2 (a climb and a helper), not a
    // count of each size split over workers (whose result says how many workers it had).
    expect(threads).toMatchObject({ status: 'solved', strategy: 'cover-search', minimum: { value: gamma } });
    expect(threads.stats.workers).toBeUndefined();
    expect(threads.minimum.value).toBe(alone.minimum.value);
    if (proof) expect(threads.minimum.proof).toBe(proof);
    expect(threads.solutions[0].names).toHaveLength(gamma);
  });

  it('stops at --max-time with the best set and the bounds (exit 3)', async () => {
    // The installed command: a minimum on 15×15 (14×14 ends in about a second on two threads) runs in a search
    // thread, which from the TypeScript sources (this process) would spend the budget compiling.
    const run = await bezzelProcess('dominate', 'queen', '-n', '15', '--max-time', '2s');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/at least \d+, at most \d+/);
    expect(run.stdout).toContain('best arrangement reached');
  });

  it.each([
    [['dominate', 'queen', '-n', '4', '-k', '17', '--goal', 'count'], '-k 17 is more than the 16 squares of the 4×4 board'],
    [['dominate', 'queen', '--independent', '--total'], 'choose one of --independent and --total'],
    [['dominate', 'queen', '-k', '3'], '--goal minimum finds the number of pieces itself; leave out -k'],
    [['dominate', 'queen', '--goal', 'count'], 'say how many queens with -k'],
    [['place', 'queen', '--goal', 'minimum'], "argument 'minimum' is invalid"],
  ])('bad input gets one clear line: %s', async (args, message) => {
    const run = await bezzel(...args);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(message);
  });

  it('answers an impossible variant with its reason: no knight attacks the middle of 3×3', async () => {
    const run = await bezzel('dominate', 'knight', '-n', '3', '--total');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('No solution: total domination needs every square attacked, but no knight on the 3×3 board attacks b2');
  });

  it('check --dominate names the uncovered squares', async () => {
    const bad = await bezzel('check', 'queen', '--dominate', 'c4,d4,e4,c5');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('5 squares are neither occupied nor attacked: h2, g3, h3, h6, b8');
    const good = await bezzel('check', 'queen', '--dominate', 'c4,d4,e4,c5,h2');
    expect(good.code).toBe(0);
    const total = await bezzel('check', 'queen', '--total', '-n', '3', 'b2');
    expect(total.stdout).toContain('1 square is attacked by no queen: b2');
  });
});

describe('toroidal boards', () => {
  it.each([
    [4, 0],
    [5, 10],
    [6, 0],
    [7, 28],
  ])('place queen -n %i --torus counts %i (toroidal queens exist only when n is coprime to 6)', async (n, count) => {
    const run = await bezzel('place', 'queen', '-n', String(n), '--torus', '--goal', 'count', '-q');
    expect(run.stdout).toMatch(new RegExp(`^${count} solutions?: ${n} queens on the ${n}×${n} torus$`, 'm'));
  });

  it('tours wrap too: a closed knight tour of the 4×4 torus exists, on the flat board none does', async () => {
    expect((await bezzel('tour', 'knight', '-n', '4', '--torus', '--closed', '-q')).stdout).toMatch(/^Found a solution/m);
    expect((await bezzel('tour', 'knight', '-n', '4', '--closed', '-q')).stdout).toMatch(/^No solution/m);
  });

  it('domination wraps: one queen dominates the 3×3 torus from any square', async () => {
    const run = await bezzel('dominate', 'queen', '-n', '3', '--torus', '--goal', 'count-minimum', '-q');
    expect(run.stdout).toMatch(/The fewest queens dominating the 3×3 torus: 1 .*in 9 minimum sets/);
  });
});
