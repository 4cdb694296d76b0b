import type { Board } from '@bezzel/core';
import type { Run } from '../run/run.js';
import { byId, setAttr, setText, show } from '../shared/dom.js';
import { offerLink } from '../shared/offer-link.js';
import { asks, judge, PREDICTABLE, questionAt, type Answer, type Judgement, type PredictContext, type Question } from './predict.js';
import { DEFAULT_SET, MAX_SET, saveScore, savedScore, setQuery, type QuestionSet, type Score, type SetRecord } from './question-set.js';

/**
 * Predict mode: the page stops before each step the strategy takes and the student clicks the square it will
 * take (or Backtrack); the page says right or wrong and why — the rule that decides, applied to the board — then
 * plays the step, and keeps a score. Steps there is nothing to predict about (a solution, a wipe-out, a restart)
 * play by themselves. A question set (question-set.ts) is a link that asks a given number of questions from a
 * step and keeps the score in the browser.
 */
export class PredictControl {
  on = false;
  right = 0;
  asked = 0;
  /** The teacher shows, during a question, the numbers that give its answer away (off: hidden). */
  numbers = false;
  /** A word on an answer that was not scored (a square with a piece on it). */
  note = '';
  /** The last answer judged, and the step it was about (the board has moved on since). */
  last: (Judgement & { readonly answer: Answer; readonly step: number; readonly shown?: boolean }) | undefined;
  /** The question set being answered (opened from its link), if any. */
  set: QuestionSet | undefined;
  /** The score the set's link was sent with. */
  shared: Score | undefined;
  #run: Run | undefined;
  /** The set's questions met so far (answered, or shown and not scored), and those shown. */
  #met = 0;
  #shown = 0;
  /** This browser's record of the set: before it is done, the last time's; once done, with this time's score. */
  #record: SetRecord | undefined;
  #done = false;
  /** What became of the last link asked for. */
  #linkSaid = '';

  constructor(
    private readonly run: () => Run | undefined,
    private readonly seek: (position: number) => void,
    private readonly changed: () => void,
    /** The set-up's part of the page's link (no step, no view): a set's link and the key its score is kept by. */
    private readonly setupQuery: () => string,
  ) {
    byId('predict').addEventListener('click', () => this.toggle());
    byId('predict-backtrack').addEventListener('click', () => this.answer('backtrack'));
    byId('predict-accept').addEventListener('click', () => this.answer('accept'));
    byId('predict-refuse').addEventListener('click', () => this.answer('refuse'));
    byId<HTMLInputElement>('predict-numbers').addEventListener('change', (event) => {
      this.numbers = (event.target as HTMLInputElement).checked;
      this.changed();
    });
    byId('predict-show').addEventListener('click', () => this.#reveal());
    byId('predict-set-make').addEventListener('click', () => void this.#makeSet());
    byId('predict-set-share').addEventListener('click', () => void this.#shareScore());
  }

  /** Whether the run on the board is one whose steps can be predicted, or why not. */
  refusal(run: Run | undefined): string | undefined {
    if (!run) return 'Run a puzzle first.';
    const id = run.setup.strategy.meta.id;
    if (!(id in PREDICTABLE)) return `Predict mode works for ${Object.keys(PREDICTABLE).join(', ')}; ${id} is not one of them.`;
    if (!run.traced) return 'This run was not recorded step by step: tick "Record every step" and run it again.';
    return undefined;
  }

  toggle(): void {
    const run = this.run();
    this.on = !this.on && this.refusal(run) === undefined;
    this.#reset(run);
    if (this.on) this.#toNextQuestion();
    this.changed();
  }

  /** Opens a question set (from its link): predict mode from the set's step, its questions counted, its score kept. */
  startSet(set: QuestionSet, shared?: Score): void {
    const run = this.run();
    const refusal = this.refusal(run);
    if (refusal !== undefined || !run) {
      this.#linkSaid = `The link asks a question set, but ${refusal ?? 'there is no run'}`;
      this.changed();
      return;
    }
    this.on = true;
    this.#reset(run);
    this.set = set;
    this.shared = shared;
    this.#record = savedScore(this.#setKey(set));
    this.seek(Math.min(set.from, run.replay.length));
    this.#toNextQuestion();
    this.#finishSet();
    this.changed();
  }

  /** The link's parameters of the set being answered (none when there is none). */
  setParams(): string {
    return this.on && this.set ? setQuery(this.set) : '';
  }

  /** The question on the board now, if predict mode is on and the next step is one to predict. */
  question(): Question | undefined {
    const run = this.run();
    if (!this.on || !run || run !== this.#run || this.#done) return undefined;
    return questionAt(this.#context(run), run.replay);
  }

  #reset(run: Run | undefined): void {
    this.right = 0;
    this.asked = 0;
    this.last = undefined;
    this.note = '';
    this.set = undefined;
    this.shared = undefined;
    this.#met = 0;
    this.#shown = 0;
    this.#record = undefined;
    this.#done = false;
    this.#run = run;
  }

  #setKey(set: QuestionSet): string {
    return `${this.setupQuery()}${setQuery(set)}`;
  }

  /** One more of the set's questions met; the set is done at its count, or when the run has no question left. */
  #meet(): void {
    if (!this.set) return;
    this.#met++;
    this.#finishSet();
  }

  #finishSet(): void {
    const run = this.run();
    if (!this.set || this.#done || !run) return;
    const left = this.#met < this.set.count && questionAt(this.#context(run), run.replay) !== undefined;
    if (left || (this.#met < this.set.count && run.running)) return;
    this.#done = true;
    this.#record = saveScore(this.#setKey(this.set), { right: this.right, asked: this.asked });
  }

  async #makeSet(): Promise<void> {
    const run = this.run();
    if (!run) return;
    const input = byId<HTMLInputElement>('predict-set-count');
    const count = Math.max(1, Math.min(MAX_SET, Math.round(Number(input.value)) || DEFAULT_SET));
    input.value = String(count);
    const from = this.question()?.position ?? run.replay.position;
    const url = `${location.origin}${location.pathname}?${this.setupQuery()}${setQuery({ from, count })}`;
    show(byId('predict-set-link-box'), true);
    const copied = await offerLink(url, byId<HTMLInputElement>('predict-set-link'));
    this.#linkSaid = `A link that asks the next ${count} question${count === 1 ? '' : 's'} from step ${from.toLocaleString('en')} and keeps the score: ${copied ? 'copied to the clipboard' : 'selected above, copy it with Ctrl+C (or Cmd+C)'}.`;
    this.changed();
  }

  async #shareScore(): Promise<void> {
    if (!this.set || !this.#done) return;
    const url = `${location.origin}${location.pathname}?${this.setupQuery()}${setQuery(this.set, { right: this.right, asked: this.asked })}`;
    show(byId('predict-set-link-box'), true);
    const copied = await offerLink(url, byId<HTMLInputElement>('predict-set-link'));
    this.#linkSaid = `The set with your score (${this.right} of ${this.asked} right): ${copied ? 'copied to the clipboard' : 'selected above, copy it with Ctrl+C (or Cmd+C)'}.`;
    this.changed();
  }

  answer(answer: Answer): void {
    const run = this.run();
    const question = this.question();
    if (!run || !question) return;
    const judgement = judge(this.#context(run), run.replay, answer);
    // A square with a piece on it (or a tour's visited square) is no answer to a question about where to go: it is
    // not scored, and the question stands (unless the rule allows it: a queen may stay where she is).
    if (typeof answer === 'number' && !judgement.right && run.replay.squares.includes(answer)) {
      this.note = `${run.setup.board.name(answer)} is taken: ${run.setup.task.problem.kind === 'tour' ? 'the tour has been there' : 'a piece stands there'}. Choose a free square (not scored).`;
      this.changed();
      return;
    }
    this.note = '';
    this.asked++;
    if (judgement.right) this.right++;
    this.last = { ...judgement, answer, step: question.position + 1 };
    this.seek(question.position + 1);
    this.#toNextQuestion();
    this.#meet();
    this.changed();
  }

  /** Plays the step without an answer (not scored), saying what the strategy did and why. */
  #reveal(): void {
    const run = this.run();
    const question = this.question();
    if (!run || !question) return;
    const judgement = judge(this.#context(run), run.replay, 'backtrack');
    this.last = { ...judgement, answer: judgement.actual, right: true, shown: true, step: question.position + 1, verdict: `Shown: ${shownWords(judgement.actual, run.setup.board)} (not scored).` };
    this.seek(question.position + 1);
    this.#toNextQuestion();
    this.#shown++;
    this.#meet();
    this.changed();
  }

  /** Off when a new run replaces the one predicted. */
  forget(run: Run | undefined): void {
    if (this.on && run !== this.#run) {
      this.on = false;
      this.#reset(run);
    }
  }

  draw(): void {
    const run = this.run();
    this.forget(run);
    const refusal = this.refusal(run);
    const button = byId<HTMLButtonElement>('predict');
    setAttr(button, 'aria-pressed', String(this.on));
    button.classList.toggle('active', this.on);
    setAttr(button, 'title', refusal ?? 'Predict each step before the strategy takes it');
    show(byId('predict-panel'), this.on);
    document.body.classList.toggle('predict-hide', this.on && !this.numbers);
    if (!this.on || !run) return;
    const question = this.question();
    const id = run.setup.strategy.meta.id;
    setText(byId('predict-rule'), `${id}: ${PREDICTABLE[id]}.`);
    const finished = run.replay.position >= run.replay.length;
    setText(byId('predict-question'), question ? question.prompt : this.#done ? 'The question set is done.' : finished ? 'The run is over: no steps left to predict.' : run.running ? 'Waiting for the next steps…' : '');
    byId<HTMLButtonElement>('predict-backtrack').disabled = !question;
    show(byId('predict-backtrack'), question?.backtrack ?? false);
    show(byId('predict-accept'), question?.kind === 'accept');
    show(byId('predict-refuse'), question?.kind === 'accept');
    setText(byId('predict-note'), this.note);
    byId<HTMLButtonElement>('predict-show').disabled = !question;
    const verdict = byId('predict-verdict');
    setText(verdict, this.last?.verdict ?? '');
    verdict.className = !this.last || this.last.shown ? 'verdict' : this.last.right ? 'verdict right' : 'verdict wrong';
    setText(byId('predict-why'), this.last ? `Why (step ${this.last.step.toLocaleString('en')}, the board before it): ${this.last.why}` : '');
    setText(byId('predict-score'), `${this.right} of ${this.asked} right`);
    byId('predict-score').dataset.right = String(this.right);
    byId('predict-score').dataset.asked = String(this.asked);
    this.#drawSet();
  }

  #drawSet(): void {
    const set = this.set;
    const times = (n: number) => `${n} time${n === 1 ? '' : 's'}`;
    const score = (s: Score) => `${s.right} of ${s.asked}`;
    const record = this.#record;
    const sentWith = this.shared ? ` This link was sent with a score of ${score(this.shared)} right (what the sender's page said: a link is no proof).` : '';
    let said = this.#linkSaid;
    if (set && !this.#done) said = `Question set: question ${(this.#met + 1).toLocaleString('en')} of ${set.count}, from step ${set.from.toLocaleString('en')}.${record ? ` Before, in this browser: best ${score(record.best)}, finished ${times(record.times)}.` : ''}${sentWith}`;
    if (set && this.#done) said = `Question set done: ${score({ right: this.right, asked: this.asked })} right${this.#shown > 0 ? `, ${this.#shown} shown (not scored)` : ''}${this.#met < set.count ? ` (the run had ${this.#met} of the ${set.count} questions)` : ''}. Kept in this browser: best ${score(record!.best)}, finished ${times(record!.times)}.${sentWith} ${this.#linkSaid}`.trim();
    const box = byId('predict-set');
    box.dataset.state = !set ? 'none' : this.#done ? 'done' : 'asking';
    setText(byId('predict-set-said'), said);
    show(byId('predict-set-share'), set !== undefined && this.#done);
  }

  #context(run: Run): PredictContext {
    const { strategy, board, piece, task } = run.setup;
    return { strategy: strategy.meta.id, board, piece, ...(task.options ? { options: task.options } : {}) };
  }

  /** Plays on to the next step to predict (or the end). */
  #toNextQuestion(): void {
    const run = this.run();
    if (!run) return;
    const { replay } = run;
    const id = run.setup.strategy.meta.id;
    let p = replay.position;
    while (p < replay.length && !asks(id, replay.events[p])) p++;
    if (p !== replay.position) this.seek(p);
  }
}

/** What the strategy does, as "Show me" tells it. */
function shownWords(actual: Answer, board: Board): string {
  if (actual === 'backtrack') return 'the strategy takes a step back';
  if (actual === 'accept' || actual === 'refuse') return `the proposal is ${actual === 'accept' ? 'accepted' : 'refused'}`;
  return `the strategy takes ${board.name(actual)}`;
}
