import { describe, expect, it } from 'vitest';
import { answered, drawn, openPage, run, scrub, site, text, useBrowser, VIEWPORTS } from './page.js';

// Issue 35, item 6: Back and Forward follow runs and tabs, a reload keeps the step; the board says in words where its
// pieces stand; the focus ring and the attacked mark stand out; a board too big for numbers or names says so; a huge
// tour is drawn without moiré and can be zoomed; a tooltip closes when the finger taps elsewhere.

const browser = useBrowser();
const QUEENS = '?problem=placement&piece=queen&w=8&goal=all&strategy=backtracking&seed=1&trace=1';

/** WCAG's contrast ratio of two CSS colours `rgb(r, g, b)`. */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('history, reloads, words and big boards (issue 35, item 6)', () => {
  it('Back and Forward follow runs and tabs; a reload opens at the step the reader was on', async () => {
    const { page, errors } = await openPage(browser(), QUEENS, VIEWPORTS.laptop);
    try {
      await answered(page);
      await scrub(page, 57);
      await drawn(page);
      await expect.poll(() => page.url(), { timeout: 5_000 }).toContain('at=57');
      await page.reload();
      await answered(page);
      await expect.poll(() => text(page, '#stat-step')).toBe('57 / 4,204');
      // A new run is a page of its own, and so is a tab.
      expect(await run(page, { width: '6', height: '6' })).toBe('complete');
      await page.locator('#tab-solutions').click();
      await expect.poll(() => page.url()).toContain('tab=solutions');
      await page.goBack();
      await expect.poll(() => page.locator('#tab-watch').getAttribute('aria-selected')).toBe('true');
      expect(page.url()).toContain('w=6');
      await page.goBack();
      console.log('URL after the second Back', page.url());
      await expect.poll(() => text(page, '#answer-headline')).toMatch(/^92 solutions/);
      await expect.poll(() => text(page, '#stat-step')).toBe('57 / 4,204');
      await page.goForward();
      await expect.poll(() => text(page, '#answer-headline')).toMatch(/^4 solutions/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("lists the pieces' squares and the attacked ones for a screen reader; the focus ring and the attacked mark have 3:1 contrast", async () => {
    const { page, errors } = await openPage(browser(), `${QUEENS}&at=13`, VIEWPORTS.laptop);
    try {
      await answered(page);
      await expect.poll(() => text(page, '#stat-step')).toBe('13 / 4,204');
      const label = (await page.locator('#board svg.board').getAttribute('aria-label'))!;
      expect(label).toMatch(/^7 queens on 8×8 \(a1, c2, e3, g4, b5, d6, f7\)/);
      expect(label).toMatch(/squares attacked: b1, c1, d1/);
      // The focus ring against the page, and the attacked square's dark stroke against the squares it is drawn on.
      await page.locator('#step-back').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      const colours = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const hatch = document.querySelector('#board .attacked-hatch')!;
        const dark = document.querySelector('#board .sq.dark')!;
        const light = document.querySelector('#board .sq.light')!;
        return { ring: getComputedStyle(focused).outlineColor, page: getComputedStyle(document.body).backgroundColor === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.documentElement).backgroundColor : getComputedStyle(document.body).backgroundColor, hatch: getComputedStyle(hatch).stroke, dark: getComputedStyle(dark).fill, light: getComputedStyle(light).fill, hatched: hatch.getAttribute('d')?.split('M').length ?? 0 };
      });
      expect(contrast(colours.ring, colours.page)).toBeGreaterThanOrEqual(3);
      expect(contrast(colours.hatch, colours.dark)).toBeGreaterThanOrEqual(3);
      expect(contrast(colours.hatch, colours.light)).toBeGreaterThanOrEqual(3);
      expect(colours.hatched).toBeGreaterThan(10);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('on a phone a tap shows a square\'s reason, and a tap elsewhere closes it, inside the screen', async () => {
    const context = await browser().newContext({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await page.goto(`${site()}${QUEENS}&at=13`);
      await answered(page);
      const box = (await page.locator('#board svg.board').boundingBox())!;
      // g5, far right: its reason must fit the screen, not be cut at its edge.
      await page.touchscreen.tap(box.x + (6.5 * box.width) / 8, box.y + (3.5 * box.height) / 8);
      await expect.poll(() => page.locator('#tooltip').isVisible()).toBe(true);
      const tip = (await page.locator('#tooltip').boundingBox())!;
      expect(tip.x).toBeGreaterThanOrEqual(0);
      expect(tip.x + tip.width).toBeLessThanOrEqual(390);
      expect(await page.locator('#tooltip').innerText()).toMatch(/^g5: attacked \(.+\)$/);
      await page.touchscreen.tap(195, box.y + box.height + 120);
      await expect.poll(() => page.locator('#tooltip').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a 200×200 tour: drawn square by square without moiré, zoomed to read; the heat map and square names explained', async () => {
    const { page, errors } = await openPage(browser(), '?problem=tour&piece=knight&w=200&h=200&goal=one&strategy=divide-conquer&closed=1&trace=1', VIEWPORTS.laptop);
    try {
      await answered(page);
      await drawn(page);
      const canvas = await page.locator('#board canvas').evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
      // Three whole pixels a square: no square is cut between pixels.
      expect(canvas.w % 200).toBe(0);
      expect(canvas.h % 200).toBe(0);
      const note = await text(page, '#board-note');
      expect(note).toMatch(/heat map is drawn on boards of up to 1,024 squares/);
      expect(note).toMatch(/Squares are named \(row,col\), both counted from 0/);
      expect(await page.locator('#heat').isDisabled()).toBe(true);
      await page.locator('#board-zoom').click();
      await drawn(page);
      const zoomed = await page.locator('#board canvas').evaluate((c: HTMLCanvasElement) => ({ w: c.width, shown: c.getBoundingClientRect().width, host: c.parentElement!.scrollWidth > c.parentElement!.clientWidth }));
      expect(zoomed.w).toBe(3200);
      expect(zoomed.host, 'the zoomed board scrolls in its box').toBe(true);
      expect(await page.locator('#board-zoom').getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: new URL('./output/tour-200-zoomed.png', import.meta.url).pathname });
      await page.locator('#board-zoom').click();
      await drawn(page);
      await page.screenshot({ path: new URL('./output/tour-200.png', import.meta.url).pathname });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
