import type { Panel } from './lecture.js';

/**
 * Presenting, the side shows only the panels asked for (a scene's, or the usual log, code and view), so that each is
 * large enough to read and all of them fit beside the board. `view` is the strategy's own picture: its panel where
 * it has one (annealing's temperature, beam's states, the population, csp's domains, tabu's list…), else the search
 * tree (depth-first searches), else the curve (h or fitness). Out of presentation mode every panel shows.
 */
export function applyPanels(presenting: boolean, panels: readonly Panel[]): void {
  const own = strategyView();
  const wanted = new Set<string>(panels);
  // The view's own section holds only a strategy's panel: for the others `view` means their tree or curve.
  if (wanted.has('view') && own !== 'view') {
    wanted.delete('view');
    if (own) wanted.add(own);
  }
  for (const section of Array.from(document.querySelectorAll<HTMLElement>('#watch-panel [data-panel]'))) {
    const off = presenting && !wanted.has(section.dataset.panel!);
    if (section.classList.contains('off') !== off) section.classList.toggle('off', off);
  }
  const answer = document.getElementById('answer');
  if (answer) answer.classList.toggle('off', presenting && !wanted.has('answer'));
  document.body.dataset.view = own ?? '';
}

/** Which section is the strategy's own view now: its panel, the tree, or the curve (undefined: none drawn). */
function strategyView(): 'view' | 'tree' | 'chart' | undefined {
  const view = document.getElementById('view');
  if (view && !view.hidden) return 'view';
  const tree = document.getElementById('tree');
  if (tree && !tree.hidden) return 'tree';
  const chart = document.getElementById('chart-title');
  if (chart && !chart.hidden) return 'chart';
  return undefined;
}
