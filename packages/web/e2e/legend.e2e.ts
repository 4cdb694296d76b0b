import { createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../src/shared/plugins.js';
import { markOf } from '../src/watch/timeline-marks.js';
import { drawn, scrub, useBrowser, withPage } from './page.js';

// Issue 26, item 5: a legend for every tint and mark on the board; a tour's move numbers and onward degrees told
// apart by position, size and colour; solutions, restarts and backtracks marked on the timeline.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

/** The legend keys the board's drawing calls for, read from the SVG itself (not from the picture the page drew). */
function marksOnBoard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const svg = document.querySelector('#board svg.board')!;
    const keys = new Set<string>();
    for (const rect of Array.from(svg.querySelectorAll('.overlays rect'))) {
      for (const cls of Array.from(rect.classList)) {
        if (cls === 'ov' || cls === 'tint' || cls === 'heat' || cls === 'covered') continue;
        keys.add(cls.replace(/^(tint|heat|covered)-\d+$/, '$1'));
      }
    }
    const visible = (e: Element | null) => e !== null && e.getAttribute('visibility') !== 'hidden';
    const written = (selector: string) => Array.from(svg.querySelectorAll(selector)).some((t) => (t.textContent ?? '') !== '');
    const crosses = svg.querySelector('.rejected-cross')?.getAttribute('d') ?? '';
    if (crosses !== '' && !keys.has('rejected')) keys.add('crossed');
    if (svg.querySelectorAll('.conflicts line').length > 0) keys.add('conflict');
    if (written('.numbers text')) keys.add('move-number');
    if (written('.degrees text')) keys.add('degree');
    if (written('.values text')) keys.add('value');
    if (Array.from(svg.querySelectorAll('.candidate')).some(visible)) keys.add('candidate');
    if ((svg.querySelector('.tour-path')?.getAttribute('points') ?? '') !== '') keys.add('path');
    const touched = svg.querySelector('rect.touched');
    if (visible(touched) && touched!.classList.contains('add')) keys.add('touched-add');
    if (visible(touched) && touched!.classList.contains('take')) keys.add('touched-take');
    if (visible(svg.querySelector('.solved-frame'))) keys.add('solved');
    return [...keys].sort();
  });
}

const legendKeys = async (page: Page) => ((await page.locator('#legend').getAttribute('data-keys')) ?? '').split(' ').filter(Boolean);

const CASES: { title: string; query: string; steps: number[] }[] = [
  { title: '8 queens, backtracking', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=backtracking&seed=1', steps: [3, 6, 9, 14, 30] },
  { title: '8×8 knight tour, Warnsdorff with the heat map', query: '?problem=tour&piece=knight&w=8&h=8&start=a1&goal=one&strategy=warnsdorff&seed=1', steps: [1, 10, 40, 64] },
  { title: '6×6 queen domination, cover-search', query: '?problem=dominate&piece=queen&w=6&h=6&goal=minimum&strategy=cover-search&seed=1', steps: [1, 2, 5, 9] },
  { title: '8 queens, csp', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=csp&seed=1', steps: [2, 5, 8] },
  { title: '8 queens, hill climbing', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=hill-climbing&seed=1', steps: [9, 12, 20] },
  { title: '8 queens, tabu', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=tabu&seed=1', steps: [9, 12] },
];

describe('legends and encodings (issue 26, item 5)', () => {
  for (const c of CASES) {
    it(`${c.title}: every tint and mark on the board has a legend entry, in words`, () =>
      withPage(
        browser(),
        async (page) => {
          const length = Number((await page.locator('#timeline').getAttribute('max')) ?? 0);
          for (const step of c.steps) {
            await scrub(page, Math.min(step, length));
            await drawn(page);
            const needed = await marksOnBoard(page);
            const legend = await legendKeys(page);
            for (const key of needed) expect(legend, `step ${step}: the board shows "${key}"`).toContain(key);
            const entries = await page.locator('#legend li').allInnerTexts();
            expect(entries.every((t) => t.trim().length > 8)).toBe(true);
          }
        },
        c.query,
      ));
  }

  it("a tour's move numbers and onward degrees differ in corner, size and colour", () =>
    withPage(
      browser(),
      async (page) => {
        await scrub(page, 12);
        await drawn(page);
        const look = await page.evaluate(() => {
          const of = (selector: string) => {
            const t = Array.from(document.querySelectorAll<SVGTextElement>(`#board svg.board ${selector}`)).find((e) => (e.textContent ?? '') !== '')!;
            const style = getComputedStyle(t);
            // The text's place within its 40-unit square.
            return { x: Number(t.getAttribute('x')) % 40, y: Number(t.getAttribute('y')) % 40, size: parseFloat(style.fontSize), fill: style.fill, weight: style.fontWeight };
          };
          return { number: of('.numbers text'), degree: of('.degrees text') };
        });
        expect(look.number.x).toBeGreaterThan(30);
        expect(look.number.y).toBeLessThan(20);
        expect(look.degree.x).toBeLessThan(10);
        expect(look.degree.y).toBeGreaterThan(30);
        expect(look.number.size).toBeGreaterThan(look.degree.size + 2);
        expect(look.number.fill).not.toBe(look.degree.fill);
        expect(await legendKeys(page)).toEqual(expect.arrayContaining(['move-number', 'degree', 'heat', 'candidate']));
        await page.screenshot({ path: fileURLToPath(new URL('output/legend-tour-1280.png', import.meta.url)) });
      },
      '?problem=tour&piece=knight&w=8&h=8&start=a1&goal=one&strategy=warnsdorff&seed=1',
    ));

  const timelineCases: { title: string; query: string; task: Task }[] = [
    {
      title: 'all 92 solutions of 8 queens',
      query: '?problem=placement&piece=queen&w=8&goal=all&strategy=backtracking&seed=1',
      task: { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'all', strategy: 'backtracking', seed: 1, budget: { maxTimeMs: 15_000 } },
    },
    {
      title: 'hill climbing with restarts (seed 41 gets stuck)',
      query: '?problem=placement&piece=queen&w=8&goal=one&strategy=hill-climbing&o.restarts=10&seed=41',
      task: { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy: 'hill-climbing', options: { restarts: 10 }, seed: 41, budget: { maxTimeMs: 15_000 } },
    },
  ];
  for (const c of timelineCases) {
    it(`${c.title}: solutions, restarts and backtracks marked on the timeline where the run has them`, () =>
      withPage(
        browser(),
        async (page) => {
          const events: TraceEvent[] = [];
          await bezzel.solve(c.task, { onTrace: (e) => events.push(e) });
          const at = (kind: string) => events.flatMap((_, p) => (markOf(events, p) === kind ? [p + 1] : []));
          const marks = page.locator('#timeline-marks');
          for (const kind of ['solution', 'restart', 'backtrack']) {
            expect(Number(await marks.getAttribute(`data-${kind}-count`)), kind).toBe(at(kind).length);
            expect(await marks.getAttribute(`data-${kind}s`)).toBe(at(kind).slice(0, 100).join(' '));
          }
          expect(at('solution').length).toBeGreaterThan(0);
          if (c.task.strategy === 'backtracking') {
            expect(at('solution').length).toBe(92);
            expect(at('backtrack').length).toBe(events.filter((e) => e.type === 'remove').length);
          } else expect(at('restart').length).toBeGreaterThan(0);
          // Drawn: a lane for each kind, with ticks; a legend with the counts.
          for (const kind of ['solution', 'restart', 'backtrack']) {
            expect(((await marks.locator(`path.${kind}`).getAttribute('d')) ?? '') !== '').toBe(at(kind).length > 0);
          }
          expect(await page.locator('#timeline-legend').innerText()).toMatch(/\d+ solutions?/);
          expect(await marks.getAttribute('aria-label')).toMatch(/solutions?, .*restarts?, .*backtracks?/);
        },
        c.query,
      ));
  }
});
