import { drawBoardCanvas } from './board-canvas.js';
import { SVG_MAX_SQUARES, type BoardPicture } from './board-picture.js';
import { BoardSvg } from './board-svg.js';
import { setAttr, setText, show } from '../shared/dom.js';

/** A canvas board lists its pieces in data attributes up to this many. */
const CANVAS_LISTED = 20_000;

/** What a square means at this moment, for the tooltip; undefined shows none. */
export type Describe = (square: number) => string | undefined;

/**
 * The board on the page: the SVG for boards up to 32×32, a canvas beyond. It shows a tooltip with the reason
 * for a square's shading on hover (or a tap), and in play mode reports clicks, taps and the keyboard cursor
 * (arrow keys move it, Enter or Space choose the square).
 */
export class BoardHost {
  readonly #svg = new BoardSvg();
  #canvas?: HTMLCanvasElement;
  #describe: Describe = () => undefined;
  #onSquare: ((square: number) => void) | undefined;
  #picture?: BoardPicture;
  #tapTimer: ReturnType<typeof setTimeout> | undefined;
  /** The square the tooltip speaks of, so a new drawing (a piece just placed) rewrites it; -1 for none. */
  #tipSquare = -1;
  cursor = 0;
  /** A canvas board drawn larger, in a box that scrolls (a 200×200 tour read square by square). */
  zoomed = false;

  constructor(
    private readonly host: HTMLElement,
    private readonly tooltip: HTMLElement,
  ) {
    const svg = this.#svg.svg;
    svg.addEventListener('pointermove', (event) => this.#hover(event));
    // A finger lifted "leaves" too (pointerleave follows touch-up): only a mouse leaving hides the reason at once.
    svg.addEventListener('pointerleave', (event) => {
      if (event.pointerType === 'mouse') this.#hide();
    });
    // A tap shows the reason for a while, since a finger never "leaves" the square the way a mouse does.
    svg.addEventListener('pointerdown', (event) => {
      if (event.pointerType === 'mouse') return;
      this.#hover(event);
      clearTimeout(this.#tapTimer);
      this.#tapTimer = setTimeout(() => this.#hide(), 2500);
    });
    svg.addEventListener('click', (event) => {
      const square = this.#svg.squareAt(event.clientX, event.clientY);
      if (square >= 0 && this.#onSquare) {
        this.cursor = square;
        this.#onSquare(square);
      }
    });
    svg.addEventListener('keydown', (event) => this.#key(event));
    // A tap (or click) anywhere else closes the reason it showed: on a phone nothing "leaves" the board.
    document.addEventListener('pointerdown', (event) => {
      if (!this.tooltip.hidden && !(event.target instanceof Node && svg.contains(event.target))) this.#hide();
    });
  }

  /** In play mode, `onSquare` receives chosen squares and the board takes keyboard focus; otherwise it is a picture. */
  interactive(onSquare: ((square: number) => void) | undefined): void {
    this.#onSquare = onSquare;
    const svg = this.#svg.svg;
    if (onSquare) {
      setAttr(svg, 'tabindex', '0');
      setAttr(svg, 'role', 'application');
      setAttr(svg, 'aria-roledescription', 'board');
    } else {
      svg.removeAttribute('tabindex');
      setAttr(svg, 'role', 'img');
      svg.removeAttribute('aria-roledescription');
    }
  }

  /** Told of every picture drawn (the legend follows it). */
  onDraw: ((picture: BoardPicture) => void) | undefined;

  draw(picture: BoardPicture, describe: Describe): void {
    this.onDraw?.(picture);
    this.#picture = picture;
    this.#describe = describe;
    const { board } = picture;
    // The host's width is capped by the window's height through this ratio, so tall boards fit the screen too.
    const ratio = String(board.width / board.height);
    if (this.host.style.getPropertyValue('--ratio') !== ratio) this.host.style.setProperty('--ratio', ratio);
    if (board.size <= SVG_MAX_SQUARES) {
      if (this.host.firstChild !== this.#svg.svg) this.host.replaceChildren(this.#svg.svg);
      this.#svg.draw(this.#onSquare ? { ...picture, cursor: this.cursor } : picture);
    } else {
      const canvas = (this.#canvas ??= document.createElement('canvas'));
      if (this.host.firstChild !== canvas) this.host.replaceChildren(canvas);
      setAttr(canvas, 'role', 'img');
      setAttr(canvas, 'aria-label', picture.label);
      canvas.style.setProperty('--aspect', `${board.width} / ${board.height}`);
      // The squares shown, as the SVG board writes them, for tests and tools (not for a picture of a million pieces).
      const pieces = picture.pieces ?? [];
      setAttr(canvas, 'data-pieces', pieces.length <= CANVAS_LISTED ? pieces.join(' ') : '');
      const attacked = picture.attackedPieces ?? [];
      setAttr(canvas, 'data-attacked', attacked.length <= CANVAS_LISTED ? [...attacked].sort((a, b) => a - b).join(' ') : '');
      // Zoomed, a square is 16 pixels (the canvas at most 4,096 a side), and the host scrolls.
      drawBoardCanvas(canvas, picture, this.zoomed ? Math.min(4096, Math.max(board.width, board.height) * 16) : undefined);
    }
    // The tooltip says what the square means now, not before this drawing ("d8: free" under a queen just placed).
    if (this.#tipSquare >= 0 && !this.tooltip.hidden) {
      const text = this.#tipSquare < board.size ? describe(this.#tipSquare) : undefined;
      if (text) setText(this.tooltip, text);
      else this.#hide();
    }
  }

  #hide(): void {
    this.#tipSquare = -1;
    show(this.tooltip, false);
  }

  #hover(event: PointerEvent): void {
    const square = this.#svg.squareAt(event.clientX, event.clientY);
    const text = square >= 0 ? this.#describe(square) : undefined;
    if (!text) {
      this.#hide();
      return;
    }
    this.#tipSquare = square;
    setText(this.tooltip, text);
    show(this.tooltip, true);
    // Beside the pointer, kept inside the window: above a finger (which would hide it), below a mouse, and on the
    // other side of either where there is no room.
    const below = event.pointerType === 'mouse';
    const x = Math.min(event.clientX + 14, window.innerWidth - this.tooltip.offsetWidth - 4);
    const under = event.clientY + 14;
    const over = event.clientY - 14 - this.tooltip.offsetHeight;
    const y = below ? (under + this.tooltip.offsetHeight <= window.innerHeight - 4 ? under : over) : over >= 4 ? over : under;
    this.tooltip.style.left = `${Math.max(4, x)}px`;
    this.tooltip.style.top = `${Math.max(4, Math.min(y, window.innerHeight - this.tooltip.offsetHeight - 4))}px`;
  }

  #key(event: KeyboardEvent): void {
    const picture = this.#picture;
    if (!this.#onSquare || !picture) return;
    const { width, height } = picture.board;
    const row = Math.floor(this.cursor / width);
    const col = this.cursor % width;
    const moves: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const move = moves[event.key];
    if (move) {
      const r = Math.min(height - 1, Math.max(0, row + move[0]));
      const c = Math.min(width - 1, Math.max(0, col + move[1]));
      this.cursor = r * width + c;
      this.#svg.draw({ ...picture, cursor: this.cursor });
      setText(this.tooltip, '');
      this.#hide();
      this.host.dispatchEvent(new CustomEvent('cursor', { detail: this.cursor }));
    } else if (event.key === 'Enter' || event.key === ' ') {
      this.#onSquare(this.cursor);
    } else return;
    event.preventDefault();
  }
}
