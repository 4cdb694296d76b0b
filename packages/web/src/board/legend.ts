import { el, setAttr, svgEl } from '../shared/dom.js';
import type { BoardPicture } from './board-picture.js';
import { drawsPixels } from './board-canvas.js';

/** Move numbers and degrees are written on boards up to this side (as board-svg.ts writes them). */
const MAX_NUMBERED_SIDE = 16;

/** A key of the legend: every tint and mark the board can draw has one. */
export type LegendKey =
  | 'attacked' | 'rejected' | 'hint' | 'aim' | 'wiped' | 'line' | 'secondary' | 'tabu'
  | 'tint' | 'crossed' | 'heat' | 'covered' | 'uncovered' | 'value' | 'attacked-piece' | 'conflict' | 'candidate'
  | 'path' | 'path-order' | 'move-number' | 'degree' | 'touched-add' | 'touched-take' | 'solved' | 'highlight';

/** What the board shows that the legend must explain, in a fixed order. */
export function legendKeys(picture: BoardPicture): LegendKey[] {
  const keys = new Set<LegendKey>();
  const { board, shades, tints, heat, cover } = picture;
  const numbered = Math.max(board.width, board.height) <= MAX_NUMBERED_SIDE;
  for (const shade of shades?.values() ?? []) keys.add(shade);
  if (tints && tints.size > 0) keys.add('tint');
  if (picture.crossed && picture.crossed.length > 0) keys.add('crossed');
  if (heat) {
    for (let sq = 0; sq < board.size; sq++) {
      if (heat[sq]! >= 0 && !shades?.has(sq) && !tints?.has(sq)) {
        keys.add('heat');
        if (numbered) keys.add('degree');
        break;
      }
    }
  }
  if (cover) {
    for (let sq = 0; sq < board.size; sq++) {
      if (board.isRemoved(sq) || shades?.has(sq)) continue;
      keys.add(cover[sq] === 0 ? 'uncovered' : 'covered');
    }
  }
  if (picture.labels && picture.labels.size > 0 && numbered) keys.add('value');
  if (picture.attackedPieces && picture.attackedPieces.length > 0) keys.add('attacked-piece');
  if (picture.conflicts && picture.conflicts.length > 0) keys.add('conflict');
  if (picture.candidates && picture.candidates.length > 0) keys.add('candidate');
  if (picture.path && picture.path.length > 0 && drawsPixels(board.width, board.height)) keys.add('path-order');
  else if (picture.path && picture.path.length > 0) {
    keys.add('path');
    if (numbered) keys.add('move-number');
  }
  if (picture.touched) keys.add(picture.touched.how === 'add' ? 'touched-add' : 'touched-take');
  if (picture.solved) keys.add('solved');
  if (picture.highlights && picture.highlights.length > 0) keys.add('highlight');
  return ORDER.filter((k) => keys.has(k));
}

const ORDER: readonly LegendKey[] = ['attacked', 'rejected', 'hint', 'aim', 'tabu', 'wiped', 'tint', 'crossed', 'line', 'secondary', 'covered', 'uncovered', 'heat', 'degree', 'value', 'attacked-piece', 'conflict', 'path', 'path-order', 'move-number', 'candidate', 'touched-add', 'touched-take', 'solved', 'highlight'];

/** Where the words of a key depend on what is running: the strategy and the problem. */
export interface LegendContext {
  readonly strategy: string;
  readonly problem: string;
  readonly predicting?: boolean;
}

function words(key: LegendKey, ctx: LegendContext): string {
  switch (key) {
    case 'attacked':
      return 'attacked (tinted, a dark stroke): a piece there would be taken';
    case 'rejected':
      return 'rejected by the last step (crossed): attacked';
    case 'hint':
      return 'hint: a square to try';
    case 'aim':
      if (ctx.problem === 'dominate') return 'the square the last piece was placed to cover (the hardest left)';
      if (ctx.strategy === 'min-conflicts') return 'the conflicted queen min-conflicts picked';
      if (ctx.strategy === 'hill-climbing') return 'the move the climb makes next (lowest h)';
      return 'the square the step aims at';
    case 'tabu':
      return 'tabu: its piece may not go back there yet';
    case 'wiped':
      return 'wiped out: a column with no value left';
    case 'tint':
      return 'crossed out of a domain, in the colour of the assignment (the piece) that removed it';
    case 'crossed':
      return 'crossed: a value no longer in the domain';
    case 'line':
      return 'covered by a chosen option (its rank or file)';
    case 'secondary':
      return 'on a covered diagonal';
    case 'covered':
      return 'covered by 1, 2, 3 or more pieces (darker: more)';
    case 'uncovered':
      return 'not covered yet (dashed red outline)';
    case 'heat':
      return "onward moves from the square (Warnsdorff's heat map): 0 dark red … 5+ pale";
    case 'degree':
      return 'small red italic number, bottom left: onward moves from there';
    case 'value':
      if (ctx.strategy === 'min-conflicts') return 'number in the picked queen’s file: the queens that would attack it there (it moves to the fewest)';
      return 'number on a square: h if its file’s piece moved there';
    case 'attacked-piece':
      return 'red piece in a red ring: another piece attacks it';
    case 'conflict':
      return 'red line: two pieces attacking each other';
    case 'path':
      return 'blue line: the tour so far, from the green dot';
    case 'path-order':
      return 'the tour by colour, too big for lines: each square coloured by when the tour reached it, blue first, through grey, to orange last';
    case 'move-number':
      return 'bold number, top right: the move that reached the square';
    case 'candidate':
      return 'dashed ring: a move the tour may make next; its onward moves in the blue badge';
    case 'touched-add':
      return 'green frame: the square the last step took';
    case 'touched-take':
      return 'orange frame: the square the last step left';
    case 'solved':
      return 'green border: a solution';
    case 'highlight':
      return 'magenta outline: a square the note speaks of';
  }
}

/** A small drawing of the mark, with the board's own classes, so it is drawn as the board draws it. */
function swatch(key: LegendKey): SVGSVGElement {
  const svg = svgEl('svg', { class: 'board swatch-board', viewBox: '0 0 40 40', 'aria-hidden': 'true', width: 22, height: 22 });
  const square = svgEl('rect', { class: 'sq light', x: 0, y: 0, width: 40, height: 40 });
  svg.append(square);
  const ov = (cls: string) => svgEl('rect', { class: `ov ${cls}`, x: 0, y: 0, width: 40, height: 40 });
  const cross = () => svgEl('path', { class: 'rejected-cross', d: 'M11 11L29 29M29 11L11 29' });
  const text = (value: string, cls: string, x: number, y: number) => Object.assign(svgEl('text', { class: cls, x, y }), { textContent: value });
  switch (key) {
    case 'attacked':
      svg.append(ov(key), svgEl('path', { class: 'attacked-hatch', d: 'M12 28L28 12' }));
      break;
    case 'hint':
    case 'aim':
    case 'tabu':
    case 'wiped':
    case 'line':
    case 'secondary':
    case 'uncovered':
      svg.append(ov(key));
      break;
    case 'rejected':
      svg.append(ov('rejected'), cross());
      break;
    case 'tint':
      svg.append(svgEl('rect', { class: 'ov tint tint-0', x: 0, y: 0, width: 20, height: 40 }), svgEl('rect', { class: 'ov tint tint-1', x: 20, y: 0, width: 20, height: 40 }));
      break;
    case 'crossed':
      svg.append(cross());
      break;
    case 'covered':
      [1, 2, 3].forEach((i) => svg.append(svgEl('rect', { class: `ov covered covered-${i}`, x: (i - 1) * 13.3, y: 0, width: 13.4, height: 40 })));
      break;
    case 'heat':
      [0, 1, 2, 3, 4, 5].forEach((i) => svg.append(svgEl('rect', { class: `ov heat heat-${i}`, x: i * 6.67, y: 0, width: 6.7, height: 40 })));
      break;
    case 'degree':
      svg.append(text('3', 'degree', 3, 36));
      break;
    case 'value':
      svg.append(text('2', 'square-value', 20, 20));
      break;
    case 'attacked-piece':
      svg.append(svgEl('circle', { class: 'attacked-ring', cx: 20, cy: 20, r: 17 }), svgEl('circle', { cx: 20, cy: 20, r: 9, fill: 'rgb(179, 38, 30)' }));
      break;
    case 'conflict':
      svg.append(svgEl('line', { class: 'conflict', x1: 4, y1: 36, x2: 36, y2: 4 }));
      break;
    case 'path':
      svg.append(svgEl('polyline', { class: 'tour-path', points: '8,32 20,20 32,26' }), svgEl('circle', { class: 'tour-start', cx: 8, cy: 32, r: 5 }));
      break;
    case 'path-order':
      // The colours drawPixels gives the first, middle and last squares of a tour.
      svg.append(svgEl('rect', { x: 2, y: 8, width: 12, height: 24, fill: 'rgb(40, 90, 220)' }), svgEl('rect', { x: 14, y: 8, width: 12, height: 24, fill: 'rgb(140, 130, 130)' }), svgEl('rect', { x: 26, y: 8, width: 12, height: 24, fill: 'rgb(240, 90, 40)' }));
      break;
    case 'move-number':
      svg.append(text('12', 'move-number end', 37, 13));
      break;
    case 'candidate': {
      const g = svgEl('g', { class: 'candidate', transform: 'translate(20 20)' });
      g.append(svgEl('circle', { r: 16, class: 'ring' }), svgEl('circle', { r: 7, class: 'badge', cx: -9, cy: 9 }), Object.assign(svgEl('text', { class: 'badge-text', x: -9, y: 9 }), { textContent: '2' }));
      svg.append(g);
      break;
    }
    case 'touched-add':
      svg.append(svgEl('rect', { class: 'touched add', x: 2, y: 2, width: 36, height: 36 }));
      break;
    case 'touched-take':
      svg.append(svgEl('rect', { class: 'touched take', x: 2, y: 2, width: 36, height: 36 }));
      break;
    case 'solved':
      svg.append(svgEl('rect', { class: 'solved-frame', x: 2, y: 2, width: 36, height: 36 }));
      break;
    case 'highlight':
      svg.append(svgEl('path', { class: 'highlight', d: 'M3 3h34v34h-34z' }));
      break;
  }
  return svg;
}

/**
 * The legend under the board: one entry for each tint and mark the board shows now, drawn with the board's own
 * classes and named in words. Rebuilt only when the set of marks (or their meaning) changes.
 */
export function drawLegend(host: HTMLElement, picture: BoardPicture | undefined, ctx: LegendContext): void {
  const keys = picture ? legendKeys(picture) : [];
  const signature = `${ctx.strategy}|${ctx.problem}|${keys.join(',')}`;
  if (host.dataset.signature === signature) return;
  host.dataset.signature = signature;
  setAttr(host, 'data-keys', keys.join(' '));
  host.replaceChildren(...keys.map((key) => el('li', { 'data-key': key }, swatch(key), el('span', {}, words(key, ctx)))));
}
