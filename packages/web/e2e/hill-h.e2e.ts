import { createBezzel, type TraceEvent } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../src/shared/plugins.js';
import { Replay } from '../src/run/replay.js';
import { useBrowser, withPage } from './page.js';

// Issue 26, item 2: hill climbing shows on the board the h each move would give — 56 values on 8 queens at each
// step, the textbook's figure — and they are what the climb computes: counted here pair by pair, and the move the
// climb then makes is the marked one, to the lowest of them.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

/** Attacking pairs of queens, one a column, pair by pair: same rank or same diagonal, blocked or not (AIMA's h). */
function pairs(rows: readonly number[]): number {
  let h = 0;
  for (let a = 0; a < rows.length; a++) for (let b = a + 1; b < rows.length; b++) if (rows[a] === rows[b] || Math.abs(rows[a]! - rows[b]!) === b - a) h++;
  return h;
}

describe('hill climbing on 8 queens (issue 26)', () => {
  for (const seed of [1, 5]) {
    it(`seed ${seed}: writes the h of each of the 56 moves on the board at every step, as the climb computes it`, () =>
      withPage(
        browser(),
        async (page) => {
          const events: TraceEvent[] = [];
          await bezzel.solve({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy: 'hill-climbing', seed, budget: { maxTimeMs: 15_000 } }, { onTrace: (e) => events.push(e) });
          const replay = new Replay(events, 8);
          await page.locator('#to-start').click();
          let checked = 0;
          for (let step = 1; step <= events.length; step++) {
            await page.keyboard.press('ArrowRight');
            replay.forward();
            const shown = await page.evaluate(() => {
              const svg = document.querySelector('#board svg.board')!;
              return { labels: svg.getAttribute('data-labels') ?? '', shades: svg.getAttribute('data-shades') ?? '', written: Array.from(document.querySelectorAll('#board .values text')).filter((t) => t.textContent !== '').length };
            });
            if (!events.slice(0, step).some((e) => e.type === 'local')) {
              expect(shown.labels, `no values before the climb starts (step ${step})`).toBe('');
              continue;
            }
            const labels = new Map(shown.labels.split(' ').filter(Boolean).map((pair) => pair.split(':').map(Number) as [number, number]));
            const rows = new Array<number>(8).fill(-1);
            for (const sq of replay.squares) rows[sq % 8] = Math.floor(sq / 8);
            const expected = new Map<number, number>();
            for (let col = 0; col < 8; col++) {
              for (let row = 0; row < 8; row++) {
                if (row === rows[col]) continue;
                const moved = [...rows];
                moved[col] = row;
                expected.set(row * 8 + col, pairs(moved));
              }
            }
            expect(labels.size, `56 values at step ${step}`).toBe(56);
            expect(shown.written, `56 values written on the board at step ${step}`).toBe(56);
            expect(labels, `values at step ${step}`).toEqual(expected);
            // The move the climb makes next goes to the square marked, with the lowest value on the board.
            const next = events[step];
            if (next?.type === 'local' && next.to !== undefined) {
              expect(shown.shades.split(' ')).toContain(`${next.to}:aim`);
              expect(labels.get(next.to)).toBe(next.h);
              expect(next.h).toBe(Math.min(...labels.values()));
            }
            checked++;
          }
          expect(checked).toBeGreaterThan(3);
          await page.screenshot({ path: new URL(`./output/hill-climbing-h-seed${seed}.png`, import.meta.url).pathname });
        },
        `?problem=placement&piece=queen&w=8&goal=one&strategy=hill-climbing&seed=${seed}&trace=1`,
      ));
  }
});
