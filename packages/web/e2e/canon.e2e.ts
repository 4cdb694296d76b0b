import { Board, createBezzel, type Task, type TraceEvent } from '@bezzel/core';
import { replayDomains } from '@bezzel/csp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePlugins } from '../src/shared/plugins.js';
import { listingFor } from '../src/watch/pseudo-code.js';
import { Replay } from '../src/run/replay.js';
import { squaresOf, useBrowser, withPage } from './page.js';

// Issue 25: each strategy of the AI course's canon, on 8 queens, stepped through on the page — the pseudo-code line
// the page highlights and what its own view shows are checked against the same run's trace in Node.

const browser = useBrowser();
const bezzel = await createBezzel({ plugins: pagePlugins });
const eight = Board.square(8);
/** Steps taken one by one in each test (all of them for shorter traces). */
const STEPS = 60;

function taskOf(strategy: string, options: Record<string, string> = {}): Task {
  return { problem: { kind: 'placement', board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'one', strategy, seed: 1, options, budget: { maxTimeMs: 15_000 } };
}

async function traceOf(task: Task): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  await bezzel.solve(task, { onTrace: (e) => events.push(e) });
  return events;
}

function queryOf(strategy: string, options: Record<string, string> = {}): string {
  const o = Object.entries(options).map(([k, v]) => `&o.${k}=${v}`).join('');
  return `?problem=placement&piece=queen&w=8&goal=one&strategy=${strategy}&seed=1&trace=1${o}`;
}

interface Shown {
  step: number;
  line: string;
  log: string;
  now: string;
  pieces: number[];
  crossed: number[];
  tints: string;
  shades: string;
  rejected: number[];
  view: string;
  states: string[];
  rows: string[];
}

/** Everything the page shows for a step, read at once. */
async function read(page: Page): Promise<Shown> {
  const raw = await page.evaluate(() => {
    const svg = document.querySelector('#board svg.board')!;
    const q = (s: string) => document.querySelector<HTMLElement>(s);
    return {
      step: q('#stat-step')?.innerText ?? '',
      line: q('#code li.current')?.innerText ?? '',
      log: q('#log li.current')?.innerText ?? '',
      now: q('#view')?.getAttribute('data-now') ?? '',
      view: q('#view')?.hidden ? '' : (q('#view')?.innerText ?? ''),
      pieces: svg.getAttribute('data-pieces'),
      crossed: svg.getAttribute('data-crossed'),
      tints: svg.getAttribute('data-tints') ?? '',
      shades: svg.getAttribute('data-shades') ?? '',
      rejected: svg.getAttribute('data-rejected'),
      states: Array.from(document.querySelectorAll('#view figure.state')).map((f) => f.getAttribute('data-h') ?? ''),
      rows: Array.from(document.querySelectorAll('#view .population tbody tr code')).map((c) => c.textContent ?? ''),
    };
  });
  const sorted = (v: string | null) => squaresOf(v).sort((a, b) => a - b);
  return { ...raw, step: Number(raw.step.split('/')[0]!.replace(/[^\d]/g, '')), pieces: sorted(raw.pieces), crossed: sorted(raw.crossed), rejected: sorted(raw.rejected) };
}

/**
 * Steps through the first STEPS events with the arrow key; at each, the page must show the step number, the board
 * a Node replay gives, and the pseudo-code line the listing gives for the event; `check` asserts the rest.
 */
async function stepThrough(page: Page, strategy: string, options: Record<string, string>, check: (shown: Shown, event: TraceEvent, replay: Replay, step: number, events: TraceEvent[]) => void): Promise<Set<string>> {
  const events = await traceOf(taskOf(strategy, options));
  const listing = listingFor(strategy, 'placement', options)!;
  const replay = new Replay(events, 8);
  const lines = new Set<string>();
  await page.locator('#to-start').click();
  for (let step = 1; step <= Math.min(STEPS, events.length); step++) {
    await page.keyboard.press('ArrowRight');
    replay.forward();
    const event = events[step - 1]!;
    const shown = await read(page);
    expect(shown.step).toBe(step);
    expect(shown.pieces, `${strategy} board at step ${step}`).toEqual([...replay.squares].sort((a, b) => a - b));
    const line = listing.lines[listing.linesOf(event, events[step - 2])[0]!]!;
    expect(shown.line, `${strategy} pseudo-code at step ${step} (${event.type})`).toBe(line);
    expect(shown.log.startsWith(`${step}. `)).toBe(true);
    lines.add(line);
    check(shown, event, replay, step, events);
  }
  return lines;
}

describe("the canon's strategies on 8 queens, step by step (issue 25)", () => {
  for (const options of [{}, { inference: 'mac', ordering: 'mrv' }, { inference: 'none', ordering: 'static' }] as Record<string, string>[]) {
    it(`csp ${JSON.stringify(options)}: the domain grid on the board is the plugin's own, each value tinted by the assignment that crossed it out`, () =>
      withPage(
        browser(),
        async (page) => {
          const views = new Set<string>();
          const lines = await stepThrough(page, 'csp', options, (shown, event, _replay, step, events) => {
            const grid = replayDomains(8, events, step);
            const crossed: number[] = [];
            const tints: string[] = [];
            grid.crossedAt.forEach((column, variable) => column.forEach((depth, value) => depth >= 0 && crossed.push(value * 8 + variable)));
            const refused = event.type === 'assign' ? (event.rejected ?? []).map((v) => v * 8 + event.variable) : [];
            expect(shown.crossed, `crossed at step ${step}`).toEqual([...crossed, ...refused].sort((a, b) => a - b));
            for (const sq of crossed.sort((a, b) => a - b)) tints.push(`${sq}:${grid.crossedAt[sq % 8]![Math.floor(sq / 8)]! % 8}`);
            // Each crossed value has its assignment's colour (the assigned pieces have theirs too).
            for (const tint of tints) expect(shown.tints.split(' ')).toContain(tint);
            expect(shown.now).toBe(`assigned=${grid.assignedAt.length} crossed=${crossed.length}${event.type === 'wipeout' ? ` wipeout=${event.variable}` : ''}`);
            if (event.type === 'wipeout') {
              expect(shown.shades.split(' ').filter((s) => s.endsWith(':wiped')).map((s) => Number(s.split(':')[0]) % 8)).toEqual(new Array(8).fill(event.variable));
              expect(shown.view).toContain(`Wipe-out: column ${eight.fileName(event.variable)} has no value left.`);
            }
            if (event.type === 'assign') expect(shown.log).toContain(`Q on ${eight.name(event.value * 8 + event.variable)}`);
            views.add(shown.now);
          });
          // The run went through assignments, wipe-outs (with inference) and takings back, each on its own line.
          expect(lines.size).toBeGreaterThanOrEqual(options.inference === 'none' ? 2 : 3);
          expect(views.size).toBeGreaterThan(5);
        },
        queryOf('csp', options),
      ));
  }

  it('dlx: the board shades the ranks and files the chosen options cover, and the view lists them', () =>
    withPage(
      browser(),
      async (page) => {
        const lines = await stepThrough(page, 'dlx', {}, (shown, _event, replay, step) => {
          // Squares on the rank or file of a queen placed (the primary columns covered), the queens themselves apart.
          const expected: number[] = [];
          for (let sq = 0; sq < 64; sq++) if (!replay.squares.includes(sq) && replay.squares.some((q) => q % 8 === sq % 8 || Math.floor(q / 8) === Math.floor(sq / 8))) expected.push(sq);
          const lineSquares = shown.shades.split(' ').filter((s) => s.endsWith(':line')).map((s) => Number(s.split(':')[0]));
          expect(lineSquares, `covered ranks and files at step ${step}`).toEqual(expected);
          expect(shown.now).toBe(`covers=${replay.squares.length} primary=${2 * replay.squares.length}`);
          expect(shown.view).toContain(`${2 * replay.squares.length} of 16 primary columns covered.`);
        });
        expect([...lines]).toEqual(expect.arrayContaining(['    choose r: cover each other column r meets (its file, its diagonals)', '    take r back: uncover those columns, in reverse order']));
      },
      queryOf('dlx'),
    ));

  it('simulated annealing: the temperature and each proposal, accepted or refused (the refused square crossed)', () =>
    withPage(
      browser(),
      async (page) => {
        let refused = 0;
        const lines = await stepThrough(page, 'simulated-annealing', {}, (shown, event, _replay, step) => {
          if (event.type !== 'local' || event.temperature === undefined) return;
          expect(shown.now, `view at step ${step}`).toBe(`T=${event.temperature} accepted=${event.accepted !== false}`);
          if (event.accepted === false) {
            refused++;
            expect(shown.rejected).toEqual([event.to]);
            // The decision in numbers: Δ, T, p = e^(−Δ/T) and the draw, which was not below p.
            expect(shown.log).toMatch(/^\d+\. Δ = \+\d+, T = [\d.]+: p = e\^\(−\d+\/[\d.]+\) = [\d.e-]+, draw [\d.e-]+ ≥ p: refused moving the piece on [a-h][1-8] to [a-h][1-8]: h stays \d+$/);
            expect(shown.log).toContain(`Δ = +${event.delta},`);
            expect(event.draw!).toBeGreaterThanOrEqual(Math.exp(-event.delta! / event.temperature!));
          } else {
            expect(shown.rejected).toEqual([]);
            if (event.draw !== undefined) expect(shown.log).toMatch(/draw [\d.e-]+ < p: accepted/);
            else if (event.delta !== undefined) expect(shown.log).toMatch(/ ≤ 0, T = [\d.]+: taken without a draw: accepted/);
          }
        });
        expect(refused).toBeGreaterThan(0);
        expect([...lines]).toEqual(expect.arrayContaining(['  else: current ← next only with probability e^(−Δ/T)', '  if Δ ≤ 0: current ← next']));
        // Two curves, temperature and uphill acceptance, each with the step's marker.
        expect(await page.locator('#view svg.chart').count()).toBe(2);
        expect(await page.locator('#view svg.chart line.marker').count()).toBe(2);
      },
      queryOf('simulated-annealing'),
    ));

  it('beam: the k states as small boards with their h, the best on the board', () =>
    withPage(
      browser(),
      async (page) => {
        await stepThrough(page, 'beam', {}, (shown, event, _replay, step) => {
          if (event.type !== 'local' || !event.states) return;
          expect(shown.states, `states at step ${step}`).toEqual(event.states.map((s) => String(s.h)));
          expect(shown.now).toBe(event.step > 0 && event.h === 0 && event.states.length === 1 ? `step=${event.step} h=0` : `step=${event.step} h=${event.states.map((s) => s.h).join(',')}`);
        });
        expect(await page.locator('#view figure.state svg.mini').count()).toBeGreaterThan(0);
      },
      queryOf('beam'),
    ));

  it('genetic-queens: the population strip, a row per individual with its digits and fitness, the best on the board', () =>
    withPage(
      browser(),
      async (page) => {
        const seen = new Set<string>();
        await stepThrough(page, 'genetic-queens', {}, (shown, event, _replay, step) => {
          if (event.type !== 'population') return;
          expect(shown.rows, `population at step ${step}`).toEqual(event.sample.map((s) => s.rows.map((r) => r + 1).join('')));
          expect(shown.now).toBe(`generation=${event.generation} best=${event.best} first=${event.sample[0]!.rows.map((r) => r + 1).join('')}${event.birth ? ' stage=selection' : ''}`);
          seen.add(shown.rows.join(','));
        });
        expect(seen.size).toBeGreaterThan(3);
        // How the child of this generation was made, a sub-step at a time: the page's words against the trace's record.
        const events = await traceOf(taskOf('genetic-queens', {}));
        const step = Number((await page.locator('#timeline').inputValue()));
        const event = [...events.slice(0, step)].reverse().find((e): e is Extract<TraceEvent, { type: 'population' }> => e.type === 'population')!;
        const birth = event.birth!;
        expect(birth).toBeDefined();
        const digits = (rows: readonly number[]) => rows.map((r) => r + 1).join('');
        const birthText = () => page.locator('#view .birth').innerText();
        expect(await birthText()).toContain(`Parent 1: ${digits(birth.parents[0].rows)}, fitness ${birth.parents[0].fitness} — the fittest of ${birth.parents[0].drawn!.length} drawn at random (${birth.parents[0].drawn!.join(', ')})`);
        await page.locator('#view [data-substep="crossover"]').click();
        expect(await birthText()).toContain(birth.crossover.kind === 'one-point' ? `cut after digit ${birth.crossover.cut}` : 'Uniform crossover');
        expect((await page.locator('#view .birth .genes-row').last().innerText()).replace(/\s+/g, ' ')).toBe(`→ ${digits(birth.crossed)}`);
        await page.locator('#view [data-substep="mutation"]').click();
        expect(await birthText()).toContain(birth.mutated.length === 0 ? 'No digit was redrawn' : `digit ${birth.mutated[0]!.at + 1}: ${birth.mutated[0]!.from + 1} → ${birth.mutated[0]!.to + 1}`);
        expect(await page.locator('#view .birth .mutated').count()).toBe(birth.mutated.length);
        await page.locator('#view [data-substep="child"]').click();
        expect(await birthText()).toContain(`${digits(birth.child)}: fitness ${birth.fitness} of 28`);
        expect(await page.locator('#view').getAttribute('data-now')).toMatch(/ stage=child$/);
      },
      queryOf('genetic-queens'),
    ));

  it('tabu: each move, and the squares it has made tabu', () =>
    withPage(
      browser(),
      async (page) => {
        let most = 0;
        await stepThrough(page, 'tabu', {}, (shown, event, replay, step, events) => {
          if (event.type !== 'local' || event.from === undefined) return;
          // The squares left in the last 7 moves (the tenure on 8 queens), unless a piece stands there again.
          const tabu = new Set<number>();
          for (let i = step - 1; i >= 0 && events[i]!.type === 'local'; i--) {
            const e = events[i] as Extract<TraceEvent, { type: 'local' }>;
            if (e.from === undefined || event.step - e.step >= 7) break;
            if (!replay.squares.includes(e.from)) tabu.add(e.from);
          }
          const shownTabu = shown.shades.split(' ').filter((s) => s.endsWith(':tabu')).map((s) => Number(s.split(':')[0]));
          expect(shownTabu, `tabu at step ${step}`).toEqual([...tabu].sort((a, b) => a - b));
          most = Math.max(most, tabu.size);
        });
        expect(most).toBeGreaterThan(2);
      },
      queryOf('tabu'),
    ));
});
