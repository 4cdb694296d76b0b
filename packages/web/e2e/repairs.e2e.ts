import { createBezzel, type TraceEvent } from '@bezzel/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../src/shared/plugins.js';
import { Replay } from '../src/run/replay.js';
import { drawn, scrub, squaresOf, text, useBrowser, withPage } from './page.js';

// Issue 26, item 2: min-conflicts' mind on the board (the picked queen, and on each square of her file the queens
// that would attack her there), attacked pieces drawn apart on every board, canvas included, and 1000 queens'
// repairs recorded and watched. Every figure read from the page is worked out again here from the board it shows.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

/** Queens on a line with (row, col) other than `except`: same rank, file or diagonal, blocked or not. */
function attackersOf(queens: readonly number[], n: number, square: number, except: number): number {
  const row = Math.floor(square / n);
  const col = square % n;
  let count = 0;
  for (const q of queens) {
    if (q === except || q === square) continue;
    const r = Math.floor(q / n);
    const c = q % n;
    if (r === row || c === col || Math.abs(r - row) === Math.abs(c - col)) count++;
  }
  return count;
}

/** The queens another queen attacks, worked out pair by pair. */
function attackedQueens(queens: readonly number[], n: number): number[] {
  return queens.filter((q) => attackersOf(queens, n, q, -1) > 0).sort((a, b) => a - b);
}

async function trace(n: number, seed: number, initial: string): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  await bezzel.solve({ problem: { kind: 'placement', board: { width: n, height: n }, piece: 'queen' }, goal: 'one', strategy: 'min-conflicts', seed, options: { initial }, budget: { maxTimeMs: 30_000 } }, { onTrace: (e) => events.push(e) });
  return events;
}

/** What the board element says: its pieces, attacked pieces, shades and labels, and the rings drawn. */
function boardData(page: Page, selector = '#board svg.board, #board canvas') {
  return page.locator(selector).evaluate((e) => ({
    pieces: e.getAttribute('data-pieces'),
    attacked: e.getAttribute('data-attacked'),
    shades: e.getAttribute('data-shades') ?? '',
    labels: e.getAttribute('data-labels') ?? '',
    label: e.getAttribute('aria-label') ?? '',
    marked: e.querySelectorAll('use.attacked-piece').length,
    rings: e.querySelector('.attacked-ring')?.getAttribute('d') ?? '',
    written: Array.from(e.querySelectorAll('.values text')).filter((t) => t.textContent !== '').length,
    redFill: Array.from(e.querySelectorAll('use.attacked-piece')).map((u) => getComputedStyle(u).fill),
  }));
}

/** The canvas's pixel colour at each square (as drawPixels maps squares to pixels). */
function canvasColours(page: Page, squares: readonly number[], n: number): Promise<[number, number, number][]> {
  return page.locator('#board canvas').evaluate(
    (canvas: HTMLCanvasElement, { squares, n }) => {
      const g = canvas.getContext('2d')!;
      const { width: w, height: h } = canvas;
      const data = g.getImageData(0, 0, w, h).data;
      return squares.map((sq) => {
        const px = Math.min(w - 1, Math.floor((sq % n) * (w / n)));
        const py = Math.min(h - 1, Math.floor((n - 1 - Math.floor(sq / n)) * (h / n)));
        const p = (py * w + px) * 4;
        return [data[p]!, data[p + 1]!, data[p + 2]!] as [number, number, number];
      });
    },
    { squares, n },
  );
}

const RED: [number, number, number] = [179, 38, 30];

/** Pixels of the attacked pieces' red (#b3261e) in the middle of each square, read from a screenshot of the SVG board. */
async function redInMiddles(page: Page, squares: readonly number[], n: number): Promise<number[]> {
  const png = (await page.locator('#board svg.board').screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, squares, n, red }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const cell = image.width / n;
      return squares.map((sq) => {
        const x = Math.round(((sq % n) + 0.3) * cell);
        const y = Math.round((n - 1 - Math.floor(sq / n) + 0.3) * cell);
        const data = g.getImageData(x, y, Math.round(cell * 0.4), Math.round(cell * 0.4)).data;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - red[0]) < 12 && Math.abs(data[i + 1]! - red[1]) < 12 && Math.abs(data[i + 2]! - red[2]) < 12) count++;
        return count;
      });
    },
    { png, squares, n, red: RED },
  );
}

describe('min-conflicts on the board (issue 26, item 2)', () => {
  it('8 queens from a random start: the picked queen marked, her file numbered with the conflicts min-conflicts takes the fewest of', () =>
    withPage(
      browser(),
      async (page) => {
        const events = await trace(8, 3, 'random');
        const replay = new Replay(events, 8);
        await page.locator('#to-start').click();
        let checked = 0;
        let attackedSeen = 0;
        for (let step = 1; step <= events.length; step++) {
          await page.keyboard.press('ArrowRight');
          replay.forward();
          const shown = await boardData(page);
          const queens = squaresOf(shown.pieces);
          expect(queens.sort((a, b) => a - b), `the board is the replay's at step ${step}`).toEqual([...replay.squares].sort((a, b) => a - b));
          // Attacked queens: red, ringed, listed, and exactly the ones another queen attacks.
          const solved = events[step - 1]?.type === 'solution';
          const attacked = solved ? [] : attackedQueens(queens, 8);
          expect(squaresOf(shown.attacked), `attacked queens at step ${step}`).toEqual(attacked);
          expect(shown.marked).toBe(attacked.length);
          expect(shown.rings === '').toBe(attacked.length === 0);
          for (const fill of shown.redFill) expect(fill).toBe('rgb(179, 38, 30)');
          // Drawn red, as a person sees it: the middle of an attacked piece's square has its red, a free piece's none.
          if (attacked.length > 0 && attackedSeen < 12) {
            const reds = await redInMiddles(page, queens, 8);
            queens.forEach((q, i) => (attacked.includes(q) ? expect(reds[i], `${q} is red`).toBeGreaterThan(20) : expect(reds[i], `${q} is not red`).toBe(0)));
          }
          attackedSeen += attacked.length;
          const next = events[step];
          if (next?.type !== 'local' || next.from === undefined || next.to === undefined || queens.length < 8) {
            expect(shown.labels, `no numbers where no repair follows (step ${step})`).toBe('');
            continue;
          }
          // The next repair's picked queen is marked, and each square of her file carries its conflicts.
          expect(shown.shades.split(' '), `the picked queen marked at step ${step}`).toContain(`${next.from}:aim`);
          const labels = new Map(shown.labels.split(' ').filter(Boolean).map((pair) => pair.split(':').map(Number) as [number, number]));
          const col = next.from % 8;
          const expected = new Map(Array.from({ length: 8 }, (_, row) => [row * 8 + col, attackersOf(queens, 8, row * 8 + col, next.from!)] as [number, number]));
          expect(labels, `conflicts in file ${col} at step ${step}`).toEqual(expected);
          expect(shown.written, `8 numbers written at step ${step}`).toBe(8);
          // Min-conflicts then moves her to a square of the fewest.
          expect(labels.get(next.to)).toBe(Math.min(...labels.values()));
          checked++;
        }
        expect(checked).toBeGreaterThan(5);
        expect(attackedSeen).toBeGreaterThan(0);
        const legend = (await page.locator('#legend').getAttribute('data-keys')) ?? '';
        await page.keyboard.press('Home');
        for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
        await drawn(page);
        const keys = ((await page.locator('#legend').getAttribute('data-keys')) ?? '') + ' ' + legend;
        expect(keys).toMatch(/\bvalue\b/);
        expect(keys).toMatch(/\battacked-piece\b/);
        expect(await text(page, '#legend')).toMatch(/the queens that would attack it there/);
        expect(await text(page, '#legend')).toMatch(/red piece in a red ring: another piece attacks it/);
        await page.screenshot({ path: new URL('./output/min-conflicts-file.png', import.meta.url).pathname });
      },
      '?problem=placement&piece=queen&w=8&goal=one&strategy=min-conflicts&seed=3&o.initial=random&trace=1',
    ));

  it('300 queens on the canvas mid-run: attacked queens red and ringed in the pixels, and counted in the board\'s description', () =>
    withPage(
      browser(),
      async (page) => {
        const events = await trace(300, 2, 'random');
        const start = events.findIndex((e) => e.type === 'local');
        for (const at of [start + 1, start + 60]) {
          await scrub(page, at);
          await drawn(page);
          const shown = await boardData(page, '#board canvas');
          const queens = squaresOf(shown.pieces);
          expect(queens.sort((a, b) => a - b)).toEqual(new Replay(events, 300).seek(at).squares.slice().sort((a, b) => a - b));
          const attacked = attackedQueens(queens, 300);
          expect(attacked.length, `some queens attacked at step ${at}`).toBeGreaterThan(0);
          expect(squaresOf(shown.attacked)).toEqual(attacked);
          expect(shown.label).toContain(`; ${attacked.length} attacked (red, ringed)`);
          for (const colour of await canvasColours(page, attacked, 300)) expect(colour).toEqual(RED);
          // A queen nobody attacks, away from every ring, stays black.
          const last = events[at - 1];
          const marked = [...attacked, ...(last?.type === 'local' && last.to !== undefined ? [last.to] : [])];
          const near = (a: number, q: number) => Math.abs((a % 300) - (q % 300)) < 6 && Math.abs(Math.floor(a / 300) - Math.floor(q / 300)) < 6;
          const free = queens.filter((q) => !marked.some((a) => near(a, q)));
          expect(free.length).toBeGreaterThan(20);
          for (const colour of await canvasColours(page, free, 300)) expect(colour).toEqual([17, 17, 17]);
        }
        await page.screenshot({ path: new URL('./output/attacked-canvas-300.png', import.meta.url).pathname });
      },
      '?problem=placement&piece=queen&w=300&goal=one&strategy=min-conflicts&seed=2&o.initial=random&trace=1',
    ));
});

describe('watching 1000 queens (issue 26, item 2)', () => {
  it('min-conflicts on 1000×1000 is recorded whole; the timeline scrubs through the repairs and the canvas follows', () =>
    withPage(
      browser(),
      async (page) => {
        const events = await trace(1000, 1, 'random');
        const length = Number(await page.locator('#timeline').getAttribute('max'));
        expect(length).toBe(events.length);
        expect(await text(page, '#answer-notes')).toContain(`Every step recorded: ${events.length.toLocaleString('en')} steps on the timeline.`);
        const replay = new Replay(events, 1000);
        let previous = '';
        for (const at of [1000, 1300, length - 1, 1200]) {
          await scrub(page, at);
          await drawn(page);
          const shown = await boardData(page, '#board canvas');
          const queens = squaresOf(shown.pieces).sort((a, b) => a - b);
          expect(queens, `the canvas shows the replay's board at step ${at}`).toEqual([...replay.seek(at).squares].sort((a, b) => a - b));
          expect(shown.pieces).not.toBe(previous);
          previous = shown.pieces ?? '';
          const attacked = attackedQueens(queens, 1000);
          expect(squaresOf(shown.attacked)).toEqual(attacked);
          if (at < length - 1) expect(attacked.length).toBeGreaterThan(0);
          for (const colour of await canvasColours(page, attacked, 1000)) expect(colour).toEqual(RED);
        }
        await scrub(page, length);
        await drawn(page);
        expect((await boardData(page, '#board canvas')).attacked).toBe('');
        await page.screenshot({ path: new URL('./output/min-conflicts-1000.png', import.meta.url).pathname });
      },
      '?problem=placement&piece=queen&w=1000&goal=one&strategy=min-conflicts&seed=1&o.initial=random&trace=1',
    ));
});
