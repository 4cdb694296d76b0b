import type { AppState } from './app-state.js';
import { byId, setText } from './dom.js';
import { galleryOf } from './gallery-view.js';
import { KEPT_SOLUTIONS } from './protocol.js';
import type { Run } from './run.js';
import type { Store } from './store.js';
import { startWorker, type WorkerJob } from './worker-client.js';

/**
 * The Solutions tab: the run's solutions grouped by symmetry when the run listed them all, or, on request,
 * a run of the same puzzle with goal `all` (in a worker, untraced) that lists them.
 */
export class GalleryControl {
  #job: WorkerJob | undefined;

  constructor(private readonly store: Store<AppState>) {
    byId('enumerate').addEventListener('click', () => this.listEverySolution());
  }

  /** Builds the gallery from the run on the board, or says why it cannot yet. */
  show(): void {
    const { run, gallery } = this.store.state;
    if (!run || gallery.status === 'shown' || gallery.status === 'listing') return;
    if (!run.result) {
      this.store.update({ gallery: { status: 'unavailable', message: run.error ? 'The run ended in an error.' : 'The run has not finished yet.' } });
      return;
    }
    const everything = run.result.status === 'complete' && run.setup.task.goal === 'all' && run.solutionCount === run.solutions.length;
    if (everything) this.#build(run, run.solutions);
    else this.store.update({ gallery: { status: 'unavailable', message: 'This run did not list every solution. "List every solution" runs the same puzzle with goal all (up to 2,000 solutions are shown).' } });
  }

  /** Stops a listing in progress (a new run makes it moot). */
  stop(): void {
    this.#job?.stop();
  }

  listEverySolution(): void {
    const run = this.store.state.run;
    if (!run) return;
    this.#job?.stop();
    // A maximum's ways are the placements of that many pieces.
    const maximum = run.result && 'maximum' in run.result ? run.result.maximum : undefined;
    const task = maximum !== undefined && run.setup.task.problem.kind === 'placement' ? { ...run.setup.task, problem: { ...run.setup.task.problem, k: maximum } } : run.setup.task;
    const strategy = run.setup.strategy.meta.goals.includes('all') ? run.setup.strategy.meta.id : 'auto';
    const solutions: Run['solutions'] = [];
    let found = 0;
    const say = (message: string) => this.store.update({ gallery: { status: 'unavailable', message } });
    this.store.update({ gallery: { status: 'listing' } });
    const request = { task: { ...task, goal: 'all' as const, strategy, options: strategy === 'auto' ? {} : (task.options ?? {}) }, pieceName: this.store.state.setup.piece, trace: false };
    this.#job = startWorker(request, (message) => {
      if (run !== this.store.state.run) return;
      if (message.type === 'solutions') {
        found += message.solutions.length;
        for (const s of message.solutions) if (solutions.length < KEPT_SOLUTIONS) solutions.push(s);
      } else if (message.type === 'error') say(`Listing the solutions failed: ${message.message}`);
      else if (message.type === 'done') {
        if (message.result.status !== 'complete') say(`Listing stopped before the end (${message.result.status}); ${found.toLocaleString('en')} solutions were found.`);
        else if (found > KEPT_SOLUTIONS) say(`There are ${found.toLocaleString('en')} solutions: too many to show (the gallery shows up to ${KEPT_SOLUTIONS.toLocaleString('en')}).`);
        else this.#build(run, solutions);
      }
    });
  }

  draw(): void {
    const { gallery, run } = this.store.state;
    const host = byId('gallery');
    const summary = byId('solutions-summary');
    if (gallery.status === 'shown') {
      if (host.firstChild !== gallery.element) host.replaceChildren(gallery.element);
      setText(summary, `${gallery.solutions.toLocaleString('en')} solutions in ${gallery.classes.toLocaleString('en')} classes. The board's rotations and reflections that keep the piece's moves carry each class's first solution onto the others; each drawing names the ones that make it.`);
    } else {
      host.replaceChildren();
      setText(summary, gallery.status === 'listing' ? 'Listing every solution…' : gallery.status === 'unavailable' ? gallery.message : run ? '' : 'Run a puzzle first.');
    }
    byId<HTMLButtonElement>('enumerate').disabled = !run?.result || gallery.status === 'listing' || gallery.status === 'shown';
  }

  #build(run: Run, solutions: Run['solutions']): void {
    if (solutions.length === 0) {
      this.store.update({ gallery: { status: 'unavailable', message: 'There are no solutions to show.' } });
      return;
    }
    const { element, classes } = galleryOf(run.setup.board, run.setup.piece, solutions);
    this.store.update({ gallery: { status: 'shown', element, classes, solutions: solutions.length } });
  }
}
