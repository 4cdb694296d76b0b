import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isTimingField } from '@bezzel/experiment';
import { describe, expect, it } from 'vitest';
import { drawn, useBrowser, VIEWPORTS, withPage } from './page.js';

// Issue 26, item 3: compare in the browser. Hill climbing and min-conflicts on 8 queens, 100 seeds from 1, run in
// the page's workers, give the success counts, medians and intervals `bezzel experiment` gives for the same seeds,
// and the page's results file is the CLI's (times aside).

const browser = useBrowser();
const cli = fileURLToPath(new URL('../../cli/bin/bezzel.mjs', import.meta.url));
const cliSource = fileURLToPath(new URL('../../cli/src/bin.ts', import.meta.url));

/**
 * `bezzel experiment …` with these arguments, as a user runs it (the installed command); while a build in the
 * same checkout has its compiled files away, the same program from its sources.
 */
function bezzel(...args: string[]): string {
  try {
    return execFileSync(process.execPath, [cli, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if (!/not built yet/.test(String((error as { stderr?: string }).stderr))) throw error;
    return execFileSync(process.execPath, ['--import', 'tsx', '--conditions=@bezzel/source', cliSource, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  }
}

interface Row { label: string; n: number; runs: number; solved: number; successRate: number; success: object; steps: { median: number | null; low: number | null; high: number | null }; stepsMean: object; stepsErt: object; restartsMean: number; extras: Record<string, unknown>; stepUnit: string }
interface Run { strategy: string; seed: number; status: string; solved: boolean; steps: number; restarts: number; timeMs: number; extra?: Record<string, unknown> }
interface Results { bezzel: string; spec: object; rows: Row[]; runs: Run[]; comparisons: { success: object }[] }

/**
 * Everything but the fields that are timings (the experiment package's isTimingField), at any depth; numbers to 12
 * digits, as Chromium's Math and Node's may differ in a p-value's last bit.
 */
function untimed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(untimed);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([key]) => !isTimingField(key)).map(([key, v]) => [key, untimed(v)]));
  return typeof value === 'number' && Number.isFinite(value) ? Number(value.toPrecision(12)) : value;
}

/** What must agree: everything but what a clock measured. */
const untimedRow = ({ label, n, runs, solved, successRate, success, steps, stepsMean, stepsErt, restartsMean, stepUnit }: Row) => ({ label, n, runs, solved, successRate, success, steps, stepsMean, stepsErt, restartsMean, stepUnit });
const untimedRun = ({ strategy, seed, status, solved, steps, restarts }: Run) => ({ strategy, seed, status, solved, steps, restarts });

describe('compare mode (issue 26, item 3)', () => {
  it('hill climbing and min-conflicts on 8 queens, 100 seeds: the success counts and medians of bezzel experiment', async () => {
    const expected = JSON.parse(bezzel('experiment', 'queen', '-n', '8', '--strategies', 'hill-climbing,min-conflicts', '--runs', '100', '--seed', '1', '--format', 'json', '-q')) as Results;
    await withPage(browser(), async (page) => {
      await page.locator('#tab-compare').click();
      await drawn(page);
      // Ticked in this order (the first is the reference of the tests), as --strategies lists them.
      for (const box of await page.locator('#compare-strategies input').all()) await box.setChecked(false);
      for (const id of ['hill-climbing', 'min-conflicts']) await page.locator(`#compare-${id}`).setChecked(true);
      await page.locator('#compare-sizes').fill('8');
      await page.locator('#compare-runs').fill('100');
      await page.locator('#compare-seed').fill('1');
      await page.locator('#compare-workers').fill('2');
      await page.locator('#compare-run').click();
      await expect.poll(() => page.locator('#compare-results').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
      expect(await page.locator('#compare-done').innerText()).toMatch(/^200 of 200 runs, done/);
      expect(await page.locator('#compare-command').innerText()).toBe('bezzel experiment queen -n 8 --strategies hill-climbing,min-conflicts --runs 100 --seed 1 --out results.json');

      // The table, as the teacher reads it.
      const rows = await page.locator('#compare-table tbody tr').evaluateAll((trs) => trs.map((tr) => ({ strategy: tr.getAttribute('data-strategy'), solved: Number(tr.getAttribute('data-solved')), median: Number(tr.getAttribute('data-median')), low: Number(tr.getAttribute('data-median-low')), high: Number(tr.getAttribute('data-median-high')), text: (tr as HTMLElement).innerText })));
      expect(rows.map((r) => r.strategy)).toEqual(['hill-climbing', 'min-conflicts']);
      for (const [i, row] of rows.entries()) {
        const want = expected.rows[i]!;
        expect(row.solved, `${row.strategy}: runs solved`).toBe(want.solved);
        expect(row.median, `${row.strategy}: median steps`).toBe(want.steps.median);
        expect([row.low, row.high], `${row.strategy}: the median's bootstrap interval`).toEqual([want.steps.low, want.steps.high]);
        expect(row.text).toContain(`${want.solved} / 100`);
        expect(row.text).toContain(`${want.steps.low} – ${want.steps.high}`);
      }
      // The chart: a curve a strategy, on the moves both count (their steps differ: moves, repairs), titled axes and a
      // legend whose lines never meet.
      expect(await page.locator('#compare-results svg.rtd path.curve').count()).toBe(2);
      expect(await page.locator('#compare-results svg.rtd .axis-title').allTextContents()).toEqual(expect.arrayContaining(['runs solved', 'moves to solve (log scale)']));
      const legend = await page.locator('#compare-results svg.rtd text.legend').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
      const chart = (await page.locator('#compare-results svg.rtd').boundingBox())!;
      expect(legend.length).toBe(2);
      expect(legend[0]!.bottom).toBeLessThanOrEqual(legend[1]!.top);
      for (const r of legend) expect(r.right).toBeLessThanOrEqual(chart.x + chart.width);
      // Each strategy's unit is named; steps, not times: the 8-queens runs are shorter than ten ticks of the clock, so
      // no time is shown, charted or tested, and the page says why, with the clock's resolution.
      expect(await page.locator('#compare-table thead').innerText()).not.toMatch(/time/i);
      expect(rows[0]!.text).toMatch(/ moves/);
      expect(rows[1]!.text).toMatch(/ repairs/);
      const notes = await page.locator('#compare-results .compare-notes').innerText();
      expect(notes).toMatch(/Times are not shown or compared: .* under 10 ticks of this browser's clock \(its resolution here is [\d.]+ (ms|µs)\)/);
      expect(notes).toMatch(/hill-climbing from a random placement, min-conflicts from a greedy placement/);
      expect(await page.locator('#compare-measure option[value="time"]').isDisabled()).toBe(true);
      const tests = await page.locator('#compare-comparisons li').allInnerTexts();
      expect(tests.length).toBe(1);
      expect(tests[0]).toMatch(/moves to solve Mann–Whitney/);
      expect(tests[0]).not.toMatch(/\bms\b/);

      // The results file the page offers is the CLI's.
      const file = JSON.parse(await page.locator('#compare-json').evaluate(async (a: HTMLAnchorElement) => (await fetch(a.href)).text())) as Results;
      expect(file.spec).toEqual(expected.spec);
      expect(file.rows.map(untimedRow)).toEqual(expected.rows.map(untimedRow));
      expect(file.runs.map(untimedRun)).toEqual(expected.runs.map(untimedRun));
      // All of it but the machine and what a clock measured: rows, runs, the tests on steps, the fixed-target views.
      const { machine: _a, ...offered } = file as Results & { machine: unknown };
      const { machine: _b, ...terminal } = expected as Results & { machine: unknown };
      expect(untimed(offered)).toEqual(untimed(terminal));
      expect(file.comparisons.map((c) => (c as { runLength?: { measure: string } }).runLength?.measure)).toEqual(['moves']);
      const csv = await page.locator('#compare-csv').evaluate(async (a: HTMLAnchorElement) => (await fetch(a.href)).text());
      expect(csv.split('\n')[0]).toMatch(/^strategy,/);
      await page.screenshot({ path: fileURLToPath(new URL('output/compare-1280.png', import.meta.url)), fullPage: true });
    });
  });

  it('says what is wrong instead of running, and can be stopped with the runs so far summed up', () =>
    withPage(
      browser(),
      async (page) => {
        await page.locator('#tab-compare').click();
        await page.locator('#compare-sizes').fill('8, x');
        await page.locator('#compare-run').click();
        await expect.poll(() => page.locator('#compare-error').innerText()).toMatch(/Board sides must be whole numbers/);
        await page.locator('#compare-sizes').fill('8');
        await page.locator('#compare-runs').fill('3000');
        await page.locator('#compare-run').click();
        await expect.poll(async () => Number((await page.locator('#compare-bar').getAttribute('value')) ?? 0)).toBeGreaterThan(0);
        await page.locator('#compare-stop').click();
        await expect.poll(() => page.locator('#compare-results').getAttribute('data-state')).toBe('stopped');
        expect(await page.locator('#compare-results').innerText()).toMatch(/Stopped after [\d,]+ of 6,000 runs/);
        // On a phone the chart is drawn at the phone's width: its text at 12 px or more, nothing wider than the screen.
        const sizes = await page.locator('#compare-results svg.rtd text').evaluateAll((ts) => ts.map((t) => {
          const svg = (t as SVGTextElement).ownerSVGElement!;
          return (parseFloat(getComputedStyle(t).fontSize) * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width;
        }));
        expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11.5);
        expect((await page.locator('#compare-results svg.rtd').first().boundingBox())!.width).toBeLessThanOrEqual(390);
        // The table too: a row a block, a line a figure named by its column, nothing wider than the screen.
        const table = (await page.locator('#compare-table').boundingBox())!;
        expect(table.x + table.width).toBeLessThanOrEqual(390);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        const cells = await page.locator('#compare-table tbody tr').first().locator('td[data-label]').evaluateAll((tds) => tds.map((td) => ({ label: getComputedStyle(td, '::before').content, right: td.getBoundingClientRect().right })));
        expect(cells.map((c) => c.label)).toEqual(expect.arrayContaining(['"Solved"', '"Success rate"']));
        for (const c of cells) expect(c.right).toBeLessThanOrEqual(390);
        await page.screenshot({ path: fileURLToPath(new URL('output/compare-390.png', import.meta.url)), fullPage: true });
      },
      '',
      VIEWPORTS.phone,
    ));
});
