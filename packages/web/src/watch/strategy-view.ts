import { byId, setAttr, setText, show } from '../shared/dom.js';
import type { Run } from '../run/run.js';
import { coverView, domainView } from './domain-view.js';
import { annealingView, beamView, tabuView, tourView } from './local-views.js';
import { BIRTH_STAGES, populationView, type BirthStage } from './population-view.js';
import type { ViewContent } from './view-parts.js';

/**
 * The panel beside the board that shows what the canon's strategies hold besides the board (issue 25): annealing's
 * decision (Δ, T, p, the draw), its temperature and how often it still accepts uphill moves; beam's k states; tabu's
 * list; the GA's population and how one child was made (a sub-step at a time); csp's domains (what each assignment
 * crossed out, and why the column was chosen) and dancing links' covered columns. Each is drawn from the replay's
 * position; presenting, in the form that fits beside the board.
 */
export class StrategyView {
  #key = '';
  #stage: BirthStage = 'selection';
  #stageGeneration = -1;
  #run: Run | undefined;

  constructor() {
    // The GA's sub-steps are buttons inside the view, which is rebuilt as the replay moves: one listener for all.
    byId('view').addEventListener('click', (event) => {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-substep]');
      if (!button) return;
      this.#stage = button.dataset.substep as BirthStage;
      this.#key = '';
      this.draw(this.#run, document.body.classList.contains('present'));
      byId('view').querySelector<HTMLButtonElement>(`[data-substep="${this.#stage}"]`)?.focus();
    });
  }

  /** The GA's next or previous sub-step (the view's own buttons do the same). */
  stepStage(delta: number): void {
    const i = BIRTH_STAGES.indexOf(this.#stage);
    this.#stage = BIRTH_STAGES[Math.max(0, Math.min(BIRTH_STAGES.length - 1, i + delta))]!;
    this.#key = '';
  }

  draw(run: Run | undefined, presenting = false): void {
    this.#run = run;
    const view = byId('view');
    const title = byId('view-title');
    const id = run?.traced ? run.setup.strategy.meta.id : '';
    // A new generation starts its child's story from the selection again.
    const generation = run?.replay.lastPopulation()?.generation ?? -1;
    if (generation !== this.#stageGeneration) {
      this.#stageGeneration = generation;
      this.#stage = 'selection';
    }
    const content = run && id ? viewOf(id, run, presenting, this.#stage) : undefined;
    show(view, content !== undefined);
    show(title, content !== undefined);
    if (!content || !run) {
      this.#key = '';
      return;
    }
    const key = `${run.id}:${run.replay.position}:${run.events.length}:${presenting}:${this.#stage}`;
    if (key === this.#key) return;
    this.#key = key;
    setText(title, content.title);
    setAttr(view, 'data-strategy', id);
    setAttr(view, 'data-now', content.now);
    view.innerHTML = content.html;
  }
}

function viewOf(id: string, run: Run, presenting: boolean, stage: BirthStage): ViewContent | undefined {
  switch (id) {
    case 'simulated-annealing':
      return annealingView(run, presenting);
    case 'beam':
      return beamView(run);
    case 'tabu':
      return tabuView(run);
    case 'genetic-queens':
      return populationView(run, stage);
    case 'csp':
      return domainView(run);
    case 'dlx':
      return coverView(run);
    case 'warnsdorff':
      return tourView(run);
    default:
      return undefined;
  }
}
