import { describe, expect, it } from 'vitest';
import { bezzel } from './support/cli.js';

describe('bezzel with Betza pieces and the transfer-matrix counts', () => {
  it('counts 6 knights on 6×6 with transfer-matrix, and every k on 8×8 in one run', async () => {
    const six = await bezzel('place', 'knight', '-n', '6', '-k', '6', '--goal', 'count', '--strategy', 'transfer-matrix');
    expect(six.stdout).toMatch(/^257318 solutions/);
    const all = await bezzel('place', 'knight', '-n', '8', '--k', 'all', '-q');
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/k = 0…32 \(101693175442 placements in all\)/);
    const row = all.stdout.split('\n')[1]!.split(' ').map(BigInt);
    expect(row).toHaveLength(33);
    expect(row.reduce((a, b) => a + b, 0n)).toBe(101693175442n);
    const refused = await bezzel('place', 'knight', '-n', '8', '--k', 'all', '--strategy', 'backtracking');
    expect(refused.code).toBe(2);
  });

  it('finds the maximum and the number of ways', async () => {
    const eight = await bezzel('place', 'knight', '-n', '8', '--goal', 'maximum', '--strategy', 'transfer-matrix');
    expect(eight.stdout).toMatch(/^At most 32 knights fit on 8×8, in 2 ways/);
    const four = await bezzel('place', 'knight', '-n', '4', '--goal', 'maximum', '--strategy', 'transfer-matrix');
    expect(four.stdout).toMatch(/^At most 8 knights fit on 4×4, in 6 ways/);
    // auto takes the quickest: the construction answers in microseconds, the DP (which also counts the ways) in 0.2 s.
    const auto = await bezzel('place', 'knight', '-n', '8', '--goal', 'maximum', '-q');
    expect(auto.stdout).toMatch(/^At most 32 knights fit on 8×8; one way:\n.*strategy formula/);
  });

  it('places ad-hoc Betza pieces and named fairy pieces, and refuses hoppers naming the modifier', async () => {
    const nn = await bezzel('place', 'betza:NN', '-n', '6', '-k', '4', '--goal', 'count');
    expect(nn.code).toBe(0);
    expect(nn.stdout).toMatch(/^17365 solutions: 4 betza:NN pieces on 6×6/);
    const amazons = await bezzel('place', 'amazon', '-n', '10', '--goal', 'count');
    expect(amazons.stdout).toMatch(/^4 solutions: 10 amazons on 10×10/);
    const hopper = await bezzel('place', 'betza:pR', '-n', '6', '-k', '4', '--goal', 'count');
    expect(hopper.code).toBe(2);
    expect(hopper.stderr).toMatch(/modifier "p"/);
    for (const bad of ['betza:', 'betza:(1,2', 'betza:NX']) {
      const run = await bezzel('place', bad, '-n', '6', '-k', '2');
      expect(run.code, bad).toBe(2);
      expect(run.stderr.trim().split('\n'), bad).toHaveLength(1);
    }
    const list = await bezzel('list');
    expect(list.stdout).toMatch(/giraffe\s+\S+ G\s+\(4,1\)/);
  });
});
