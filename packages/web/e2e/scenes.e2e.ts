import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { shippedLecture } from '../src/lecture/shipped.js';
import { openPage, useBrowser } from './page.js';

// Issue 35, item 1 and 2: a lecture in scenes. The shipped lecture plays end to end with PageDown alone at the
// projector sizes: every scene's board, code line, note and strategy view on the screen, nothing overlapping, the
// text 18 px or more (charts 14 px or more); it exports as an HTML deck that opens from a file with no server, and
// prints as a handout of one page a scene.

const browser = useBrowser();
const read = shippedLecture('search');
if (!read.ok) throw new Error(read.problems.join('\n'));
const lecture = read.lecture;
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-lecture-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** What a scene shows, measured: the boxes that must be in view and apart, and the smallest text. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element | null | undefined): Box | null => {
      if (!e || e.getClientRects().length === 0) return null;
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const own = document.body.dataset.view;
    const view = own ? document.querySelector(`#watch-panel [data-panel='${own}']:not(.off)`) : null;
    // Every piece of text shown in the page's HTML (not its SVG), with its size: each element's own text nodes.
    let smallest = { size: Infinity, text: '' };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('svg, .visually-hidden, #handout, noscript, script, style, title, option')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth);
      if (rects.length === 0) continue;
      const size = parseFloat(getComputedStyle(parent).fontSize);
      if (size < smallest.size) smallest = { size, text: text.slice(0, 40) };
    }
    // Chart and view text drawn in SVG: its font size times the scale the SVG is drawn at.
    let chart = { size: Infinity, text: '' };
    for (const t of Array.from(document.querySelectorAll<SVGTextElement>('#side svg text'))) {
      if (t.getClientRects().length === 0 || !t.textContent?.trim()) continue;
      const svg = t.ownerSVGElement!;
      const scale = svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0 ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
      const size = parseFloat(getComputedStyle(t).fontSize) * scale;
      if (size < chart.size) chart = { size, text: t.textContent.trim().slice(0, 30) };
    }
    // The search tree's share of painted (not background) pixels: its explored part drawn large enough to read.
    const canvas = document.querySelector<HTMLCanvasElement>('#tree');
    let treePainted: number | null = null;
    if (canvas && canvas.getClientRects().length > 0 && canvas.width > 1) {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 0; i < pixels.length; i += 4) if (Math.abs(pixels[i]! - 0xee) + Math.abs(pixels[i + 1]! - 0xf2) + Math.abs(pixels[i + 2]! - 0xf6) > 12) painted++;
      treePainted = painted / (canvas.width * canvas.height);
    }
    return {
      treePainted,
      rects: {
        board: box(document.querySelector('#board svg.board, #board canvas')),
        note: box(document.querySelector('#scene-card')),
        code: box(document.querySelector('#code li.current')),
        codeBox: box(document.querySelector('#watch-panel [data-panel="code"]:not(.off)')),
        view,
        viewBox: box(view),
        now: box(document.querySelector('#watch-panel')),
        answer: box(document.querySelector('#answer:not(.off)')),
        present: box(document.querySelector('#present')),
        strip: box(document.querySelector('#scene-strip')),
      },
      smallest,
      chart,
      scene: document.body.dataset.scene,
      error: document.querySelector('#scene-error')?.textContent ?? '',
      panels: Array.from(document.querySelectorAll('#watch-panel [data-panel]:not(.off)')).map((e) => (e as HTMLElement).dataset.panel),
      width: innerWidth,
      height: innerHeight,
    };
  });
}

const inside = (r: Box, width: number, height: number) => r.top >= -0.5 && r.left >= -0.5 && r.bottom <= height + 0.5 && r.right <= width + 0.5;
const apart = (a: Box, b: Box) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;

async function sceneReady(page: Page, n: number): Promise<void> {
  await page.waitForFunction((k) => document.body.dataset.scene === `ready ${k}`, n, { timeout: 30_000 });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

describe('a lecture in scenes (issue 35)', () => {
  for (const viewport of [{ width: 1024, height: 768 }, { width: 1280, height: 800 }]) {
    it(`${viewport.width}×${viewport.height}: the shipped lecture plays end to end with PageDown alone — board, code line, note and strategy view in view, apart, text ≥ 18 px`, async () => {
      const { page, errors } = await openPage(browser(), '?lecture=search&present=1', viewport);
      try {
        for (let i = 1; i <= lecture.scenes.length; i++) {
          await sceneReady(page, i);
          const scene = lecture.scenes[i - 1]!;
          const m = await measure(page);
          const where = `${viewport.width}×${viewport.height}, scene ${i} (${scene.title})`;
          expect(m.error, where).toBe('');
          expect(await page.locator('#scene-name').innerText()).toBe(scene.title);
          expect(await page.locator('#scene-where').innerText()).toBe(`${i} / ${lecture.scenes.length}`);
          const shown: [string, Box | null][] = [['board', m.rects.board], ['note', m.rects.note]];
          if (scene.panels.includes('code')) shown.push(['code line', m.rects.code], ['code', m.rects.codeBox]);
          if (scene.panels.includes('view') && m.rects.viewBox) shown.push(['strategy view', m.rects.viewBox]);
          if (scene.panels.includes('answer')) shown.push(['answer', m.rects.answer]);
          for (const [name, r] of shown) {
            expect(r, `${name} shown at ${where}`).not.toBeNull();
            expect(inside(r!, m.width, m.height), `${name} in view at ${where}: ${JSON.stringify(r)}`).toBe(true);
          }
          // The strategy's own view is there wherever the scene asks for it and the strategy draws one.
          if (scene.panels.includes('view') && scene.step !== 'start') expect(m.rects.viewBox, `the strategy view at ${where} (${m.panels.join(', ')})`).not.toBeNull();
          // A search tree shown is not an empty box: early in a search its explored part is zoomed to fill it.
          if (scene.panels.includes('view') && m.treePainted !== null) expect(m.treePainted, `the search tree's painted share at ${where}`).toBeGreaterThan(0.1);
          // Nothing overlaps: the board, the note, the panels beside it, the answer, the header's buttons.
          const blocks: [string, Box | null][] = [['board', m.rects.board], ['note', m.rects.note], ['now', m.rects.now], ['answer', m.rects.answer], ['present', m.rects.present], ['strip', m.rects.strip]];
          for (let a = 0; a < blocks.length; a++) {
            for (let b = a + 1; b < blocks.length; b++) {
              const [na, ra] = blocks[a]!;
              const [nb, rb] = blocks[b]!;
              if (ra && rb && ra.bottom - ra.top > 0 && rb.bottom - rb.top > 0) expect(apart(ra, rb), `${na} and ${nb} apart at ${where}`).toBe(true);
            }
          }
          expect(m.smallest.size, `smallest text at ${where}: “${m.smallest.text}”`).toBeGreaterThanOrEqual(18);
          expect(m.chart.size, `smallest chart text at ${where}: “${m.chart.text}”`).toBeGreaterThanOrEqual(14);
          if (i === 13) await page.screenshot({ path: new URL(`./output/lecture-annealing-${viewport.width}.png`, import.meta.url).pathname });
          if (i < lecture.scenes.length) await page.keyboard.press('PageDown');
        }
        // The last scene stays the last; PageUp goes back one, and the browser's Back button too.
        await page.keyboard.press('PageDown');
        expect(await page.locator('#scene-where').innerText()).toBe(`${lecture.scenes.length} / ${lecture.scenes.length}`);
        await page.keyboard.press('PageUp');
        await sceneReady(page, lecture.scenes.length - 1);
        // Back returns to the last scene (where PageUp left from), and again to the one before it.
        await page.goBack();
        await sceneReady(page, lecture.scenes.length);
        await page.goBack();
        await sceneReady(page, lecture.scenes.length - 1);
        expect(page.url()).toContain(`scene=${lecture.scenes.length - 1}`);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  it('exports an HTML deck that opens from a file, with no server and no network, and a handout of one printed page a scene', async () => {
    const { page, errors } = await openPage(browser(), '?lecture=search&scene=1', { width: 1280, height: 800 });
    try {
      await sceneReady(page, 1);
      if (!(await page.locator('#lecture-panel').isVisible())) await page.locator('#lecture-toggle').click();
      await page.locator('#lecture-deck').click();
      await expect.poll(() => page.locator('#lecture-download').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
      const html = await page.evaluate(async () => (await fetch((document.querySelector('#lecture-download') as HTMLAnchorElement).href)).text());
      expect(await page.locator('#lecture-download').getAttribute('download')).toMatch(/\.html$/);
      const file = join(scratch, 'deck.html');
      writeFileSync(file, html);
      // No reference to anything outside the file: no script or style from elsewhere, no image by address.
      expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|src="(https?:|\/\/|\.\/)/);
      const deck = await browser().newPage({ viewport: { width: 1024, height: 768 } });
      const deckErrors: string[] = [];
      const requests: string[] = [];
      deck.on('pageerror', (e) => deckErrors.push(e.message));
      deck.on('console', (m) => m.type() === 'error' && deckErrors.push(m.text()));
      deck.on('request', (r) => !r.url().startsWith('file:') && !r.url().startsWith('data:') && requests.push(r.url()));
      try {
        await deck.goto(pathToFileURL(file).href);
        expect(await deck.locator('.bz-slide').count()).toBe(lecture.scenes.length);
        for (let i = 1; i <= lecture.scenes.length; i++) {
          expect(await deck.evaluate(() => document.body.dataset.scene)).toBe(String(i));
          const slide = deck.locator('.bz-slide.on');
          expect(await slide.locator('h1').innerText()).toBe(lecture.scenes[i - 1]!.title);
          const board = (await slide.locator('.bz-board svg, .bz-board img').boundingBox())!;
          expect(board.width).toBeGreaterThan(200);
          expect(board.y + board.height).toBeLessThanOrEqual(768);
          if (lecture.scenes[i - 1]!.panels.includes('code') && (await slide.locator('.bz-code').count()) > 0) expect(await slide.locator('.bz-code li.current').count()).toBe(1);
          // The help line at the foot of the window lies under the scene, over none of it (it covered the tree's foot).
          const help = (await deck.locator('.bz-help').boundingBox())!;
          const body = (await slide.locator('.bz-body').boundingBox())!;
          expect(body.y + body.height, `the help line under scene ${i}`).toBeLessThanOrEqual(help.y);
          await deck.keyboard.press('PageDown');
        }
        await deck.screenshot({ path: new URL('./output/lecture-deck-1024.png', import.meta.url).pathname });
        expect(deckErrors).toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        await deck.close();
      }
      // The handout: window.print() is the browser's; printed to PDF here, it has a page for each scene.
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      await page.locator('#lecture-download').evaluate((a) => a.removeAttribute('data-state'));
      await page.locator('#lecture-handout').click();
      await expect.poll(() => page.locator('#lecture-download').getAttribute('data-state'), { timeout: 60_000 }).toBe('done');
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      const pages = page.locator('#handout .bz-slide');
      expect(await pages.count()).toBe(lecture.scenes.length);
      for (let i = 0; i < lecture.scenes.length; i++) {
        const one = pages.nth(i);
        expect(await one.locator('.bz-board svg, .bz-board img').count()).toBe(1);
        expect(await one.locator('h1').textContent()).toBe(lecture.scenes[i]!.title);
        expect((await one.locator('.bz-note').textContent())!.length).toBeGreaterThan(20);
      }
      const pdf = await page.pdf({ format: 'A4', landscape: true });
      writeFileSync(join(scratch, 'handout.pdf'), pdf);
      const count = (readFileSync(join(scratch, 'handout.pdf'), 'latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
      expect(count).toBe(lecture.scenes.length);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('makes a scene from the view, reorders, edits the note, saves a file, reads a bad one field by field, copies a link that opens it, and opens a speaker view', async () => {
    const { page, errors } = await openPage(browser(), '?problem=placement&piece=queen&w=6&goal=all&strategy=backtracking&seed=1&trace=1&at=9', { width: 1280, height: 800 });
    try {
      await expect.poll(() => page.locator('#answer-status').innerText()).toBe('complete');
      await page.keyboard.press('l');
      await page.locator('#lecture-choice').selectOption('new');
      await page.locator('#lecture-open').click();
      await sceneReady(page, 1);
      expect(await page.locator('#scene-list li').count()).toBe(1);
      await page.locator('#scene-note-text').fill('**First:** {solutions} solutions, step {step}.');
      await expect.poll(() => page.locator('#scene-note').innerText()).toBe('First: 4 solutions, step 9.');
      // A second scene: the same run at its end.
      await page.locator('#to-end').click();
      await page.locator('#scene-add').click();
      // The scene is added when the page has taken the view: wait for it before naming it (else the name goes to
      // the first scene).
      await expect.poll(() => page.locator('#scene-list li').count()).toBe(2);
      await page.locator('#scene-title').fill('The end');
      await page.locator('#scene-list li').nth(1).getByRole('button', { name: 'Move up scene 2' }).click();
      await expect.poll(() => page.locator('#scene-list li').first().innerText()).toMatch(/^1\. The end/);
      // Saved as a file, and read back; a file with wrong fields is refused with one line a field.
      await page.locator('#lecture-save').click();
      const saved = await page.evaluate(async () => (await fetch((document.querySelector('#lecture-download') as HTMLAnchorElement).href)).text());
      const json = JSON.parse(saved);
      expect(json.scenes.map((s: { title: string }) => s.title)).toEqual(['The end', 'backtracking, 6×6, step 9']);
      expect(json.scenes[1].note).toBe('**First:** {solutions} solutions, step {step}.');
      const bad = join(scratch, 'bad.json');
      writeFileSync(bad, JSON.stringify({ ...json, scenes: [{ ...json.scenes[0], setup: { ...json.scenes[0].setup, width: 'eight' }, step: -2 }] }));
      await page.locator('#lecture-file').setInputFiles(bad);
      await expect.poll(() => page.locator('#lecture-problems li').allInnerTexts()).toEqual(['bad.json: scenes[0].setup.width must be a whole number from 1 to 1,000,000, not "eight".', 'bad.json: scenes[0].step must be a whole number of steps, or one of start, open, solution, end, not -2.']);
      const good = join(scratch, 'good.json');
      writeFileSync(good, saved);
      await page.locator('#lecture-file').setInputFiles(good);
      await expect.poll(() => page.locator('#lecture-said').innerText()).toBe('Opened good.json: 2 scenes.');
      await sceneReady(page, 1);
      // The speaker view: this scene's note and the next scene, following the lecture.
      const [speaker] = await Promise.all([page.waitForEvent('popup'), page.locator('#lecture-speaker').click()]);
      await expect.poll(() => speaker.locator('#speaker-next').innerText()).toMatch(/^Next: backtracking, 6×6, step 9/);
      await page.keyboard.press('PageDown');
      await sceneReady(page, 2);
      await expect.poll(() => speaker.locator('#speaker-note').innerText()).toBe('First: 4 solutions, step 9.');
      expect(await speaker.locator('#speaker-next').innerText()).toBe('This is the last scene.');
      await speaker.close();
      // The link: the lecture packed into it, opened in a new page at the same scene.
      await page.locator('#lecture-link').click();
      await expect.poll(() => page.locator('#lecture-link-text').inputValue()).not.toBe('');
      const url = await page.locator('#lecture-link-text').inputValue();
      expect(url).toMatch(/\?lz=[\w-]+&scene=2$/);
      const other = await browser().newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await other.goto(url);
        await sceneReady(other, 2);
        expect(await other.locator('#scene-note').innerText()).toBe('First: 4 solutions, step 9.');
        expect(await other.locator('#stat-step').innerText()).toBe('9 / 308');
      } finally {
        await other.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
