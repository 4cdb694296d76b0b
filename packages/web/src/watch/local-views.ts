import { tabuListAt } from '@bezzel/tabu';
import type { Run } from '../run/run.js';
import { chartSvg, type Series } from '../run/series.js';
import { acceptance, probability } from './step-words.js';
import { tourCandidates } from './tour-candidates.js';
import { digits, miniBoard, type ViewContent } from './view-parts.js';

/**
 * Annealing's view: the step's decision in numbers (Δ, T, p = e^(−Δ/T), the draw, accepted or not), and the
 * temperature and the share of uphill moves accepted lately, charted with the step marked; presenting, both curves
 * share one chart, so that the view fits beside the board.
 */
export function annealingView(run: Run, presenting: boolean): ViewContent {
  const local = run.replay.lastLocal();
  const marker = local?.step;
  const { temperature, uphill } = run.annealing;
  const t = local?.temperature;
  const share = windowShare(run, marker);
  let said: string;
  if (t === undefined || !local) said = '<p class="small" id="view-said">The start: no move proposed yet.</p>';
  else if (local.delta === undefined) said = `<p class="small" id="view-said">T = ${t.toPrecision(3)}; ${local.accepted === false ? 'this proposal was refused' : 'this proposal was accepted'}. ${share}</p>`;
  else {
    const delta = local.delta;
    const p = delta <= 0 ? 1 : Math.exp(-delta / t);
    const cells = [
      ['Δ', delta > 0 ? `+${delta}` : String(delta)],
      ['T', t.toPrecision(3)],
      ['p = e^(−Δ/T)', delta <= 0 ? '1 (Δ ≤ 0)' : probability(p)],
      ['draw', local.draw === undefined ? 'none' : probability(local.draw)],
    ];
    const verdict = local.accepted === false ? 'refused' : 'accepted';
    said = `<table class="decision" id="view-said" aria-label="${acceptance(local)}: ${verdict}"><tr>${cells.map(([k]) => `<th scope="col">${k}</th>`).join('')}<th scope="col">so</th></tr><tr>${cells.map(([, v]) => `<td>${v}</td>`).join('')}<td class="${verdict}">${verdict}</td></tr></table>`;
  }
  const charts = presenting
    ? chartSvg(new Map([['T', temperature], ['uphill taken (last 50)', uphill]]), marker, 280, 130, { y: 'T, and share taken' })
    : chartSvg(new Map([['temperature T', temperature]]), marker, 280, 110) + chartSvg(new Map([['uphill moves accepted (share of the last 50)', uphill]]), marker, 280, 110);
  const html = [
    said,
    charts,
    local?.delta !== undefined && share ? `<p class="small">${share}</p>` : '',
    `<p class="small explain">An uphill move (one that raises h by Δ) is accepted with probability e<sup>−Δ/T</sup>: often while T is high, almost never once it has cooled. Of ${run.annealing.proposals.toLocaleString('en')} uphill proposals, ${run.annealing.accepted.toLocaleString('en')} were accepted.</p>`,
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

/** Beam search's view: the k states as a strip of boards, each with its h, the best framed (and on the board). */
export function beamView(run: Run): ViewContent | undefined {
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

/**
 * Tabu search's view: the tabu list for the step to come (each square a piece left, with the steps it stays tabu),
 * read back from the trace, and what the last move was — an ordinary one, one taken by aspiration (tabu, but better
 * than the best h so far), or the least bad when every move was tabu.
 */
export function tabuView(run: Run): ViewContent {
  const { board } = run.setup;
  const replay = run.replay;
  const list = tabuListAt(replay.events, replay.position);
  const local = replay.lastLocal();
  const tenure = local?.tenure ?? replay.events.find((e): e is Extract<typeof e, { type: 'local' }> => e.type === 'local' && e.tenure !== undefined)?.tenure;
  const last = local && local.from !== undefined && local.to !== undefined ? local : undefined;
  const said =
    !last ? 'The start: nothing is tabu yet.'
    : last.tabu ? `Step ${last.step}: the move to ${board.name(last.to!)} was tabu and taken anyway (aspiration): it reaches h = ${last.h}, lower than any h before.`
    : last.allTabu ? `Step ${last.step}: every move was tabu, so the least bad of them was made: to ${board.name(last.to!)}, h = ${last.h}.`
    : `Step ${last.step}: the best move not on the list, ${board.name(last.from!)} to ${board.name(last.to!)}, h = ${last.h}. The square it left is tabu for ${tenure ?? '?'} steps.`;
  const rows = list.map((e) => `<tr${last?.tabu && e.square === last.to ? ' class="aspired"' : ''}><td>${board.name(e.square)}</td><td>file ${board.width <= 26 ? board.fileName(e.square % board.width) : (e.square % board.width) + 1}'s piece left it at step ${e.since}</td><td class="num">${e.left}</td></tr>`);
  const table = list.length === 0 ? '<p class="small">The list is empty.</p>' : `<table class="tabu-list"><thead><tr><th scope="col">square</th><th scope="col">why</th><th scope="col">steps left</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  const html = `<p class="small" id="view-said">${said}</p>${table}<p class="small explain">A piece may not go back to a square it left until the tenure (${tenure ?? '?'} steps) has passed, unless the move beats the best h so far (aspiration). On the board the tabu squares are shaded purple.</p>`;
  return { title: `Tabu list (tenure ${tenure ?? '?'})`, html, now: `tabu=${list.map((e) => `${e.square}:${e.left}`).join(',')}${last?.tabu ? ' aspiration' : ''}${last?.allTabu ? ' all-tabu' : ''}` };
}

/**
 * Warnsdorff's view: the moves the knight may make from where it stands, each with its onward degree (the squares
 * one move on that are still free), the fewest marked: the rule's whole reasoning at this step.
 */
export function tourView(run: Run): ViewContent | undefined {
  const { board } = run.setup;
  const replay = run.replay;
  const path = replay.squares;
  const candidates = tourCandidates(run);
  const head = path[path.length - 1];
  if (head === undefined) return { title: 'Onward moves', html: '<p class="small">The tour has not started.</p>', now: '' };
  const visited = `${path.length} of ${board.playable} squares visited.`;
  if (candidates.length === 0) return { title: 'Onward moves', html: `<p class="small" id="view-said">${visited} ${path.length >= board.playable ? 'The tour is complete.' : `No move is left from ${board.name(head)}.`}</p>`, now: `visited=${path.length}` };
  const positive = candidates.filter((c) => c.degree > 0);
  const pool = positive.length > 0 && path.length + 1 < board.playable ? positive : candidates;
  const fewest = Math.min(...pool.map((c) => c.degree));
  const rows = [...candidates].sort((a, b) => a.degree - b.degree || a.square - b.square).map((c) => `<tr class="${pool.includes(c) && c.degree === fewest ? 'fewest' : ''}"><td>${board.name(c.square)}</td><td class="num">${c.degree}</td></tr>`);
  const html = `<p class="small" id="view-said">${visited} From ${board.name(head)} the knight may go to ${candidates.length} square${candidates.length === 1 ? '' : 's'}; Warnsdorff takes the fewest onward moves${positive.length < candidates.length && pool === positive ? ' (a square with none is a dead end, taken last)' : ''}.</p><table class="tabu-list onward" data-gives-answer><thead><tr><th scope="col">move to</th><th scope="col">onward moves</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return { title: 'Onward moves', html, now: `head=${head} ${candidates.map((c) => `${c.square}:${c.degree}`).join(',')}` };
}
