import type { AppState } from '../app-state.js';
import { byId, setText } from '../shared/dom.js';
import type { Bezzel } from '@bezzel/core';
import { enumerationOf, LISTING_REACH_MS, listingReach } from './enumeration.js';
import { DRAWN_SOLUTIONS, galleryOf } from './gallery-view.js';
import type { Run } from '../run/run.js';
import type { Store } from '../shared/store.js';
import { startWorker, type WorkerJob } from '../run/worker-client.js';

/**
 * The Solutions tab: the run's solutions grouped by symmetry when the run listed them all, or, on request,
 * a run of the same puzzle with goal `all` (in a worker, untraced) that lists them.
 */
export class GalleryControl {
  #job: WorkerJob | undefined;
  /** The run whose listing was judged, and why it is out of reach (undefined: it can be tried). */
  #reach: { run: Run; why: string | undefined } | undefined;

  constructor(
    private readonly store: Store<AppState>,
    private readonly bezzel?: Bezzel,
  ) {
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
    const result = run.result;
    // The worker sends the first KEPT_SOLUTIONS and only counts the rest: the result's count is how many there are.
    const total = result.status === 'complete' && 'count' in result ? Number(result.count) : run.solutionCount;
    const everything = result.status === 'complete' && run.setup.task.goal === 'all' && run.solutionCount === run.solutions.length;
    const dominate = run.setup.task.problem.kind === 'dominate';
    if (everything) this.#build(run, run.solutions, dominate ? 'dominating sets' : 'solutions', total);
    else if (dominate) this.store.update({ gallery: { status: 'unavailable', message: `This run did not list the sets. "${listLabel(run)}" lists them (up to 20,000) and groups them by symmetry.` } });
    else {
      const far = this.#outOfReach(run);
      this.store.update({ gallery: { status: 'unavailable', message: far ? `This run did not list every solution. ${far}` : 'This run did not list every solution. "List every solution" runs the same puzzle with goal all (up to 2,000 solutions are shown).' } });
    }
  }

  /** Stops a listing in progress (a new run makes it moot). */
  stop(): void {
    this.#job?.stop();
  }

  listEverySolution(): void {
    const run = this.store.state.run;
    if (!run) return;
    this.#job?.stop();
    const say = (message: string) => this.store.update({ gallery: { status: 'unavailable', message } });
    const plan = enumerationOf(run.setup.task, run.result, run.setup.strategy);
    if (!plan.ok) return say(plan.message);
    const far = this.#outOfReach(run);
    if (far) return say(far);
    const solutions: Run['solutions'] = [];
    let found = 0;
    this.store.update({ gallery: { status: 'listing' } });
    const request = { task: plan.task, pieceName: this.store.state.setup.piece, trace: false, keep: plan.keep };
    this.#job = startWorker(request, (message) => {
      if (run !== this.store.state.run) return;
      if (message.type === 'solutions') {
        found += message.solutions.length;
        for (const s of message.solutions) if (solutions.length < plan.keep) solutions.push(s);
      } else if (message.type === 'error') say(`Listing the ${plan.noun} failed: ${message.message}`);
      else if (message.type === 'done') {
        // Counted by the worker, which sends only the first `keep`.
        const total = message.result.status === 'complete' ? Number(message.result.count) : found;
        if (message.result.status !== 'complete') say(`Listing stopped before the end (${message.result.status}); ${found.toLocaleString('en')} ${plan.noun} were found.`);
        else this.#build(run, solutions, plan.noun, total);
      }
    });
  }

  draw(): void {
    const { gallery, run } = this.store.state;
    const host = byId('gallery');
    const summary = byId('solutions-summary');
    if (gallery.status === 'shown') {
      if (host.firstChild !== gallery.element) host.replaceChildren(gallery.element);
      const each = gallery.solutions > DRAWN_SOLUTIONS ? 'Each class is drawn once; under it, its other members and the symmetry that makes each.' : 'Each drawing names the ones that make it.';
      const cut = gallery.total !== undefined && gallery.total > gallery.solutions;
      const counted = cut
        ? `The first ${gallery.solutions.toLocaleString('en')} of ${gallery.total!.toLocaleString('en')} ${gallery.noun}, in ${gallery.classes.toLocaleString('en')} classes (the gallery groups only the first ${gallery.solutions.toLocaleString('en')}; ${gallery.classesOfAll !== undefined ? `all ${gallery.total!.toLocaleString('en')} fall into ${gallery.classesOfAll.toLocaleString('en')} classes` : 'the classes of all are not counted'}).`
        : `${gallery.solutions.toLocaleString('en')} ${gallery.noun} in ${gallery.classes.toLocaleString('en')} classes.`;
      setText(summary, `${counted} The board's rotations and reflections that keep the piece's moves carry each class's first member onto the others. ${each}`);
    } else {
      host.replaceChildren();
      setText(summary, gallery.status === 'listing' ? 'Listing every solution…' : gallery.status === 'unavailable' ? gallery.message : run ? '' : 'Run a puzzle first.');
    }
    const button = byId<HTMLButtonElement>('enumerate');
    const far = run?.result ? this.#outOfReach(run) : undefined;
    button.disabled = !run?.result || gallery.status === 'listing' || gallery.status === 'shown' || far !== undefined;
    if (far) button.title = far;
    else button.removeAttribute('title');
    setText(button, run ? listLabel(run) : 'List every solution');
  }

  /** The classes of all the solutions, where a count-fundamental run is cheap (12 queens: 1,787, in milliseconds). */
  #countClasses(run: Run): void {
    const plan = enumerationOf(run.setup.task, run.result, run.setup.strategy);
    if (!plan.ok || !this.bezzel) return;
    const task = { ...plan.task, goal: 'count-fundamental' as const, strategy: 'auto', options: {} };
    const instance = this.bezzel.instantiate(task);
    if (!instance.ok) return;
    const chosen = this.bezzel.choose(instance.value);
    const support = chosen.ok ? this.bezzel.support(instance.value).find((s) => s.strategy === chosen.value)?.support : undefined;
    if (!support?.ok || support.cost > LISTING_REACH_MS / 6) return;
    startWorker({ task, pieceName: this.store.state.setup.piece, trace: false, keep: 0 }, (message) => {
      const gallery = this.store.state.gallery;
      if (run !== this.store.state.run || gallery.status !== 'shown' || message.type !== 'done') return;
      const result = message.result;
      if (result.status === 'complete' && result.fundamental !== undefined) this.store.update({ gallery: { ...gallery, classesOfAll: Number(result.fundamental) } });
    });
  }

  /** Why listing this run's solutions is out of reach (judged once a run, from the strategies' cost estimates). */
  #outOfReach(run: Run): string | undefined {
    if (!this.bezzel || !run.result) return undefined;
    if (this.#reach?.run !== run) this.#reach = { run, why: listingReach(this.bezzel, enumerationOf(run.setup.task, run.result, run.setup.strategy)) };
    return this.#reach.why;
  }

  #build(run: Run, solutions: Run['solutions'], noun: string, total = solutions.length): void {
    if (solutions.length === 0) {
      this.store.update({ gallery: { status: 'unavailable', message: `There are no ${noun} to show.` } });
      return;
    }
    const { element, classes } = galleryOf(run.setup.board, run.setup.piece, solutions, run.setup.task.problem.kind === 'dominate' ? 'set' : 'solution');
    this.store.update({ gallery: { status: 'shown', element, classes, solutions: solutions.length, noun, ...(total > solutions.length ? { total } : {}) } });
    if (total > solutions.length && run.setup.task.problem.kind === 'placement') this.#countClasses(run);
  }
}

/** The button's words: domination lists its minimum sets, or its sets of the size asked for. */
function listLabel(run: Run): string {
  const problem = run.setup.task.problem;
  if (problem.kind !== 'dominate') return 'List every solution';
  return problem.k === undefined ? 'List every minimum set' : `List every set of ${problem.k}`;
}
