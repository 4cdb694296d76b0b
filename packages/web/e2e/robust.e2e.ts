import backtracking from '@bezzel/backtracking';
import { createBezzel, pluginModule } from '@bezzel/core';
import { betzaPiece } from '@bezzel/fairy';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { answered, drawn, openPage, run, setUp, site, text, useBrowser, withPage } from './page.js';

const browser = useBrowser();

/** The widths the links are loaded at: a phone, a tablet, a laptop and a projector. */
const WIDTHS = [390, 768, 1280, 1920] as const;

/**
 * Links a student might be sent, mistyped, cut short or crafted, each with what the page must say: one clear
 * message naming the bad value (a notice about the link, or the answer or error where the result goes), and no
 * error on the console. Every parameter the page reads is here — the set-up's, `o.<option>`, `at`, and the view's
 * `tab`, `play` and `present` — with nonsense, huge, negative, NaN, script-like and very long values, and names it
 * does not read (mode, predict, compare).
 */
const HOSTILE: readonly (readonly [string, RegExp])[] = [
  ['?piece=unicorn', /There is no piece “unicorn”/],
  ['?piece=constructor&problem=tour', /There is no piece “constructor”/],
  ['?piece=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', /a piece “<img src=x onerror=alert\(1\)>”, which is not a name/],
  ['?piece=betza:((((', /The piece “betza:\(\(\(\(” cannot be read: unbalanced parenthesis/],
  ['?piece=betza:N999999999', /“betza:N999999999” cannot be read: range 999999999/],
  ['?piece=betza:', /“betza:” cannot be read: a Betza description is empty/],
  ['?piece=' + 'q'.repeat(2000), /a piece “q{39}…”, which is not a name/],
  ['?w=20&piece=' + encodeURIComponent('betza:' + 'W'.repeat(300)), /a piece “betza:W+…”, which is not a name/],
  ['?w=0', /board width to “0”; it must be a whole number from 1 to 1,000,000/],
  ['?w=abc', /board width to “abc”/],
  ['?w=1e3', /board width to “1e3”/],
  ['?w=NaN', /board width to “NaN”/],
  ['?w=8.5', /board width to “8\.5”/],
  ['?w=' + '9'.repeat(5000), /board width to “9{39}…”/],
  ['?w=1000001', /board width to “1000001”/],
  ['?h=%00', /board height to “\?”/],
  ['?w=8&w=9', /gives “w” more than once/],
  ['?k=999999999999999999999', /number of pieces to “999999999999999999999”/],
  ['?k=65', /K = 65 is more than the 64 squares/],
  ['?k=-3', /number of pieces to “-3”/],
  ['?problem=placement&piece=knight', /Say how many knights/],
  ['?problem=tour&goal=maximum', /Goal maximum applies to placement problems, not tours/],
  ['?goal=__proto__', /a goal “__proto__”; the page knows one, all/],
  ['?tab=solutions&goal=nonsense', /a goal “nonsense”/],
  ['?problem=maze', /a problem “maze”; the page knows placement, tour, dominate/],
  ['?problem=tour&strategy=formula', /Strategy formula cannot do this: it does not solve tour problems/],
  ['?strategy=nonexistent', /Unknown strategy "nonexistent"/],
  ['?tab=compare&strategy=nonexistent', /Unknown strategy "nonexistent"/],
  ['?strategy=' + encodeURIComponent('<script>alert(1)</script>'), /a strategy “<script>alert\(1\)<\/script>”, which is not a name/],
  ['?strategy=min-conflicts&goal=all', /Strategy min-conflicts cannot do this: it does not do goal all/],
  ['?o.__proto__=1', /option “__proto__”, which is not an option name/],
  ['?o.constructor=x', /backtracking has no option "constructor"/],
  ['?o.toString=1', /backtracking has no option "toString"/],
  ['?o.ordering=nonsense', /ordering of backtracking must be one of .*not "nonsense"/],
  ['?problem=tour&goal=one&strategy=genetic&o.population=-5', /population of genetic must be a whole number from 2 to 100000/],
  ['?problem=tour&goal=one&strategy=warnsdorff&o.restarts=many', /restarts.*"many"/],
  ['?o.' + 'a'.repeat(300) + '=1', /option “a{39}…”, which is not an option name/],
  ['?strategy=min-conflicts&goal=one&o.restartAfter=' + 'x'.repeat(300), /value for option “restartAfter” is longer than 200 characters/],
  ['?strategy=min-conflicts&goal=one&o.restartAfter=' + '9'.repeat(60), /restartAfter of min-conflicts must be a whole number of at least 0, not "9{60}"/],
  ['?tab=play&o.ordering=' + 'h'.repeat(200), /ordering of backtracking must be one of .*not "h{200}"/],
  ['?problem=tour&start=z99', /square z99 is not on the 8×8 board/],
  ['?problem=tour&start=(5,5,5)', /"\(5,5,5\)" is not a square/],
  ['?problem=tour&start=' + encodeURIComponent('"><svg onload=alert(1)>'), /""><svg onload=alert\(1\)>" is not a square/],
  ['?problem=tour&w=1000000&h=1000000', /A tour of 1,000,000×1,000,000 squares is more than the page can hold/],
  ['?problem=tour&w=3&h=3', /no knight's tour exists on 3×3/],
  ['?problem=dominate&variant=partial', /a domination variant “partial”/],
  ['?problem=dominate&variant=__proto__&goal=count', /a domination variant “__proto__”/],
  ['?problem=dominate&goal=minimum&k=5', /number of pieces to 5, but goal minimum finds the number itself/],
  ['?problem=dominate&goal=maximum', /Goal maximum applies to placement problems, not dominate problems/],
  ['?problem=dominate&strategy=backtracking', /backtracking cannot do this: it does not solve dominate problems/],
  ['?problem=dominate&strategy=greedy-cover&goal=count-minimum', /greedy-cover cannot do this: it does not do goal count-minimum/],
  ['?problem=dominate&piece=knight&w=3&variant=total', /no knight on the 3×3 board attacks b2/],
  ['?problem=dominate&w=60&h=60&strategy=cover-search', /the 60×60 board has more than 2500 squares/],
  ['?problem=dominate&w=1000000&h=1000000', /the 1000000×1000000 board has more than 2500 squares/],
  ['?problem=dominate&o.prefix=1.2', /option prefix names a sub-task of a split count/],
  ['?w=100000&h=100000&strategy=backtracking', /conflict table on 100000×100000/],
  ['?seed=-1', /seed to “-1”; it must be a whole number from 0 to 4,294,967,295/],
  ['?seed=NaN', /seed to “NaN”/],
  ['?ms=0', /time limit in milliseconds to “0”/],
  ['?steps=NaN', /step limit to “NaN”/],
  ['?trace=maybe', /trace to “maybe”; it must be 1 or 0/],
  ['?closed=yes&problem=tour', /closed to “yes”; it must be 1 or 0/],
  ['?at=-1', /step to open at to “-1”/],
  ['?at=99999999', /opens at step 99,999,999, but this run has [\d,]+ steps/],
  ['?tab=bogus', /the tab “bogus”; the page has watch, solutions, play, compare/],
  ['?tab=' + 'W'.repeat(3000), /the tab “W{39}…”/],
  ['?tab=%3Cscript%3E', /the tab “<script>”/],
  ['?tab=play&play=0-0', /play attempt places two pieces on one square/],
  ['?tab=play&play=banana', /play attempt “banana” is not square numbers/],
  ['?tab=play&play=99999', /play attempt has square 99,999, off a board of 64 squares/],
  ['?tab=play&play=' + '1-'.repeat(6000) + '1', /play attempt places two pieces on one square/],
  ['?tab=play&problem=tour&play=3-18-x', /play attempt “3-18-x” is not square numbers joined by “-”/],
  ['?tab=play&w=1000&play=5', /conflict table on 1000×1000/],
  ['?tab=play&problem=dominate&w=1000', /the 1000×1000 board has more than 2500 squares/],
  ['?tab=solutions&w=1000', /conflict table on 1000×1000/],
  ['?tab=compare&w=1000000', /conflict table on 1000000×1000000/],
  ['?present=2', /present to “2”; it must be 1 or 0/],
  ['?present=yes&tab=play', /present to “yes”/],
  ['?present=1&w=abc', /board width to “abc”/],
  ['?present=1&tab=compare&seed=NaN', /seed to “NaN”/],
  ['?mode=predict', /parameter “mode” that the page does not know/],
  ['?predict=1', /parameter “predict” that the page does not know/],
  ['?compare=1&tab=compare', /parameter “compare” that the page does not know/],
  ['?%E0%A4%A', /a parameter “.*%A” that the page does not know/],
  ['?&&&==&', /a parameter “” that the page does not know/],
  ['?' + 'x'.repeat(5000), /a parameter “x{39}…” that the page does not know/],
  ['?w=%20%208', /92 solutions: 8 queens on 8×8/],
  ['?tab=watch', /92 solutions: 8 queens on 8×8/],
  ['#/../../etc/passwd', /92 solutions: 8 queens on 8×8/],
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

/**
 * What overflows, as a person sees it: how far the page scrolls sideways, notices wider than their box or the
 * screen, and any text wider than its box where nothing clips it (each as tag#id.class: its width > its box).
 */
function overflow(page: Page): Promise<{ wider: number; notices: string[]; texts: string[] }> {
  return page.evaluate(() => {
    const describe = (e: Element) => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class') ?? ''}: ${e.scrollWidth} > ${e.clientWidth} “${(e.textContent ?? '').trim().slice(0, 40)}”`;
    const shown = (e: HTMLElement) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const wider = Math.max(0, document.scrollingElement!.scrollWidth - innerWidth);
    const notices = Array.from(document.querySelectorAll<HTMLElement>('#notices, #notices *'))
      .filter((e) => shown(e) && (e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > innerWidth + 0.5))
      .map(describe);
    // HTML boxes (an SVG's text has no box of its own to overflow).
    const texts = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((e) => e instanceof HTMLElement && e.children.length === 0 && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
      .filter((e) => (e.textContent ?? '').trim() !== '' && shown(e) && getComputedStyle(e).overflowX === 'visible')
      .map(describe);
    return { wider, notices, texts };
  });
}

describe('links', () => {
  it('ends every hostile link in one clear message naming the bad value, nothing on the console, nothing wider than the screen, at 390 to 1920 px', async () => {
    const { page, errors } = await openPage(browser());
    for (const [i, [query, named]] of HOSTILE.entries()) {
      // Each link is loaded at one of the widths in turn, then looked at in all four (the page lays itself out again).
      const first = WIDTHS[i % WIDTHS.length]!;
      await page.setViewportSize({ width: first, height: 900 });
      await page.goto(`${site()}${query}`);
      const said = await settled(page);
      expect(said, query.slice(0, 120)).toMatch(named);
      expect(errors, query.slice(0, 120)).toEqual([]);
      // The page stays usable: one tab open (its board drawn on Watch and Play) and Run can be pressed.
      const open = await page.locator('[role="tab"][aria-selected="true"]').getAttribute('data-mode');
      if (open === 'watch' || open === 'play') expect(await page.locator('#board svg.board, #board canvas').count(), query.slice(0, 120)).toBe(1);
      expect(await page.locator('#run').isEnabled(), query.slice(0, 120)).toBe(true);
      for (const width of [first, ...WIDTHS.filter((w) => w !== first)]) {
        if (width !== first) await page.setViewportSize({ width, height: 900 });
        await drawn(page);
        expect(await overflow(page), `${query.slice(0, 80)} at ${width} px`).toEqual({ wider: 0, notices: [], texts: [] });
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(site());
    await answered(page);
    expect(await run(page, { problem: 'placement', piece: 'queen', width: '6', height: '6', k: '', goal: 'count', strategy: 'backtracking', seed: '1', 'max-steps': '', 'max-time': '15' })).toBe('complete');
    expect(await text(page, '#answer-headline')).toBe('4 solutions: 6 queens on 6×6');
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

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
