import { Board, createBezzel, validatePlacement, validateTour } from '@bezzel/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../src/shared/plugins.js';
import { boardPath, boardPieces, drawn, run, tap, text, useBrowser, withPage } from './page.js';

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

describe('solutions by symmetry', () => {
  it('shows the 92 solutions of 8 queens in 12 classes, each drawing named by the symmetries that make it', () =>
    withPage(browser(), async (page) => {
      await page.locator('#tab-solutions').click();
      await expect.poll(() => page.locator('#gallery .class').count()).toBe(12);
      expect(await page.locator('#gallery figure').count()).toBe(92);
      expect(await text(page, '#solutions-summary')).toMatch(/^92 solutions in 12 classes\./);
      const sizes = await page.locator('#gallery .class').evaluateAll((cards) => cards.map((c) => c.querySelectorAll('figure').length).sort((a, b) => a - b));
      expect(sizes).toEqual([4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
      expect(await text(page, '#gallery .class:first-child figure:first-child figcaption')).toMatch(/^#1: identity/);
      const captions = await page.locator('#gallery figcaption').allInnerTexts();
      expect(captions.some((c) => c.includes('rotate 90°'))).toBe(true);
    }));

  it('lists every solution on request when the run only counted them', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { width: '6', height: '6', goal: 'count' })).toBe('complete');
      await page.locator('#tab-solutions').click();
      await expect.poll(() => text(page, '#solutions-summary')).toMatch(/did not list every solution/);
      await page.locator('#enumerate').click();
      await expect.poll(() => page.locator('#gallery .class').count()).toBe(1);
      expect(await page.locator('#gallery figure').count()).toBe(4);
    }));
});

describe('play mode', () => {
  it('explains a diagonal conflict as `bezzel check` does, draws it, and gives a hint that leads to a solution', () =>
    withPage(browser(), async (page) => {
      await page.locator('#tab-play').click();
      await drawn(page);
      const board = Board.square(8);
      await tap(page, board, 'a1');
      await tap(page, board, 'd4');
      expect(await text(page, '#play-summary')).toBe('Invalid: 2 queens on 8×8.');
      expect(await page.locator('#play-problems li').allInnerTexts()).toEqual(['1 attacking pair:', 'a1 and d4 share a diagonal']);
      expect(await page.locator('#board svg.board').getAttribute('data-conflicts')).toBe('1');
      await page.locator('#hint').click();
      await expect.poll(() => text(page, '#play-hint')).toBe('First mend the conflict: a1 and d4 share a diagonal. No solution keeps both.');
      // Take d4 back, then follow the hints to the end.
      await tap(page, board, 'd4');
      for (let placed = 1; placed < 8; placed++) {
        await page.locator('#hint').click();
        await expect.poll(() => text(page, '#play-hint')).toMatch(/^Try [a-h][1-8]: a solution keeps your pieces/);
        const name = /^Try ([a-h][1-8])/.exec(await text(page, '#play-hint'))![1]!;
        await tap(page, board, name);
      }
      expect(await text(page, '#play-summary')).toBe('Valid: 8 queens on 8×8, no two attack each other.');
      expect(validatePlacement(board, bezzel.piece('queen')!, await boardPieces(page), 8).valid).toBe(true);
    }));

  it('places pieces from the keyboard alone', () =>
    withPage(browser(), async (page) => {
      await page.locator('#tab-play').click();
      await drawn(page);
      await page.locator('#board svg.board').focus();
      await page.keyboard.press('Enter'); // a1
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter'); // c2
      await drawn(page);
      expect(await boardPieces(page)).toEqual([0, 10]);
      expect(await text(page, '#play-summary')).toBe('2 of 8 queens placed, no two attack each other.');
    }));

  it('refuses a move that is not a knight\'s move with the checker\'s words, and finishes a tour by hints', () =>
    withPage(browser(), async (page) => {
      await run(page, { problem: 'tour', piece: 'knight', width: '5', height: '5', start: 'a1', goal: 'one', strategy: 'backtracking' });
      await page.locator('#tab-play').click();
      await drawn(page);
      const board = Board.square(5);
      await tap(page, board, 'b1');
      expect(await text(page, '#play-refused')).toBe('Not allowed: the tour starts on a1.');
      await tap(page, board, 'a1');
      await tap(page, board, 'a2');
      expect(await text(page, '#play-refused')).toBe("Not allowed: move 1 from a1 to a2 is not a knight's move.");
      expect(await boardPath(page)).toEqual([0]);
      // The legal next squares are ringed, with their onward degrees.
      expect(await page.locator('#board g.candidate[visibility="visible"]').count()).toBe(2);
      // Walk most of a tour Node finds, then let the hints finish it.
      const found = await bezzel.solve({ problem: { kind: 'tour', board: { width: 5, height: 5 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'backtracking' });
      const tour = found.status === 'solved' && found.solutions[0]!.kind === 'tour' ? Array.from(found.solutions[0]!.path) : [];
      for (const sq of tour.slice(1, 18)) await tap(page, board, board.name(sq));
      expect(await boardPath(page)).toEqual(tour.slice(0, 18));
      for (let i = 18; i < 25; i++) {
        await page.locator('#hint').click();
        await expect.poll(() => text(page, '#play-hint'), { timeout: 10_000 }).toMatch(/^Go to [a-e][1-5]/);
        await tap(page, board, /^Go to ([a-e][1-5])/.exec(await text(page, '#play-hint'))![1]!);
      }
      expect(await text(page, '#play-summary')).toBe('Valid tour: every square of 5×5 visited.');
      expect(validateTour(board, bezzel.piece('knight')!, await boardPath(page), { start: 0 }).valid).toBe(true);
    }));
});
