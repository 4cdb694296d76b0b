import type { Board } from '@bezzel/core';
import type { SearchTree } from '../run/search-tree.js';

/** Deeper searches than this (a long tour) make rows too thin to read: the view says so instead. */
export const MAX_TREE_DEPTH = 64;
/** The tree is laid out again at most this often while a run streams in. */
const RELAYOUT_MS = 250;

const COLOURS = { inner: '#9fb3c8', dead: '#d9534f', solution: '#2e9e44', path: '#1f3a5f', ghost: '#eef2f6' };

/**
 * The search tree as an icicle chart on a canvas: one row per depth, each node as wide as the leaves below it,
 * so the search sweeps left to right and the explored part grows as the replay advances. The whole tree is
 * painted once into an offscreen canvas; a frame copies the explored strip of each row from it and outlines
 * the path to the current node, so a frame costs a few copies however big the tree.
 */
export class TreeView {
  #painted?: HTMLCanvasElement;
  #paintedSize = -1;
  #paintedAt = 0;
  #layout?: { x0: Float64Array; x1: Float64Array; leaves: number };
  #rowHeight = 1;
  #scale = 1;
  /** How many times the explored part is magnified: a power of two, chosen from the newest node seen. */
  #zoom = 1;

  /** The canvas's size on the screen, read when it changes rather than every frame (a read forces a layout). */
  #box = { width: 300, height: 150 };
  /** The last position drawn, to draw again when the box changes size. */
  #drawn: [number, number] | undefined;
  readonly #observer: ResizeObserver;

  constructor(
    readonly canvas: HTMLCanvasElement,
    private readonly tree: SearchTree,
    private readonly board: Board,
  ) {
    this.#observer = new ResizeObserver(([entry]) => {
      if (!entry || entry.contentRect.width <= 0) return;
      const changed = entry.contentRect.width !== this.#box.width || entry.contentRect.height !== this.#box.height;
      this.#box = { width: entry.contentRect.width, height: entry.contentRect.height };
      // A box that changed size (presentation mode, a window resized) is drawn again at once, not at the next step.
      if (changed && this.#drawn) this.draw(...this.#drawn);
    });
    this.#observer.observe(canvas);
  }

  /** Stops watching the canvas's size (a new run makes a new view). */
  dispose(): void {
    this.#observer.disconnect();
  }

  /** Whether this tree can be drawn legibly. */
  get drawable(): boolean {
    return this.tree.treeShaped && this.tree.size > 0 && this.tree.maxDepth <= MAX_TREE_DEPTH;
  }

  draw(position: number, pathLength: number): void {
    this.#drawn = [position, pathLength];
    const canvas = this.canvas;
    const width = Math.max(1, Math.round(this.#box.width * devicePixelRatio));
    const height = Math.max(1, Math.round(this.#box.height * devicePixelRatio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
      this.#paintedSize = -1;
    }
    const g = canvas.getContext('2d');
    if (!g) return;
    this.#repaint(width, height, position);
    const layout = this.#layout!;
    const painted = this.#painted!;
    g.fillStyle = COLOURS.ghost;
    g.fillRect(0, 0, width, height);
    // The nodes seen by now are a prefix of each row, because the search goes left to right.
    // Nodes made since the last layout wait for the next one.
    const laidOut = layout.x0.length;
    const seen = Math.min(this.tree.seenBy(position), laidOut);
    this.canvas.dataset.zoom = String(this.#zoom);
    for (const row of this.tree.byDepth) {
      let lo = 0;
      let hi = row.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (row[mid]! < seen) lo = mid + 1;
        else hi = mid;
      }
      if (lo === 0) continue;
      const last = row[lo - 1]!;
      const depth = this.tree.depth[last]!;
      const right = Math.min(width, Math.ceil(layout.x1[last]! * this.#scale));
      const y = depth * this.#rowHeight;
      if (right > 0) g.drawImage(painted, 0, y, right, this.#rowHeight, 0, y, right, this.#rowHeight);
    }
    g.strokeStyle = COLOURS.path;
    g.lineWidth = Math.max(1.5, devicePixelRatio * 1.5);
    for (const node of this.tree.pathAt(position, pathLength)) {
      if (node >= laidOut) break;
      const x = layout.x0[node]! * this.#scale;
      const w = Math.max(2, (layout.x1[node]! - layout.x0[node]!) * this.#scale);
      g.strokeRect(x + 0.5, this.tree.depth[node]! * this.#rowHeight + 0.5, w - 1, this.#rowHeight - 1);
    }
  }

  /** The node under a point of the canvas (CSS pixels), or -1. */
  nodeAt(offsetX: number, offsetY: number): number {
    if (!this.#layout) return -1;
    const x = (offsetX * devicePixelRatio) / this.#scale;
    const depth = Math.floor((offsetY * devicePixelRatio) / this.#rowHeight);
    return this.tree.nodeAt(depth, x, this.#layout.x0, this.#layout.x1);
  }

  /** A node in words, for the tooltip. */
  describe(node: number): string {
    const t = this.tree;
    const what = t.solution[node] ? 'a solution' : t.isDeadEnd(node) ? 'a dead end' : `${t.children[node]} branch${t.children[node] === 1 ? '' : 'es'}`;
    return `${this.board.name(t.square[node]!)} at depth ${t.depth[node]! + 1}: ${what}`;
  }

  /**
   * The magnification that makes the explored part fill at least half the width: early in a search it is a sliver
   * of the whole tree's width (the first dead end of 8 queens is a pixel wide), so the view zooms in by powers of
   * two — a repaint only when the power changes — with a leaf never wider than a quarter of the view.
   */
  #zoomFor(position: number): number {
    const layout = this.#layout!;
    const seen = Math.min(this.tree.seenBy(position), layout.x0.length);
    if (seen === 0) return 1;
    const explored = Math.max(layout.x1[seen - 1]!, Math.min(4, layout.leaves));
    return 2 ** Math.max(0, Math.floor(Math.log2(layout.leaves / explored)));
  }

  /** Paints every node into the offscreen canvas, again only when the tree has grown (and not too often) or the zoom changes. */
  #repaint(width: number, height: number, position: number): void {
    const size = this.tree.size;
    const now = performance.now();
    const grown = !this.#painted || (size !== this.#paintedSize && now - this.#paintedAt >= RELAYOUT_MS);
    if (grown) {
      this.#paintedSize = size;
      this.#paintedAt = now;
      this.#layout = this.tree.layout();
    }
    const zoom = this.#zoomFor(position);
    if (!grown && zoom === this.#zoom && this.#painted!.width === width && this.#painted!.height === height) return;
    this.#zoom = zoom;
    const layout = this.#layout!;
    const painted = this.#painted ?? document.createElement('canvas');
    this.#painted = painted;
    painted.width = width;
    painted.height = height;
    const g = painted.getContext('2d')!;
    this.#rowHeight = Math.max(1, Math.floor(height / (this.tree.maxDepth + 1)));
    this.#scale = (width / Math.max(1, layout.leaves)) * zoom;
    g.clearRect(0, 0, width, height);
    const labels = this.#rowHeight >= 12;
    g.font = `${Math.min(12 * devicePixelRatio, this.#rowHeight * 0.7)}px sans-serif`;
    g.textBaseline = 'middle';
    g.textAlign = 'center';
    for (let node = 0; node < layout.x0.length; node++) {
      const x = layout.x0[node]! * this.#scale;
      if (x >= width) continue;
      const w = (layout.x1[node]! - layout.x0[node]!) * this.#scale;
      const y = this.tree.depth[node]! * this.#rowHeight;
      g.fillStyle = this.tree.solution[node] ? COLOURS.solution : this.tree.isDeadEnd(node) ? COLOURS.dead : COLOURS.inner;
      g.fillRect(x, y, Math.max(w - (w > 3 ? 1 : 0), 0.5), this.#rowHeight - 1);
      if (labels && w >= 18 * devicePixelRatio) {
        g.fillStyle = '#fff';
        // Centred on the part in view: zoomed in, a wide node runs past the right edge.
        g.fillText(this.board.name(this.tree.square[node]!), x + Math.min(w, width - x) / 2, y + this.#rowHeight / 2);
      }
    }
  }
}
