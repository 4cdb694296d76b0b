import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bezzel, bezzelProcess, type CliRun } from '../support/cli.js';

/**
 * The third hostile campaign (issue 37), a row for each line of it: what was typed, the exit code it must end
 * with and the shape of its one line. Each was wrong before: an option dropped without a word, an internal error
 * from a bad file, a message that blamed the wrong party or named no limit, a note -q did not silence. The rows
 * that need a full disk are in full-disk.test.ts; the queue's in queue-last-step.test.ts.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bezzel-hostile-'));
  const deep = (open: string, close: string, n: number) => open.repeat(n) + close.repeat(n);
  writeFileSync(join(dir, 'deep.json'), `{"piece":"queen","sizes":[8],"strategies":["min-conflicts"],"options":{"x":${deep('[', ']', 100_000)}}}`);
  writeFileSync(join(dir, 'deep-maps.json'), `{"piece":"queen","sizes":[8],"strategies":["min-conflicts"],"options":{"x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}}`);
  writeFileSync(join(dir, 'deep.yaml'), `piece: queen\nsizes: [8]\nstrategies: [min-conflicts]\noptions:\n  x: ${deep('[', ']', 100_000)}\n`);
  writeFileSync(join(dir, 'indented.yaml'), `piece: queen\nsizes: [8]\nstrategies: [min-conflicts]\noptions:\n  x:\n${Array.from({ length: 100 }, (_, i) => `${'  '.repeat(i + 2)}a:\n`).join('')}${'  '.repeat(102)}1\n`);
  writeFileSync(join(dir, 'deep-checkpoint.jsonl'), `{"bezzel":"checkpoint","version":1,"task":{"problem":${deep('[', ']', 100_000)}}}\n`);
  for (const [name, line] of [
    ['nan-runs.yaml', 'runs: .nan'],
    ['inf-seed.yaml', 'seed: .inf'],
    ['nan-budget.yaml', 'budget: {maxSteps: .nan}'],
    ['nan-option.yaml', 'options: {t0: .nan}'],
  ]) {
    writeFileSync(join(dir, name!), `piece: queen\nsizes: [8]\nstrategies: [simulated-annealing]\n${line}\n`);
  }
});

/** One line on stderr matching `message`, nothing on stdout, the exit code, no stack. */
function expectRefused(run: CliRun, code: number, message: RegExp): void {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(run.stderr).not.toMatch(/\n\s+at |internal error|Maximum call stack/);
}

const at = (name: string) => join(dir, name);

describe('no option is dropped without a word: exit 2, both values named', () => {
  it.each([
    ['-o t0=1 -o t0=2', ['queens', '8', '--strategy', 'simulated-annealing', '-o', 't0=1', '-o', 't0=2'], /t0 is given twice, "t0=1" and "t0=2": an option takes one value; give it once$/],
    ['-o spill=sp/d1 -o spill=sp/d2', ['tour', 'knight', '-n', '6', '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', 'spill=sp/d1', '-o', 'spill=sp/d2'], /spill is given twice, "spill=sp\/d1" and "spill=sp\/d2"/],
    ['--seed 1 --seed 2', ['queens', '8', '--seed', '1', '--seed', '2'], /^bezzel: --seed is given twice, "1" and "2": it takes one value; give it once$/],
    ['-n 8 -n 9', ['place', 'queen', '-n', '8', '-n', '9'], /^bezzel: -n\/--size is given twice, "8" and "9"/],
    ['--max-time 1s --max-time 2s', ['queens', '8', '--max-time', '1s', '--max-time', '2s'], /^bezzel: --max-time is given twice, "1s" and "2s"/],
    ['--strategy twice', ['queens', '8', '--strategy', 'formula', '--strategy', 'backtracking'], /^bezzel: --strategy is given twice, "formula" and "backtracking"/],
    ['--strategies a,,b', ['experiment', 'queen', '-n', '8', '--strategies', 'min-conflicts,,hill-climbing'], /"min-conflicts,,hill-climbing" has an empty name between commas/],
    ['--strategies a,a', ['experiment', 'queen', '-n', '8', '--strategies', 'min-conflicts,min-conflicts'], /names min-conflicts twice: name each strategy once/],
    ['-n 8,,10 in an experiment', ['experiment', 'queen', '-n', '8,,10', '--strategies', 'min-conflicts'], /has an empty size between commas/],
    ['--sweep t0=1,,2', ['experiment', 'queen', '-n', '8', '--strategies', 'simulated-annealing', '--sweep', 't0=1,,2'], /has an empty value between commas/],
    ['--sweep t0 twice', ['experiment', 'queen', '-n', '8', '--strategies', 'simulated-annealing', '--sweep', 't0=1,2', '--sweep', 't0=3'], /t0 is swept twice, "t0=1,2" and "t0=3": give its values in one --sweep/],
    ['experiment -o t0 twice', ['experiment', 'queen', '-n', '8', '--strategies', 'simulated-annealing', '-o', 't0=1', '-o', 't0=2'], /t0 is given twice, "t0=1" and "t0=2"/],
    ['--race with a count', ['experiment', 'queen', '-n', '8', '--goal', 'count', '--strategies', 'bitboard,backtracking', '--race', '--sweep', 'x=1,2'], /^bezzel: a race tunes how soon a strategy solves \(goal one\), not goal count: every configuration gives the same count; run the experiment without --race to compare them$/],
  ])('%s', async (_what, args, message) => {
    expectRefused(await bezzel(...args), 2, message);
  });

  it('the same value twice drops nothing and runs', async () => {
    const run = await bezzel('queens', '8', '--seed', '1', '--seed', '1', '-q');
    expect(run.code, run.stderr).toBe(0);
  });
});

describe('files past reason: exit 2 with the limit named, never an internal error', () => {
  it.each([
    ['a spec 100,000 lists deep', ['experiment', '--spec', 'deep.json'], /^bezzel: \S+deep\.json nests lists and maps more than 64 deep, the most a file bezzel reads may \(a spec needs about 5\)$/],
    ['a spec 100,000 maps deep', ['experiment', '--spec', 'deep-maps.json'], /deep-maps\.json nests lists and maps more than 64 deep/],
    ['a YAML spec 100,000 flow lists deep', ['experiment', '--spec', 'deep.yaml'], /deep\.yaml nests lists and maps more than 64 deep/],
    ['a YAML spec 100 indentations deep', ['experiment', '--spec', 'indented.yaml'], /indented\.yaml nests lists and maps more than 64 deep/],
    ['a checkpoint whose header is 100,000 deep', ['place', 'queen', '-n', '9', '--goal', 'count', '--checkpoint', 'deep-checkpoint.jsonl'], /deep-checkpoint\.jsonl: its first line nests lists and maps more than 64 deep/],
  ])('%s', async (_what, args, message) => {
    expectRefused(await bezzelProcess(...args.map((a) => (/\.(json|yaml|jsonl)$/.test(a) ? at(a) : a))), 2, message);
  });
});

describe('numbers and sizes say what is wrong with them and the limit', () => {
  it.each([
    ['-n 100000000', ['place', 'queen', '-n', '100000000'], /-n may be at most 94906265 \(a square board's squares are numbered below 2⁵³; --width and --height go to 100,000,000\), not 100000000$/],
    ['a board past 2⁵³ squares', ['place', 'queen', '--width', '100000000', '--height', '100000000'], /^bezzel: a 100000000×100000000 board has 1\.00e\+16 squares, more than the 2⁵³ − 1 a board may number .*94,906,265 a side\)$/],
    ['--max-time -1s', ['queens', '8', '--max-time', '-1s'], /a time budget cannot be negative: "-1s"; give an amount more than 0 with its unit/],
    ['--max-time 1e309s', ['queens', '8', '--max-time', '1e309s'], /a time budget cannot be infinite: "1e309s" \(1e309 is past the largest number, about 1\.8e308\)/],
    ['--max-time Infinitys', ['queens', '8', '--max-time', 'Infinitys'], /a time budget cannot be infinite: "Infinitys"; .* or none for no limit$/],
    ['--max-time NaNs', ['queens', '8', '--max-time', 'NaNs'], /a time budget cannot be NaN, not a number: "NaNs"/],
    ['--memory -1G', ['queens', '8', '--memory', '-1G'], /a memory size cannot be negative: "-1G"/],
    ['--memory 1e400G', ['queens', '8', '--memory', '1e400G'], /a memory size cannot be infinite: "1e400G"/],
    ['--max-steps 1e400', ['queens', '8', '--max-steps', '1e400'], /--max-steps must be a whole number of at least 1, not "1e400" \(infinite: 1e400 is past the largest number/],
    ['-o t0=NaN', ['queens', '8', '--strategy', 'simulated-annealing', '-o', 't0=NaN'], /option t0 of simulated-annealing must be a number of at least 0, not "NaN" \(NaN, not a number\)$/],
    ['-o t0=-Infinity', ['queens', '8', '--strategy', 'simulated-annealing', '-o', 't0=-Infinity'], /not "-Infinity" \(negative and infinite\)$/],
    ['-o t0=-1', ['queens', '8', '--strategy', 'simulated-annealing', '-o', 't0=-1'], /not -1 \(negative\)$/],
  ])('%s', async (_what, args, message) => {
    expectRefused(await bezzel(...args), 2, message);
  });

  it.each([
    ['nan-runs.yaml', /runs must be a whole number of at least 1, not NaN \(not a number\)$/],
    ['inf-seed.yaml', /seed must be a whole number, not Infinity \(infinite\)$/],
    ['nan-budget.yaml', /budget\.maxSteps must be a whole number of at least 1, not NaN \(not a number\)$/],
    ['nan-option.yaml', /options\.t0 must be text, a number, or true or false, not NaN \(not a number\)$/],
  ])("YAML's .nan and .inf are named, not read as null: %s", async (file, message) => {
    expectRefused(await bezzel('experiment', '--spec', at(file)), 2, message);
  });
});

describe('a refused run leaves nothing behind', () => {
  it('-o threads=256 with a spill is refused for its memory, and makes no directory', async () => {
    const spill = at('refused-spill');
    expectRefused(await bezzel('tour', 'knight', '-n', '6', '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', `spill=${spill}`, '-o', 'threads=256'), 2, /256 threads of a spilled run would need about [\d.]+ GiB, more than the 1 GiB a run may use/);
    expect(existsSync(spill)).toBe(false);
  });
});

describe('a checkpoint that cannot resume says what it holds, against what the run would do, and how to go on', () => {
  it('written by another strategy: names it, its split, and --strategy to resume', async () => {
    // Written by constellations; the run without --strategy would use auto's choice (bitboard, or halves).
    const file = at('constellations.jsonl');
    const first = await bezzelProcess('place', 'queen', '-n', '12', '--goal', 'count', '--strategy', 'constellations', '--parts', '47', '--workers', '2', '--checkpoint', file, '-q');
    expect(first.code, first.stderr).toBe(0);
    const auto = await bezzelProcess('place', 'queen', '-n', '12', '--goal', 'count', '--checkpoint', file, '-q');
    expectRefused(auto, 2, /^bezzel: \S+constellations\.jsonl was written by strategy constellations \(\d+ sub-tasks from 47 parts\); this run would use (?!constellations)[a-z-]+ \(\d+ sub-tasks from 47 parts\): resume it with --strategy constellations, or start afresh with another --checkpoint file \(or remove \S+\)$/);
    const resumed = await bezzelProcess('place', 'queen', '-n', '12', '--goal', 'count', '--strategy', 'constellations', '--checkpoint', file, '--format', 'json');
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ count: '14200', stats: { extra: { resumed: expect.any(Number) } } });
    expectRefused(await bezzelProcess('place', 'queen', '-n', '11', '--goal', 'count', '--checkpoint', file), 2, /holds another count — queen on 12×12, goal count; this run is queen on 11×11, goal count: resume it with the command that wrote it, or start afresh/);
  });
});

describe('-q silences every note that is not the answer or an error', () => {
  it('an experiment that could take long says so, and under -q says nothing on stderr', async () => {
    // 61 runs of 10 s could take more than 10 minutes; min-conflicts solves each at once.
    const args = ['experiment', 'queen', '-n', '8', '--strategies', 'min-conflicts', '--runs', '61', '--max-time', '10s', '--seed', '1'];
    const loud = await bezzel(...args);
    expect(loud.code, loud.stderr).toBe(0);
    expect(loud.stderr).toMatch(/^bezzel: 61 runs could take up to 10 min if they use their whole budget/m);
    const quiet = await bezzel(...args, '-q');
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toMatch(/^queen, 8×8: 61 runs per strategy/);
  });

  it('a drawing written under -q says nothing on stderr; without -q it says where', async () => {
    const quiet = await bezzel('queens', '6', '--out', at('q.svg'), '-q');
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(readdirSync(dir)).toContain('q.svg');
    expect((await bezzel('queens', '6', '--out', at('q2.svg'))).stderr).toBe(`wrote ${at('q2.svg')}\n`);
  });
});
