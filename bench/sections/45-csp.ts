import { createBezzel, type Result, type Task } from '@bezzel/core';
import csp from '@bezzel/csp';
import queen from '@bezzel/queen';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

type Options = Readonly<Record<string, string | boolean>>;
const queens = (n: number, goal: Task['goal'], options: Options): Task => ({
  problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' },
  goal,
  strategy: 'csp',
  options,
  budget: { maxTimeMs: 120_000 },
});
const checks = (r: Result) => Number(r.stats.extra?.checks ?? Number.NaN);
const num = (x: number) => x.toLocaleString('en');
const pad = (text: string, width: number) => text.padStart(width);

/**
 * Issue 25's csp figures: assignments (nodes) and constraint checks to the first solution of 8…20 queens for plain
 * backtracking (static order, no inference), forward checking with MRV and MAC with MRV — the README's table —
 * then the whole tree of 10 queens (goal count) under each setting, where value ordering changes nothing.
 */
const section: BenchSection = {
  title: 'Constraint satisfaction (csp): nodes and checks by inference and ordering',
  async run(log) {
    const bezzel = await createBezzel({ plugins: [queen, csp] });
    const settings: [string, Options][] = [
      ['plain (static, none)', { ordering: 'static', inference: 'none' }],
      ['FC + MRV', { ordering: 'mrv', inference: 'forward-checking' }],
      ['MAC + MRV', { ordering: 'mrv', inference: 'mac' }],
    ];
    log('goal one, n queens: nodes (assignments) / constraint checks');
    log(`${pad('n', 3)} | ${settings.map(([name]) => pad(name, 26)).join(' | ')}`);
    let times = [0, 0, 0];
    for (let n = 8; n <= 20; n++) {
      const cells: string[] = [];
      for (const [i, [, options]] of settings.entries()) {
        const { value, ms } = await timed(() => bezzel.solve(queens(n, 'one', options)));
        times[i] += ms;
        cells.push(pad(value.status === 'solved' ? `${num(value.stats.nodes)} / ${num(checks(value))}` : value.status, 26));
      }
      log(`${pad(String(n), 3)} | ${cells.join(' | ')}`);
    }
    log(`time for the 13 boards: ${settings.map(([name], i) => `${name} ${fmtMs(times[i]!)}`).join(', ')}`);

    log('');
    log('goal count, 10 queens (724): nodes / checks / values pruned / backjumps (values they skipped), time');
    times = [];
    for (const inference of ['none', 'forward-checking', 'mac']) {
      for (const ordering of ['static', 'mrv', 'mrv+degree']) {
        for (const backjumping of [false, true]) {
          const options = { inference, ordering, backjumping };
          const { value, ms } = await timed(() => bezzel.solve(queens(10, 'count', options)));
          const e = value.stats.extra ?? {};
          const name = `${inference}, ${ordering}${backjumping ? ', backjumping' : ''}`;
          const figures = `${num(value.stats.nodes)} / ${num(Number(e.checks))} / ${num(Number(e.pruned))} / ${num(Number(e.backjumps))} (${num(Number(e.skipped))})`;
          log(`${name.padEnd(42)} ${value.status === 'complete' ? String(value.count) : value.status}: ${figures}, ${fmtMs(ms)}`);
        }
      }
    }
  },
};
export default section;
