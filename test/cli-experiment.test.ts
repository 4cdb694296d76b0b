import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel, bezzelBin, bezzelProcess, childEnv, root } from './support/cli.js';

/** The table without its time columns: every line up to the " | " that starts them. */
const withoutTimes = (stdout: string) => stdout.split('\n').map((line) => line.split(' | ')[0]).join('\n');
const scratch = () => mkdtempSync(join(tmpdir(), 'bezzel-experiment-'));
const luckyWalk = join(root, 'test/fixtures/lucky-walk.mjs');

/** Genetic on 5×5 open tours: quick, and at a low mutation rate some runs fail, which the table must count. */
const study = [
  '# genetic against warnsdorff on 5×5 open knight tours',
  'problem: tour',
  'piece: knight',
  'sizes: [5]',
  'strategies: [genetic, warnsdorff]',
  'options: { generations: 300 }',
  'sweep:',
  '  mutationRate: [0.01, 0.3]',
  'runs: 6',
  'seed: 11',
  '',
].join('\n');

describe('bezzel experiment', () => {
  it('prints the same table twice for the same seed, times aside, and writes JSON, CSV and an SVG chart', async () => {
    const dir = scratch();
    const args = ['experiment', 'queen', '-n', '6', '--strategies', 'hill-climbing,min-conflicts,random', '--runs', '8', '--seed', '7'];
    const first = await bezzel(...args, '--out', join(dir, 'results.json'), '--chart', join(dir, 'chart.svg'));
    const second = await bezzel(...args, '--out', join(dir, 'results.csv'));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^queen, 6×6: 8 runs per strategy, seeds 7…14, at most 15 s a run\n/);
    // Each strategy's steps in its own unit; median, mean and ERT with their intervals; the times right of " | ".
    expect(first.stdout).toMatch(/\nstrategy +n +runs +solved +success \[95% CI\] +unit +median steps \[95% CI\] +mean steps \[95% CI\] +ERT steps \[95% CI\] \| +median time \[95% CI\] +ERT time \[95% CI\] +max time\n/);
    expect(first.stdout).toMatch(/\nmin-conflicts +6 +8 +8 +100\.0% \[67\.6, 100\.0\] +repairs +\d+(\.5)? \[\d+(\.5)?, \d+(\.5)?\] +[\d.]+ \[[\d.]+, [\d.]+\] +[\d.]+ \[[\d.]+, [\d.]+\] +\| +[\d.]+ \[[\d.]+, [\d.]+\] m?s /);
    expect(first.stdout).toMatch(/\nrandom +6 +8 +8 +100\.0% \[67\.6, 100\.0\] +attempts /);
    expect(first.stdout).toContain('\ncomparisons with the first row of each size (p two-sided; Holm-adjusted over 2 in brackets; log-rank: runs out of budget censored at what they spent):\n  min-conflicts vs hill-climbing: success Fisher p = ');
    // hill-climbing's moves and min-conflicts' repairs differ, but both count moves: compared on moves, left of any " | ".
    expect(first.stdout).toMatch(/; moves to solve Mann–Whitney \((exact|normal)\) U = [\d.]+, p = \S+ \[\S+\], A12 = [\d.]+[^;]*; log-rank χ² = [\d.]+, p = \S+ \[\S+\]\n/);
    expect(withoutTimes(first.stdout)).toBe(withoutTimes(second.stdout));
    // Progress when stderr is not a terminal: a line per finished strategy.
    expect(first.stderr).toMatch(/^\[1\/3\] hill-climbing on 6×6: \d of 8 solved \(8 runs done\)\n\[2\/3\] min-conflicts on 6×6: 8 of 8 solved \(16 runs done\)\n/);

    const json = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    expect(json.bezzel).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(json.machine)).toEqual(['cpu', 'cores', 'memoryGiB', 'node', 'platform']);
    expect(json.machine.node).toBe(process.version);
    expect(json.spec).toEqual({ problem: 'placement', piece: 'queen', sizes: [6], goal: 'one', strategies: ['hill-climbing', 'min-conflicts', 'random'], runs: 8, seed: 7 });
    expect(json.rows.map((r: { label: string }) => r.label)).toEqual(['hill-climbing', 'min-conflicts', 'random']);
    expect(json.runs).toHaveLength(24);
    expect(json.runs.slice(0, 8).map((r: { seed: number }) => r.seed)).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
    expect(readFileSync(join(dir, 'results.csv'), 'utf8').split('\n')[0]).toMatch(/^strategy,n,goal,runs,solved,success_rate,success_low,success_high,steps_median/);
    const svg = readFileSync(join(dir, 'chart.svg'), 'utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('fraction of runs solved');
  });

  it('gives the whole JSON of a seeded experiment twice alike, the fields named as timings aside; tests on moves or none, never on ms unless asked', async () => {
    const args = ['experiment', 'queen', '-n', '8', '--strategies', 'hill-climbing,min-conflicts,random', '--runs', '12', '--seed', '7', '--format', 'json', '-q'];
    // Timings, by name (as @bezzel/experiment's isTimingField): the date, the clock, every time (timeMs, timeErt, placementMs…).
    const timing = (key: string) => key === 'date' || key === 'clock' || key.startsWith('time') || key.endsWith('Ms');
    const strip = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(strip) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).filter(([k]) => !timing(k)).map(([k, v]) => [k, strip(v)])) : value;
    const first = await bezzelProcess(...args);
    const second = await bezzelProcess(...args);
    const a = JSON.parse(first.stdout) as { comparisons: { runLength?: { measure: string }; notCompared?: string }[] };
    expect(strip(a)).toEqual(strip(JSON.parse(second.stdout)));
    // hill-climbing counts moves, min-conflicts repairs: both count moves, so they are compared on moves.
    expect(a.comparisons[0]!.runLength!.measure).toBe('moves');
    // random counts attempts: no unit in common, no test.
    expect(a.comparisons[1]!.runLength).toBeUndefined();
    expect(a.comparisons[1]!.notCompared).toMatch(/random counts attempts, hill-climbing moves/);
    const timed = JSON.parse((await bezzelProcess(...args, '--compare-on', 'time')).stdout) as { clock: { resolutionMs: number }; comparisons: { runLength?: { measure: string }; notCompared?: string }[] };
    expect(timed.clock.resolutionMs).toBeGreaterThan(0);
    for (const c of timed.comparisons) expect(c.runLength?.measure ?? c.notCompared).toMatch(/^ms$|under 10 ticks of the clock \(resolution/);
  });

  it('runs a YAML spec, and its results file runs it again to the same table, times aside', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'study.yaml'), study);
    const first = await bezzel('experiment', '--spec', join(dir, 'study.yaml'), '--out', join(dir, 'results.json'), '--chart', join(dir, 'rtd.svg'), '--chart', join(dir, 'sweep.svg'), '--chart-kind', 'rtd', '--chart-kind', 'sweep', '-q');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^knight tour \(open, from a1\), 5×5: 6 runs per strategy and value, seeds 11…16/);
    expect(first.stdout).toMatch(/\ngenetic +0\.01 +5 +6 /);
    expect(first.stdout).toMatch(/\nwarnsdorff +– +5 +6 +6 +100\.0% \[61\.0, 100\.0\] +moves +24 \[24, 24\] +24 \[24, 24\] +24 \[24, 24\] +\| /);
    // -q: not a note on stderr, the files only.
    expect(first.stderr).toBe('');
    for (const file of ['results.json', 'rtd.svg', 'sweep.svg']) expect(existsSync(join(dir, file))).toBe(true);
    expect(readFileSync(join(dir, 'sweep.svg'), 'utf8')).toContain('mutationRate (log)');

    const again = await bezzel('experiment', '--spec', join(dir, 'results.json'), '-q');
    expect(again.code, again.stderr).toBe(0);
    expect(withoutTimes(again.stdout)).toBe(withoutTimes(first.stdout));
    // The same spec as JSON, and flags over it.
    writeFileSync(join(dir, 'study.json'), JSON.stringify(JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).spec));
    expect(withoutTimes((await bezzel('experiment', '--spec', join(dir, 'study.json'), '-q')).stdout)).toBe(withoutTimes(first.stdout));
    const fewer = await bezzel('experiment', '--spec', join(dir, 'study.yaml'), '--runs', '2', '--sweep', 'mutationRate=0.3', '-q');
    expect(fewer.stdout).toMatch(/^knight tour \(open, from a1\), 5×5: 2 runs per strategy and value, seeds 11…12/);
    expect(fewer.stdout).not.toMatch(/\ngenetic +0\.01/);
  });

  it('writes every run with its own statistics, the summary with their distributions, and charts as PNG and PDF', async () => {
    const dir = scratch();
    const r = await bezzel('experiment', 'tour', 'knight', '-n', '5', '--strategies', 'genetic,warnsdorff', '-o', 'generations=300', '--runs', '5', '--seed', '3', '-q',
      '--runs-out', join(dir, 'runs.csv'), '--out', join(dir, 'results.json'), '--chart', join(dir, 'rtd.png'), '--chart', join(dir, 'summary.pdf'), '--chart-kind', 'rtd', '--chart-kind', 'summary', '--scale', '1.5');
    expect(r.code, r.stderr).toBe(0);
    const [header, ...lines] = readFileSync(join(dir, 'runs.csv'), 'utf8').trimEnd().split('\n');
    expect(header).toMatch(/^strategy,n,seed,status,solved,steps,step_unit,restarts,time_ms,answer,proof,extra_generations,extra_squares,/);
    expect(lines).toHaveLength(10);
    const genetic = lines.filter((line) => line.startsWith('genetic,'));
    expect(genetic.map((line) => line.split(',')[2])).toEqual(['3', '4', '5', '6', '7']);
    // Steps are generations, what --max-steps limits; the squares walked are the GA's own statistic beside them.
    for (const line of genetic) expect(line).toMatch(/^genetic,5,\d+,(solved|budget:steps),(true|false),(\d+),generations,\d+,[\d.]+,,,\3,\d+,/);
    const json = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    const [row] = json.rows;
    expect(row.stepUnit).toBe('generations');
    expect(Object.keys(row.stepsMean)).toEqual(['mean', 'low', 'high']);
    expect(Object.keys(row.stepsErt)).toEqual(['ert', 'low', 'high']);
    expect(Object.keys(row.extras.generations)).toEqual(['runs', 'median', 'mean', 'min', 'max']);
    expect(row.extras.generations.max).toBeLessThanOrEqual(300);
    expect(json.comparisons[0]).toMatchObject({ n: 5, row: 'warnsdorff', reference: 'genetic', success: { test: 'fisher-exact' } });
    // Generations and moves are no common unit: their lengths are not compared (time only when asked).
    expect(json.comparisons[0].runLength).toBeUndefined();
    expect(json.comparisons[0].notCompared).toMatch(/warnsdorff counts moves, genetic generations/);
    expect(json.runs[0].extra.generations).toBeGreaterThan(0);
    const png = readFileSync(join(dir, 'rtd.png'));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // --scale 1.5: the 480-point plot and its legend come out wider than 1.5 × 480 pixels.
    expect(png.readUInt32BE(16)).toBeGreaterThan(720);
    const pdf = readFileSync(join(dir, 'summary.pdf')).toString('latin1');
    expect(pdf.slice(0, 5)).toBe('%PDF-');
    // Every character kept: a Unicode font embedded where the system has one (as this machine does), else ASCII text.
    if (existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf')) expect(pdf).toMatch(/\/FontFile2 .*[\s\S]*\/BaseFont \/\w+\+DejaVuSans/);
    // JSON Lines: a line per run, each with its unit.
    await bezzel('experiment', 'tour', 'knight', '-n', '5', '--strategies', 'warnsdorff', '--runs', '2', '-q', '--runs-out', join(dir, 'runs.jsonl'));
    const jsonl = readFileSync(join(dir, 'runs.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(jsonl.map((run) => [run.strategy, run.seed, run.stepUnit, run.steps])).toEqual([['warnsdorff', 1, 'moves', 24], ['warnsdorff', 2, 'moves', 24]]);
  });

  it('prints fixed-target ECDFs and fixed-budget qualities of the local searches in the table and the JSON, and draws them', async () => {
    const dir = scratch();
    const args = ['experiment', 'queen', '-n', '8', '--strategies', 'hill-climbing,min-conflicts', '--runs', '30', '--seed', '1', '-q'];
    const text = await bezzel(...args, '--chart', join(dir, 'ecdf.svg'), '--chart-kind', 'ecdf');
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("\nfixed target and fixed budget, attacking pairs (best so far, from each run's trajectory, x in each strategy's own steps: hill-climbing moves, min-conflicts repairs):\n");
    expect(text.stdout).toMatch(/\nstrategy +target +x = 1 +x = 10 +x = 100 +x = 1000\nhill-climbing +≤ 8 +[01]\.\d\d +/);
    expect(text.stdout).toMatch(/\nmin-conflicts +≤ 8 +[01]\.\d\d +[01]\.\d\d +[01]\.\d\d +1\.00\n/);
    expect(text.stdout).toMatch(/\n += 0 +[01]\.\d\d +[01]\.\d\d +[01]\.\d\d +1\.00\n +median +\S+ \[\S+, \S+\] /);
    const svg = readFileSync(join(dir, 'ecdf.svg'), 'utf8');
    expect(svg).toContain('Fixed-target run-time ECDFs');
    expect(svg).toContain('= 0 (solved)');

    const json = JSON.parse((await bezzel(...args, '--format', 'json')).stdout);
    expect(json.quality.absent).toEqual([]);
    const [view] = json.quality.views;
    expect(view).toMatchObject({ n: 8, measure: 'attacking pairs', targets: [8, 4, 2, 1, 0], budgets: [1, 10, 100, 1000] });
    type Run = { strategy: string; steps: number; solved: boolean; trajectory: { steps: number[]; quality: number[] } };
    for (const row of view.rows as { label: string; runs: number; targets: { target: number; reached: number }[]; budgets: { budget: number; reached: number[]; median: number }[] }[]) {
      const runs = (json.runs as Run[]).filter((r) => r.strategy === row.label);
      expect(runs).toHaveLength(30);
      // Reaching 0 is solving.
      expect(row.targets[4]!.reached).toBe(json.rows.find((r: { label: string }) => r.label === row.label).solved);
      // Each figure of the table is a direct count over the runs' trajectories.
      for (const b of row.budgets) {
        view.targets.forEach((target: number, t: number) => {
          const reached = runs.filter((r) => r.trajectory.steps.some((s, i) => s <= b.budget && r.trajectory.quality[i]! <= target)).length;
          expect(b.reached[t]).toBeCloseTo(reached / 30, 12);
        });
      }
    }
    expect(json.comparisons[0]).toMatchObject({ row: 'min-conflicts', reference: 'hill-climbing', runLength: { test: 'mann-whitney-u', measure: 'moves' }, survival: { test: 'log-rank', measure: 'moves' } });
    expect(json.comparisons[0].runLength.method).toMatch(/^(exact|normal)$/);
    expect(json.comparisons[0].survival.p).toBeGreaterThanOrEqual(0);
  });

  it('prints the spec the flags make, values converted by their declarations, without running', async () => {
    const r = await bezzel('experiment', 'tour', 'knight', '--strategies', 'genetic,warnsdorff', '--sweep', 'mutationRate=0.01,0.05', '-o', 'genetic.population=60', '-o', 'restarts=2', '--max-time', 'none', '--print-spec');
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      problem: 'tour',
      piece: 'knight',
      sizes: [8],
      goal: 'one',
      strategies: ['genetic', 'warnsdorff'],
      options: { restarts: 2 },
      strategyOptions: { genetic: { population: 60 } },
      sweep: { mutationRate: [0.01, 0.05] },
      runs: 30,
      seed: 1,
      budget: { maxTimeMs: null },
    });
    // The README's example spec files are specs this bezzel takes.
    for (const example of ['ga-mutation.yaml', 'queen-domination.json']) {
      const checked = await bezzel('experiment', '--spec', join(root, 'packages/experiment/examples', example), '--print-spec');
      expect(checked.code, checked.stderr).toBe(0);
    }
  });

  it("runs a plugin's strategy and sweeps the options it declares, from the command line or a spec file beside it", async () => {
    // A plugin's runs go to a search thread (one for all of them), where a hang can be ended: the compiled command
    // starts one sooner than the sources do.
    const r = await bezzelProcess('experiment', 'tour', 'knight', '-n', '5', '--strategies', 'lucky-walk,warnsdorff', '--sweep', 'greedy=0,1', '--plugin', luckyWalk, '--runs', '4', '-q');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\nlucky-walk +0 +5 +4 +4 +100\.0% /);
    expect(r.stdout).toMatch(/\nlucky-walk +1 +5 +4 +4 +100\.0% \[51\.0, 100\.0\] +steps +24 \[24, 24\] /);
    const bad = await bezzel('experiment', 'tour', 'knight', '-n', '5', '--strategies', 'lucky-walk', '--sweep', 'greedy=0,2', '--plugin', luckyWalk);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('bezzel: option greedy of lucky-walk must be a number from 0 to 1, not "2"\n');

    // A spec file names its plugin relative to itself; results written elsewhere name it relative to themselves.
    const dir = scratch();
    mkdirSync(join(dir, 'studies'));
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'lucky-walk.mjs'), readFileSync(luckyWalk, 'utf8'));
    writeFileSync(join(dir, 'studies', 'walk.json'), JSON.stringify({ problem: 'tour', piece: 'knight', sizes: [5], strategies: ['lucky-walk'], strategyOptions: { 'lucky-walk': { greedy: 1 } }, runs: 2, plugins: ['../lucky-walk.mjs'] }));
    const fromFile = await bezzelProcess('experiment', '--spec', join(dir, 'studies', 'walk.json'), '--out', join(dir, 'out', 'results.json'), '-q');
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(fromFile.stdout).toMatch(/\nlucky-walk +5 +2 +2 /);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')).spec.plugins).toEqual(['../lucky-walk.mjs']);
  });

  it("ends a plugin's run that ignores its budget, counts it out of time, and goes on with the next run", async () => {
    const endless = join(root, 'test/fixtures/hostile/endless-run.mjs');
    const r = await bezzelProcess('experiment', 'queen', '-n', '6', '--strategies', 'endless,min-conflicts', '--plugin', endless, '--max-time', '300ms', '--runs', '2', '-q');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\nendless +6 +2 +0 +0\.0% /);
    expect(r.stdout).toMatch(/\nmin-conflicts +6 +2 +2 +100\.0% /);
    expect(r.stdout).toContain('not solved, counted as never solving: endless on 6×6: 2 out of time');
  });

  it('compares domination strategies: the value found and whether it is proven', async () => {
    // greedy-cover's runs are expected to take seconds, so they go to a search thread: the compiled command's.
    const r = await bezzelProcess('experiment', 'dominate', 'queen', '-n', '4,5', '--strategies', 'cover-search,greedy-cover', '--runs', '2', '-q');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^queen domination, 4×4, 5×5, goal minimum: 2 runs per strategy/);
    expect(r.stdout).toMatch(/\ncover-search +4 +2 +2 .* +2 +2\/2 +\| /);
    expect(r.stdout).toMatch(/\ngreedy-cover +5 +2 +2 .* +3 +0\/2 +\| /);
    expect(r.stdout).toContain('\ngreedy-cover proves no minimum: it runs goal one, the smallest set it finds (an upper bound)\n');
    const independent = await bezzel('experiment', 'dominate', 'queen', '-n', '5', '--independent', '--strategies', 'cover-search', '--runs', '1', '-q', '--format', 'json');
    expect(independent.code, independent.stderr).toBe(0);
    expect(JSON.parse(independent.stdout).spec.variant).toBe('independent');
  });

  it('turns mistakes into one line and exit code 2', async () => {
    const dir = scratch();
    const refused = async (args: string[], message: RegExp) => {
      const r = await bezzel('experiment', ...args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    };
    await refused(['queen', '--strategies', 'min-conflicts,annealing', '--runs', '2'], /^bezzel: unknown strategy "annealing"/);
    await refused(['knight', '-k', '8', '--strategies', 'min-conflicts', '--runs', '2'], /cannot do this: the knight does not attack along whole lines only: it leaps/);
    await refused(['tour', 'knight', '--strategies', 'genetic', '--sweep', 'mutationRate=0.05,2'], /^bezzel: option mutationRate of genetic must be a number from 0 to 1, not "2"\n$/);
    await refused(['tour', 'knight', '--strategies', 'genetic', '--sweep', 'mutation=0.05'], /^bezzel: none of genetic has an option "mutation" to sweep\n$/);
    await refused(['tour', 'knight', '--strategies', 'genetic', '--sweep', 'mutationRate'], /write a sweep as name=value,value/);
    await refused(['queen', '--strategies', 'formula', '--runs', '1', '--out', 'x.txt'], /name a \.json or a \.csv file/);
    await refused(['queen', '--strategies', 'formula', '--chart', 'c.svg', '--chart-kind', 'pie'], /--chart-kind pie: choose one of rtd, rtd-time, sweep, summary/);
    await refused(['queen', '--strategies', 'formula', '--runs', '1', '--chart', join(dir, 'c.svg'), '--chart-kind', 'sweep'], /--chart .*c\.svg: a sweep chart needs a sweep/);
    await refused(['queen'], /name the strategies to compare with --strategies/);
    // Chart and results files are checked before any run: 1000 runs of generate-and-test on 12 queens would take minutes.
    const slow = ['queen', '-n', '12', '--strategies', 'random', '--runs', '1000'];
    await refused([...slow, '--chart', join(dir, 'c.gif')], /^bezzel: --chart .*c\.gif: name a \.svg, \.png or \.pdf file\n$/);
    await refused([...slow, '--chart', join(dir, 'missing', 'c.png')], /^bezzel: --chart .*c\.png: the folder .*missing does not exist\n$/);
    await refused([...slow, '--runs-out', join(dir, 'runs.txt')], /^bezzel: --runs-out .*runs\.txt: name a \.csv or a \.jsonl file\n$/);
    await refused([...slow, '--runs-out', join(dir, 'missing', 'runs.csv')], /^bezzel: --runs-out .*runs\.csv: the folder .*missing does not exist\n$/);
    await refused([...slow, '--out', join(dir, 'missing', 'results.json')], /^bezzel: --out .*results\.json: the folder .*missing does not exist\n$/);
    await refused([...slow, '--chart', join(dir, 'c.png'), '--scale', '0'], /--scale must be a number from 0\.25 to 16, not "0"/);
    await refused([], /name a piece .* or a spec file with --spec/);
    await refused(['--spec', join(dir, 'missing.json')], /cannot read .*missing\.json: no such file/);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ piece: 'queen', sizes: [8, 0], strategies: ['formula'] }));
    await refused(['--spec', join(dir, 'bad.json')], /^bezzel: .*bad\.json: sizes\[1\] must be a whole number of at least 1, not 0\n$/);
    writeFileSync(join(dir, 'bad.yaml'), 'piece: queen\nsizes: [8\nstrategies: [formula]\n');
    await refused(['--spec', join(dir, 'bad.yaml')], /^bezzel: .*bad\.yaml: .* at line 3, column 1\n$/);
  });

  it('stops on Ctrl-C with the table of the runs done, and exit code 130', async () => {
    const dir = scratch();
    // 60 runs of min-conflicts take well under a second; 60 of generate-and-test, several: Ctrl-C comes between.
    const args = ['experiment', 'queen', '-n', '8', '--strategies', 'min-conflicts,random', '--runs', '60', '--out', join(dir, 'results.json')];
    const child = spawn(process.execPath, [bezzelBin, ...args], { cwd: root, env: childEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => {
      const first = !stderr.includes('[1/2] min-conflicts');
      stderr += String(chunk);
      // One Ctrl-C: a second would exit at once, without the table.
      if (first && stderr.includes('[1/2] min-conflicts')) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, stderr).toBe(130);
    expect(stdout).toMatch(/^queen, 8×8: 60 runs per strategy/);
    expect(stdout).toMatch(/\nmin-conflicts +8 +60 +60 /);
    expect(stdout).toMatch(/\nstopped after \d+ of 120 runs: the rows sum up the runs done\n/);
    const json = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    expect(json.stopped.planned).toBe(120);
    expect(json.runs).toHaveLength(json.stopped.done);
    expect(json.stopped.done).toBeGreaterThanOrEqual(60);
    expect(json.stopped.done).toBeLessThan(120);
  });
});
