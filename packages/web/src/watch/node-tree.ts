import type { Board } from '@bezzel/core';
import type { SearchTree } from '../run/search-tree.js';
import { setAttr, svgEl } from '../shared/dom.js';

/** Boards whose search tree is drawn node by node: 4 to 8 a side, where every node can be read. */
export const NODE_TREE_SIDES = { min: 4, max: 8 } as const;
/** Depths shown open at first (below them only the path to the current step, until the reader opens more). */
const OPEN_DEPTH = 2;
const SLOT = 30;
const ROW = 46;
const R = 10;
const ZOOMS = [0.35, 0.5, 0.7, 1, 1.4, 2] as const;

/** What a drawn node is: a solution, a dead end, a node with branches shown, or the one the search stands on. */
function kindOf(tree: SearchTree, node: number, seenKids: number, onPath: boolean): 'solution' | 'dead' | 'inner' | 'open' {
  if (tree.solution[node]) return 'solution';
  if (seenKids > 0) return 'inner';
  return onPath || tree.children[node]! > 0 ? 'open' : 'dead';
}

/**
 * The search tree as nodes and links for small boards (4–8 queens), beside the icicle: each node a circle named by
 * its square (green: a solution, red: a dead end), the path to the current step outlined. Subtrees fold and
 * unfold (the ± badge, Space, or the arrow keys); a click or Enter goes to that node's step; zoom with −, + and Fit
 * (or Ctrl+wheel). It is a keyboard tree (role tree): Tab reaches it, Up and Down walk the open nodes, Right opens
 * or goes down, Left folds or goes up, Home and End.
 */
export class NodeTree {
  readonly #opened = new Set<number>();
  readonly #folded = new Set<number>();
  #focus = 0;
  #zoomIndex = 3;
  #key = '';
  #tree: SearchTree | undefined;
  #board: Board | undefined;
  #seen = 0;
  #path: number[] = [];
  #visible: number[] = [];
  #kids = new Map<number, number[]>();

  constructor(
    private readonly host: HTMLElement,
    private readonly svg: SVGSVGElement,
    private readonly go: (position: number) => void,
  ) {
    svg.addEventListener('keydown', (event) => this.#keydown(event));
    svg.addEventListener('click', (event) => {
      const target = (event.target as Element).closest<SVGGElement>('[data-node]');
      if (!target) return;
      const node = Number(target.dataset.node);
      this.#focus = node;
      if ((event.target as Element).closest('.fold')) this.#toggle(node);
      else this.#goTo(node);
    });
    host.querySelector('.zoom-in')?.addEventListener('click', () => this.zoom(1));
    host.querySelector('.zoom-out')?.addEventListener('click', () => this.zoom(-1));
    host.querySelector('.zoom-fit')?.addEventListener('click', () => this.fit());
    host.addEventListener(
      'wheel',
      (event) => {
        if (!event.ctrlKey) return;
        event.preventDefault();
        this.zoom(event.deltaY < 0 ? 1 : -1);
      },
      { passive: false },
    );
  }

  /** Whether a run's tree is drawn here. */
  static fits(board: Board, tree: SearchTree): boolean {
    return tree.treeShaped && board.width === board.height && board.width >= NODE_TREE_SIDES.min && board.width <= NODE_TREE_SIDES.max;
  }

  get zoomLevel(): number {
    return ZOOMS[this.#zoomIndex]!;
  }

  zoom(delta: number): void {
    this.#zoomIndex = Math.max(0, Math.min(ZOOMS.length - 1, this.#zoomIndex + delta));
    this.#redraw(true);
  }

  /** The zoom at which the open tree is as wide as its box. */
  fit(): void {
    const width = (this.#slots() + 1) * SLOT;
    const box = this.host.querySelector<HTMLElement>('.node-tree-scroll')?.clientWidth ?? 300;
    let best = 0;
    for (let i = 0; i < ZOOMS.length; i++) if (width * ZOOMS[i]! <= box) best = i;
    this.#zoomIndex = best;
    this.#redraw(true);
  }

  /** Draws the tree as the replay stands: the nodes made by `position`, the path down to the current one. */
  draw(tree: SearchTree, board: Board, position: number, depth: number): void {
    if (tree !== this.#tree) {
      this.#tree = tree;
      this.#opened.clear();
      this.#folded.clear();
      this.#focus = 0;
    }
    this.#board = board;
    this.#seen = tree.seenBy(position);
    this.#path = tree.pathAt(position, depth);
    const key = `${this.#seen}|${this.#path.join(',')}`;
    if (key === this.#key) return;
    this.#key = key;
    this.#redraw(false);
  }

  #isOpen(node: number): boolean {
    if (this.#opened.has(node)) return true;
    if (this.#folded.has(node)) return false;
    return this.#tree!.depth[node]! < OPEN_DEPTH || this.#path.includes(node);
  }

  #slots(): number {
    let leaves = 0;
    const walk = (node: number) => {
      const kids = this.#kids.get(node) ?? [];
      if (kids.length === 0 || !this.#isOpen(node)) leaves++;
      else for (const k of kids) walk(k);
    };
    for (const root of this.#kids.get(-1) ?? []) walk(root);
    return leaves;
  }

  #redraw(keepFocus: boolean): void {
    const tree = this.#tree;
    const board = this.#board;
    if (!tree || !board) return;
    const seen = this.#seen;
    this.#kids = new Map();
    for (let node = 0; node < seen; node++) {
      const p = tree.parent[node]!;
      let list = this.#kids.get(p);
      if (!list) this.#kids.set(p, (list = []));
      list.push(node);
    }
    // Tidy layout: open leaves in order one slot apart, each parent over the middle of its children.
    const x = new Map<number, number>();
    this.#visible = [];
    let slot = 0;
    let maxDepth = 0;
    const place = (node: number): number => {
      this.#visible.push(node);
      maxDepth = Math.max(maxDepth, tree.depth[node]!);
      const kids = this.#kids.get(node) ?? [];
      if (kids.length === 0 || !this.#isOpen(node)) {
        x.set(node, slot++);
        return x.get(node)!;
      }
      const xs = kids.map(place);
      x.set(node, (xs[0]! + xs[xs.length - 1]!) / 2);
      return x.get(node)!;
    };
    for (const root of this.#kids.get(-1) ?? []) place(root);
    if (!this.#visible.includes(this.#focus)) this.#focus = this.#visible[0] ?? 0;
    const width = (slot + 1) * SLOT;
    const height = (maxDepth + 1) * ROW + ROW / 2;
    const zoom = this.zoomLevel;
    setAttr(this.svg, 'viewBox', `0 0 ${width} ${height}`);
    setAttr(this.svg, 'width', String(Math.round(width * zoom)));
    setAttr(this.svg, 'height', String(Math.round(height * zoom)));
    setAttr(this.svg, 'data-zoom', String(zoom));
    setAttr(this.svg, 'data-visible', String(this.#visible.length));
    const cx = (node: number) => SLOT / 2 + x.get(node)! * SLOT + SLOT / 2;
    const cy = (node: number) => ROW / 2 + tree.depth[node]! * ROW;
    const onPath = new Set(this.#path);
    const current = this.#path[this.#path.length - 1];
    const hadFocus = keepFocus && this.host.contains(document.activeElement);
    const links = svgEl('g', { class: 'links', 'aria-hidden': 'true' });
    const nodes = svgEl('g', { class: 'nodes', role: 'group' });
    for (const node of this.#visible) {
      const p = tree.parent[node]!;
      if (p >= 0) links.append(svgEl('line', { x1: cx(p), y1: cy(p) + R, x2: cx(node), y2: cy(node) - R, class: onPath.has(node) ? 'on-path' : '' }));
      const kids = this.#kids.get(node) ?? [];
      const kind = kindOf(tree, node, kids.length, onPath.has(node));
      const open = kids.length > 0 && this.#isOpen(node);
      const name = board.name(tree.square[node]!);
      const words = `${name}, depth ${tree.depth[node]! + 1}${kind === 'solution' ? ', a solution' : kind === 'dead' ? ', a dead end' : ''}${kids.length > 0 ? `, ${kids.length} branch${kids.length === 1 ? '' : 'es'}${open ? '' : ' folded'}` : ''}`;
      const g = svgEl('g', {
        class: `node ${kind}${onPath.has(node) ? ' on-path' : ''}${node === current ? ' current' : ''}`,
        role: 'treeitem',
        'aria-level': String(tree.depth[node]! + 1),
        'aria-label': words,
        'aria-selected': String(node === current),
        tabindex: node === this.#focus ? '0' : '-1',
        'data-node': String(node),
        transform: `translate(${cx(node)} ${cy(node)})`,
      });
      if (kids.length > 0) g.setAttribute('aria-expanded', String(open));
      g.append(svgEl('circle', { r: R }), Object.assign(svgEl('text', { class: 'name' }), { textContent: name }), Object.assign(svgEl('title'), { textContent: `${words}. Enter or a click: go to its step` }));
      if (kids.length > 0) {
        const fold = svgEl('g', { class: 'fold', transform: `translate(${R} ${R})` });
        fold.append(svgEl('circle', { r: 6 }), Object.assign(svgEl('text'), { textContent: open ? '−' : '+' }));
        g.append(fold);
        if (!open) g.append(Object.assign(svgEl('text', { class: 'hidden-count', y: R + 13 }), { textContent: `+${countBelow(this.#kids, node)}` }));
      }
      nodes.append(g);
    }
    this.svg.replaceChildren(links, nodes);
    setAttr(this.svg, 'aria-label', `Search tree, node by node: ${seen.toLocaleString('en')} nodes so far, ${this.#visible.length.toLocaleString('en')} shown`);
    if (hadFocus) this.#focusNode(this.#focus);
    else if (current !== undefined && x.has(current)) {
      // The step the replay stands on stays in the box (scrolled within it, never the page).
      const box = this.host.querySelector<HTMLElement>('.node-tree-scroll');
      if (box) {
        const left = cx(current) * zoom;
        const top = cy(current) * zoom;
        if (left < box.scrollLeft + SLOT || left > box.scrollLeft + box.clientWidth - SLOT) box.scrollLeft = Math.max(0, left - box.clientWidth / 2);
        if (top < box.scrollTop + R || top > box.scrollTop + box.clientHeight - ROW / 2) box.scrollTop = Math.max(0, top - box.clientHeight / 2);
      }
    }
  }

  #focusNode(node: number): void {
    this.#focus = node;
    for (const g of Array.from(this.svg.querySelectorAll<SVGGElement>('[data-node]'))) g.setAttribute('tabindex', g.dataset.node === String(node) ? '0' : '-1');
    const g = this.svg.querySelector<SVGGElement>(`[data-node="${node}"]`);
    g?.focus();
    g?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }

  #toggle(node: number): void {
    const open = this.#isOpen(node);
    this.#opened.delete(node);
    this.#folded.delete(node);
    (open ? this.#folded : this.#opened).add(node);
    this.#redraw(true);
  }

  #goTo(node: number): void {
    this.#focus = node;
    this.go(this.#tree!.at[node]! + 1);
  }

  #keydown(event: KeyboardEvent): void {
    const tree = this.#tree;
    if (!tree) return;
    // The tree's keys are its own: the page's (arrows step the replay, Space plays) wait outside it.
    if (['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End', ' ', 'Enter', '+', '=', '-'].includes(event.key)) event.stopPropagation();
    const node = this.#focus;
    const i = this.#visible.indexOf(node);
    const kids = this.#kids.get(node) ?? [];
    const parent = tree.parent[node]!;
    let next: number | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = this.#visible[i + 1];
        break;
      case 'ArrowUp':
        next = this.#visible[i - 1];
        break;
      case 'ArrowRight':
        if (kids.length > 0 && !this.#isOpen(node)) {
          this.#toggle(node);
          event.preventDefault();
          return;
        }
        next = kids[0];
        break;
      case 'ArrowLeft':
        if (kids.length > 0 && this.#isOpen(node)) {
          this.#toggle(node);
          event.preventDefault();
          return;
        }
        next = parent >= 0 ? parent : undefined;
        break;
      case 'Home':
        next = this.#visible[0];
        break;
      case 'End':
        next = this.#visible[this.#visible.length - 1];
        break;
      case ' ':
        if (kids.length > 0) this.#toggle(node);
        event.preventDefault();
        return;
      case 'Enter':
        this.#goTo(node);
        event.preventDefault();
        return;
      case '+':
      case '=':
        this.zoom(1);
        event.preventDefault();
        return;
      case '-':
        this.zoom(-1);
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    if (next !== undefined) this.#focusNode(next);
  }
}

function countBelow(kids: ReadonlyMap<number, number[]>, node: number): number {
  let count = 0;
  const stack = [...(kids.get(node) ?? [])];
  while (stack.length > 0) {
    const n = stack.pop()!;
    count++;
    stack.push(...(kids.get(n) ?? []));
  }
  return count;
}
