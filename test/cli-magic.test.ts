import { Board, leaper, validateTour } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { bezzel, bezzelProcess } from './support/cli.js';
import { BEVERLEY, FIVE_BY_FIVE, numberedPath } from './support/numbered-tours.js';

const knight = { id: 'knight', name: 'knight', symbols: { unicode: '♞', ascii: 'N' }, movement: leaper(1, 2) };

/** A numbered grid as the square names `check` reads, in the order visited. */
function squaresOf(grid: string): string {
  const { width, height, path } = numberedPath(grid);
  const board = new Board({ width, height });
  return path.map((sq) => board.name(sq)).join(' ');
}
const beverley = squaresOf(BEVERLEY);

describe('bezzel tour --magic and bezzel check: magic tours', () => {
  it('finds a semi-magic 8×8 tour, prints its sums, and the core validator agrees (the installed command)', async () => {
    const json = await bezzelProcess('tour', 'knight', '-n', '8', '--magic', 'semi', '--seed', '1', '--format', 'json');
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as { status: string; strategy: string; problem: { magic: string }; solutions: { path: number[] }[] };
    expect(result).toMatchObject({ status: 'solved', strategy: 'magic-tour', problem: { magic: 'semi' } });
    const report = validateTour(Board.square(8), knight, result.solutions[0]!.path, { magic: 'semi' });
    expect(report.firstError).toBeUndefined();
    expect(report.sums?.ranks).toEqual(Array(8).fill(260));
    const text = await bezzelProcess('tour', 'knight', '-n', '8', '--magic', 'semi', '--seed', '1');
    expect(text.stdout).toMatch(/^Found a solution: a semi-magic knight's tour of 8×8$/m);
    expect(text.stdout).toMatch(/^rank sums \(1 to 8\): 260 260 260 260 260 260 260 260$/m);
    expect(text.stdout).toMatch(/^file sums \(a to h\): 260 260 260 260 260 260 260 260$/m);
    expect(text.stdout).toMatch(/^semi-magic: every rank and file sums to 260, but not both long diagonals/m);
  });

  it("checks Beverley's tour: its sums, semi-magic, and not magic on --magic full (exit 1)", async () => {
    const run = await bezzel('check', 'knight', '--tour', beverley);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "Valid open knight's tour of 8×8: 64 squares, from a8 to h6.",
        'rank sums (1 to 8): 260 260 260 260 260 260 260 260',
        'file sums (a to h): 260 260 260 260 260 260 260 260',
        'diagonal sums: a1–h8 210, a8–h1 282',
        'semi-magic: every rank and file sums to 260, but not both long diagonals (the a1–h8 diagonal sums to 210, the a8–h1 diagonal sums to 282)',
        '',
      ].join('\n'),
    );
    const full = await bezzel('check', 'knight', '--tour', beverley, '--magic', 'full');
    expect(full.code).toBe(1);
    expect(full.stdout).toMatch(/^Not magic: a legal open knight's tour of 8×8: 64 squares, from a8 to h6; the numbering is only semi-magic: the a1–h8 diagonal sums to 210, not 260/);
    const json = JSON.parse((await bezzel('check', 'knight', '--tour', beverley, '--format', 'json')).stdout) as { sums: Record<string, unknown> };
    expect(json.sums).toMatchObject({ ranks: Array(8).fill(260), files: Array(8).fill(260), diagonals: [210, 282], semiMagic: true, magic: false });
  });

  it('says a tour is neither, naming the lines that miss', async () => {
    const tour = squaresOf(FIVE_BY_FIVE);
    const run = await bezzel('check', 'knight', '--tour', tour);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^rank sums \(1 to 5\): 61 84 63 64 53$/m);
    expect(run.stdout).toMatch(/^diagonal sums: a1–e5 \d+, a5–e1 \d+$/m);
    expect(run.stdout).toMatch(/^neither magic nor semi-magic: the lines should sum to 65; rank 1 sums to 61, rank 2 sums to 84, rank 3 sums to 63, and \d+ more$/m);
  });

  it('answers where theory rules a magic tour out, with the reason, exit 0', async () => {
    for (const [args, reason] of [
      [['-n', '8', '--magic', 'full'], /Stertenbrink, Meyrignac, Mackay and Jelliss in 2003/],
      [['-n', '6', '--magic', 'semi'], /Jelliss proved in 2003/],
      [['-n', '5', '--magic', 'semi'], /their sums differ in parity/],
      [['--width', '8', '--height', '5', '--magic', 'semi'], /each file of 5 squares would have to sum to 5·41\/2 = 102\.5/],
    ] as const) {
      const run = await bezzel('tour', 'knight', ...args);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^No solution: no (semi-)?magic knight's tour of \d+×\d+ exists: /);
      expect(run.stdout).toMatch(reason);
    }
  });

  it('reports what a search did when its budget runs out: exit 3, nodes, the deepest walk', async () => {
    const run = await bezzelProcess('tour', 'knight', '-n', '8', '--magic', 'semi', '--max-steps', '5000', '--seed', '1');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^No answer: the step budget ran out before the search finished; best score (\d+) \(the deepest walk numbered \1 of 64 squares with every rank and file still able to reach its sum; method quartes, 0 of 10 start squares searched to the end\)$/m);
    expect(run.stdout).toMatch(/^strategy magic-tour · nodes 5,000 · .* · method quartes · deepest \d+ · /m);
  });

  it('refuses what cannot be asked in one line, exit 2', async () => {
    for (const [args, message] of [
      [['tour', 'knight', '--width', '8', '--height', '12', '--magic', 'full'], /need a square board; 8×12 is not square/],
      [['tour', 'knight', '-n', '8', '--magic', 'semi', '--removed', 'a1'], /cannot have removed squares/],
      [['tour', 'knight', '-n', '8', '--magic', 'semi', '--strategy', 'warnsdorff'], /strategy warnsdorff cannot do this: it does not search for magic tours/],
      [['tour', 'knight', '-n', '8', '--magic', 'diagonal'], /Allowed choices are semi, full/],
    ] as const) {
      const run = await bezzel(...args);
      expect(run.code).toBe(2);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(message);
    }
  });
});
