import type { Board, Piece } from '@bezzel/core';
import { piecePath } from '@bezzel/render';
import type { BoardPicture } from './board-picture.js';
import { uncoveredSquares } from './coverage.js';
import { setAttr, svgEl } from '../shared/dom.js';

/** User units per square; the SVG scales to its box. */
const C = 40;
/** Move numbers and degrees are written into squares up to this board side, where they can be read. */
const MAX_NUMBERED_SIDE = 16;

let instances = 0;

/**
 * A board of up to 32×32 squares as one SVG built once per board shape and then updated in place: a frame of a
 * step-through changes the few attributes that differ (a piece's position, a square's shading, the path's
 * points), so playing stays smooth. The squares shown are also in data attributes, for tests and tools.
 */
export class BoardSvg {
  readonly svg: SVGSVGElement;
  #shape = '';
  #pieceId = '';
  readonly #uid = `b${++instances}`;
  #board!: Board;
  #overlays: SVGRectElement[] = [];
  #overlayClass: string[] = [];
  #numbers = new Map<number, SVGTextElement>();
  #numberText: string[] = [];
  #degrees = new Map<number, SVGTextElement>();
  #degreeText: string[] = [];
  #labels = new Map<number, SVGTextElement>();
  #labelText: string[] = [];
  #uses: SVGUseElement[] = [];
  #marks: SVGGElement[] = [];
  readonly #layers: Record<'squares' | 'overlays' | 'labels' | 'path' | 'numbers' | 'degrees' | 'conflicts' | 'pieces' | 'values' | 'marks' | 'top', SVGGElement>;
  readonly #polyline: SVGPolylineElement;
  readonly #crosses: SVGPathElement;
  readonly #hatch: SVGPathElement;
  readonly #rings: SVGPathElement;
  readonly #highlights: SVGPathElement;
  readonly #start: SVGCircleElement;
  readonly #touched: SVGRectElement;
  readonly #cursor: SVGRectElement;
  readonly #frame: SVGRectElement;
  readonly #symbol: SVGSymbolElement;
  readonly #symbolPath: SVGPathElement;

  constructor() {
    this.svg = svgEl('svg', { class: 'board', xmlns: 'http://www.w3.org/2000/svg', role: 'img' });
    const defs = svgEl('defs');
    this.#symbol = svgEl('symbol', { id: `${this.#uid}-piece`, viewBox: '0 0 100 100' });
    this.#symbolPath = svgEl('path', { class: 'piece-shape', 'fill-rule': 'evenodd' });
    this.#symbol.append(this.#symbolPath);
    defs.append(this.#symbol);
    this.svg.append(defs);
    const layer = (name: string) => svgEl('g', { class: name });
    this.#layers = {
      squares: layer('squares'),
      overlays: layer('overlays'),
      labels: layer('labels'),
      path: layer('path'),
      numbers: layer('numbers'),
      degrees: layer('degrees'),
      conflicts: layer('conflicts'),
      pieces: layer('pieces'),
      values: layer('values'),
      marks: layer('marks'),
      top: layer('top'),
    };
    this.svg.append(...Object.values(this.#layers));
    this.#crosses = svgEl('path', { class: 'rejected-cross' });
    this.#hatch = svgEl('path', { class: 'attacked-hatch' });
    this.#layers.overlays.after(this.#hatch, this.#crosses);
    this.#polyline = svgEl('polyline', { class: 'tour-path' });
    this.#start = svgEl('circle', { class: 'tour-start', r: C * 0.2 });
    this.#layers.path.append(this.#polyline, this.#start);
    this.#rings = svgEl('path', { class: 'attacked-ring' });
    this.#layers.pieces.before(this.#rings);
    this.#touched = svgEl('rect', { class: 'touched', width: C - 4, height: C - 4 });
    this.#cursor = svgEl('rect', { class: 'cursor', width: C - 2, height: C - 2 });
    this.#frame = svgEl('rect', { class: 'solved-frame', x: 2, y: 2 });
    this.#highlights = svgEl('path', { class: 'highlight' });
    this.#layers.top.append(this.#touched, this.#highlights, this.#cursor, this.#frame);
  }

  /** The square under a point of the page, or -1. */
  squareAt(clientX: number, clientY: number): number {
    if (!this.#board) return -1;
    const box = this.svg.getBoundingClientRect();
    const { width, height } = this.#board;
    const col = Math.floor(((clientX - box.left) / box.width) * width);
    const rowFromTop = Math.floor(((clientY - box.top) / box.height) * height);
    if (col < 0 || col >= width || rowFromTop < 0 || rowFromTop >= height) return -1;
    return (height - 1 - rowFromTop) * width + col;
  }

  draw(picture: BoardPicture): void {
    const { board, piece } = picture;
    this.#reshape(board);
    this.#setPiece(piece);
    setAttr(this.svg, 'aria-label', picture.label);
    this.#drawOverlays(picture);
    this.#drawCrosses(picture);
    this.#drawPath(picture);
    this.#drawPieces(picture.pieces ?? [], picture.attackedPieces ?? []);
    this.#drawConflicts(picture);
    this.#drawCandidates(picture);
    this.#place(this.#touched, picture.touched?.square, 2);
    if (picture.touched) setAttr(this.#touched, 'class', `touched ${picture.touched.how}`);
    this.#place(this.#cursor, picture.cursor, 1);
    this.#drawHighlights(picture.highlights ?? []);
    setAttr(this.#frame, 'visibility', picture.solved ? 'visible' : 'hidden');
    setAttr(this.svg, 'data-pieces', (picture.pieces ?? []).join(' '));
    setAttr(this.svg, 'data-path', picture.path ? Array.from(picture.path).join(' ') : '');
    setAttr(this.svg, 'data-attacked', [...(picture.attackedPieces ?? [])].sort((a, b) => a - b).join(' '));
    setAttr(this.svg, 'data-highlights', (picture.highlights ?? []).join(' '));
    setAttr(this.svg, 'data-conflicts', String(picture.conflicts?.length ?? 0));
    setAttr(this.svg, 'data-uncovered', picture.cover ? uncoveredSquares(picture.board, picture.cover).join(' ') : '');
    setAttr(this.svg, 'data-crossed', [...(picture.crossed ?? [])].sort((a, b) => a - b).join(' '));
    setAttr(this.svg, 'data-tints', [...(picture.tints ?? [])].sort(([a], [b]) => a - b).map(([sq, t]) => `${sq}:${t}`).join(' '));
    setAttr(this.svg, 'data-shades', [...(picture.shades ?? [])].filter(([, s]) => s !== 'rejected' && s !== 'attacked').sort(([a], [b]) => a - b).map(([sq, s]) => `${sq}:${s}`).join(' '));
    setAttr(this.svg, 'data-labels', [...(picture.labels ?? [])].sort(([a], [b]) => a - b).map(([sq, t]) => `${sq}:${t}`).join(' '));
    setAttr(this.svg, 'data-rejected', [...(picture.shades ?? [])].filter(([, s]) => s === 'rejected').map(([sq]) => sq).sort((a, b) => a - b).join(' '));
  }

  #reshape(board: Board): void {
    const shape = `${board.width}x${board.height}:${board.removed.join(',')}`;
    this.#board = board;
    if (shape === this.#shape) return;
    this.#shape = shape;
    const { width, height } = board;
    setAttr(this.svg, 'viewBox', `0 0 ${width * C} ${height * C}`);
    this.svg.style.setProperty('--aspect', `${width} / ${height}`);
    const squares: SVGRectElement[] = [];
    this.#overlays = [];
    for (let sq = 0; sq < board.size; sq++) {
      const [x, y] = this.#xy(sq);
      const colour = board.isRemoved(sq) ? 'removed' : board.colour(sq) === 0 ? 'dark' : 'light';
      squares.push(svgEl('rect', { class: `sq ${colour}`, x, y, width: C, height: C }));
      this.#overlays.push(svgEl('rect', { class: 'ov', x, y, width: C, height: C }));
    }
    this.#overlayClass = Array.from({ length: board.size }, () => 'ov');
    this.#layers.squares.replaceChildren(...squares);
    this.#layers.overlays.replaceChildren(...this.#overlays);
    this.#layers.numbers.replaceChildren();
    this.#layers.degrees.replaceChildren();
    this.#layers.values.replaceChildren();
    this.#numbers.clear();
    this.#degrees.clear();
    this.#labels.clear();
    this.#numberText = [];
    this.#degreeText = [];
    this.#labelText = [];
    // Coordinates as on a printed board: files along the bottom rank, ranks up the a-file.
    const labels: SVGTextElement[] = [];
    if (board.algebraic && Math.max(width, height) <= 26) {
      for (let col = 0; col < width; col++) labels.push(text(col * C + C - 3, height * C - 3, board.fileName(col), 'coord end'));
      for (let row = 0; row < height; row++) labels.push(text(3, (height - 1 - row) * C + 11, String(row + 1), 'coord'));
    }
    this.#layers.labels.replaceChildren(...labels);
    setAttr(this.#frame, 'width', String(width * C - 4));
    setAttr(this.#frame, 'height', String(height * C - 4));
  }

  #setPiece(piece: Piece): void {
    if (piece.id === this.#pieceId) return;
    this.#pieceId = piece.id;
    this.#symbolPath.setAttribute('d', piecePath(piece.id));
  }

  #drawOverlays(picture: BoardPicture): void {
    const { board, shades, heat, cover, tints, labels } = picture;
    const numbered = Math.max(board.width, board.height) <= MAX_NUMBERED_SIDE;
    const occupied = new Set(labels ? picture.pieces : []);
    for (let sq = 0; sq < board.size; sq++) {
      const shade = shades?.get(sq);
      const degree = heat ? heat[sq]! : -1;
      const tint = tints?.get(sq);
      const cls =
        shade ? `ov ${shade}`
        : tint !== undefined ? `ov tint tint-${tint % 8}`
        : degree >= 0 ? `ov heat heat-${Math.min(degree, 5)}`
        : cover && !board.isRemoved(sq) ? (cover[sq] === 0 ? 'ov uncovered' : `ov covered covered-${Math.min(cover[sq]!, 3)}`)
        : 'ov';
      if (this.#overlayClass[sq] !== cls) {
        this.#overlayClass[sq] = cls;
        this.#overlays[sq]!.setAttribute('class', cls);
      }
      // Onward degrees bottom left, small, red-brown, like the candidates' badges; move numbers top right, larger, navy.
      this.#setText(this.#degrees, this.#degreeText, this.#layers.degrees, sq, numbered && degree >= 0 ? String(degree) : '', 'degree', 3, C - 4);
      if (labels || this.#labelText.length > 0) {
        this.#setText(this.#labels, this.#labelText, this.#layers.values, sq, (numbered && labels?.get(sq)) || '', 'square-value', C / 2, C / 2);
        // On a piece's own square (min-conflicts' picked queen) the value sits in the top right corner, off the piece.
        const label = this.#labels.get(sq);
        if (label) {
          const onPiece = occupied.has(sq);
          const [x, y] = this.#xy(sq);
          setAttr(label, 'class', onPiece ? 'square-value on-piece' : 'square-value');
          setAttr(label, 'x', String(onPiece ? x + C - 7 : x + C / 2));
          setAttr(label, 'y', String(onPiece ? y + 9 : y + C / 2));
        }
      }
    }
  }

  /**
   * Rejected squares get a cross besides their colour, so they read without colour too: one path for all. Attacked
   * squares get a short dark diagonal stroke: their tint differs from a free square's by hue, the stroke by contrast
   * (more than 3:1 on light and dark squares alike).
   */
  #drawCrosses(picture: BoardPicture): void {
    const hatch: string[] = [];
    for (const [sq, shade] of picture.shades ?? []) {
      if (shade !== 'attacked') continue;
      const [x, y] = this.#xy(sq);
      hatch.push(`M${x + C * 0.36} ${y + C * 0.64}L${x + C * 0.64} ${y + C * 0.36}`);
    }
    setAttr(this.#hatch, 'd', hatch.join(''));
    const d: string[] = [];
    const crossed = [...picture.crossed ?? []];
    for (const [sq, shade] of picture.shades ?? []) if (shade === 'rejected') crossed.push(sq);
    for (const sq of crossed) {
      const [x, y] = this.#xy(sq);
      d.push(`M${x + C * 0.28} ${y + C * 0.28}L${x + C * 0.72} ${y + C * 0.72}M${x + C * 0.72} ${y + C * 0.28}L${x + C * 0.28} ${y + C * 0.72}`);
    }
    setAttr(this.#crosses, 'd', d.join(''));
  }

  #drawPath(picture: BoardPicture): void {
    const path = picture.path;
    const { board } = picture;
    if (!path || path.length === 0) {
      setAttr(this.#polyline, 'points', '');
      setAttr(this.#start, 'visibility', 'hidden');
      if (this.#numberText.some(Boolean)) for (const sq of this.#numbers.keys()) this.#setText(this.#numbers, this.#numberText, this.#layers.numbers, sq, '', 'move-number', 0, 0);
      return;
    }
    const points: string[] = [];
    for (let i = 0; i < path.length; i++) {
      const [x, y] = this.#xy(path[i]!);
      points.push(`${x + C / 2},${y + C / 2}`);
    }
    if (picture.closed && path.length === board.playable && path.length > 1) points.push(points[0]!);
    setAttr(this.#polyline, 'points', points.join(' '));
    const [sx, sy] = this.#xy(path[0]!);
    setAttr(this.#start, 'visibility', 'visible');
    setAttr(this.#start, 'cx', String(sx + C / 2));
    setAttr(this.#start, 'cy', String(sy + C / 2));
    // Move numbers: the square's place in the path, written small in its top corner.
    if (Math.max(board.width, board.height) > MAX_NUMBERED_SIDE) return;
    const numberOf = new Map<number, number>();
    for (let i = 0; i < path.length; i++) numberOf.set(path[i]!, i + 1);
    for (const sq of new Set([...this.#numbers.keys(), ...numberOf.keys()])) {
      this.#setText(this.#numbers, this.#numberText, this.#layers.numbers, sq, numberOf.has(sq) ? String(numberOf.get(sq)) : '', 'move-number', C - 3, 12);
    }
  }

  /** Pieces drawn; an attacked one red (a class) inside a ring (one path for all rings), so it reads without colour too. */
  #drawPieces(pieces: readonly number[], attacked: readonly number[]): void {
    const hit = new Set(attacked);
    const rings: string[] = [];
    const r = C * 0.46;
    for (const sq of attacked) {
      const [x, y] = this.#xy(sq);
      rings.push(`M${x + C / 2 - r} ${y + C / 2}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`);
    }
    setAttr(this.#rings, 'd', rings.join(''));
    while (this.#uses.length < pieces.length) {
      const use = svgEl('use', { href: `#${this.#uid}-piece`, width: C * 0.9, height: C * 0.9, class: 'piece' });
      this.#uses.push(use);
      this.#layers.pieces.append(use);
    }
    for (let i = 0; i < this.#uses.length; i++) {
      const use = this.#uses[i]!;
      if (i < pieces.length) {
        const [x, y] = this.#xy(pieces[i]!);
        setAttr(use, 'x', String(x + C * 0.05));
        setAttr(use, 'y', String(y + C * 0.05));
        setAttr(use, 'visibility', 'visible');
        setAttr(use, 'class', hit.has(pieces[i]!) ? 'piece attacked-piece' : 'piece');
      } else setAttr(use, 'visibility', 'hidden');
    }
  }

  /** One path of square outlines, inset so that two neighbours' outlines stay apart. */
  #drawHighlights(squares: readonly number[]): void {
    const d = squares.map((sq) => {
      const [x, y] = this.#xy(sq);
      return `M${x + 3} ${y + 3}h${C - 6}v${C - 6}h${-(C - 6)}z`;
    });
    setAttr(this.#highlights, 'd', d.join(''));
  }

  #drawConflicts(picture: BoardPicture): void {
    const conflicts = picture.conflicts ?? [];
    const key = conflicts.map((c) => `${c.a}-${c.b}`).join(' ');
    if (this.#layers.conflicts.dataset.key === key) return;
    this.#layers.conflicts.dataset.key = key;
    this.#layers.conflicts.replaceChildren(
      ...conflicts.map((c) => {
        const [ax, ay] = this.#xy(c.a);
        const [bx, by] = this.#xy(c.b);
        const line = svgEl('line', { class: 'conflict', x1: ax + C / 2, y1: ay + C / 2, x2: bx + C / 2, y2: by + C / 2 });
        line.append(svgEl('title'));
        line.firstChild!.textContent = c.message;
        return line;
      }),
    );
  }

  #drawCandidates(picture: BoardPicture): void {
    const candidates = picture.candidates ?? [];
    while (this.#marks.length < candidates.length) {
      const g = svgEl('g', { class: 'candidate' });
      g.append(svgEl('circle', { r: C * 0.4, class: 'ring' }), svgEl('circle', { r: C * 0.17, class: 'badge' }), svgEl('text', { class: 'badge-text' }));
      this.#marks.push(g);
      this.#layers.marks.append(g);
    }
    for (let i = 0; i < this.#marks.length; i++) {
      const g = this.#marks[i]!;
      const c = candidates[i];
      if (!c) {
        setAttr(g, 'visibility', 'hidden');
        continue;
      }
      const [x, y] = this.#xy(c.square);
      setAttr(g, 'visibility', 'visible');
      setAttr(g, 'transform', `translate(${x + C / 2} ${y + C / 2})`);
      setAttr(g, 'data-square', String(c.square));
      const badge = g.children[1]!;
      const label = g.children[2]!;
      // 'inherit', not 'visible': a child made visible would show through its group hidden later.
      setAttr(badge, 'visibility', picture.hideDegrees ? 'hidden' : 'inherit');
      setAttr(label, 'visibility', picture.hideDegrees ? 'hidden' : 'inherit');
      setAttr(badge, 'cx', String(-C * 0.3));
      setAttr(badge, 'cy', String(C * 0.3));
      setAttr(label, 'x', String(-C * 0.3));
      setAttr(label, 'y', String(C * 0.3));
      if (label.textContent !== String(c.degree)) label.textContent = String(c.degree);
    }
  }

  #setText(pool: Map<number, SVGTextElement>, current: string[], layer: SVGGElement, sq: number, value: string, cls: string, dx: number, dy: number): void {
    if ((current[sq] ?? '') === value) return;
    current[sq] = value;
    let element = pool.get(sq);
    if (!element) {
      const [x, y] = this.#xy(sq);
      element = text(x + dx, y + dy, '', `${cls}${cls === 'move-number' ? ' end' : ''}`);
      pool.set(sq, element);
      layer.append(element);
    }
    element.textContent = value;
  }

  #place(rect: SVGRectElement, sq: number | undefined, inset: number): void {
    if (sq === undefined || sq < 0) {
      setAttr(rect, 'visibility', 'hidden');
      return;
    }
    const [x, y] = this.#xy(sq);
    setAttr(rect, 'visibility', 'visible');
    setAttr(rect, 'x', String(x + inset));
    setAttr(rect, 'y', String(y + inset));
  }

  #xy(sq: number): [number, number] {
    const { width, height } = this.#board;
    return [(sq % width) * C, (height - 1 - Math.floor(sq / width)) * C];
  }
}

function text(x: number, y: number, content: string, cls: string): SVGTextElement {
  const t = svgEl('text', { x, y, class: cls });
  t.textContent = content;
  return t;
}
