import { describe, expect, it } from 'vitest';
import { Board } from '@bezzel/core';
import { answered, boardPieces, drawn, run, setUp, site, tap, text, useBrowser, withPage } from './page.js';

const browser = useBrowser();

/** Issue 26's "misleading or broken bits", each checked where a student sees it. */
describe('misleading bits (issue 26)', () => {
  it('12 queens, goal all: a cut-off gallery says so, counts carry separators, and a cut recording is not called a big answer', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { width: '12', height: '12', goal: 'all', strategy: 'backtracking' }, 60_000)).toBe('complete');
      expect(await text(page, '#answer-headline')).toBe('14,200 solutions: 12 queens on 12×12');
      const notes = await text(page, '#answer-notes');
      expect(notes).not.toMatch(/The answer has 12 squares/);
      expect(notes).toMatch(/Recording stopped after [\d,]+ steps/);
      // What the timeline holds, of how many steps the run made.
      const [, kept, all] = /\(steps 1–([\d,]+) of ([\d,]+) recorded\)/.exec(notes) ?? [];
      expect(Number(all?.replace(/,/g, ''))).toBeGreaterThan(Number(kept?.replace(/,/g, '')));
      expect(Number(kept?.replace(/,/g, ''))).toBe(Number(await page.locator('#timeline').getAttribute('max')));
      await page.locator('#tab-solutions').click();
      await expect.poll(() => text(page, '#solutions-summary'), { timeout: 30_000 }).toMatch(/^The first 2,000 of 14,200 solutions, in 1,318 classes/);
      await expect.poll(() => text(page, '#solutions-summary'), { timeout: 30_000 }).toMatch(/; all 14,200 fall into 1,787 classes\)\./);
    }));

  it('1000 queens: "List every solution" is disabled, the reason beside it', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { width: '1000', height: '1000', goal: 'one', strategy: 'auto' }, 60_000)).toBe('solved');
      await page.locator('#tab-solutions').click();
      await expect.poll(() => text(page, '#solutions-summary')).toMatch(/did not list every solution\. Listing every one of these solutions is out of reach: /);
      expect(await page.locator('#enumerate').isDisabled()).toBe(true);
      expect(await page.locator('#enumerate').getAttribute('title')).toMatch(/out of reach/);
    }));

  it('a tap\'s tooltip stays after the finger lifts, and says what the square is now in play (not "d8: free" over the queen just placed)', async () => {
    const context = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await page.goto(site());
      await answered(page);
      await page.locator('#tab-play').click();
      await drawn(page);
      const board = Board.square(8);
      const box = (await page.locator('#board svg.board').boundingBox())!;
      const at = (name: string) => {
        const sq = board.parseSquare(name);
        if (!sq.ok) throw sq.error;
        return { x: box.x + ((board.col(sq.value) + 0.5) * box.width) / 8, y: box.y + ((8 - board.row(sq.value) - 0.5) * box.height) / 8 };
      };
      await page.touchscreen.tap(at('d8').x, at('d8').y);
      await drawn(page);
      await expect.poll(() => page.locator('#board svg.board').getAttribute('data-pieces')).toBe(String(board.parseSquare('d8').ok && 59));
      expect(await page.locator('#tooltip').isVisible()).toBe(true);
      const tip = await text(page, '#tooltip');
      expect(tip).toBe('queen on d8: click to take it back');
    } finally {
      await context.close();
    }
  });

  it('a long piece name wraps inside the notice at 390 px, nothing wider than the screen', async () => {
    const long = `${'grasshopperdragonunicorn'.repeat(6)}`;
    const page = await browser().newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(`${site()}?piece=${long}`);
      await expect.poll(() => page.locator('#notices').isVisible()).toBe(true);
      expect(await text(page, '#notices')).toContain(long.slice(0, 20));
      const widths = await page.locator('#notices').evaluate((box) => ({ scroll: box.scrollWidth, client: box.clientWidth, right: box.getBoundingClientRect().right, page: document.documentElement.scrollWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      expect(widths.right).toBeLessThanOrEqual(390);
      expect(widths.page).toBeLessThanOrEqual(390);
    } finally {
      await page.close();
    }
  });

  it('a run with no pseudo-code shows no empty code box, only the note (8 queens by formula)', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { strategy: 'formula', goal: 'one' })).toBe('solved');
      await expect.poll(() => text(page, '#code-note')).toMatch(/^formula records no steps/);
      expect(await page.locator('#code').isVisible()).toBe(false);
      expect(await run(page, { strategy: 'backtracking' })).toBe('solved');
      await expect.poll(() => page.locator('#code').isVisible()).toBe(true);
    }));

  it('a 1000×1000 tour, unrecorded: its colours have a legend, and Solutions says 1 beside "solved"', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'tour', piece: 'knight', width: '1000', height: '1000', start: 'a1', goal: 'one', strategy: 'auto' }, 60_000)).toBe('solved');
      await expect.poll(() => page.locator('#legend').getAttribute('data-keys')).toContain('path-order');
      expect(await text(page, '#legend')).toMatch(/coloured by when the tour reached it/);
      expect(await text(page, '#stat-solutions')).toBe('1');
    }));

  it('the GA chart: y from 0 to a round number, titled axes, 12 px labels; repair none reports no repairFrom', () =>
    withPage(browser(), async (page) => {
      await run(page, { problem: 'tour', piece: 'knight', width: '6', height: '6', start: 'a1', goal: 'one', strategy: 'genetic', seed: '1', 'option-generations': '60', 'option-repair': 'none' });
      const ticks = await page.locator('#chart svg text.tick').allTextContents();
      expect(ticks[0]).toBe('0');
      expect(Number(ticks[2]) % 5).toBe(0);
      expect(await page.locator('#chart svg text.axis-title').allTextContents()).toEqual(['generation', 'fitness']);
      expect(await page.locator('#chart svg text.tick').first().getAttribute('font-size')).toBe('12');
      expect(await text(page, '#answer')).not.toMatch(/repairFrom/);
    }));

  it('the step log keeps up with the board while playing (it trailed by 1–2 steps)', () =>
    withPage(browser(), async (page) => {
      await page.locator('#to-start').click();
      await page.locator('#speed').fill('6');
      await page.locator('#play').click();
      const samples = await page.evaluate(
        () =>
          new Promise<[string, string][]>((resolve) => {
            const out: [string, string][] = [];
            const tick = () => {
              out.push([document.querySelector('#stat-step')!.textContent ?? '', document.querySelector('#log li.current')?.textContent ?? '']);
              if (out.length < 40) requestAnimationFrame(tick);
              else resolve(out);
            };
            requestAnimationFrame(tick);
          }),
      );
      await page.locator('#play').click();
      const moving = samples.filter(([step]) => !step.startsWith('0 '));
      expect(new Set(moving.map(([step]) => step)).size).toBeGreaterThan(3);
      for (const [step, log] of moving) expect(log.split('.')[0]).toBe(step.split(' / ')[0]);
    }));

  it('the tab and a play attempt are in the link, and the link opens on them', () =>
    withPage(browser(), async (page) => {
      const board = Board.square(8);
      await page.locator('#tab-play').click();
      await drawn(page);
      await tap(page, board, 'a1');
      await tap(page, board, 'c2');
      await expect.poll(() => page.url()).toMatch(/&tab=play&play=0-10(&|$)/);
      const link = page.url();
      await page.locator('#tab-solutions').click();
      await expect.poll(() => page.url()).toMatch(/&tab=solutions&play=0-10(&|$)/);
      await page.locator('#tab-watch').click();
      await expect.poll(() => page.url()).not.toMatch(/tab=/);
      // A new reader of the link lands on Play with the two queens placed.
      const fresh = await browser().newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await fresh.goto(link);
        await expect.poll(() => fresh.locator('#tab-play').getAttribute('aria-selected')).toBe('true');
        await drawn(fresh);
        await expect.poll(() => boardPieces(fresh)).toEqual([0, 10]);
        expect(await text(fresh, '#play-summary')).toBe('2 of 8 queens placed, no two attack each other.');
        expect(await fresh.locator('#notices').isVisible()).toBe(false);
      } finally {
        await fresh.close();
      }
    }));

  it('backtracking on placements offers no tour-only option; on a tour it offers them', () =>
    withPage(browser(), async (page) => {
      await setUp(page, { problem: 'placement', strategy: 'backtracking' });
      await drawn(page);
      expect(await page.locator('#option-ordering').count()).toBe(0);
      await setUp(page, { problem: 'tour' });
      await setUp(page, { strategy: 'backtracking' });
      await expect.poll(() => page.locator('#option-ordering').count()).toBe(1);
    }));

  it('min-conflicts says its initial conflicts as queens, not as h beside the h curve', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'placement', width: '12', height: '12', goal: 'one', strategy: 'min-conflicts', seed: '3', 'option-initial': 'random' })).toBe('solved');
      const stats = await text(page, '#answer-stats');
      expect(stats).not.toMatch(/initialConflicts/);
      expect(stats).toMatch(/queens in conflict at the start \d+ \(not h/);
    }));
});
