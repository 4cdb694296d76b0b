import backtracking from '@bezzel/backtracking';
import { createBezzel, pluginModule } from '@bezzel/core';
import { betzaPiece } from '@bezzel/fairy';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answered, drawn, openPage, run, setUp, site, text, useBrowser, withPage } from './page.js';

const browser = useBrowser();

/**
 * Links a student might be sent, mistyped, cut short or crafted: each must end in a message on the page (a
 * notice about the link, or an answer or error where the result goes) and no error on the console.
 */
const HOSTILE = [
  '?piece=unicorn',
  '?piece=__proto__',
  '?piece=constructor&problem=tour',
  '?piece=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  '?piece=betza:((((',
  '?piece=betza:N999999999',
  '?piece=betza:',
  '?w=0',
  '?w=-5',
  '?w=abc',
  '?w=1e3',
  '?w=99999999999999999999',
  '?w=1000001',
  '?h=%00',
  '?w=8&w=9',
  '?k=999999999999999999999',
  '?k=65',
  '?problem=placement&piece=knight',
  '?problem=tour&goal=maximum',
  '?problem=tour&goal=count-fundamental',
  '?goal=__proto__',
  '?problem=maze',
  '?problem=tour&strategy=formula',
  '?strategy=nonexistent',
  '?strategy=min-conflicts&goal=all',
  '?o.__proto__=1',
  '?o.constructor=x',
  '?o.toString=1',
  '?o.ordering=nonsense',
  '?problem=tour&strategy=genetic&o.population=-5',
  '?problem=tour&strategy=warnsdorff&o.restarts=many',
  '?problem=tour&start=z99',
  '?problem=tour&start=(5,5,5)',
  '?problem=tour&w=1000000&h=1000000',
  '?problem=tour&w=3&h=3',
  '?problem=dominate&variant=partial',
  '?problem=dominate&variant=__proto__&goal=count',
  '?problem=dominate&goal=minimum&k=5',
  '?problem=dominate&goal=maximum',
  '?problem=dominate&strategy=ilp',
  '?problem=dominate&strategy=backtracking',
  '?problem=dominate&strategy=greedy-cover&goal=count-minimum',
  '?problem=dominate&piece=knight&w=3&variant=total',
  '?problem=dominate&w=60&h=60&strategy=cover-search',
  '?problem=dominate&w=1000000&h=1000000',
  '?problem=dominate&k=999999999',
  '?problem=dominate&o.prefix=1.2',
  '?w=100000&h=100000&strategy=backtracking',
  '?seed=-1',
  '?seed=99999999999999',
  '?ms=0',
  '?steps=0',
  '?trace=maybe',
  '?at=-1',
  '?at=abc',
  '?at=99999999',
  '?%E0%A4%A',
  '?&&&==&',
  '?' + 'x'.repeat(5000),
  '?o.' + 'a'.repeat(300) + '=1',
  '#/../../etc/passwd',
];

/** Waits until the page has either a notice about the link or a finished answer, and returns what it says. */
async function settled(page: Page): Promise<string> {
  await expect
    .poll(
      async () => {
        const notice = await page.locator('#notices').isVisible();
        const status = await text(page, '#answer-status');
        return notice || !/not run yet|running/.test(status);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const notice = (await page.locator('#notices').isVisible()) ? await text(page, '#notices') : '';
  return `${notice} ${await text(page, '#answer-status')}: ${await text(page, '#answer-headline')}`.trim();
}

describe('links', () => {
  it('ends every malformed link in a message on the page, with nothing on the console', async () => {
    const { page, errors } = await openPage(browser());
    for (const query of HOSTILE) {
      await page.goto(`${site()}${query}`);
      const said = await settled(page);
      expect(said, query).toMatch(/[a-z]{3}/);
      expect(errors, query).toEqual([]);
      // The page stays usable: the board is drawn and Run answers.
      expect(await page.locator('#board svg.board, #board canvas').count(), query).toBe(1);
    }
    expect(await run(page, { problem: 'placement', piece: 'queen', width: '6', height: '6', k: '', goal: 'count', strategy: 'backtracking', seed: '1', 'max-steps': '', 'max-time': '15' })).toBe('complete');
    expect(await text(page, '#answer-headline')).toBe('4 solutions: 6 queens on 6×6');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names what is wrong with a link, field by field, and runs nothing until the reader has seen it', async () => {
    const { page, errors } = await openPage(browser(), '?piece=unicorn&w=abc&goal=everything');
    await settled(page);
    const notice = await text(page, '#notices');
    expect(notice).toContain('board width to “abc”');
    expect(notice).toContain('goal “everything”');
    expect(await text(page, '#answer-status')).toBe('not run yet');
    const { page: other } = await openPage(browser(), '?piece=unicorn');
    await settled(other);
    expect(await text(other, '#notices')).toMatch(/There is no piece “unicorn”; the pieces are queen, knight, /);
    expect(errors).toEqual([]);
    await page.close();
    await other.close();
  });

  it('reproduces a run from its link, at the step it was copied', () =>
    withPage(browser(), async (page) => {
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      const at = await text(page, '#stat-step');
      await page.locator('#copy-link').click();
      await expect.poll(() => text(page, '#link-said')).toMatch(/Copied|copy it/);
      const link = await page.locator('#link').inputValue();
      expect(link).toContain('piece=queen');
      const pieces = await page.locator('#board svg.board').getAttribute('data-pieces');
      await withPage(
        browser(),
        async (other) => {
          expect(await text(other, '#stat-step')).toBe(at);
          expect(await other.locator('#board svg.board').getAttribute('data-pieces')).toBe(pieces);
        },
        link.slice(link.indexOf('?')),
      );
    }));
});

describe('the set-up form', () => {
  it('keeps the focus and the caret in a field while typing, in strategy options too', () =>
    withPage(browser(), async (page) => {
      const typeInto = async (id: string, keys: string) => {
        await page.locator(`#${id}`).click();
        await page.locator(`#${id}`).fill('');
        for (const key of keys) {
          await page.keyboard.type(key);
          expect(await page.evaluate(() => document.activeElement?.id), `typing "${key}" into ${id}`).toBe(id);
        }
        expect(await page.locator(`#${id}`).inputValue()).toBe(keys);
        await drawn(page);
      };
      await typeInto('width', '12');
      await typeInto('seed', '4711');
      await setUp(page, { strategy: 'min-conflicts' });
      await drawn(page);
      await typeInto('option-restartAfter', '250');
      await typeInto('width', '1x');
      expect(await text(page, '#width-error')).toMatch(/whole number/);
      expect(await page.locator('#width').getAttribute('aria-invalid')).toBe('true');
      await typeInto('width', '10');
      expect(await page.locator('#width').getAttribute('aria-invalid')).toBe('false');
      // The link follows the form.
      expect(page.url()).toMatch(/w=10&.*o\.restartAfter=250/);
    }));

  it('clears the old answer when a new run starts, and shows an error instead of an answer, never beside one', () =>
    withPage(browser(), async (page) => {
      expect(await text(page, '#answer-status')).toBe('complete');
      expect(await text(page, '#answer-headline')).toMatch(/^92 solutions/);
      // A long count: the moment it starts, nothing of the 92 is left.
      await setUp(page, { width: '14', height: '14', goal: 'count' });
      await page.locator('#run').click();
      await expect.poll(() => text(page, '#answer-status')).toBe('running');
      expect(await text(page, '#answer-headline')).not.toMatch(/92/);
      expect(await text(page, '#answer-figures')).not.toMatch(/\b92\b/);
      await page.locator('#stop').click();
      await expect.poll(() => text(page, '#answer-status')).toBe('stopped');
      // A set-up the Solver refuses: the error stands alone, in the page's words, and the board is empty.
      expect(await run(page, { piece: 'knight', width: '8', height: '8', k: '' })).toBe('error');
      expect(await text(page, '#answer-headline')).toMatch(/Say how many knights in the field “Pieces k”/);
      expect(await text(page, '#answer-figures')).toBe('');
      expect(await page.locator('#board svg.board').getAttribute('data-pieces')).toBe('');
      expect(await text(page, '#stat-step')).toBe('0 / 0');
      // A value only the strategy can judge, refused while it runs: the same.
      expect(await run(page, { problem: 'tour', piece: 'knight', width: '6', height: '6', goal: 'one', strategy: 'genetic', 'option-population': '-5' })).toBe('error');
      expect(await text(page, '#answer-headline')).toMatch(/population of genetic must be a whole number from 2 to 100000/);
    }));

  it('runs a piece written in Betza notation, to the count Node gets from the same parser and strategy', () =>
    withPage(browser(), async (page) => {
      expect(await run(page, { problem: 'placement', piece: 'betza', betza: 'NC', width: '6', height: '6', k: '6', goal: 'count', strategy: 'backtracking' })).toBe('complete');
      const nc = betzaPiece('NC');
      if (!nc.ok) throw nc.error;
      const inNode = await createBezzel({ plugins: [pluginModule({ pieces: [nc.value] }), backtracking] });
      const expected = await inNode.solve({ problem: { kind: 'placement', board: { width: 6, height: 6 }, piece: nc.value.id, k: 6 }, goal: 'count', strategy: 'backtracking' });
      expect(expected.status).toBe('complete');
      expect(await text(page, '#answer-headline')).toMatch(new RegExp(`^${expected.status === 'complete' ? expected.count.toLocaleString('en') : '-'} solutions: 6 betza:NC pieces on 6×6$`));
      expect(page.url()).toContain('piece=betza%3ANC');
    }));
});
