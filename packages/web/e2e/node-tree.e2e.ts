import { createBezzel, type TraceEvent } from '@bezzel/core';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SearchTree } from '../src/run/search-tree.js';
import { pagePlugins } from '../src/shared/plugins.js';
import { drawn, scrub, text, useBrowser, withPage } from './page.js';

// Issue 26, item 5: beside the icicle, a node-link search tree for 4–8 queens that zooms, folds its subtrees, and
// is reached and walked by the keyboard; Enter or a click goes to a node's step.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

const focused = (page: import('playwright-core').Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.node ?? '');
const visibleCount = async (page: import('playwright-core').Page) => Number(await page.locator('#node-tree-svg').getAttribute('data-visible'));

describe('node-link search tree (issue 26, item 5)', () => {
  it('8 queens: nodes named by square, zoom, fold and unfold, keyboard walk, Enter and click go to the step', () =>
    withPage(
      browser(),
      async (page) => {
        const events: TraceEvent[] = [];
        await bezzel.solve({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'all', strategy: 'backtracking', seed: 1, budget: { maxTimeMs: 15_000 } }, { onTrace: (e) => events.push(e) });
        const tree = new SearchTree(8);
        tree.update(events);
        await scrub(page, 120);
        await drawn(page);
        await expect.poll(() => page.locator('#node-tree').isVisible()).toBe(true);
        const svg = page.locator('#node-tree-svg');
        expect(await svg.getAttribute('role')).toBe('tree');
        const items = page.locator('#node-tree-svg [role="treeitem"]');
        expect(await items.count()).toBe(await visibleCount(page));
        // The current node is the last of the path to step 120, outlined and selected.
        const path = tree.pathAt(120, (await page.locator('#board svg.board').getAttribute('data-pieces'))!.split(' ').filter(Boolean).length);
        const current = page.locator('#node-tree-svg .node.current');
        expect(await current.getAttribute('data-node')).toBe(String(path[path.length - 1]));
        expect(await current.getAttribute('aria-selected')).toBe('true');
        // Every node seen by then that is drawn is named by its square; dead ends are marked.
        const first = await items.first().getAttribute('aria-label');
        expect(first).toMatch(/^[a-h][1-8], depth 1/);
        expect(await page.locator('#node-tree-svg .node.dead').count()).toBeGreaterThan(0);

        // The keyboard: one stop in the tab order, then the arrows.
        expect(await page.locator('#node-tree-svg [tabindex="0"]').count()).toBe(1);
        await page.locator('#node-tree-svg [tabindex="0"]').focus();
        await page.keyboard.press('Home');
        expect(await focused(page)).toBe('0');
        await page.keyboard.press('ArrowDown');
        const second = await focused(page);
        expect(second).not.toBe('0');
        expect(tree.parent[Number(second)]).toBe(0);
        await page.keyboard.press('ArrowUp');
        expect(await focused(page)).toBe('0');
        // Left folds the root's subtree; Right opens it again.
        const before = await visibleCount(page);
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => visibleCount(page)).toBeLessThan(before);
        expect(await page.locator('#node-tree-svg [data-node="0"]').getAttribute('aria-expanded')).toBe('false');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => visibleCount(page)).toBe(before);
        // Enter goes to the node's step (the step after the event that made it).
        await page.keyboard.press('ArrowDown');
        const node = Number(await focused(page));
        await page.keyboard.press('Enter');
        await drawn(page);
        await expect.poll(async () => (await text(page, '#position')).split(' / ')[0]).toBe(String(tree.at[node]! + 1));

        // Zoom in and out: the drawing grows and shrinks.
        const width = Number(await svg.getAttribute('width'));
        await page.locator('#node-tree .zoom-in').click();
        expect(Number(await svg.getAttribute('width'))).toBeGreaterThan(width);
        await page.locator('#node-tree .zoom-out').click();
        await page.locator('#node-tree .zoom-out').click();
        expect(Number(await svg.getAttribute('width'))).toBeLessThan(width);
        // A fold badge opens a folded subtree; a click on a node goes to its step.
        await scrub(page, 400);
        await drawn(page);
        const folded = page.locator('#node-tree-svg [aria-expanded="false"]').first();
        const foldedNode = await folded.getAttribute('data-node');
        const shown = await visibleCount(page);
        await folded.locator('.fold').click();
        await expect.poll(() => visibleCount(page)).toBeGreaterThan(shown);
        expect(await page.locator(`#node-tree-svg [data-node="${foldedNode}"]`).getAttribute('aria-expanded')).toBe('true');
        await page.locator(`#node-tree-svg [data-node="${foldedNode}"] > circle`).click();
        await expect.poll(async () => (await text(page, '#position')).split(' / ')[0]).toBe(String(tree.at[Number(foldedNode)]! + 1));
        await page.screenshot({ path: fileURLToPath(new URL('output/node-tree-1280.png', import.meta.url)) });
      },
      '?problem=placement&piece=queen&w=8&goal=all&strategy=backtracking&seed=1',
    ));

  it('4 queens: the whole tree, its two solutions green', () =>
    withPage(
      browser(),
      async (page) => {
        await page.locator('#to-end').click();
        await drawn(page);
        await expect.poll(() => page.locator('#node-tree').isVisible()).toBe(true);
        // Open every folded subtree with the keyboard (Right on each), then count the solutions.
        for (let i = 0; i < 40; i++) {
          const folded = page.locator('#node-tree-svg [aria-expanded="false"]').first();
          if ((await folded.count()) === 0) break;
          await folded.locator('.fold').click();
        }
        expect(await page.locator('#node-tree-svg .node.solution').count()).toBe(2);
      },
      '?problem=placement&piece=queen&w=4&goal=all&strategy=backtracking&seed=1',
    ));

  it('9 queens and larger keep to the icicle', () =>
    withPage(
      browser(),
      async (page) => {
        await drawn(page);
        expect(await page.locator('#tree').isVisible()).toBe(true);
        expect(await page.locator('#node-tree').isVisible()).toBe(false);
      },
      '?problem=placement&piece=queen&w=9&goal=one&strategy=backtracking&seed=1',
    ));
});
