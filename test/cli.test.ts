import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { bezzel, bezzelBin, bezzelProcess, root } from './support/cli.js';

describe('bezzel place / queens', () => {
  it('counts 92 eight-queens solutions and 12 fundamental ones', async () => {
    const count = await bezzel('place', 'queen', '-n', '8', '--goal', 'count');
    expect(count.code).toBe(0);
    expect(count.stdout).toMatch(/^92 solutions: 8 queens on 8×8/);
    const fundamental = await bezzel('place', 'queen', '-n', '8', '--goal', 'count-fundamental');
    expect(fundamental.stdout).toMatch(/^92 solutions, 12 fundamental/);
  });

  it('prints all 92 boards for queens 8 --goal all', async () => {
    const run = await bezzel('queens', '8', '--goal', 'all');
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^Solution \d+:/gm)).toHaveLength(92);
    expect(run.stdout.match(/^1 [·♛](?: [·♛]){7}$/gm)).toHaveLength(92);
    expect(run.stdout).toMatch(/^92 solutions/m);
  });

  it('shows one solution as a board with its array form, and as JSON', async () => {
    const text = await bezzel('queens', '8', '--ascii');
    expect(text.stdout).toMatch(/^8 (?:[.·Q] ){7}[.·Q]$/m);
    expect(text.stdout).toMatch(/^ {2}a b c d e f g h$/m);
    const array = /array form .*: \[([\d ]+)\]/.exec(text.stdout)![1]!;
    const check = await bezzel('check', 'queen', array);
    expect(check.code).toBe(0);
    const json = JSON.parse((await bezzel('queens', '8', '--format', 'json')).stdout) as { status: string; solutions: { columns: number[] }[] };
    expect(json.status).toBe('solved');
    expect(json.solutions[0]!.columns).toHaveLength(8);
  });

  it('counts 6 knights on 6×6: 257318', async () => {
    const run = await bezzel('place', 'knight', '-n', '6', '-k', '6', '--goal', 'count');
    expect(run.stdout).toMatch(/^257318 solutions/);
  });

  it('loads a piece written outside the tree', async () => {
    const run = await bezzel('place', 'flamingo', '-n', '8', '-k', '10', '--plugin', 'test/fixtures/flamingo.ts');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Found a solution: 10 flamingos on 8×8/);
  });
});

describe('bezzel check', () => {
  it('names every pair sharing a diagonal', async () => {
    const run = await bezzel('check', 'queen', '0 4 6 3 7 2 5 1');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('4 attacking pairs:');
    for (const pair of ['a1 and d4', 'b5 and e8', 'c7 and h2', 'e8 and g6']) expect(run.stdout).toContain(`${pair} share a diagonal`);
  });

  it('accepts a valid arrangement given as squares', async () => {
    const run = await bezzel('check', 'queen', 'a1,e2,h3,f4,c5,g6,b7,d8');
    expect(run.stdout).toContain('Valid: 8 queens on 8×8');
    expect(run.code).toBe(0);
  });

  it('reports the first illegal tour move', async () => {
    const run = await bezzel('check', 'knight', '--tour', '-n', '5', 'a1 b3 c5 c4');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("Invalid tour: move 3 from c5 to c4 is not a knight's move");
  });
});

describe('bezzel tour', () => {
  it('finds an 8×8 tour from a1 that check accepts', async () => {
    const run = await bezzel('tour', 'knight', '-n', '8', '--start', 'a1');
    expect(run.code).toBe(0);
    const squares = /^tour: (.*)$/m.exec(run.stdout)![1]!;
    const check = await bezzel('check', 'knight', '--tour', '--start', 'a1', squares);
    // A closed tour is an open one too; `auto` may return either.
    expect(check.stdout).toMatch(/^Valid (open|closed) knight's tour of 8×8: 64 squares, from a1/);
  });

  it('answers impossible at once by parity and by Schwenk', async () => {
    const parity = await bezzel('tour', 'knight', '-n', '5', '--start', 'b1');
    expect(parity.code).toBe(0);
    expect(parity.stdout).toMatch(/^No solution: .*b1 is on the smaller one/);
    const closed = await bezzel('tour', 'knight', '-n', '5', '--closed');
    expect(closed.stdout).toMatch(/^No solution: .*closed tour/);
    const four = await bezzel('tour', 'knight', '-n', '4', '--closed');
    expect(four.stdout).toMatch(/Schwenk's theorem/);
  });

  it('finds a closed 6×6 tour', async () => {
    const run = await bezzel('tour', 'knight', '-n', '6', '--closed');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('closed: the last square is one move from the first');
  });

  it('stops at the step budget, says so and exits 3', async () => {
    const run = await bezzel('tour', 'knight', '-n', '8', '--start', 'a1', '--ordering', 'none', '--max-steps', '100');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/^No answer: the step budget ran out/);
    expect(run.stdout).toMatch(/nodes \d+/);
  });
});

describe('bad input: one clear line, exit code 2', () => {
  const cases: [string, string[], RegExp][] = [
    ['-n 0', ['place', 'queen', '-n', '0'], /-n must be a whole number from 1 to 94906265, not 0/],
    ['-n abc', ['place', 'queen', '-n', 'abc'], /-n must be a whole number/],
    ['unknown piece', ['place', 'dragon'], /unknown piece "dragon"; known pieces: queen, knight/],
    ['unknown strategy', ['place', 'queen', '--strategy', 'magic'], /unknown strategy "magic"/],
    ['malformed arrangement', ['check', 'queen', '0 4 x'], /"x" is not a square|is not a square/],
    ['k larger than the board', ['place', 'knight', '-n', '3', '-k', '10'], /-k 10 is more than the 9 squares/],
    ['knights without k', ['place', 'knight', '-n', '8'], /say how many knights with -k/],
    ['start off the board', ['tour', 'knight', '-n', '5', '--start', 'h9'], /square h9 is not on the 5×5 board/],
    ['unknown option', ['place', 'queen', '--colour', 'red'], /unknown option '--colour'/],
    ['unknown ordering', ['tour', 'knight', '--ordering', 'psychic'], /option ordering of backtracking must be one of none, warnsdorff, warnsdorff-roth, random, not "psychic"/],
    ['zero budget', ['queens', '8', '--max-steps', '0'], /--max-steps must be a whole number of at least 1/],
    ['missing plugin', ['list', '--plugin', './nope.ts'], /cannot load plugin \.\/nope\.ts/],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const run = await bezzel(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/);
    });
  }
});

describe('the real program', () => {
  it('exits with the documented codes and prints no stack trace', async () => {
    const ok = await bezzelProcess('place', 'queen', '-n', '8', '--goal', 'count');
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.stdout).toMatch(/^92 solutions/);
    const usage = await bezzelProcess('place', 'queen', '-n', 'abc');
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
    const invalid = await bezzelProcess('check', 'queen', '0 4 6 3 7 2 5 1');
    expect(invalid.code).toBe(1);
  });

  it('stops quietly when the reader of its output goes away (`| head`)', async () => {
    const child = spawn(process.execPath, [bezzelBin, 'queens', '10', '--goal', 'all'], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('lists pieces and strategies', async () => {
    const run = await bezzel('list');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}queen\s+♛ Q/m);
    expect(run.stdout).toMatch(/^ {2}backtracking\s/m);
  });
});
