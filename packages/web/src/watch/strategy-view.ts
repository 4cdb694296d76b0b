import type { Board } from '@bezzel/core';
import { activeAssignments, activeCovers, TINT_NAMES } from './canon-picture.js';
import { byId, setAttr, setText, show } from '../shared/dom.js';
import type { Run } from '../run/run.js';
import { chartSvg, Series } from '../run/series.js';

/** Individuals of a GA sample, and beam states, drawn as small boards up to this side; beyond, as digits only. */
const MINI_SIDE = 16;

/**
 * The panel beside the board that shows what the canon's strategies hold besides the board (issue 25): annealing's
 * temperature and how often it still accepts uphill moves, beam's k states, the GA's population, csp's domains
 * (what each assignment crossed out) and dancing links' covered columns. Each is drawn from the replay's position.
 */
export class StrategyView {
  #key = '';

  draw(run: Run | undefined): void {
    const view = byId('view');
    const title = byId('view-title');
    const id = run?.traced ? run.setup.strategy.meta.id : '';
    const content = run && id ? viewOf(id, run) : undefined;
    show(view, content !== undefined);
    show(title, content !== undefined);
    if (!content || !run) {
      this.#key = '';
      return;
    }
    const key = `${run.id}:${run.replay.position}:${run.events.length}`;
    if (key === this.#key) return;
    this.#key = key;
    setText(title, content.title);
    setAttr(view, 'data-strategy', id);
    setAttr(view, 'data-now', content.now);
    view.innerHTML = content.html;
  }
}

interface ViewContent {
  readonly title: string;
  readonly html: string;
  /** The figures the view shows now, for tests and tools (`data-now`). */
  readonly now: string;
}

function viewOf(id: string, run: Run): ViewContent | undefined {
  switch (id) {
    case 'simulated-annealing':
      return annealingView(run);
    case 'beam':
      return beamView(run);
    case 'genetic-queens':
      return populationView(run);
    case 'csp':
      return domainView(run);
    case 'dlx':
      return coverView(run);
    default:
      return undefined;
  }
}

function annealingView(run: Run): ViewContent {
  const local = run.replay.lastLocal();
  const marker = local?.step;
  const { temperature, uphill } = run.annealing;
  const t = local?.temperature;
  const share = windowShare(run, marker);
  const said =
    t === undefined ? 'The start: no move proposed yet.'
    : `T = ${t.toPrecision(3)}; ${local?.accepted === false ? 'this proposal was refused' : 'this proposal was accepted'}. ${share}`;
  const html = [
    `<p class="small" id="view-said">${said}</p>`,
    chartSvg(new Map([['temperature T', temperature]]), marker, 280, 110),
    chartSvg(new Map([['uphill moves accepted (share of the last 50)', uphill]]), marker, 280, 110),
    `<p class="small">An uphill move (one that raises h by Δ) is accepted with probability e<sup>−Δ/T</sup>: often while T is high, almost never once it has cooled. Of ${run.annealing.proposals.toLocaleString('en')} uphill proposals, ${run.annealing.accepted.toLocaleString('en')} were accepted.</p>`,
  ].join('');
  return { title: 'Temperature and acceptance', html, now: t === undefined ? '' : `T=${t} accepted=${local?.accepted !== false}` };
}

/** The share of uphill proposals accepted in the window ending at this step, as the curve shows it. */
function windowShare(run: Run, step: number | undefined): string {
  const s: Series = run.annealing.uphill;
  if (step === undefined || s.length === 0) return '';
  let i = s.length - 1;
  while (i > 0 && s.xs[i]! > step) i--;
  return s.xs[i]! <= step ? `Lately ${Math.round(s.ys[i]! * 100)}% of uphill proposals were accepted.` : '';
}

function miniBoard(rows: readonly number[], cls = ''): string {
  const n = rows.length;
  if (n === 0 || n > MINI_SIDE) return '';
  const cells: string[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if ((r + c) % 2 === 1) cells.push(`<rect x="${c}" y="${r}" width="1" height="1" class="mini-dark"/>`);
  const pieces = rows.map((row, col) => `<circle cx="${col + 0.5}" cy="${n - row - 0.5}" r="0.36" class="mini-piece"/>`).join('');
  return `<svg class="mini ${cls}" viewBox="0 0 ${n} ${n}" aria-hidden="true"><rect width="${n}" height="${n}" class="mini-light"/>${cells.join('')}${pieces}</svg>`;
}

/** An individual as AIMA writes it: the row of each column's piece, 1-based, one digit a column (a space between past 9). */
function digits(rows: readonly number[]): string {
  return rows.length <= 9 ? rows.map((r) => r + 1).join('') : rows.map((r) => r + 1).join(' ');
}

function beamView(run: Run): ViewContent | undefined {
  const local = run.replay.lastLocal();
  const states = local?.states;
  if (!states) return { title: 'The k states', html: '<p class="small">The k states appear at the first step.</p>', now: '' };
  if (local!.step > 0 && local!.h === 0 && states.length === 1) {
    return { title: 'A solution among the successors', html: `<p class="small" id="view-said">Step ${local!.step}: a successor of the k states has h = 0, and the search stops there.</p><div class="strip"><figure class="state best" data-h="0">${miniBoard(states[0]!.rows)}<figcaption>h = 0<br><code>${digits(states[0]!.rows)}</code></figcaption></figure></div>`, now: `step=${local!.step} h=0` };
  }
  const best = Math.min(...states.map((s) => s.h));
  const items = states.map((s, i) => `<figure class="state${s.h === best ? ' best' : ''}" data-h="${s.h}">${miniBoard(s.rows)}<figcaption>${i + 1}: h = ${s.h}<br><code>${digits(s.rows)}</code></figcaption></figure>`);
  const html = `<p class="small" id="view-said">Step ${local!.step}: the ${states.length} states kept${local!.step === 0 ? ' (random starts)' : ', the best of all their successors'}; the best (framed) is on the board. h = ${states.map((s) => s.h).join(', ')}.</p><div class="strip">${items.join('')}</div>`;
  return { title: `The k = ${states.length} states`, html, now: `step=${local!.step} h=${states.map((s) => s.h).join(',')}` };
}

function populationView(run: Run): ViewContent | undefined {
  const generation = run.replay.lastPopulation();
  if (!generation) return undefined;
  const n = generation.sample[0]?.rows.length ?? 0;
  const most = (n * (n - 1)) / 2;
  const rows = generation.sample.map((ind, i) => {
    const share = most > 0 ? Math.round((ind.fitness / most) * 100) : 0;
    return `<tr class="${i === 0 ? 'best' : ''}"><td>${miniBoard(ind.rows, 'tiny')}</td><td><code>${digits(ind.rows)}</code></td><td class="fit">${ind.fitness}</td><td class="bar"><span style="width:${share}%"></span></td></tr>`;
  });
  const html = [
    `<p class="small" id="view-said">Generation ${generation.generation + 1}: best ${generation.best} of ${most} non-attacking pairs, mean ${generation.mean.toFixed(1)}, diversity ${(generation.diversity * 100).toFixed(0)}% (digits that differ between two individuals, on average). The best is on the board.</p>`,
    `<div class="population"><table><thead><tr><th></th><th>rows by column</th><th>fitness</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
  ].join('');
  return { title: `Population (a sample of ${generation.sample.length})`, html, now: `generation=${generation.generation} best=${generation.best} first=${digits(generation.sample[0]?.rows ?? [])}` };
}

function columnName(board: Board, c: number): string {
  return board.width <= 26 ? board.fileName(c) : String(c + 1);
}

function domainView(run: Run): ViewContent {
  const { board, piece } = run.setup;
  const assigned = activeAssignments(run.replay);
  const last = run.replay.last;
  // Each unassigned column's domain: the rows not crossed out by an assignment on the path.
  const crossed = new Set<number>();
  for (const e of assigned) for (const p of e.pruned) crossed.add(p.value * board.width + p.variable);
  const taken = new Set(assigned.map((e) => e.variable));
  const sizes: string[] = [];
  for (let c = 0; c < board.width; c++) {
    if (taken.has(c)) continue;
    let left = 0;
    for (let r = 0; r < board.height; r++) if (!crossed.has(r * board.width + c)) left++;
    sizes.push(`<li class="${left === 0 ? 'empty' : ''}">${columnName(board, c)}: ${left}</li>`);
  }
  const legend = assigned.map(
    (e, depth) =>
      `<li><span class="swatch tint-${depth % 8}" title="${TINT_NAMES[depth % 8]}"></span>${columnName(board, e.variable)} = ${e.value + 1} (${piece.symbols.ascii} on ${board.name(e.value * board.width + e.variable)}): crossed out ${e.pruned.length}</li>`,
  );
  const wiped = last?.type === 'wipeout' ? `<p class="error" id="view-wiped">Wipe-out: column ${columnName(board, last.variable)} has no value left.</p>` : '';
  const html = [
    `<p class="small" id="view-said">On the board, each crossed square is a value gone from its column's domain, in the colour of the assignment that removed it; the squares left unmarked in an open column are its domain.</p>`,
    wiped,
    `<h4>Assignments, by depth</h4><ol class="assignments" start="0">${legend.join('') || '<li class="none">none yet</li>'}</ol>`,
    `<h4>Values left in each open column</h4><ul class="domains">${sizes.join('')}</ul>`,
  ].join('');
  return { title: 'Domains', html, now: `assigned=${assigned.length} crossed=${crossed.size}${last?.type === 'wipeout' ? ` wipeout=${last.variable}` : ''}` };
}

function coverView(run: Run): ViewContent {
  const { board, piece } = run.setup;
  const covers = activeCovers(run.replay);
  const covered = covers.flatMap((e) => [e.column, ...(e.also ?? [])]);
  const primary = covered.filter((c) => c.startsWith('rank') || c.startsWith('file'));
  const items = covers.map(
    (e, depth) => `<li>depth ${depth}: ${piece.symbols.ascii} on ${board.name(e.row)} for <strong>${e.column}</strong>${e.size === undefined ? '' : ` (${e.size} option${e.size === 1 ? '' : 's'})`}; also ${(e.also ?? []).join(', ')}</li>`,
  );
  const html = [
    `<p class="small" id="view-said">Ranks and files are the primary columns (each covered exactly once); diagonals are secondary (at most once). On the board: squares on a covered rank or file are shaded, squares only on a covered diagonal lighter; the open squares are the options left.</p>`,
    `<p>${primary.length} of ${board.width + board.height} primary columns covered.</p>`,
    `<ol class="covers" start="0">${items.join('') || '<li class="none">nothing covered yet</li>'}</ol>`,
  ].join('');
  return { title: 'Columns covered', html, now: `covers=${covers.length} primary=${primary.length}` };
}
