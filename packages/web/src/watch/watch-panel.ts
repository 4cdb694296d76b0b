import { groupDigits } from '@bezzel/render';
import { byId, el, setAttr, setText, show } from '../shared/dom.js';
import { listingFor, type Listing } from './pseudo-code.js';
import type { Run } from '../run/run.js';
import { chartSvg } from '../run/series.js';
import { stepLog } from './step-words.js';
import { StrategyView } from './strategy-view.js';
import { NodeTree } from './node-tree.js';
import { TreeView } from './tree-view.js';

/** The depth-first searches whose recorded steps make a tree (each place under the one before, each removal going up). */
const TREE_STRATEGIES: readonly string[] = ['backtracking', 'cover-search', 'csp', 'dlx'];

/** Steps shown in the log. */
const LOG_LINES = 6;
/**
 * While playing, the words and pictures beside the board are redrawn at most this often: nobody reads a log
 * at a thousand steps a second, and the board, which people do watch, then gets the whole of each frame.
 */
const PANEL_MS = 100;

/**
 * The panel beside the board while watching: the figures now, the last steps in words, the strategy's
 * pseudo-code with the line the last step ran, the search tree, and the h or fitness curve with a marker.
 */
export class WatchPanel {
  #listing: Listing | undefined;
  #listingKey = '';
  #tree?: TreeView;
  #nodeTree?: NodeTree;
  #treeRun?: Run;
  #chartKey = '';
  #panelAt = 0;
  readonly #logItems: HTMLLIElement[] = [];
  readonly #view = new StrategyView();

  constructor(private readonly seek: (position: number) => void) {
    const canvas = byId<HTMLCanvasElement>('tree');
    canvas.addEventListener('click', (event) => {
      const node = this.#tree?.nodeAt(event.offsetX, event.offsetY) ?? -1;
      if (node >= 0 && this.#treeRun) this.seek(this.#treeRun.tree.at[node]! + 1);
    });
    canvas.addEventListener('pointermove', (event) => {
      const node = this.#tree?.nodeAt(event.offsetX, event.offsetY) ?? -1;
      canvas.title = node >= 0 ? this.#tree!.describe(node) : '';
    });
    const log = byId('log');
    for (let i = 0; i < LOG_LINES; i++) {
      const item = el('li');
      this.#logItems.push(item);
      log.append(item);
    }
  }

  /** `announce` puts the current step in the live region (manual steps, not every frame of playing). */
  draw(run: Run | undefined, playing: boolean, announce: boolean): void {
    const replay = run?.replay;
    const n = (x: number) => x.toLocaleString('en');
    setText(byId('stat-step'), replay ? `${n(replay.position)} / ${n(replay.length)}` : '0 / 0');
    setText(byId('stat-depth'), n(replay?.depth ?? 0));
    // An answer replayed piece by piece (nothing was recorded) has no search nodes to count.
    setText(byId('stat-nodes'), run && !run.traced ? '-' : n(replay ? (replay.moves > 0 ? replay.moves : replay.nodes) : 0));
    // A run not recorded step by step has no steps to count its solutions by: its answer counts them.
    setText(byId('stat-solutions'), run && !run.traced ? answerSolutions(run) : n(replay?.solutions ?? 0));
    const generation = replay?.lastGeneration() ?? replay?.lastPopulation();
    const local = replay?.lastLocal();
    setText(byId('stat-h-label'), generation ? 'Generation' : 'h');
    setText(byId('stat-h'), generation ? `${generation.generation + 1}: best ${generation.best}, mean ${generation.mean.toFixed(1)}` : local ? String(local.h) : '-');
    if (!run || !replay) {
      for (const item of this.#logItems) setText(item, '');
      this.#view.draw(undefined);
      return;
    }
    // The log and the code line follow the board on every frame (a few lines each): throttled, they trailed it by
    // a step or two while playing. The heavier panels are drawn less often.
    this.#drawLog(run, announce);
    this.#drawCode(run);
    const now = performance.now();
    if (playing && now - this.#panelAt < PANEL_MS) return;
    this.#panelAt = now;
    this.#view.draw(run, document.body.classList.contains('present'));
    this.#drawTree(run);
    this.#drawChart(run);
  }

  #drawLog(run: Run, announce: boolean): void {
    const lines = stepLog(run.setup, run.replay, LOG_LINES);
    for (const [i, item] of this.#logItems.entries()) {
      const line = lines[i - (LOG_LINES - lines.length)];
      const text = line ? `${line.step.toLocaleString('en')}. ${line.text}` : '';
      setText(item, text);
      // Earlier lines are cut to one line beside the board (the current one is whole): the full text on hover.
      setAttr(item, 'title', text);
      item.classList.toggle('current', line !== undefined && line === lines[lines.length - 1]);
    }
    const current = lines[lines.length - 1];
    if (announce) setText(byId('now-said'), current ? `Step ${current.step}: ${current.text}` : 'At the start');
  }

  #drawCode(run: Run): void {
    const key = `${run.setup.strategy.meta.id}/${run.setup.task.problem.kind}/${run.traced}/${String(run.setup.task.options?.inference)}`;
    const code = byId('code');
    if (key !== this.#listingKey) {
      this.#listingKey = key;
      this.#listing = listingFor(run.setup.strategy.meta.id, run.setup.task.problem.kind, run.setup.task.options);
      setText(byId('code-title'), this.#listing ? `Pseudo-code: ${this.#listing.title}` : 'Pseudo-code');
      code.replaceChildren(...(this.#listing?.lines ?? []).map((line) => el('li', {}, line)));
      // No listing, no box: an empty grey box beside the note looked like code that failed to load.
      show(code, this.#listing !== undefined);
      setText(
        byId('code-note'),
        !this.#listing ? `${run.setup.strategy.meta.id} records no steps; the answer is replayed as it was found.`
        : !run.traced ? 'This run was not recorded step by step ("Record every step" is off, or the board is too big).'
        : '',
      );
    }
    if (!this.#listing) return;
    const replay = run.replay;
    const last = replay.last;
    const previous = replay.position > 1 ? replay.events[replay.position - 2] : undefined;
    const lines = last && run.traced ? this.#listing.linesOf(last, previous) : [];
    let current: HTMLElement | undefined;
    for (const [i, item] of Array.from(code.children).entries()) {
      const state = lines[0] === i ? 'current' : lines.includes(i) ? 'also' : '';
      setAttr(item, 'class', state);
      if (state === 'current') {
        item.setAttribute('aria-current', 'step');
        current = item as HTMLElement;
      } else item.removeAttribute('aria-current');
    }
    // A long listing scrolls in its own box: the current line is kept in the middle, with its neighbours.
    if (current && code.scrollHeight > code.clientHeight + 1) {
      const top = Math.max(0, current.offsetTop - (code.clientHeight - current.offsetHeight) / 2);
      if (Math.abs(code.scrollTop - top) > 1) code.scrollTop = top;
    }
  }

  #drawTree(run: Run): void {
    const canvas = byId<HTMLCanvasElement>('tree');
    if (this.#treeRun !== run) {
      this.#treeRun = run;
      this.#tree?.dispose();
      this.#tree = new TreeView(canvas, run.tree, run.setup.board);
    }
    const tree = this.#tree!;
    const shown = run.traced && TREE_STRATEGIES.includes(run.setup.strategy.meta.id) && tree.drawable;
    show(canvas, shown);
    setText(
      byId('tree-note'),
      shown
        ? `${run.tree.size.toLocaleString('en')} nodes. Each row is a depth; each node is as wide as the leaves below it (early in a search the view zooms in on the part explored so far). Red: dead ends; green: solutions; the outline is the path to this step. Click a node to go to it.`
        : run.tree.treeShaped && run.tree.maxDepth > 64 ? 'The tree is drawn for searches at most 64 deep.' : 'A search tree is drawn for recorded backtracking, cover-search, csp and dlx runs.',
    );
    const nodeShown = shown && NodeTree.fits(run.setup.board, run.tree);
    show(byId('node-tree'), nodeShown);
    if (nodeShown) {
      this.#nodeTree ??= new NodeTree(byId('node-tree'), byId('node-tree-svg') as unknown as SVGSVGElement, (position) => this.seek(position));
      this.#nodeTree.draw(run.tree, run.setup.board, run.replay.position, run.replay.squares.length);
    }
    if (shown) {
      tree.draw(run.replay.position, run.replay.squares.length);
      setAttr(canvas, 'aria-label', `Search tree of ${run.tree.size} nodes, ${run.tree.maxDepth + 1} deep`);
    }
  }

  #drawChart(run: Run): void {
    const local = run.replay.lastLocal();
    const generation = run.replay.lastGeneration() ?? run.replay.lastPopulation();
    const marker = generation ? generation.generation : local?.step;
    const points = [...run.metrics.values()].reduce((sum, s) => sum + s.length, 0);
    const key = `${points}:${marker}`;
    if (key === this.#chartKey) return;
    this.#chartKey = key;
    const names = [...run.metrics.keys()];
    setText(byId('chart-title'), names.includes('best') ? 'Fitness per generation' : names.includes('h') ? 'h (attacking pairs) per step' : 'Curve');
    const fitness = names.includes('best');
    const axes = { x: generation || fitness ? 'generation' : 'step', y: fitness ? 'fitness' : names.includes('h') ? 'h (attacking pairs)' : names.join(', ') };
    byId('chart').innerHTML = chartSvg(run.metrics, marker, 280, 150, axes);
    show(byId('chart-title'), points > 0);
  }
}

/** Solutions an unrecorded run found, from its answer: "1" for a tour or placement found, the count of a count. */
function answerSolutions(run: Run): string {
  const result = run.result;
  if (!result) return '-';
  if (result.status === 'solved') return result.solutions.length.toLocaleString('en');
  if (result.status === 'complete' && 'count' in result) return groupDigits(result.count);
  return result.status === 'impossible' ? '0' : '-';
}
