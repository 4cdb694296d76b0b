import type { Board } from '@bezzel/core';
import type { Run } from '../run/run.js';
import { activeAssignments, activeCovers, TINT_NAMES } from './canon-picture.js';
import { openDomains, variableReason } from './csp-reason.js';
import type { ViewContent } from './view-parts.js';

function columnName(board: Board, c: number): string {
  return board.width <= 26 ? board.fileName(c) : String(c + 1);
}

/**
 * csp's view: the values left in each open column first (what MRV reads: the fewest marked), a wipe-out, why the
 * last column was chosen, then the assignments by depth with what each crossed out, in its colour.
 */
export function domainView(run: Run): ViewContent {
  const { board, piece, task } = run.setup;
  const replay = run.replay;
  const assigned = activeAssignments(replay);
  const last = replay.last;
  const crossed = new Set<number>();
  for (const e of assigned) for (const p of e.pruned) crossed.add(p.value * board.width + p.variable);
  const { open } = openDomains(board, piece, replay.events, replay.position);
  const fewest = Math.min(...[...open.values()].map((rows) => rows.length));
  const sizes = [...open].map(([c, rows]) => `<li class="${rows.length === 0 ? 'empty' : rows.length === fewest ? 'fewest' : ''}">${columnName(board, c)}: ${rows.length}</li>`);
  const legend = assigned.map(
    (e, depth) =>
      `<li><span class="swatch tint-${depth % 8}" title="${TINT_NAMES[depth % 8]}"></span>${columnName(board, e.variable)} = ${e.value + 1} (${piece.symbols.ascii} on ${board.name(e.value * board.width + e.variable)}): crossed out ${e.pruned.length}</li>`,
  );
  const wiped = last?.type === 'wipeout' ? `<p class="error" id="view-wiped">Wipe-out: column ${columnName(board, last.variable)} has no value left.</p>` : '';
  const why = last?.type === 'assign' ? variableReason(board, piece, replay.events, replay.position - 1, task.options) : undefined;
  const html = [
    `<h4>Values left in each open column${open.size > 0 ? ' (MRV takes the fewest, marked)' : ''}</h4><ul class="domains" data-gives-answer>${sizes.join('') || '<li class="none">every column is assigned</li>'}</ul>`,
    wiped,
    why ? `<p class="reason" id="view-why">Chosen: ${why}.</p>` : '',
    `<h4>Assignments, by depth</h4><ol class="assignments" start="0">${legend.join('') || '<li class="none">none yet</li>'}</ol>`,
    `<p class="small explain" id="view-said">On the board, each crossed square is a value gone from its column's domain, in the colour of the assignment that removed it; the squares left unmarked in an open column are its domain, their number written at the top of the column.</p>`,
  ].join('');
  return { title: 'Domains', html, now: `assigned=${assigned.length} crossed=${crossed.size}${last?.type === 'wipeout' ? ` wipeout=${last.variable}` : ''}` };
}

/** Dancing links' view: the primary columns covered, and the options chosen, by depth. */
export function coverView(run: Run): ViewContent {
  const { board, piece } = run.setup;
  const covers = activeCovers(run.replay);
  const covered = covers.flatMap((e) => [e.column, ...(e.also ?? [])]);
  const primary = covered.filter((c) => c.startsWith('rank') || c.startsWith('file'));
  const items = covers.map(
    (e, depth) => `<li>depth ${depth}: ${piece.symbols.ascii} on ${board.name(e.row)} for <strong>${e.column}</strong>${e.size === undefined ? '' : ` (${e.size} option${e.size === 1 ? '' : 's'})`}; also ${(e.also ?? []).join(', ')}</li>`,
  );
  const html = [
    `<p>${primary.length} of ${board.width + board.height} primary columns covered.</p>`,
    `<ol class="covers" start="0">${items.join('') || '<li class="none">nothing covered yet</li>'}</ol>`,
    `<p class="small explain" id="view-said">Ranks and files are the primary columns (each covered exactly once); diagonals are secondary (at most once). On the board: squares on a covered rank or file are shaded, squares only on a covered diagonal lighter; the open squares are the options left.</p>`,
  ].join('');
  return { title: 'Columns covered', html, now: `covers=${covers.length} primary=${primary.length}` };
}
