import { Board, createBezzel, validatePlacement, validateTour, type Task, type TraceEvent } from '@bezzel/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attackOn, attackWords } from '../src/board/attackers.js';
import { onwardDegrees } from '../src/board/degrees.js';
import { pagePlugins } from '../src/shared/plugins.js';
import { Replay } from '../src/run/replay.js';
import { boardPath, boardPieces, drawn, number, run, scrub, squaresOf, text, useBrowser, withPage } from './page.js';

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });
const queen = bezzel.piece('queen')!;
const knight = bezzel.piece('knight')!;
const eight = Board.square(8);

/** The same run in Node, through the same core and plugins: its trace is what the page must show. */
async function traceOf(task: Task): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  await bezzel.solve(task, { onTrace: (e) => events.push(e) });
  return events;
}
const queens8: Task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'all', strategy: 'backtracking', seed: 1, budget: { maxTimeMs: 15_000 } };

const rejectedOnBoard = async (page: Page) => squaresOf(await page.locator('#board svg.board').getAttribute('data-rejected'));
const position = async (page: Page) => number(page, '#stat-step');

describe('stepping through 8 queens by backtracking', () => {
  it('opens at the first solution after as many placements as the CLI counts for one solution', () =>
    withPage(browser(), async (page) => {
      expect(await text(page, '#answer-status')).toBe('complete');
      const one = await bezzel.solve({ ...queens8, goal: 'one' });
      expect(await number(page, '#stat-solutions')).toBe(1);
      expect(await number(page, '#stat-nodes')).toBe(one.stats.nodes);
      const first = one.status === 'solved' && one.solutions[0]!.kind === 'placement' ? [...one.solutions[0]!.squares].sort((a, b) => a - b) : [];
      expect(await boardPieces(page)).toEqual(first);
      expect(validatePlacement(eight, queen, first, 8).valid).toBe(true);
      expect(await text(page, '#code li.current')).toBe('  if depth = k: record a solution, return');
      expect(await text(page, '#log li.current')).toMatch(/^\d+\. Solution 1 found$/);
    }));

  it('shows, at every step, the board, the rejected squares and their reasons, the log line and the pseudo-code line of that step', () =>
    withPage(browser(), async (page) => {
      const events = await traceOf(queens8);
      const replay = new Replay(events);
      await page.locator('#to-start').click();
      expect(await position(page)).toBe(0);
      for (let step = 1; step <= 120; step++) {
        await page.keyboard.press('ArrowRight');
        const before = [...replay.squares];
        const event = events[step - 1]!;
        replay.forward();
        // Everything the page shows for this step, read at once.
        const shown = await page.evaluate(() => {
          const svg = document.querySelector('#board svg.board')!;
          const read = (s: string) => document.querySelector<HTMLElement>(s)?.innerText ?? '';
          return { step: read('#stat-step'), pieces: svg.getAttribute('data-pieces'), rejected: svg.getAttribute('data-rejected'), log: read('#log li.current'), line: read('#code li.current'), also: read('#code li.also') };
        });
        expect(Number(shown.step.split('/')[0]!.replace(/,/g, ''))).toBe(step);
        expect(squaresOf(shown.pieces).sort((a, b) => a - b), `board at step ${step}`).toEqual([...replay.squares].sort((a, b) => a - b));
        const rejected = event.type === 'place' || event.type === 'remove' ? (event.rejected ?? []) : [];
        expect(squaresOf(shown.rejected), `rejected at step ${step}`).toEqual([...rejected].sort((a, b) => a - b));
        const log = shown.log;
        expect(log.startsWith(`${step}. `)).toBe(true);
        if (event.type === 'place') expect(log).toContain(`Placed Q on ${eight.name(event.square)}`);
        if (event.type === 'remove') expect(log).toMatch(new RegExp(`[Tt]ook Q back from ${eight.name(event.square)}$`));
        // Each rejection named in the log carries the reason the Validator gives for it.
        for (const sq of rejected.slice(0, 4)) expect(log).toContain(`${eight.name(sq)} (${attackWords(eight, attackOn(eight, queen, before, sq)!)})`);
        expect(shown.line, `pseudo-code at step ${step}`).toBe(
          event.type === 'place' ? '    place a piece on s' : event.type === 'remove' ? '    take the piece back from s' : '  if depth = k: record a solution, return',
        );
        if (rejected.length > 0 && event.type === 'place') expect(shown.also).toBe('    if a placed piece attacks s: reject s, try the next');
      }
      // The reason on hover, for a rejected square of the step on the board now.
      await page.keyboard.press('Home');
      for (let i = 0; i < 13; i++) await page.keyboard.press('ArrowRight');
      const [rejected] = await rejectedOnBoard(page);
      const box = await page.locator('#board svg.board').boundingBox();
      const col = rejected! % 8;
      const row = Math.floor(rejected! / 8);
      await page.mouse.move(box!.x + (col + 0.5) * (box!.width / 8), box!.y + (7.5 - row) * (box!.height / 8));
      await expect.poll(() => text(page, '#tooltip')).toMatch(new RegExp(`^${eight.name(rejected!)} rejected: (file|diagonal) with [a-h][1-8]$`));
    }));

  it('scrubs the timeline back to step 1 and anywhere back and forth, always to the board that playing from the start gives', () =>
    withPage(browser(), async (page) => {
      const events = await traceOf(queens8);
      await scrub(page, 1);
      expect(await position(page)).toBe(1);
      expect(await boardPieces(page)).toEqual([0]);
      // Random jumps, back and forth: each lands on the board of a fresh replay from the start (Node's own).
      let seed = 7;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % events.length) + 1;
      for (let i = 0; i < 25; i++) {
        const target = random();
        await scrub(page, target);
        expect(await position(page)).toBe(target);
        expect(await boardPieces(page), `board at step ${target}`).toEqual(new Replay(events).seek(target).squares.sort((a, b) => a - b));
      }
      // And the page's own replay from the start, key by key, agrees with where scrubbing took it.
      await scrub(page, 40);
      const scrubbed = await boardPieces(page);
      await scrub(page, 3000);
      await page.locator('#to-start').click();
      for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
      expect(await boardPieces(page)).toEqual(scrubbed);
      await scrub(page, 1);
      expect(await boardPieces(page)).toEqual([0]);
    }));

  it('draws the search tree, and a click on a node goes to the step that made it', () =>
    withPage(browser(), async (page) => {
      await expect.poll(() => page.locator('#tree').isVisible()).toBe(true);
      expect(await text(page, '#tree-note')).toMatch(/^2,056 nodes\./);
      // The top row's first node is the queen on a1: the search's first step.
      await page.locator('#tree').click({ position: { x: 3, y: 5 } });
      expect(await position(page)).toBe(1);
      expect(await boardPieces(page)).toEqual([0]);
    }));

  it('plays at 1,000 steps a second on a 16×16 board at 30 frames a second or more', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { width: '16', height: '16', goal: 'one', strategy: 'backtracking' })).toBe('solved');
      await page.locator('#to-start').click();
      await page.locator('#speed').fill('9');
      expect(await text(page, '#speed-label')).toBe('1,000 steps/s');
      await page.locator('#play').click();
      // Frames counted by the page's own requestAnimationFrame while the replay plays.
      const { fps, worst } = await page.evaluate(
        () =>
          new Promise<{ fps: number; worst: number }>((resolve) => {
            const stamps: number[] = [];
            const tick = (now: number) => {
              stamps.push(now);
              if (now - stamps[0]! < 2000) requestAnimationFrame(tick);
              else {
                const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
                resolve({ fps: (1000 * gaps.length) / (now - stamps[0]!), worst: Math.max(...gaps) });
              }
            };
            requestAnimationFrame(tick);
          }),
      );
      expect(await position(page)).toBeGreaterThan(1000);
      expect(fps, `worst frame ${worst.toFixed(0)} ms`).toBeGreaterThanOrEqual(30);
      await page.locator('#play').click();
    }));
});

describe('stepping through tours and local search', () => {
  it('shows Warnsdorff\'s candidates with their onward degrees, the heat map and the move numbers', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'tour', piece: 'knight', width: '8', height: '8', start: 'a1', goal: 'one', strategy: 'warnsdorff' })).toBe('solved');
      expect(await text(page, '#code-title')).toBe("Pseudo-code: Warnsdorff's rule");
      await page.locator('#to-start').click();
      for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
      const path = await boardPath(page);
      expect(path).toHaveLength(10);
      // A walk so far: no illegal or repeated move (only squares not yet visited).
      expect(validateTour(eight, knight, path).errorAt).toBe(path.length);
      expect(await text(page, '#code li.current')).toBe('  move to the candidate with the fewest onward moves (ties: the tie-break rule)');
      expect(await text(page, '#log li.current')).toMatch(new RegExp(`^10\\. Move 9: to ${eight.name(path[9]!)} — onward moves: `));
      // Move numbers on the path, and each free square's onward degree (the heat map) as Node counts it.
      expect(await page.locator('#board text.move-number').evaluateAll((ts) => ts.filter((t) => t.textContent).length)).toBe(10);
      const degrees = onwardDegrees(eight, knight, path);
      const shown = await page.locator('#board text.degree').evaluateAll((ts) => ts.map((t) => t.textContent ?? ''));
      expect(shown.filter(Boolean).map(Number).sort()).toEqual([...degrees].filter((d) => d >= 0).sort());
      expect(await page.locator('#board rect.heat').count()).toBe(54);
      await page.locator('#heat').uncheck();
      await drawn(page);
      expect(await page.locator('#board rect.heat').count()).toBe(0);
      await page.locator('#to-end').click();
      expect(validateTour(eight, knight, await boardPath(page), { start: 0 }).valid).toBe(true);
      expect(await text(page, '#stat-solutions')).toBe('1');
    }));

  it('charts h for min-conflicts, marks the step on it, and ends with no conflicts', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'placement', piece: 'queen', width: '12', height: '12', goal: 'one', strategy: 'min-conflicts', seed: '3', 'option-initial': 'random' })).toBe('solved');
      await page.locator('#to-start').click();
      for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
      expect(await number(page, '#stat-h')).toBeGreaterThan(0);
      expect(Number(await page.locator('#board svg.board').getAttribute('data-conflicts'))).toBeGreaterThan(0);
      expect(await text(page, '#log li.current')).toMatch(/^14\. Moved the piece on [a-l]\d+ to [a-l]\d+: h = \d+$/);
      expect(await page.locator('#chart svg line.marker').count()).toBe(1);
      expect(await text(page, '#chart-title')).toBe('h (attacking pairs) per step');
      await page.locator('#to-end').click();
      expect(await text(page, '#stat-h')).toBe('0');
      expect(await page.locator('#board svg.board').getAttribute('data-conflicts')).toBe('0');
      expect(validatePlacement(Board.square(12), queen, await boardPieces(page), 12).valid).toBe(true);
    }));

  it('charts best and mean fitness per generation for the genetic algorithm, and shows each generation\'s best walk', () =>
    withPage(browser(), async (page) => {
      await run(page, { problem: 'tour', piece: 'knight', width: '6', height: '6', start: 'a1', goal: 'one', strategy: 'genetic', seed: '1', 'option-generations': '60' });
      expect(await page.locator('#chart svg polyline').count()).toBe(2);
      expect(await text(page, '#chart-title')).toBe('Fitness per generation');
      await page.locator('#to-start').click();
      await page.keyboard.press('ArrowRight');
      expect(await text(page, '#stat-h-label')).toBe('Generation');
      expect(await text(page, '#stat-h')).toMatch(/^1: best \d+, mean \d+\.\d$/);
      const best = Number(/best (\d+)/.exec(await text(page, '#stat-h'))![1]);
      expect(await boardPath(page)).toHaveLength(best);
      expect(await text(page, '#code li.current')).toBe('  walk each sequence until an illegal or repeated move: fitness = squares visited');
    }));

  it('draws a million-square min-conflicts answer within a second of the search ending', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'placement', piece: 'queen', width: '1000', height: '1000', goal: 'one', strategy: 'min-conflicts', seed: '1' }, 60_000)).toBe('solved');
      await expect.poll(() => page.locator('#board').getAttribute('data-drawn-ms')).not.toBeNull();
      expect(Number(await page.locator('#board').getAttribute('data-drawn-ms'))).toBeLessThan(1000);
      expect(await page.locator('#board canvas').count()).toBe(1);
      const dark = await page.locator('#board canvas').evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let pieces = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] === 17 && data[i + 1] === 17 && data[i + 2] === 17) pieces++;
        return pieces;
      });
      // A thousand queens on a 640-pixel picture: some share a pixel, most do not.
      expect(dark).toBeGreaterThan(300);
    }));

  it('stops a long run at once, keeping what was recorded', () =>
    withPage(browser(), async (page) => {
      await page.locator('#width').fill('15');
      await page.locator('#height').fill('15');
      await page.locator('#goal').selectOption('count');
      await page.locator('#max-time').fill('120');
      await page.locator('#run').click();
      await expect.poll(() => text(page, '#answer-status')).toBe('running');
      await expect.poll(async () => Number((await text(page, '#stat-step')).split('/')[1]!.replace(/,/g, '')), { timeout: 20_000 }).toBeGreaterThan(0);
      await page.locator('#stop').click();
      await expect.poll(() => text(page, '#answer-status')).toBe('stopped');
      expect(await page.locator('#stop').isDisabled()).toBe(true);
      await page.locator('#to-start').click();
      await page.keyboard.press('ArrowRight');
      expect(await number(page, '#stat-nodes')).toBe(1);
    }));
});
