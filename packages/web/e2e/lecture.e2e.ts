import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answered, drawn, openPage, scrub, useBrowser } from './page.js';

// Issue 26, item 1: the page a teacher lectures from. At the usual projector and laptop sizes the board, the
// highlighted pseudo-code line with its neighbours, the step log and the timeline are all inside the window at every
// step of an 8-queens backtracking run, without scrolling; the board stays in view while the page scrolls; tall
// boards fit the window's height; a presentation mode; on a phone the board and the current step on one screen.

const browser = useBrowser();
const LECTURE = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
] as const;
const QUEENS = '?problem=placement&piece=queen&w=8&goal=all&strategy=backtracking&seed=1&trace=1';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The rectangles that must be in view, and the window's size. */
async function measure(page: Page): Promise<{ rects: Record<string, Box | null>; width: number; height: number; step: string }> {
  return page.evaluate(() => {
    const box = (e: Element | null | undefined) => {
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const current = document.querySelector('#code li.current');
    return {
      rects: {
        board: box(document.querySelector('#board svg.board')),
        line: box(current),
        // Its neighbours: the line before and the line after, where the listing has them.
        before: box(current?.previousElementSibling),
        after: box(current?.nextElementSibling),
        log: box(document.querySelector('#log li.current')),
        timeline: box(document.querySelector('#timeline')),
        controls: box(document.querySelector('#player .buttons')),
      },
      width: window.innerWidth,
      height: window.innerHeight,
      step: document.querySelector('#stat-step')?.textContent ?? '',
    };
  });
}

/** Each named rectangle lies inside the window (and, for a line of the code, inside its scrolled box too). */
async function allInView(page: Page, names: readonly string[], where: string): Promise<void> {
  const { rects, width, height, step } = await measure(page);
  for (const name of names) {
    const r = rects[name];
    if (!r && (name === 'before' || name === 'after')) continue;
    expect(r, `${name} exists at ${where}, step ${step}`).not.toBeNull();
    expect(r!.top, `${name} top at ${where}, step ${step}`).toBeGreaterThanOrEqual(0);
    expect(r!.left, `${name} left at ${where}, step ${step}`).toBeGreaterThanOrEqual(0);
    expect(r!.bottom, `${name} bottom at ${where}, step ${step}`).toBeLessThanOrEqual(height);
    expect(r!.right, `${name} right at ${where}, step ${step}`).toBeLessThanOrEqual(width);
  }
  // The code line is not hidden by its own box's scrolling either.
  const hidden = await page.evaluate(() => {
    const code = document.querySelector('#code')!.getBoundingClientRect();
    const line = document.querySelector('#code li.current')?.getBoundingClientRect();
    return line ? line.top < code.top - 1 || line.bottom > code.bottom + 1 : false;
  });
  expect(hidden, `code line scrolled into its box at ${where}`).toBe(false);
}

const EVERYTHING = ['board', 'line', 'before', 'after', 'log', 'timeline', 'controls'] as const;

describe('the lecture layout (issue 26)', () => {
  for (const viewport of LECTURE) {
    it(`${viewport.width}×${viewport.height}: board, code line with neighbours, log and timeline in view at every step of 8 queens`, async () => {
      const { page, errors } = await openPage(browser(), QUEENS, viewport);
      try {
        await answered(page);
        const length = Number((await page.locator('#timeline').getAttribute('max')) ?? 0);
        expect(length).toBe(4204);
        // Every one of the first 200 steps, by the keyboard, as a teacher steps.
        await page.locator('#to-start').click();
        await allInView(page, ['board', 'timeline', 'controls'], 'the start');
        for (let step = 1; step <= 200; step++) {
          await page.keyboard.press('ArrowRight');
          await allInView(page, EVERYTHING, `${viewport.width}×${viewport.height}`);
        }
        // And every 25th step to the end (each step's lines and words are one of those seen), the last too.
        for (let step = 225; step <= length; step += 25) {
          await scrub(page, step);
          await drawn(page);
          await allInView(page, EVERYTHING, `${viewport.width}×${viewport.height}`);
        }
        await scrub(page, length);
        await drawn(page);
        await allInView(page, EVERYTHING, `${viewport.width}×${viewport.height} at the end`);
        // The page was never scrolled to show them.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // Scrolling the page (the side panels and the set-up move) leaves the board and the timeline in view.
        await page.mouse.move(viewport.width - 40, viewport.height / 2);
        await page.mouse.wheel(0, 900);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
        await allInView(page, ['board', 'timeline', 'controls'], 'after scrolling the page');
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('fits tall boards to the window height: 3×12 with its timeline in view', async () => {
    const { page, errors } = await openPage(browser(), '?problem=placement&piece=rook&w=3&h=12&k=3&goal=one&strategy=backtracking&seed=1&trace=1', { width: 1280, height: 800 });
    try {
      await answered(page);
      const { rects, height } = await measure(page);
      expect(rects.board!.bottom).toBeLessThanOrEqual(height);
      expect(rects.timeline!.bottom).toBeLessThanOrEqual(height);
      // Still 3 wide by 12 high.
      expect((rects.board!.bottom - rects.board!.top) / (rects.board!.right - rects.board!.left)).toBeCloseTo(4, 1);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('presentation mode: P (or present=1) hides the set-up, enlarges the type and keeps everything in view', async () => {
    const { page, errors } = await openPage(browser(), QUEENS, { width: 1280, height: 800 });
    try {
      await answered(page);
      const size = () => page.evaluate(() => parseFloat(getComputedStyle(document.querySelector('#log')!).fontSize));
      const plain = await size();
      await page.locator('#to-start').click();
      await page.keyboard.press('p');
      await expect.poll(() => page.evaluate(() => document.body.classList.contains('present'))).toBe(true);
      expect(page.url()).toContain('present=1');
      expect(await page.locator('#setup').isVisible()).toBe(false);
      expect(await size()).toBeGreaterThan(plain * 1.15);
      for (let step = 1; step <= 60; step++) {
        await page.keyboard.press('ArrowRight');
        await allInView(page, EVERYTHING, 'presentation mode');
      }
      // The board is larger than beside the set-up (the header keeps a bar of its own, so that its buttons lie over
      // nothing: issue 35).
      const { rects } = await measure(page);
      expect(rects.board!.right - rects.board!.left).toBeGreaterThan(560);
      await page.screenshot({ path: new URL('./output/lecture-present-1280.png', import.meta.url).pathname });
      await page.keyboard.press('p');
      await expect.poll(() => page.locator('#setup').isVisible()).toBe(true);
      expect(page.url()).not.toContain('present=1');
      // A link opens in presentation mode, and the set-up it carries is read without a complaint.
      await page.goto(`${page.url()}&present=1`);
      await answered(page);
      expect(await page.evaluate(() => document.body.classList.contains('present'))).toBe(true);
      expect(await page.locator('#notices').isVisible()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("390×844: the board and the step log's newest line (with the pseudo-code line) on one screen (issue 35)", async () => {
    const { page, errors } = await openPage(browser(), QUEENS, { width: 390, height: 844 });
    try {
      await answered(page);
      await page.locator('#to-start').click();
      for (let step = 1; step <= 40; step++) {
        await page.locator('#step-forward').click();
        const shown = await page.evaluate(() => {
          const box = (s: string) => document.querySelector(s)!.getBoundingClientRect().toJSON() as DOMRect;
          return { board: box('#board svg.board'), log: box('#log li.current'), code: box('#caption-code'), timeline: box('#timeline'), text: document.querySelector('#log li.current')!.textContent, height: innerHeight, width: innerWidth };
        });
        // The step log itself, under the board: its newest line is this step.
        expect(shown.text).toMatch(new RegExp(`^${step}\\. `));
        for (const name of ['board', 'log', 'code', 'timeline'] as const) {
          expect(shown[name].bottom, `${name} at step ${step}`).toBeLessThanOrEqual(shown.height);
          expect(shown[name].top, `${name} at step ${step}`).toBeGreaterThanOrEqual(0);
          expect(shown[name].right, `${name} at step ${step}`).toBeLessThanOrEqual(shown.width);
        }
        expect(shown.log.top, 'the log under the board').toBeGreaterThanOrEqual(shown.board.bottom);
      }
      await page.screenshot({ path: new URL('./output/lecture-phone.png', import.meta.url).pathname });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
