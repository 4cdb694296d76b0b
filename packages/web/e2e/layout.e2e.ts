import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { drawn, run, site, text, useBrowser, VIEWPORTS, withPage } from './page.js';

const web = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const browser = useBrowser();

/** How far the page reaches past the window's right edge (0 when nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);

/** The board's box on the screen, and the window's size. */
const boardBox = (page: Page) =>
  page.evaluate(() => {
    const board = document.querySelector('#board svg.board, #board canvas')!.getBoundingClientRect();
    return { left: board.left, right: board.right, top: board.top, bottom: board.bottom, width: board.width, height: board.height, innerWidth: window.innerWidth, innerHeight: window.innerHeight };
  });

describe.each(Object.entries(VIEWPORTS))('the page on a %s', (name, viewport) => {
  it('lays out without sideways scrolling, with the board first, whole, square and on the first screen, for any board and message', () =>
    withPage(browser(), async (page) => {
      expect(await text(page, '#answer-status')).toBe('complete');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const box = await boardBox(page);
      expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
      expect(box.width).toBeGreaterThan(Math.min(300, viewport.width * 0.75));
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(box.innerWidth);
      expect(box.top).toBeGreaterThan(0);
      expect(box.bottom).toBeLessThanOrEqual(box.innerHeight);
      // Board first: on a phone nothing but the header and the tabs comes before it.
      if (name === 'phone') expect(box.top).toBeLessThan(200);

      // The step-through as the README shows it: part-way through eight queens, a placement and its rejections.
      await page.locator('#to-start').click();
      for (let i = 0; i < 13; i++) await page.keyboard.press('ArrowRight');
      const file = join(web, 'e2e', 'output', `web-${viewport.width}.png`);
      mkdirSync(join(web, 'e2e', 'output'), { recursive: true });
      await page.screenshot({ path: file, fullPage: false });
      expect(statSync(file).size).toBeGreaterThan(20_000);
      // `WEB_SCREENSHOTS=1 pnpm test:web` refreshes the pictures in the README.
      if (process.env.WEB_SCREENSHOTS) mkdirSync(join(repo, 'docs'), { recursive: true });
      if (process.env.WEB_SCREENSHOTS) copyFileSync(file, join(repo, 'docs', `web-${viewport.width}.png`));

      for (const tab of ['#tab-solutions', '#tab-play', '#tab-watch']) {
        await page.locator(tab).click();
        await drawn(page);
        expect(await overflow(page), tab).toBeLessThanOrEqual(0);
      }

      // A wide board, a tour and a long message stay inside the window too.
      expect(await run(page, { problem: 'tour', piece: 'knight', width: '40', height: '25', start: '', goal: 'one', strategy: 'warnsdorff' })).toBe('solved');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const wide = await boardBox(page);
      expect(wide.right).toBeLessThanOrEqual(wide.innerWidth);
      expect(Math.abs(wide.width / wide.height - 40 / 25)).toBeLessThan(0.02);
      expect(await run(page, { problem: 'placement', piece: 'betza', betza: 'NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN', width: '8', height: '8', goal: 'one' })).toBe('error');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }, '', viewport));
});

describe('the page for keyboard and screen-reader users', () => {
  it('names every control, and shows where the keyboard focus is at every stop', () =>
    withPage(browser(), async (page) => {
      const unnamed = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('input, select, button, textarea, [role="tab"]'))
          .filter((e) => e.offsetParent !== null)
          .filter((e) => {
            const labelled = (e as HTMLInputElement).labels?.length || e.getAttribute('aria-label') || e.getAttribute('aria-labelledby');
            return !labelled && !(e.tagName === 'BUTTON' && e.textContent?.trim());
          })
          .map((e) => e.outerHTML.slice(0, 80)),
      );
      expect(unnamed).toEqual([]);
      // Walk the tab order: every stop is visibly outlined.
      const stops: string[] = [];
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const e = document.activeElement as HTMLElement;
          const style = getComputedStyle(e);
          return { id: e.id || e.tagName, outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
        });
        // Past the last stop the focus leaves the page.
        if (stop.id === 'BODY') break;
        expect(stop.outline, `focus on ${stop.id} is visible`).toBe(true);
        stops.push(stop.id);
      }
      expect(stops.length).toBeGreaterThan(20);
      expect(stops).toEqual(expect.arrayContaining(['tab-watch', 'play', 'timeline', 'speed']));
      // The step-through by keyboard alone: arrows on the page step, the timeline's own arrows scrub.
      await page.locator('#to-start').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      expect(await page.locator('#stat-step').innerText()).toMatch(/^2 \//);
    }));

  it('draws every character of the page from a font, with no missing-glyph boxes, and has its icon', () =>
    withPage(browser(), async (page) => {
      for (const tab of ['#tab-solutions', '#tab-play', '#tab-watch']) {
        await page.locator(tab).click();
        await drawn(page);
      }
      const missing = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 48;
        const g = canvas.getContext('2d', { willReadFrequently: true })!;
        g.font = `32px ${getComputedStyle(document.body).fontFamily}`;
        const picture = (c: string) => {
          g.clearRect(0, 0, 48, 48);
          g.fillText(c, 4, 36);
          return g.getImageData(0, 0, 48, 48).data.join(',');
        };
        // A character no font draws shows the missing-glyph box: any character drawn the same way is missing too.
        const box = picture('\uE000');
        const texts = [document.body.innerText, ...Array.from(document.querySelectorAll('[title], [aria-label], option')).map((e) => `${e.getAttribute('title') ?? ''}${e.getAttribute('aria-label') ?? ''}${e.textContent ?? ''}`)];
        const chars = new Set([...texts.join('')].filter((c) => c.charCodeAt(0) > 127));
        return { missing: [...chars].filter((c) => picture(c) === box).map((c) => `U+${c.codePointAt(0)!.toString(16)}`), checked: chars.size, detects: picture('\uE001') === box && picture('A') !== box };
      });
      expect(missing.detects).toBe(true);
      expect(missing.checked).toBeGreaterThan(3);
      expect(missing.missing).toEqual([]);
      expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('./favicon.svg');
      const icon = await page.request.get(`${site()}favicon.svg`);
      expect(icon.status()).toBe(200);
      expect(await icon.text()).toContain('<svg');
    }));
});
