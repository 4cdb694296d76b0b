import backtracking from '@bezzel/backtracking';
import { Board, createBezzel, pluginModule, validatePlacement, validateTour } from '@bezzel/core';
import { betzaPiece } from '@bezzel/fairy';
import knight from '@bezzel/knight';
import queen from '@bezzel/queen';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './serve.js';

const web = fileURLToPath(new URL('..', import.meta.url));
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let server: Server;
let base: string;
let context: BrowserContext;
let profile: string;
const pieces = await createBezzel({ plugins: [queen, knight] });

beforeAll(async () => {
  // The test checks the site as it is built, so it builds it first (a few seconds).
  execFileSync('pnpm', ['--filter', '@bezzel/web', 'build'], { cwd: repo, stdio: 'pipe' });
  // Served from a sub-folder, as a static host would put it anywhere: the relative base must cope.
  const served = await serveStatic(web);
  server = served.server;
  base = `${served.url}dist/`;
  profile = mkdtempSync(join(tmpdir(), 'bezzel-chromium-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 860 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

afterAll(async () => {
  await context?.close();
  server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** What the CLI prints for the same run: `nodes N` and the array form of the first solution. */
function cliQueens(n: number): { nodes: number; squares: number[] } {
  const out = execFileSync('pnpm', ['-s', 'bezzel', 'queens', String(n), '--strategy', 'backtracking'], { cwd: repo, encoding: 'utf8' });
  const nodes = Number(/nodes ([\d,]+)/.exec(out)![1]!.replace(/,/g, ''));
  const rows = /array form[^[]*\[([^\]]+)\]/.exec(out)![1]!.trim().split(/\s+/).map(Number);
  return { nodes, squares: rows.map((row, col) => row * n + col).sort((a, b) => a - b) };
}

const stat = (page: Page, id: string) => page.locator(`#${id}`).innerText();
const number = async (page: Page, id: string) => Number((await stat(page, id)).replace(/,/g, ''));
/** The squares the board shows, from the data attribute the page writes beside its drawing. */
const squaresOf = (text: string | null) => (text ?? '').split(' ').filter(Boolean).map(Number);
const boardPieces = async (page: Page) => squaresOf(await page.locator('#board svg.board').getAttribute('data-pieces')).sort((a, b) => a - b);
const conflictLines = async (page: Page) => Number(await page.locator('#board svg.board').getAttribute('data-conflicts'));

async function setUp(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [id, value] of Object.entries(fields)) {
    const el = page.locator(`#${id}`);
    if ((await el.evaluate((e) => e.tagName)) === 'SELECT') await el.selectOption(value);
    else await el.fill(value);
    await el.dispatchEvent('change');
  }
}

/** The longest gap between animation frames over `ms`: a frozen page shows one as long as the freeze. */
async function longestFrameGap(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        let last = performance.now();
        let worst = 0;
        const end = last + ms;
        const tick = (now: number) => {
          worst = Math.max(worst, now - last);
          last = now;
          if (now < end) requestAnimationFrame(tick);
          else resolve(worst);
        };
        requestAnimationFrame(tick);
      }),
    ms,
  );
}

describe('the built site', () => {
  it('has relative asset paths and no node: imports in its bundles', () => {
    const dist = join(web, 'dist');
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toMatch(/src="\.\/assets\//);
    const bundles = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(bundles.length).toBeGreaterThanOrEqual(2);
    for (const file of bundles) expect(readFileSync(join(dist, 'assets', file), 'utf8'), file).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});

describe('the web page in Chromium', () => {
  let page: Page;
  let sharedUrl = '';
  const cli = cliQueens(8);

  it('steps through 8 queens to the first solution after as many placements as the CLI counts', async () => {
    page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(base);
    await setUp(page, { problem: 'placement', piece: 'queen', width: '8', height: '8', k: '', goal: 'all', strategy: 'backtracking', seed: '1' });
    await page.locator('#trace').check();
    await page.locator('#run').click();
    await expect.poll(() => stat(page, 'result-status'), { timeout: 30_000 }).toBe('complete');
    expect(await stat(page, 'result-count')).toBe('92');

    let clicks = 0;
    while ((await stat(page, 'stat-solutions')) === '0' && clicks < 5000) {
      await page.locator('#step-forward').click();
      clicks++;
    }
    expect(await stat(page, 'stat-solutions')).toBe('1');
    expect(await number(page, 'stat-nodes')).toBe(cli.nodes);
    expect(await number(page, 'stat-depth')).toBe(8);
    const squares = await boardPieces(page);
    expect(squares).toEqual(cli.squares);
    // Drawn, not only listed: the render package's piece shapes, one per queen.
    expect(await page.locator('#board svg.board path[transform]').count()).toBe(8);
    expect(validatePlacement(Board.square(8), pieces.piece('queen')!, squares, 8).valid).toBe(true);
    expect(await conflictLines(page)).toBe(0);
    expect(await page.locator('#latest-title').innerText()).toBe('Solution 1');

    // Stepping back un-counts the solution, then takes the last queen off; stepping forward redoes both.
    await page.locator('#step-back').click();
    expect(await stat(page, 'stat-solutions')).toBe('0');
    expect(await boardPieces(page)).toEqual(cli.squares);
    await page.locator('#step-back').click();
    expect(await boardPieces(page)).toHaveLength(7);
    expect(await number(page, 'stat-nodes')).toBe(cli.nodes - 1);
    await page.locator('#step-forward').click();
    await page.locator('#step-forward').click();
    expect(await boardPieces(page)).toEqual(cli.squares);
    expect(errors).toEqual([]);
  });

  it('plays on to the end and shows the 92nd solution with the count', async () => {
    await page.locator('#speed').fill('12');
    await page.locator('#play').click();
    await expect.poll(() => stat(page, 'stat-solutions'), { timeout: 30_000 }).toBe('92');
    await page.locator('#to-end').click();
    const [position, length] = (await stat(page, 'stat-step')).split('/').map((s) => Number(s.trim().replace(/,/g, '')));
    expect(position).toBe(length);
    expect(await stat(page, 'stat-solutions')).toBe('92');
    expect(await page.locator('#latest-title').innerText()).toBe('Solution 92');
    expect(squaresOf(await page.locator('#latest-board img').getAttribute('data-pieces'))).toHaveLength(8);
    sharedUrl = page.url();
    expect(sharedUrl).toContain('piece=queen');
  });

  it('reproduces the same run from a shared link', async () => {
    const other = await context.newPage();
    await other.goto(sharedUrl);
    await expect.poll(() => stat(other, 'result-status'), { timeout: 30_000 }).toBe('complete');
    expect(await stat(other, 'result-count')).toBe('92');
    expect(await other.locator('#goal').inputValue()).toBe('all');
    await other.locator('#next-solution').click();
    expect(await number(other, 'stat-nodes')).toBe(cli.nodes);
    expect(await boardPieces(other)).toEqual(cli.squares);
    // A link with the step on it opens at that step.
    const step = Number((await stat(other, 'stat-step')).split('/')[0]!.replace(/,/g, ''));
    await other.goto(`${sharedUrl}&at=${step}`);
    await expect.poll(() => stat(other, 'result-status'), { timeout: 30_000 }).toBe('complete');
    expect(await stat(other, 'stat-solutions')).toBe('1');
    expect(await number(other, 'stat-nodes')).toBe(cli.nodes);
    await other.close();
  });

  it('runs a 6×6 knight tour to completion', async () => {
    await setUp(page, { problem: 'tour', piece: 'knight', width: '6', height: '6', start: 'a1', goal: 'one', strategy: 'backtracking' });
    await page.locator('#run').click();
    await expect.poll(() => stat(page, 'result-status'), { timeout: 30_000 }).toBe('solved');
    await page.locator('#speed').fill('8');
    await page.locator('#play').click();
    await expect.poll(async () => (await stat(page, 'stat-step')).split('/').map((s) => s.trim()).reduce((a, b) => String(a === b)), { timeout: 30_000 }).toBe('true');
    const path = squaresOf(await page.locator('#board svg.board').getAttribute('data-path'));
    // The depth-first search records its moves with the candidates it weighed and their onward degrees.
    await page.locator('#to-start').click();
    for (let i = 0; i < 12; i++) await page.locator('#step-forward').click();
    expect(await page.locator('#candidates').innerText()).toMatch(/Candidates \(onward degree\): [a-f][1-6]:\d/);
    expect(await page.locator('#board svg circle.candidate').count()).toBeGreaterThan(0);
    await page.locator('#to-end').click();
    expect(path).toHaveLength(36);
    expect(path[0]).toBe(0);
    const report = validateTour(Board.square(6), pieces.piece('knight')!, path, { closed: false, start: 0 });
    expect(report.valid).toBe(true);
    expect(await stat(page, 'stat-solutions')).toBe('1');
  });

  it('charts h for min-conflicts and ends with no conflicts on the board', async () => {
    await setUp(page, { problem: 'placement', piece: 'queen', width: '12', height: '12', k: '', goal: 'one', strategy: 'min-conflicts', seed: '3' });
    await setUp(page, { 'option-initial': 'random' });
    await page.locator('#run').click();
    await expect.poll(() => stat(page, 'result-status'), { timeout: 30_000 }).toBe('solved');
    await page.locator('#to-start').click();
    for (let i = 0; i < 14; i++) await page.locator('#step-forward').click();
    expect(await number(page, 'stat-h')).toBeGreaterThan(0);
    expect(await page.locator('#chart svg line.marker').count()).toBe(1);
    expect(await conflictLines(page)).toBeGreaterThan(0);
    await page.locator('#to-end').click();
    expect(await stat(page, 'stat-h')).toBe('0');
    expect(await conflictLines(page)).toBe(0);
    expect(await page.locator('#chart svg polyline').count()).toBeGreaterThan(0);
    const squares = await boardPieces(page);
    expect(validatePlacement(Board.square(12), pieces.piece('queen')!, squares, 12).valid).toBe(true);
  });

  it('charts best and mean fitness per generation for the genetic algorithm', async () => {
    await setUp(page, { problem: 'tour', piece: 'knight', width: '8', height: '8', start: '', goal: 'one', strategy: 'genetic', seed: '1' });
    await page.locator('#run').click();
    await expect.poll(() => stat(page, 'result-status'), { timeout: 60_000 }).toMatch(/solved|budget/);
    expect(await page.locator('#chart svg polyline').count()).toBe(2);
    expect(await page.locator('#chart').textContent()).toMatch(/best[\s\S]*mean/);
  });

  it('places a piece given in Betza notation', async () => {
    await setUp(page, { problem: 'placement', piece: 'betza', width: '6', height: '6', k: '6', goal: 'count', strategy: 'backtracking' });
    await setUp(page, { betza: 'NC' });
    await page.locator('#run').click();
    await expect.poll(() => stat(page, 'result-status'), { timeout: 30_000 }).toBe('complete');
    // The same count in Node, from the same Betza parser and strategy the page loads.
    const nc = betzaPiece('NC');
    if (!nc.ok) throw nc.error;
    const inNode = await createBezzel({ plugins: [pluginModule({ pieces: [nc.value] }), backtracking] });
    const problem = { kind: 'placement', board: { width: 6, height: 6 }, piece: nc.value.id, k: 6 } as const;
    const expected = await inNode.solve({ problem, goal: 'count', strategy: 'backtracking' });
    expect(expected.status).toBe('complete');
    expect(await number(page, 'result-count')).toBe(Number(expected.status === 'complete' ? expected.count : -1n));
    expect(page.url()).toContain('piece=betza%3ANC');
  });

  it('stops a long run at once, keeping what was recorded', async () => {
    await setUp(page, { problem: 'placement', piece: 'queen', width: '15', height: '15', k: '', goal: 'count', strategy: 'backtracking', 'max-time': '120' });
    await page.locator('#run').click();
    await expect.poll(async () => Number((await stat(page, 'stat-step')).split('/')[1]!.replace(/,/g, '')), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.locator('#stop').click();
    expect(await stat(page, 'result-status')).toBe('stopped');
    expect(await page.locator('#stop').isDisabled()).toBe(true);
    await page.locator('#step-forward').click();
    expect(await number(page, 'stat-nodes')).toBe(1);
  });

  it('saves a screenshot of 8 queens part-way, with the controls and the stats', async () => {
    await page.goto(sharedUrl);
    await expect.poll(() => stat(page, 'result-status'), { timeout: 30_000 }).toBe('complete');
    await page.locator('#next-solution').click();
    for (let i = 0; i < 23; i++) await page.locator('#step-forward').click();
    expect(await number(page, 'stat-nodes')).toBeGreaterThan(cli.nodes);
    expect(await page.locator('#latest-title').innerText()).toBe('Solution 1');
    // Kept beside the test (git-ignored); `WEB_SCREENSHOT=docs/web.png pnpm test:web` refreshes the README's picture.
    const path = process.env.WEB_SCREENSHOT ? join(repo, process.env.WEB_SCREENSHOT) : join(web, 'e2e', 'output', 'web.png');
    mkdirSync(dirname(path), { recursive: true });
    await page.screenshot({ path });
    expect(statSync(path).size).toBeGreaterThan(10_000);
  });

  it('animates a 200×200 tour without freezing the page', async () => {
    await setUp(page, { problem: 'tour', piece: 'knight', width: '200', height: '200', start: '', goal: 'one', strategy: 'backtracking' });
    await page.locator('#run').click();
    await expect.poll(() => stat(page, 'result-status'), { timeout: 60_000 }).toBe('solved');
    await page.locator('#speed').fill('11');
    await page.locator('#play').click();
    const gap = await longestFrameGap(page, 2000);
    expect(await page.locator('#board canvas').count()).toBe(1);
    expect(gap).toBeLessThan(1000);
    expect(Number((await stat(page, 'stat-step')).split('/')[0]!.replace(/,/g, ''))).toBeGreaterThan(1000);
  });

  it('draws a 1000×1000 tour as a picture while the page stays responsive', async () => {
    await setUp(page, { problem: 'tour', piece: 'knight', width: '1000', height: '1000', goal: 'one', strategy: 'backtracking', 'max-time': '60' });
    await page.locator('#run').click();
    const gap = await longestFrameGap(page, 1500);
    expect(gap).toBeLessThan(1000);
    await expect.poll(() => stat(page, 'result-status'), { timeout: 90_000 }).toBe('solved');
    expect(await page.locator('#trace-note').innerText()).toContain('picture');
    expect(await page.locator('#board canvas').count()).toBe(1);
    expect(await page.locator('#board svg').count()).toBe(0);
    const painted = await page.locator('#board canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] !== 240 || data[i + 1] !== 232 || data[i + 2] !== 220) coloured++;
      return coloured / (data.length / 4);
    });
    expect(painted).toBeGreaterThan(0.99);
  });
});
