import type { Lecture, Panel } from './lecture.js';
import { escapeHtml, noteBlocks, noteHtml, type Figures } from './note.js';

/** Lines of pseudo-code a slide shows around the current one. */
const CODE_WINDOW = 3;

/** One scene as the page drew it, in markup that stands alone: what a deck's slide and a handout's page show. */
export interface SceneShot {
  readonly title: string;
  readonly note: string;
  /** The board: its SVG (the page's classes kept, its ids made the slide's own), or a PNG of the canvas. */
  readonly board: string;
  readonly caption: string;
  readonly legend: string;
  readonly codeTitle: string;
  /** The first line's number, and the lines around the current one. */
  readonly codeStart: number;
  readonly code: readonly { readonly text: string; readonly current: boolean }[];
  readonly log: readonly string[];
  readonly viewTitle: string;
  readonly view: string;
  readonly panels: readonly Panel[];
}

/** Reads the scene the page shows now (after the lecture drew it): board, legend, code, log, view and note. */
export function captureScene(index: number, title: string, note: string, figures: Figures, panels: readonly Panel[]): SceneShot {
  const boardHost = document.getElementById('board');
  const svg = boardHost?.querySelector<SVGSVGElement>('svg.board');
  const canvas = boardHost?.querySelector<HTMLCanvasElement>('canvas');
  let board = '';
  if (svg) {
    const clone = svg.cloneNode(true) as SVGSVGElement;
    clone.removeAttribute('tabindex');
    // Each slide has its own piece symbol: the page's id would point every slide at the first slide's piece.
    const id = clone.querySelector('symbol')?.id;
    board = new XMLSerializer().serializeToString(clone);
    if (id) board = board.split(id).join(`slide${index}-piece`);
  } else if (canvas) board = `<img class="board-img" alt="${escapeHtml(canvas.getAttribute('aria-label') ?? 'the board')}" src="${canvas.toDataURL('image/png')}">`;
  const lines = Array.from(document.querySelectorAll('#code li'));
  const current = lines.findIndex((li) => li.classList.contains('current'));
  const from = current < 0 ? 0 : Math.max(0, current - CODE_WINDOW);
  const code = lines.slice(from, (current < 0 ? 0 : current) + CODE_WINDOW + 1).map((li) => ({ text: li.textContent ?? '', current: li.classList.contains('current') }));
  const log = Array.from(document.querySelectorAll('#log li')).map((li) => li.textContent ?? '').filter(Boolean).slice(-3);
  return {
    title,
    note: noteHtml(noteBlocks(note, figures)),
    board,
    caption: `Step ${figures.step ?? '0'} of ${figures.steps ?? '0'}`,
    legend: document.getElementById('legend')?.innerHTML ?? '',
    codeTitle: document.getElementById('code-title')?.textContent ?? '',
    codeStart: from + 1,
    code,
    log,
    ...strategyView(),
    panels,
  };
}

/** The strategy's own view as the page shows it: its panel, else the search tree (as a picture), else the curve. */
function strategyView(): { viewTitle: string; view: string } {
  const view = document.getElementById('view');
  if (view && !view.hidden && view.innerHTML.trim() !== '') return { viewTitle: document.getElementById('view-title')?.textContent ?? '', view: view.innerHTML };
  const tree = document.getElementById('tree') as HTMLCanvasElement | null;
  if (tree && !tree.hidden && tree.width > 0) return { viewTitle: 'Search tree', view: `<img class="tree-img" alt="${escapeHtml(tree.getAttribute('aria-label') ?? 'search tree')}" src="${tree.toDataURL('image/png')}">` };
  const chart = document.getElementById('chart');
  const title = document.getElementById('chart-title');
  if (chart && title && !title.hidden && chart.innerHTML.trim() !== '') return { viewTitle: title.textContent ?? '', view: chart.innerHTML };
  return { viewTitle: '', view: '' };
}

/** One slide's markup (a deck's slide, a handout's page); `handout` leaves out the log and the strategy's view. */
export function slideHtml(shot: SceneShot, index: number, total: number, handout = false): string {
  const shows = (panel: Panel) => shot.panels.includes(panel);
  const code = shows('code') && shot.code.length > 0
    ? `<h2>${escapeHtml(shot.codeTitle)}</h2><ol class="bz-code" start="${shot.codeStart}">${shot.code.map((l) => `<li${l.current ? ' class="current"' : ''}>${escapeHtml(l.text)}</li>`).join('')}</ol>`
    : '';
  const log = !handout && shows('log') && shot.log.length > 0 ? `<ol class="bz-log">${shot.log.map((l, i) => `<li${i === shot.log.length - 1 ? ' class="current"' : ''}>${escapeHtml(l)}</li>`).join('')}</ol>` : '';
  const view = !handout && (shows('view') || shows('tree') || shows('chart')) && shot.view ? `<h2>${escapeHtml(shot.viewTitle)}</h2><div class="view bz-view">${shot.view}</div>` : '';
  return [
    `<section class="bz-slide" id="scene-${index + 1}" aria-label="Scene ${index + 1} of ${total}: ${escapeHtml(shot.title)}">`,
    `<header class="bz-head"><span class="bz-n">${index + 1} / ${total}</span><h1>${escapeHtml(shot.title)}</h1></header>`,
    '<div class="bz-body"><div class="bz-left">',
    `<div class="bz-board">${shot.board}</div><p class="bz-caption">${escapeHtml(shot.caption)}</p><ul class="legend bz-legend">${shot.legend}</ul>`,
    '</div><div class="bz-right">',
    `<div class="bz-note">${shot.note}</div>${log}${code}${view}`,
    '</div></div></section>',
  ].join('');
}

/** The deck's own style: a slide a screen (one at a time), a page a slide when printed. */
export const DECK_CSS = `
.bz-slide { box-sizing: border-box; display: flex; flex-direction: column; height: 100vh; padding: 1.2vh 2vw; font-size: 18px; background: #fbfaf7; color: #1d2530; overflow: hidden; }
.bz-head { display: flex; align-items: baseline; gap: 1rem; border-bottom: 2px solid #d6d9de; margin-bottom: 0.6rem; }
.bz-head h1 { font-size: 1.5rem; margin: 0.2rem 0; } .bz-n { color: #5a6472; font-variant-numeric: tabular-nums; }
.bz-body { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 1fr); gap: 1.5rem; }
.bz-left { min-height: 0; display: flex; flex-direction: column; align-items: center; }
.bz-board { width: min(100%, calc(100vh - 12rem)); } .bz-board svg, .bz-board img { display: block; width: 100%; height: auto; }
.bz-caption { margin: 0.3rem 0; color: #5a6472; } .bz-legend { font-size: 16px; }
.bz-right { min-height: 0; overflow: hidden; display: flex; flex-direction: column; gap: 0.4rem; }
.bz-right h2 { font-size: 1.05rem; margin: 0.4rem 0 0.1rem; }
.bz-note { font-size: 1.15rem; } .bz-note p { margin: 0 0 0.4rem; } .bz-note code { background: #f0f1f3; padding: 0 0.2em; border-radius: 3px; }
.bz-code { margin: 0; padding: 0.3rem 0 0.3rem 2.6rem; background: #f6f7f9; border-radius: 6px; font: 17px/1.35 'DejaVu Sans Mono', 'Liberation Mono', Consolas, monospace; }
.bz-code li { white-space: pre-wrap; } .bz-code li.current { background: #ffe08a; font-weight: 700; }
.bz-log { margin: 0; padding-left: 0; list-style: none; } .bz-log li { color: #5a6472; } .bz-log li.current { color: #1d2530; border-left: 3px solid #1f5fa8; padding-left: 0.4rem; background: #eef4fb; }
.bz-view { min-height: 0; overflow: hidden; } .bz-view svg { max-width: 100%; height: auto; } .bz-view .tree-img { width: 100%; }
.bz-view .small, .bz-view p, .bz-view li, .bz-view td { font-size: 17px; }
`;

/** What a deck file adds to be a deck: one slide on the screen, the keys a presenter's clicker sends, a counter. */
const DECK_SCREEN = `
@media screen { .bz-slide { display: none; padding-bottom: 2.4rem; } .bz-slide.on { display: flex; } body { margin: 0; } }
.bz-help { position: fixed; right: 0.8rem; bottom: 0.5rem; font: 14px system-ui, sans-serif; color: #5a6472; }
@media print { @page { size: A4 landscape; margin: 8mm; } .bz-slide { height: 190mm; break-after: page; page-break-after: always; } .bz-slide:last-of-type { break-after: auto; page-break-after: auto; } .bz-help { display: none; } }
`;

const DECK_SCRIPT = `
(() => {
  const slides = Array.from(document.querySelectorAll('.bz-slide'));
  let at = Math.min(slides.length - 1, Math.max(0, (parseInt(location.hash.slice(7), 10) || 1) - 1));
  const show = (i) => {
    at = Math.min(slides.length - 1, Math.max(0, i));
    slides.forEach((s, j) => s.classList.toggle('on', j === at));
    document.body.dataset.scene = String(at + 1);
    if (location.hash !== '#scene-' + (at + 1)) history.replaceState(null, '', '#scene-' + (at + 1));
  };
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = ['PageDown', 'ArrowRight', 'ArrowDown', ' ', 'Enter'].includes(e.key);
    const back = ['PageUp', 'ArrowLeft', 'ArrowUp', 'Backspace'].includes(e.key);
    if (!next && !back && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    show(e.key === 'Home' ? 0 : e.key === 'End' ? slides.length - 1 : at + (next ? 1 : -1));
  });
  document.addEventListener('click', (e) => { if (!e.target.closest('a, button')) show(at + 1); });
  show(at);
})();
`;

/** The lecture as one HTML file: every scene drawn as the page drew it, the page's style sheet inside, no server. */
export function deckHtml(lecture: Lecture, shots: readonly SceneShot[], pageCss: string): string {
  const slides = shots.map((shot, i) => slideHtml(shot, i, shots.length)).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(lecture.title)}</title>
<style>${pageCss}
${DECK_CSS}
${DECK_SCREEN}</style>
</head>
<body class="bz-deck">
${slides}
<p class="bz-help">PageDown, Space or → for the next scene; PageUp or ← for the one before. Made with Bezzel.</p>
<script>${DECK_SCRIPT}</script>
</body>
</html>
`;
}

/** The page's own style sheet, as text (the deck's slides use its classes for the board, the legend and the views). */
export function pageStyleSheet(): string {
  const rules: string[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      for (const rule of Array.from(sheet.cssRules)) rules.push(rule.cssText);
    } catch {
      // A sheet from another origin cannot be read; the page has none.
    }
  }
  return rules.join('\n');
}

/** The page's handout, printed: one page a scene (board, code line, note), everything else of the page hidden. */
export const HANDOUT_CSS = `
@media screen { #handout { display: none; } }
@media print {
  @page { size: A4 landscape; margin: 8mm; }
  body > *:not(#handout) { display: none !important; }
  #handout { display: block; }
  #handout .bz-slide { height: 190mm; break-after: page; page-break-after: always; }
  #handout .bz-slide:last-of-type { break-after: auto; page-break-after: auto; }
  #handout .bz-board { width: min(100%, 150mm); }
}
`;
