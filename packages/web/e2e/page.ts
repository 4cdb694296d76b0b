import type { Board } from '@bezzel/core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** The three screens the page is tested on: a phone, a tablet, a laptop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1280, height: 800 },
} as const;

export const site = () => inject('site');

/** Connects this test file to the run's Chromium. */
export function useBrowser(): () => Browser {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browser'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser;
}

/** A page that records every uncaught error and every console error, for tests to assert there are none. */
export async function openPage(browser: Browser, query = '', viewport: { width: number; height: number } = VIEWPORTS.laptop): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(`${site()}${query}`);
  return { page, errors };
}

export const text = (page: Page, selector: string) => page.locator(selector).innerText();
export const number = async (page: Page, selector: string) => Number((await text(page, selector)).split('/')[0]!.replace(/[^\d]/g, ''));
/** The squares the board shows, from the data attributes it writes beside its drawing. */
export const squaresOf = (value: string | null) => (value ?? '').split(' ').filter(Boolean).map(Number);
export const boardPieces = async (page: Page) => squaresOf(await page.locator('#board svg.board').getAttribute('data-pieces')).sort((a, b) => a - b);
export const boardPath = async (page: Page) => squaresOf(await page.locator('#board svg.board').getAttribute('data-path'));

/** Waits until the answer card shows a finished status. */
export async function answered(page: Page, timeout = 30_000): Promise<string> {
  await expect.poll(() => text(page, '#answer-status'), { timeout }).not.toMatch(/not run yet|running/);
  return text(page, '#answer-status');
}

/** Sets fields as a user would: choosing in selects, typing in inputs. */
export async function setUp(page: Page, fields: Record<string, string | boolean>): Promise<void> {
  for (const [id, value] of Object.entries(fields)) {
    const field = page.locator(`#${id}`);
    if (typeof value === 'boolean') await field.setChecked(value);
    else if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

/** Sets fields, presses Run and waits for the answer (or the error that stands instead of one). */
export async function run(page: Page, fields: Record<string, string | boolean>, timeout?: number): Promise<string> {
  await setUp(page, fields);
  const card = page.locator('#answer');
  const before = { attempt: await card.getAttribute('data-attempt'), run: await card.getAttribute('data-run') };
  await page.locator('#run').click();
  await expect.poll(() => card.getAttribute('data-attempt'), { timeout: 10_000 }).not.toBe(before.attempt);
  // The card is drawn in the frame after the press: until then it may still show the last run's error.
  await drawn(page);
  // The card then shows the new run, or the error that stands instead of one.
  await expect.poll(async () => (await card.getAttribute('data-run')) !== before.run || (await text(page, '#answer-status')) === 'error', { timeout: 10_000 }).toBe(true);
  return answered(page, timeout);
}

/** Moves the timeline to a step, as dragging it does. */
export async function scrub(page: Page, step: number): Promise<void> {
  await page.locator('#timeline').evaluate((input: HTMLInputElement, value) => {
    input.value = String(value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, step);
}

/** Clicks a square of the board by its name, as a student taps it, and waits for the page to draw the change. */
export async function tap(page: Page, board: Board, name: string): Promise<void> {
  const square = board.parseSquare(name);
  if (!square.ok) throw square.error;
  const box = (await page.locator('#board svg.board').boundingBox())!;
  const col = board.col(square.value);
  const row = board.row(square.value);
  await page.locator('#board svg.board').click({ position: { x: ((col + 0.5) * box.width) / board.width, y: ((board.height - row - 0.5) * box.height) / board.height } });
  await drawn(page);
}

/** Waits for the page's next drawing: it draws changes in the animation frame after them. */
export async function drawn(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Opens the page (at `query`, on `viewport`), waits for its first answer, runs `body`, then checks that nothing
 * reached the console and closes the page, whatever happened.
 */
export async function withPage(browser: Browser, body: (page: Page) => Promise<void>, query = '', viewport: { width: number; height: number } = VIEWPORTS.laptop): Promise<void> {
  const { page, errors } = await openPage(browser, query, viewport);
  try {
    await answered(page);
    await body(page);
    expect(errors).toEqual([]);
  } finally {
    await page.close();
  }
}
