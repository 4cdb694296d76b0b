import { Board, createBezzel, validateDomination, type Task, type TraceEvent } from '@bezzel/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../src/shared/plugins.js';
import { Replay } from '../src/run/replay.js';
import { boardPieces, drawn, number, run, squaresOf, tap, text, useBrowser, VIEWPORTS, withPage } from './page.js';

const web = fileURLToPath(new URL('..', import.meta.url));
const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });
const queen = bezzel.piece('queen')!;
const eight = Board.square(8);

const uncoveredOnBoard = async (page: Page) => squaresOf(await page.locator('#board svg.board').getAttribute('data-uncovered'));
const figures = async (page: Page) => {
  const cells = await page.locator('#answer-figures').locator('dt, dd').allInnerTexts();
  return Object.fromEntries(cells.flatMap((cell, i) => (i % 2 === 0 ? [[cell, cells[i + 1]!]] : [])));
};
const names = (board: Board, squares: readonly number[]) => squares.map((sq) => board.name(sq));
function square(board: Board, name: string): number {
  const parsed = board.parseSquare(name);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}
const fewestQueens: Task = { problem: { kind: 'dominate', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'minimum', strategy: 'cover-search', seed: 1, budget: { maxTimeMs: 15_000 } };

describe('domination on the page', () => {
  it('proves 5 queens the fewest on 8×8, opens on that set with everything covered, and steps through the search', () =>
    withPage(
      browser(),
      async (page) => {
        expect(await text(page, '#answer-status')).toBe('solved');
        expect(await text(page, '#answer-headline')).toBe('The fewest queens dominating 8×8: 5 (proven: a search for fewer was exhausted); one set:');
        const shown = await figures(page);
        expect(shown).toMatchObject({ Fewest: '5 queens', Proof: 'a search for fewer was exhausted' });
        // The board opens on the set the answer names, not on a larger one found on the way, and nothing is left uncovered.
        const result = await bezzel.solve(fewestQueens);
        const set = result.status === 'solved' && result.solutions[0]!.kind === 'placement' ? [...result.solutions[0]!.squares].sort((a, b) => a - b) : [];
        expect(shown['One minimum set']).toBe(`5 queens: ${names(eight, set).join(' ')}`);
        expect(await boardPieces(page)).toEqual(set);
        expect(await uncoveredOnBoard(page)).toEqual([]);
        expect(validateDomination(eight, queen, set).valid).toBe(true);
        expect(await text(page, '#log li.current')).toMatch(/^\d+\. Set \d+ found: 5 queens cover every square$/);
        expect(await text(page, '#code li.current')).toBe('  if every square is covered: a set (counting: spare pieces go on any free squares), return');

        // Step by step from the start: each piece covers what Node says, the log names the square it was placed to
        // cover, and the pseudo-code follows; the proof's cuts say how many squares were left.
        const events: TraceEvent[] = [];
        await bezzel.solve(fewestQueens, { onTrace: (e) => events.push(e) });
        expect(await number(page, '#position')).toBe(events.indexOf(events.find((e) => e.type === 'solution')!) + 1);
        const replay = new Replay(events);
        await page.locator('#to-start').click();
        // Past the first set and into the search for four queens, to its first cut.
        const firstCut = events.findIndex((e) => e.type === 'cut');
        expect(firstCut).toBeGreaterThan(events.findIndex((e) => e.type === 'solution'));
        for (let step = 1; step <= firstCut + 2; step++) {
          await page.keyboard.press('ArrowRight');
          const event = events[step - 1]!;
          replay.forward();
          expect(await uncoveredOnBoard(page), `uncovered at step ${step}`).toEqual(validateDomination(eight, queen, replay.squares).uncovered);
          const log = await text(page, '#log li.current');
          if (event.type === 'place') {
            expect(log).toBe(`${step}. Placed Q on ${eight.name(event.square)} to cover ${eight.name(event.covering!)} (the hardest square left)`);
            // The first piece after a set found starts the search for a set with one piece fewer.
            const fewer = events[step - 2]?.type === 'solution';
            expect(await text(page, '#code li.current')).toBe(fewer ? 'fewest: find a set, then search for one with a piece fewer, until a search fails (that failure is the proof)' : '    place a piece on c; cover(j − 1)');
          }
          if (event.type === 'cut') {
            expect(event.why).toBe('bound');
            expect(log).toMatch(new RegExp(`^${step}\\. (Pruned: \\d+ more queens? cannot cover the ${event.count} squares? left uncovered \\(the bound\\)|No queens left, ${event.count} squares? uncovered: back up)$`));
            expect(await text(page, '#code li.current')).toBe('  if j pieces cannot cover the squares left (the bound): prune, return');
          }
        }
        // The tree of the search is drawn, as for backtracking.
        expect(await page.locator('#tree').isVisible()).toBe(true);
      },
      '?problem=dominate&piece=queen&w=8&goal=minimum&strategy=cover-search',
    ));

  it('counts the 4,860 minimum sets of 8×8 queens and groups them into 638 classes in the Solutions tab', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'dominate', piece: 'queen', width: '8', height: '8', goal: 'count-minimum' })).toBe('complete');
      expect(await text(page, '#answer-headline')).toBe('The fewest queens dominating 8×8: 5 (proven: a search for fewer was exhausted), in 4,860 minimum sets');
      expect(await figures(page)).toMatchObject({ Fewest: '5 queens', 'Minimum sets': '4,860' });
      expect(page.url()).toContain('problem=dominate&piece=queen&w=8&h=8&goal=count-minimum&strategy=cover-search');
      await page.locator('#tab-solutions').click();
      await expect.poll(() => text(page, '#solutions-summary')).toMatch(/did not list the sets/);
      await page.locator('#enumerate').click();
      await expect.poll(() => text(page, '#solutions-summary'), { timeout: 30_000 }).toMatch(/^4,860 minimum sets in 638 classes\./);
      expect(await page.locator('#gallery .class').count()).toBe(638);
      // Too many to draw each: one drawing a class, its other members listed with the symmetry that makes each.
      expect(await page.locator('#gallery figure').count()).toBe(638);
      const sizes = await page.locator('#gallery .class h3').allInnerTexts();
      expect(sizes.reduce((sum, h) => sum + Number(/: (\d+) sets?$/.exec(h)![1]), 0)).toBe(4860);
      expect(await text(page, '#gallery .class:first-child details summary')).toMatch(/^its \d images?$/);
    }));

  it('gives the bounds and the smallest set when the budget stops a minimum, and says why some cannot be', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'dominate', piece: 'queen', width: '14', height: '14', goal: 'minimum', 'max-steps': '3000' })).toBe('out of steps');
      expect(await text(page, '#answer-headline')).toMatch(/^No answer: the step budget ran out before the search finished \(at least 5, at most \d+\)$/);
      const upper = Number(/at most (\d+)/.exec(await text(page, '#answer-headline'))![1]);
      const shown = await figures(page);
      expect(shown.Fewest).toBe(`at least 5, at most ${upper}`);
      // The board shows that smallest set, covering everything.
      const best = shown['Smallest set found']!.replace(/^\d+ queens: /, '').split(' ');
      expect(best).toHaveLength(upper);
      const board = Board.square(14);
      expect(names(board, await boardPieces(page)).sort()).toEqual([...best].sort());
      expect(await uncoveredOnBoard(page)).toEqual([]);

      expect(await run(page, { problem: 'dominate', piece: 'knight', width: '3', height: '3', variant: 'total', 'max-steps': '' })).toBe('impossible');
      expect(await text(page, '#answer-headline')).toBe('No solution: total domination needs every square attacked, but no knight on the 3×3 board attacks b2 (a theorem, so cover-search had nothing to search)');
      expect(page.url()).toContain('variant=total');

      expect(await run(page, { problem: 'dominate', piece: 'queen', width: '8', height: '8', variant: 'plain', goal: 'one', strategy: 'greedy-cover' })).toBe('solved');
      expect(await text(page, '#answer-headline')).toMatch(/^Found a set: \d queens dominating 8×8 \(not proven the fewest\)$/);
      expect((await figures(page)).Fewest).toBe('not proven: this set is an upper bound');
      // Greedy proves no fewest: the gallery has no minimum sets to list, and says what would.
      await page.locator('#tab-solutions').click();
      await page.locator('#enumerate').click();
      await expect.poll(() => text(page, '#solutions-summary')).toMatch(/^This run proved no fewest number of pieces/);
      // Playing it, the page works out the fewest itself (a short cover-search in a worker) once the board is covered.
      await page.locator('#tab-play').click();
      await drawn(page);
      for (const name of ['c4', 'd4', 'e4', 'c5', 'h2']) await tap(page, eight, name);
      expect(await text(page, '#play-summary')).toBe('Valid: 5 queens on 8×8 occupy or attack every square.');
      await expect.poll(() => text(page, '#play-fewest'), { timeout: 15_000 }).toBe('5 is the fewest (proven: a search for fewer was exhausted): a minimum dominating set.');
    }));

  it('lets a student dominate in play mode: coverage shaded, uncovered squares named, hints, and the fewest compared', () =>
    withPage(
      browser(),
      async (page) => {
        await page.locator('#tab-play').click();
        await drawn(page);
        expect(await text(page, '#play-summary')).toBe('Place queens until they occupy or attack every square.');
        // The panels redraw on the page's next frames, not at the click: wait for the hint to be there.
        await page.locator('#hint').click();
        await expect.poll(() => text(page, '#play-hint')).toBe('Try d4: it covers 28 of the 64 squares still uncovered, as many as any square can.');
        await tap(page, eight, 'd4');
        expect(await text(page, '#play-summary')).toBe('1 queen on 8×8 does not occupy or attack every square yet.');
        const uncovered = validateDomination(eight, queen, [square(eight, 'd4')]).uncovered;
        expect(await uncoveredOnBoard(page)).toEqual(uncovered);
        expect(await text(page, '#play-problems li')).toBe(`36 squares are neither occupied nor attacked: ${names(eight, uncovered.slice(0, 10)).join(', ')}, …`);
        expect(await text(page, '#play-problems li')).toMatch(/^36 squares are neither occupied nor attacked: b1, c1, e1,/);
        // The rest of a minimum set: the board then dominates, and the page knows 5 is the fewest.
        for (const name of ['c4', 'e4', 'c5', 'h2']) await tap(page, eight, name);
        expect(await text(page, '#play-summary')).toBe('Valid: 5 queens on 8×8 occupy or attack every square.');
        expect(await uncoveredOnBoard(page)).toEqual([]);
        await expect.poll(() => text(page, '#play-fewest'), { timeout: 15_000 }).toBe('5 is the fewest (proven: a search for fewer was exhausted): a minimum dominating set.');
        // A sixth queen is one too many: the hint names a queen the others do not need.
        await tap(page, eight, 'a8');
        expect(await text(page, '#play-fewest')).toBe('Not the fewest: 5 queens can do it (proven: a search for fewer was exhausted). Can you find such a set?');
        await page.locator('#hint').click();
        await expect.poll(() => text(page, '#play-hint')).toMatch(/^Take back the queen on [a-h][1-8]: the others still occupy or attack every square\.$/);
      },
      '?problem=dominate&piece=queen&w=8&goal=minimum&strategy=cover-search',
    ));

  it('names the attacking pair in independent domination, as `bezzel check --dominate --independent` does', () =>
    withPage(
      browser(),
      async (page) => {
        await page.locator('#tab-play').click();
        await drawn(page);
        await tap(page, eight, 'a1');
        await tap(page, eight, 'b2');
        expect(await text(page, '#play-summary')).toBe('Invalid: 2 queens on 8×8 do not dominate every square without attacking each other.');
        expect(await page.locator('#play-problems li').allInnerTexts()).toContain('a1 and b2 share a diagonal (independent domination allows no attacks)');
        expect(await page.locator('#board svg.board').getAttribute('data-conflicts')).toBe('1');
        // Both queens drawn apart, red in a ring, with a legend entry.
        expect(await page.locator('#board svg.board').getAttribute('data-attacked')).toBe('0 9');
        expect(await page.locator('#board use.attacked-piece').count()).toBe(2);
        expect(await page.locator('#legend').getAttribute('data-keys')).toMatch(/\battacked-piece\b/);
      },
      '?problem=dominate&piece=queen&w=8&variant=independent&goal=minimum&strategy=cover-search',
    ));
});

describe.each(Object.entries(VIEWPORTS))('domination on a %s', (name, viewport) => {
  it('lays out without sideways scrolling, the board whole and square, in every tab', () =>
    withPage(
      browser(),
      async (page) => {
        const overflow = () => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
        expect(await text(page, '#answer-status')).toBe('complete');
        expect(await overflow()).toBeLessThanOrEqual(0);
        const box = (await page.locator('#board svg.board').boundingBox())!;
        expect(Math.abs(box.width - box.height)).toBeLessThanOrEqual(1);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        mkdirSync(join(web, 'e2e', 'output'), { recursive: true });
        await page.screenshot({ path: join(web, 'e2e', 'output', `dominate-${viewport.width}.png`) });
        await page.locator('#tab-solutions').click();
        await page.locator('#enumerate').click();
        await expect.poll(() => page.locator('#gallery .class').count(), { timeout: 30_000 }).toBe(638);
        expect(await overflow(), `${name}: solutions`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(web, 'e2e', 'output', `dominate-solutions-${viewport.width}.png`) });
        await page.locator('#tab-play').click();
        await drawn(page);
        expect(await overflow(), `${name}: play`).toBeLessThanOrEqual(0);
        expect(await page.locator('#variant').isVisible()).toBe(true);
        expect(await page.locator('#k').isVisible()).toBe(false);
      },
      '?problem=dominate&piece=queen&w=8&goal=count-minimum-fundamental&strategy=cover-search',
      viewport,
    ));
});
