import { Board, createBezzel, type OptionValue, type Task, type TraceEvent } from '@bezzel/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Replay } from '../src/run/replay.js';
import { pagePlugins } from '../src/shared/plugins.js';
import { asks, judge, questionAt, type Answer } from '../src/watch/predict.js';
import { answered, drawn, openPage, tap, text, useBrowser, withPage } from './page.js';

// Issue 35, item 5: predict that teaches. During a question the numbers that give its answer away (hill climbing's
// h, min-conflicts' conflict counts, Warnsdorff's heat map and onward degrees, csp's values left) are hidden unless
// the teacher ticks them on; annealing (accepted or refused?), tabu (which move?), AC-3 (which value goes?) and MRV
// (which column next?) are asked, and judged in the browser as the rule judges them here in Node.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });

/** What the board shows that could give an answer away: numbers written on squares, degrees, heat-map tints. */
async function giveaways(page: Page) {
  await drawn(page);
  return page.evaluate(() => {
    const written = (s: string) => Array.from(document.querySelectorAll(`#board ${s}`)).filter((t) => (t.textContent ?? '') !== '').length;
    const view = document.querySelector('#view [data-gives-answer]');
    return {
      labels: written('.values text'),
      degrees: written('.degrees text'),
      heat: document.querySelectorAll('#board .ov.heat').length,
      view: view ? getComputedStyle(view).visibility : 'none',
      question: document.querySelector('#predict-question')?.textContent ?? '',
    };
  });
}

async function teacherShows(page: Page, on: boolean): Promise<void> {
  await page.locator('#predict-numbers').setChecked(on);
  await drawn(page);
}

async function predicting(page: Page): Promise<void> {
  await page.locator('#to-start').click();
  await page.locator('#predict').click();
  await expect.poll(() => page.locator('#predict-panel').isVisible()).toBe(true);
  await expect.poll(() => page.locator('#predict-question').innerText()).not.toBe('');
}

describe('predict that teaches (issue 35, item 5)', () => {
  it('hides the h of every move during a hill-climbing question, unless the teacher shows it', () =>
    withPage(
      browser(),
      async (page) => {
        await predicting(page);
        const asked = await giveaways(page);
        expect(asked.question).toMatch(/^Click the square a queen moves to next/);
        expect(asked.labels).toBe(0);
        await teacherShows(page, true);
        expect((await giveaways(page)).labels).toBe(56);
        await teacherShows(page, false);
        expect((await giveaways(page)).labels).toBe(0);
        // Predict off, at the same step: watching, h is written on all 56 squares a queen may move to.
        await page.locator('#predict').click();
        expect((await giveaways(page)).labels).toBe(56);
      },
      '?problem=placement&piece=queen&w=8&goal=one&strategy=hill-climbing&seed=1',
    ));

  it("hides Warnsdorff's heat map, onward degrees and its table of them during a question (the heat map stays ticked)", () =>
    withPage(
      browser(),
      async (page) => {
        expect(await page.locator('#heat').isChecked()).toBe(true);
        await page.locator('#to-start').click();
        await page.locator('#step-forward').click();
        const watching = await giveaways(page);
        expect(watching.heat).toBeGreaterThan(0);
        expect(watching.degrees).toBeGreaterThan(0);
        await predicting(page);
        const asked = await giveaways(page);
        expect(asked.question).toMatch(/^Click the square the tour moves to next\.$/);
        expect(asked).toMatchObject({ heat: 0, degrees: 0, view: 'hidden' });
        // The view still says where the knight may go from its start (not "no move is left"), without the numbers.
        expect(await page.locator('#view-said').innerText()).toMatch(/From a1 the knight may go to 2 squares; Warnsdorff takes the fewest onward moves/);
        // Warnsdorff never steps back: no Backtrack to offer.
        expect(await page.locator('#predict-backtrack').isVisible()).toBe(false);
        await teacherShows(page, true);
        const shown = await giveaways(page);
        expect(shown.heat).toBeGreaterThan(0);
        expect(shown.view).toBe('visible');
      },
      '?problem=tour&piece=knight&w=8&h=8&start=a1&goal=one&strategy=warnsdorff&seed=1',
    ));

  it("hides min-conflicts' conflict counts on the picked queen's file during a question", () =>
    withPage(
      browser(),
      async (page) => {
        await predicting(page);
        const asked = await giveaways(page);
        expect(asked.question).toMatch(/^Min-conflicts picked, at random, the queen on [a-h][1-8]/);
        expect(asked.labels).toBe(0);
        await teacherShows(page, true);
        expect((await giveaways(page)).labels).toBe(8);
      },
      '?problem=placement&piece=queen&w=8&goal=one&strategy=min-conflicts&seed=1&o.initial=random',
    ));

  interface Asked {
    readonly strategy: string;
    readonly options?: Readonly<Record<string, OptionValue>>;
    /** The question sought: its prompt, and the words of the rule its explanation must state. */
    readonly prompt: RegExp;
    readonly rule: RegExp;
    /** Numbers hidden during it: csp's values left on each open column. */
    readonly hidesLabels?: boolean;
  }
  const ASKED: Asked[] = [
    { strategy: 'simulated-annealing', prompt: /^Annealing proposes moving the queen on [a-h][1-8] to [a-h][1-8]: Δ = \+\d+ .* at T = [\d.]+; the random draw is [\d.e−-]+\. Accepted or refused\?$/, rule: /p = e\^\(−Δ\/T\) = e\^\(−\d+\/[\d.]+\) = .*: (accepted|refused)\./ },
    { strategy: 'tabu', prompt: /^Tabu search drew, at random, the queen on [a-h][1-8] \(file [a-h]\)\. Click the square it moves to: the lowest h that is not tabu/, rule: /takes the one to the lowest h that is not tabu, or a tabu one that beats the best h so far/ },
    { strategy: 'csp', options: { inference: 'mac' }, prompt: /AC-3 removes more\. Click a value AC-3 removes\.$/, rule: /AC-3 removes a value when some other open file has no value left that agrees with it/ },
    { strategy: 'csp', prompt: /^Which column does MRV/, rule: /MRV picks the column with the fewest values left/, hidesLabels: true },
  ];

  for (const c of ASKED) {
    const options = c.options ?? {};
    const query = `?problem=placement&piece=queen&w=8&goal=one&strategy=${c.strategy}&seed=1${Object.entries(options).map(([k, v]) => `&o.${k}=${String(v)}`).join('')}`;
    it(`${c.strategy}${c.options ? ` ${JSON.stringify(c.options)}` : ''}: asks ${c.prompt.source.slice(0, 40)}…, judged by the rule`, () =>
      withPage(
        browser(),
        async (page) => {
          const task: Task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy: c.strategy, seed: 1, ...(c.options ? { options } : {}), budget: { maxTimeMs: 15_000 } };
          const events: TraceEvent[] = [];
          await bezzel.solve(task, { onTrace: (e) => events.push(e) });
          const board = new Board(task.problem.board);
          const ctx = { strategy: c.strategy, board, piece: bezzel.piece('queen')!, ...(c.options ? { options } : {}) };
          const replay = new Replay(events, board.width);
          await predicting(page);
          // Answer each question right (as the rule judges it here) until the one sought comes; then once more.
          let met = 0;
          for (let q = 0; q < 40 && met < 2; q++) {
            while (replay.position < events.length && !asks(c.strategy, events[replay.position])) replay.forward();
            expect(replay.position, 'a question left').toBeLessThan(events.length);
            const question = questionAt(ctx, replay)!;
            const prompt = await page.locator('#predict-question').innerText();
            expect(prompt).toBe(question.prompt);
            const sought = c.prompt.test(prompt);
            if (sought && c.hidesLabels) expect((await giveaways(page)).labels, 'values left hidden').toBe(0);
            const rule = judge(ctx, replay, 'backtrack');
            const answer: Answer = rule.actual;
            const asked = Number(await page.locator('#predict-score').getAttribute('data-asked'));
            if (answer === 'accept' || answer === 'refuse') await page.locator(`#predict-${answer}`).click();
            else if (answer === 'backtrack') await page.locator('#predict-backtrack').click();
            else await tap(page, board, board.name(answer));
            await expect.poll(async () => Number(await page.locator('#predict-score').getAttribute('data-asked'))).toBe(asked + 1);
            expect(await page.locator('#predict-verdict').innerText()).toMatch(/^Right/);
            if (sought) {
              met++;
              expect(await page.locator('#predict-why').innerText()).toMatch(c.rule);
            }
            replay.forward();
          }
          expect(met, `questions like ${c.prompt}`).toBe(2);
          expect(await page.locator('#predict-score').innerText()).toMatch(/^(\d+) of \1 right$/);
        },
        query,
      ));
  }

  it('a question set: a link that asks the next questions from a step; the score kept in the browser and sent back as a link', async () => {
    const query = '?problem=placement&piece=queen&w=8&goal=one&strategy=hill-climbing&seed=1';
    const task: Task = { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy: 'hill-climbing', seed: 1, budget: { maxTimeMs: 15_000 } };
    const events: TraceEvent[] = [];
    await bezzel.solve(task, { onTrace: (e) => events.push(e) });
    const board = new Board(task.problem.board);
    const ctx = { strategy: 'hill-climbing', board, piece: bezzel.piece('queen')! };
    // The teacher: predict mode on, a set of 3 questions from the first question.
    const teacher = await openPage(browser(), query);
    let link: string;
    let from: number;
    try {
      await answered(teacher.page);
      await predicting(teacher.page);
      await teacher.page.locator('#predict-set-count').fill('3');
      await teacher.page.locator('#predict-set-make').click();
      await expect.poll(() => teacher.page.locator('#predict-set-link').inputValue()).toMatch(/&quiz=\d+-3$/);
      link = await teacher.page.locator('#predict-set-link').inputValue();
      from = Number(/quiz=(\d+)-3/.exec(link)![1]);
      // The words follow once the clipboard has answered (the link is in its box before that).
      await expect.poll(() => text(teacher.page, '#predict-set-said')).toMatch(new RegExp(`^A link that asks the next 3 questions from step ${from} and keeps the score`));
      expect(teacher.errors).toEqual([]);
    } finally {
      await teacher.page.close();
    }
    // A student opens it: predict mode at the set's first question, three questions, the first shown (not scored).
    const student = await openPage(browser(), link.slice(link.indexOf('?')));
    const { page } = student;
    try {
      await answered(page);
      await expect.poll(() => text(page, '#predict-set-said')).toBe(`Question set: question 1 of 3, from step ${from}.`);
      const replay = new Replay(events, board.width).seek(from);
      for (let q = 0; q < 3; q++) {
        while (!asks('hill-climbing', events[replay.position])) replay.forward();
        expect(await text(page, '#predict-question')).toBe(questionAt(ctx, replay)!.prompt);
        const actual = judge(ctx, replay, 'backtrack').actual as number;
        if (q === 0) await page.locator('#predict-show').click();
        else await tap(page, board, board.name(actual));
        await expect.poll(() => page.locator('#predict-set').getAttribute('data-state')).toBe(q === 2 ? 'done' : 'asking');
        replay.forward();
      }
      expect(await text(page, '#predict-question')).toBe('The question set is done.');
      await page.screenshot({ path: new URL('./output/predict-set-1280.png', import.meta.url).pathname });
      expect(await text(page, '#predict-set-said')).toBe('Question set done: 2 of 2 right, 1 shown (not scored). Kept in this browser: best 2 of 2, finished 1 time.');
      // Sent back as a link with the score; the page it opens says what it was sent with, and that a link is no proof.
      await page.locator('#predict-set-share').click();
      await expect.poll(() => page.locator('#predict-set-link').inputValue()).toMatch(new RegExp(`&quiz=${from}-3&scored=2-2$`));
      const scored = await page.locator('#predict-set-link').inputValue();
      // The same browser, again: its record of the set is there.
      await page.reload();
      await answered(page);
      await expect.poll(() => text(page, '#predict-set-said')).toBe(`Question set: question 1 of 3, from step ${from}. Before, in this browser: best 2 of 2, finished 1 time.`);
      await page.goto(scored);
      await answered(page);
      await expect.poll(() => text(page, '#predict-set-said')).toMatch(/This link was sent with a score of 2 of 2 right \(what the sender's page said: a link is no proof\)\.$/);
      // A malformed set is said (and, as with any link it cannot read in full, the page waits for the reader).
      await page.goto(link.replace(/quiz=\d+-3/, 'quiz=5-99'));
      await expect.poll(() => text(page, '#notices')).toMatch(/question set "5-99" must be a step and a number of questions from 1 to 50/);
      expect(await page.locator('#predict-panel').isVisible()).toBe(false);
      expect(student.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
