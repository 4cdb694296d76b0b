import { Board, createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import type { Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Replay } from '../src/run/replay.js';
import { pagePlugins } from '../src/shared/plugins.js';
import { asks, judge, type Answer } from '../src/watch/predict.js';
import { drawn, tap, useBrowser, withPage } from './page.js';

// Issue 26, item 4: predict mode. For each strategy the page stops before each step; the student clicks the
// square (or Backtrack); the page says right or wrong, why (the strategy's rule), and keeps the score. The steps
// are worked out here from the same seeded run in Node.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

interface Case {
  readonly strategy: string;
  readonly query: string;
  readonly task: Task;
  /** Words of the rule the explanation must state. */
  readonly rule: RegExp;
}

const queens = (strategy: string, seed: number): Task => ({ problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy, seed, budget: { maxTimeMs: 15_000 } });
const CASES: Case[] = [
  { strategy: 'backtracking', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=backtracking&seed=1', task: queens('backtracking', 1), rule: /first that no piece attacks|Dead end/ },
  { strategy: 'hill-climbing', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=hill-climbing&seed=1', task: queens('hill-climbing', 1), rule: /lowers h .* the most: the lowest h a move gives is \d+/ },
  { strategy: 'min-conflicts', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=min-conflicts&seed=1', task: queens('min-conflicts', 1), rule: /fewest conflicts/ },
  { strategy: 'csp', query: '?problem=placement&piece=queen&w=8&goal=one&strategy=csp&seed=1', task: queens('csp', 1), rule: /MRV picks the column with the fewest values left|next one|wipe-out|no value left|Only column/ },
  {
    strategy: 'warnsdorff',
    query: '?problem=tour&piece=knight&w=8&h=8&start=a1&goal=one&strategy=warnsdorff&seed=1',
    task: { problem: { kind: 'tour', board: { width: 8, height: 8 }, piece: 'knight', start: 0 }, goal: 'one', strategy: 'warnsdorff', seed: 1, budget: { maxTimeMs: 15_000 } },
    rule: /fewest onward moves\. From [a-h]\d: /,
  },
];

const actualOf = (event: TraceEvent, width: number): Answer =>
  event.type === 'place' || event.type === 'move' ? event.square : event.type === 'local' ? (event.draw !== undefined ? (event.accepted ? 'accept' : 'refuse') : event.to!) : event.type === 'assign' ? event.value * width + event.variable : 'backtrack';

async function give(page: Page, board: Board, answer: Answer): Promise<void> {
  const asked = Number(await page.locator('#predict-score').getAttribute('data-asked'));
  if (answer === 'backtrack') await page.locator('#predict-backtrack').click();
  else if (answer === 'accept' || answer === 'refuse') await page.locator(`#predict-${answer}`).click();
  else await tap(page, board, board.name(answer));
  await expect.poll(async () => Number(await page.locator('#predict-score').getAttribute('data-asked'))).toBe(asked + 1);
  await drawn(page);
}

describe('predict mode (issue 26, item 4)', () => {
  for (const c of CASES) {
    it(`${c.strategy}: asks before each step, judges the click by the rule, explains it and keeps the score`, () =>
      withPage(
        browser(),
        async (page) => {
          const events: TraceEvent[] = [];
          await bezzel.solve(c.task, { onTrace: (e) => events.push(e) });
          const board = new Board(c.task.problem.board);
          const ctx = { strategy: c.strategy, board, piece: bezzel.piece(c.task.problem.piece)! };
          const replay = new Replay(events, board.width);
          await page.locator('#to-start').click();
          await page.locator('#predict').click();
          await expect.poll(() => page.locator('#predict-panel').isVisible()).toBe(true);
          expect(await page.locator('#predict').getAttribute('aria-pressed')).toBe('true');
          let right = 0;
          let asked = 0;
          let tieShown = false;
          for (let q = 0; q < 6; q++) {
            while (replay.position < events.length && !asks(c.strategy, events[replay.position])) replay.forward();
            if (replay.position >= events.length) break;
            const prompt = await page.locator('#predict-question').innerText();
            expect(prompt).toMatch(/^(Click|Min-conflicts picked|Which column does MRV)/);
            const column = prompt.startsWith('Which column');
            const event = events[replay.position]!;
            const actual = actualOf(event, board.width);
            const rule = judge(ctx, replay, actual);
            // The first answer is wrong on purpose; then a tied square the strategy did not take, where there is one; then the step itself.
            // A column question's other squares of the same column are the same answer, not a tie.
            const tied = rule.accepted.find((a) => a !== actual && !(column && typeof a === 'number' && typeof actual === 'number' && a % board.width === actual % board.width));
            // Local searches and Warnsdorff never step back: their wrong answer is a free square the rule does not allow
            // (a square with a piece on it is not scored at all).
            const local = c.strategy === 'hill-climbing' || c.strategy === 'min-conflicts' || c.strategy === 'warnsdorff';
            const free = (sq: number) => !replay.squares.includes(sq) && !rule.accepted.includes(sq);
            const wrong: Answer = actual === 'backtrack' ? Array.from({ length: board.size }, (_, i) => i).find(free)! : local ? Array.from({ length: board.size }, (_, i) => i).find(free)! : 'backtrack';
            if (q === 0) expect(await page.locator('#predict-backtrack').isVisible()).toBe(!local);
            const answer = q === 0 ? wrong : tied !== undefined && !tieShown ? tied : actual;
            await give(page, board, answer);
            asked++;
            const verdict = await page.locator('#predict-verdict').innerText();
            const why = await page.locator('#predict-why').innerText();
            expect(why).toMatch(c.rule);
            if (q === 0) expect(verdict).toMatch(/^Not this time: you chose/);
            else if (answer !== actual) {
              tieShown = true;
              right++;
              expect(verdict).toMatch(/^Right by the rule: .* ties with/);
              expect(why).toMatch(/any of them counts as right|any of the tied squares counts as right/);
            } else {
              right++;
              expect(verdict).toMatch(/^Right/);
            }
            expect(await page.locator('#predict-score').innerText()).toBe(`${right} of ${asked} right`);
            // The page then plays the step the strategy took: the board shows what it did.
            replay.forward();
          }
          expect(asked).toBeGreaterThanOrEqual(4);
          await page.screenshot({ path: fileURLToPath(new URL(`output/predict-${c.strategy}-1280.png`, import.meta.url)) });
          if (c.strategy === 'hill-climbing' || c.strategy === 'min-conflicts') expect(tieShown, 'a random tie met and accepted').toBe(true);
        },
        c.query,
      ));
  }

  it('is refused, with the reason, for a strategy whose steps it cannot judge', () =>
    withPage(
      browser(),
      async (page) => {
        await page.locator('#predict').click();
        expect(await page.locator('#predict').getAttribute('aria-pressed')).toBe('false');
        expect(await page.locator('#predict').getAttribute('title')).toMatch(/works for backtracking, warnsdorff, hill-climbing, min-conflicts, csp, simulated-annealing, tabu/);
      },
      '?problem=placement&piece=queen&w=8&goal=one&strategy=beam&seed=1',
    ));
});
