import { Board, type ProblemKind } from '@bezzel/core';
import type { AppState, Mode } from './app-state.js';
import { drawAnswer } from './watch/answer-view.js';
import { BoardHost } from './board/board-host.js';
import { drawLegend } from './board/legend.js';
import { boardNotes } from './board/board-notes.js';
import { SVG_MAX_SQUARES } from './board/board-picture.js';
import { CompareControl } from './compare/compare-control.js';
import { byId, el, setAttr, setText, show } from './shared/dom.js';
import { offerLink } from './shared/offer-link.js';
import { setAsked } from './watch/question-set.js';
import { applyChange, SetupForm, type FieldChange } from './setup/form.js';
import { GalleryControl } from './gallery/gallery-control.js';
import { emptyAttempt, PlayControl } from './play/play-control.js';
import { Player, SPEEDS } from './watch/player.js';
import { pageBezzel } from './shared/plugins.js';
import { Replay } from './run/replay.js';
import { Run } from './run/run.js';
import { checkSetup, type SetupCheck } from './setup/setup-check.js';
import { formatState, formatView, parseState, presentationAsked, viewAsked, type PageState } from './setup/state.js';
import { Store } from './shared/store.js';
import { PredictControl } from './watch/predict-control.js';
import { TimelineMarks } from './watch/timeline-marks.js';
import { SlidesControl } from './watch/slides.js';
import { WatchPanel } from './watch/watch-panel.js';
import { watchPicture } from './watch/watch-picture.js';
import { LectureControl } from './lecture/lecture-control.js';
import { lectureAsked } from './lecture/lecture-query.js';
import { sceneState, type Scene, type SceneStep } from './lecture/lecture.js';
import { applyPanels } from './lecture/panels.js';

// Nothing the page does should leave an uncaught error on the console: if something slips through anyway,
// the reader sees it on the page, in one line.
window.addEventListener('error', (event) => {
  event.preventDefault();
  fault(event.message);
});
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  fault(event.reason instanceof Error ? event.reason.message : String(event.reason));
});

const base = await pageBezzel('queen');
if (!base.ok) throw base.error;
const registry = base.value.bezzel;
const linked = parseState(location.search);
// A lecture's link (`lecture=` or `lz=`, with `scene=`) carries no set-up: each scene brings its own.
const lectureLinked = lectureAsked(location.search);
// The tab and a play attempt a link opens on (`tab=`, `play=`): views, like `present`, not set-up.
const view = viewAsked(location.search, linked.state.width * linked.state.height, linked.state.problem === 'tour');
const linkedAttempt: AppState['attempt'] | undefined =
  view.play.length === 0 ? undefined : linked.state.problem === 'tour' ? { kind: 'tour', path: view.play } : { kind: 'placement', pieces: view.play };
const store = new Store<AppState>({
  setup: linked.state,
  invalid: {},
  checked: undefined,
  mode: view.tab ?? 'watch',
  notices: [...linked.issues, ...view.issues, ...lectureLinked.issues, ...setAsked(location.search).issues],
  run: undefined,
  error: undefined,
  gallery: { status: 'none' },
  attempt: linkedAttempt ?? emptyAttempt(linked.state),
  refused: undefined,
  hint: undefined,
  hinting: false,
  fewest: undefined,
});

let presenting = false;
setPresenting(presentationAsked(location.search));
const form = new SetupForm(registry, onField);
const board = new BoardHost(byId('board'), byId('tooltip'));
board.onDraw = (picture) => {
  const { run, checked, setup } = store.state;
  const strategy = run?.setup.strategy.meta.id ?? (checked?.ok ? checked.strategy.meta.id : setup.strategy);
  drawLegend(byId('legend'), picture, { strategy: store.state.mode === 'play' ? 'play' : strategy, problem: setup.problem, predicting: predict.on });
};
// From tablet width the stage stays in view: the legend's height comes off the board's (phones scroll instead).
new ResizeObserver(([entry]) => {
  const tall = window.matchMedia('(min-width: 720px)').matches ? Math.ceil(entry?.borderBoxSize[0]?.blockSize ?? 0) : 0;
  document.body.style.setProperty('--legend-h', `${tall}px`);
}).observe(byId('legend'));
const watch = new WatchPanel((position) => player.seek(position));
const player = new Player(new Replay([]), () => drawWatch(false), (playing) => {
  byId('play').classList.toggle('playing', playing);
  setText(byId('play-label'), playing ? 'Pause' : 'Play');
  setAttr(byId('play'), 'aria-label', playing ? 'Pause' : 'Play');
  // Playing draws the panels beside the board less often; a pause brings them up to date.
  if (!playing) scheduleRender();
});
const play = new PlayControl(store, board);
const gallery = new GalleryControl(store, registry);
const marks = new TimelineMarks(byId('timeline-marks') as unknown as SVGSVGElement, byId('timeline-legend'));
const compare = new CompareControl(registry, () => store.state.setup);
const predict = new PredictControl(
  () => store.state.run,
  (position) => player.seek(position),
  () => {
    player.pause();
    drawWatch(true);
    syncLink();
  },
  () => formatState(store.state.setup),
);
/** A question set the link asks for (`quiz=`), opened once its run has ended. */
let linkedSet: ReturnType<typeof setAsked> | undefined = setAsked(location.search);
let checking = 0;
let starting = 0;
let frame = 0;
/** The next change of the link is a new page in the history (a run started, a tab chosen), not a rewrite of this one. */
let pushNext = false;
/** The page is being put back as the link asks (Back, Forward): the link is not rewritten meanwhile. */
let restoring = false;
let linkAt = 0;
let linkTimer = 0;
/** The set-up of the run the current page of the history shows (undefined: the page shows a form not yet run). */
let entryRun: string | undefined;
/** Finished runs by their set-up's link, so a lecture going back and forth between scenes runs each set-up once. */
const finishedRuns = new Map<string, Run>();
const runKeys = new WeakMap<Run, string>();
const KEPT_RUNS = 16;
const lecture = new LectureControl({
  showScene,
  view: () => ({ setup: store.state.setup, position: store.state.run?.replay.position ?? 0 }),
  presenting: () => presenting,
  setPresenting: (on) => {
    setPresenting(on);
    scheduleRender();
  },
  run: () => store.state.run,
  changed: () => {
    syncLink();
    scheduleRender();
  },
});

store.subscribe((state, previous) => {
  if (state.setup !== previous.setup) void recheck(state.setup);
  scheduleRender();
});
new SlidesControl({
  length: () => player.replay.length,
  position: () => player.replay.position,
  show: (position) => {
    player.pause();
    player.seek(position);
    drawWatch(false);
  },
  board: () => byId('board').querySelector<SVGSVGElement | HTMLCanvasElement>('svg.board, canvas'),
  caption: () => {
    const step = player.replay.position;
    const words = document.querySelector('#log li.current')?.textContent?.replace(/^\s*\d+\.\s*/, '').trim() ?? '';
    return `Step ${step.toLocaleString('en')}${words ? `: ${words}` : ''}`;
  },
  code: () => document.querySelector('#code li.current')?.textContent ?? '',
  legend: () =>
    Array.from(document.querySelectorAll('#legend li')).flatMap((li) => {
      const swatch = li.querySelector('svg');
      return swatch ? [{ swatch, words: li.querySelector('span')?.textContent ?? '' }] : [];
    }),
  name: () => {
    const run = store.state.run;
    return run ? `bezzel-${run.setup.strategy.meta.id}-${run.setup.board.width}x${run.setup.board.height}` : 'bezzel';
  },
});
wireControls();
placeLog();
await recheck(store.state.setup);
// A first visit runs the default puzzle, and a shared link runs its own set-up, so the board is never empty;
// a link the page could not read in full runs nothing until the reader has seen what was wrong.
const firstCheck = store.state.checked;
if (firstCheck && !firstCheck.ok && location.search.length > 1) addNotice(`The link's set-up cannot run: ${firstCheck.message}`);
if (lectureLinked.source) {
  const problems = await lecture.openSource(lectureLinked.source, lectureLinked.scene);
  for (const problem of problems) addNotice(problem);
  if (problems.length > 0) await startRun(linked.at);
} else if (store.state.notices.length === 0) await startRun(linked.at);
else render();
// Back and Forward walk through the runs, the tabs and a lecture's scenes.
window.addEventListener('popstate', () => void restoreLink());

// ---------------------------------------------------------------------------------------------------------
// Changes

function onField(change: FieldChange): void {
  const invalid = { ...store.state.invalid };
  if ('invalid' in change) invalid[change.field] = change.invalid;
  else delete invalid[change.field];
  store.update((s) => ({ setup: applyChange(s.setup, change, strategyFits), invalid }));
}

/** Whether the registry's strategy solves a kind of problem (`auto` always finds one, or says why not). */
function strategyFits(id: string, kind: ProblemKind): boolean {
  return id === 'auto' || (registry.strategy(id)?.meta.problems.includes(kind) ?? false);
}

/** Checks the set-up against the registry; only the latest check counts. */
async function recheck(setup: PageState): Promise<void> {
  const ticket = ++checking;
  const checked = await checkSetup(setup);
  if (ticket !== checking) return;
  const previous = store.state.checked;
  // A change that leaves the puzzle as it was (the strategy, the seed) keeps the student's attempt.
  // The first check keeps the attempt a link brought.
  const samePuzzle = previous === undefined || (previous.ok && checked.ok && JSON.stringify(previous.task.problem) === JSON.stringify(checked.task.problem));
  store.update({ checked, ...(samePuzzle ? {} : { attempt: emptyAttempt(setup), hint: undefined, refused: undefined }) });
  syncLink();
}

/** The link in the address bar: the set-up, the tab and the play attempt, and presentation mode. */
function syncLink(): void {
  // While the page is put back as a link asks (Back, Forward), the link is the one to follow, not to rewrite.
  if (restoring) return;
  // Playing changes the step every frame, and browsers refuse more than a few hundred history changes in ten
  // seconds: the step is written when playing stops, and at most every 250 ms.
  const now = performance.now();
  if (!pushNext && (player.playing || (now - linkAt < 250 && formatState(store.state.setup) === entryRun))) {
    if (!linkTimer) linkTimer = window.setTimeout(() => {
      linkTimer = 0;
      syncLink();
    }, player.playing ? 500 : 250);
    return;
  }
  linkAt = now;
  const { setup, mode, attempt, run } = store.state;
  const played = attempt.kind === 'tour' ? attempt.path : attempt.pieces;
  const scene = lecture.query();
  const key = formatState(setup);
  // The step, for a finished run of the set-up the link names, so a reload (or Back) opens where the reader was;
  // while that run is still running (after a reload), the step the link already names.
  const finished = run && !run.running && run.result && run.traced && runKeys.get(run) === key;
  const at = finished ? run.replay.position : linkedStep(key);
  const query = scene ? `?${scene}${presenting ? '&present=1' : ''}` : `?${formatState(setup, at)}${formatView(mode, played)}${predict.setParams()}${presenting ? '&present=1' : ''}`;
  // The link follows the form; but once the form leaves the run this page shows, the run keeps its page in the
  // history (Back returns to it) and the form writes a new one.
  const leaving = !scene && entryRun !== undefined && key !== entryRun;
  if (location.search !== query) {
    if (pushNext || leaving) {
      // The page left keeps the step its run was at, which a write put off (see above) may not have written yet.
      if (leaving && run && runKeys.get(run) === entryRun && run.traced) history.replaceState(null, '', withStep(location.search, run.replay.position));
      history.pushState(null, '', query);
    } else history.replaceState(null, '', query);
  }
  entryRun = !scene && run && runKeys.get(run) === key ? key : undefined;
  pushNext = false;
}

/** The step the address bar names, if it names this set-up. */
function linkedStep(key: string): number | undefined {
  const parsed = parseState(location.search);
  return formatState(parsed.state) === key ? parsed.at : undefined;
}

/** A query with its step set to `at` (none at the start). */
function withStep(search: string, at: number): string {
  const q = new URLSearchParams(search);
  if (at > 0) q.set('at', String(at));
  else q.delete('at');
  return `?${q.toString()}`;
}

/**
 * Back and Forward: the page as the link asks — a lecture's scene, or a set-up (its run: the one on the board, a
 * finished one kept, or a new one), the step, the tab and presentation mode.
 */
async function restoreLink(): Promise<void> {
  const asked = lectureAsked(location.search);
  if (asked.source) {
    if (lecture.active) await lecture.go(asked.scene, 'none');
    else for (const problem of await lecture.openSource(asked.source, asked.scene)) addNotice(problem);
    return;
  }
  restoring = true;
  try {
    if (lecture.active) lecture.close();
    const parsed = parseState(location.search);
    const view = viewAsked(location.search, parsed.state.width * parsed.state.height, parsed.state.problem === 'tour');
    if (presentationAsked(location.search) !== presenting) setPresenting(presentationAsked(location.search));
    const mode = view.tab ?? 'watch';
    if (mode !== store.state.mode) {
      store.update({ mode });
      if (mode === 'solutions') gallery.show();
    }
    const key = formatState(parsed.state);
    const run = store.state.run;
    if (run && runKeys.get(run) === key) {
      if (parsed.at !== undefined) seek(Math.min(parsed.at, run.replay.length));
      return;
    }
    const kept = finishedRuns.get(key);
    if (kept) {
      adoptRun(kept, parsed.state);
      seek(parsed.at !== undefined ? Math.min(parsed.at, kept.replay.length) : kept.openingPosition());
    } else {
      store.update({ setup: parsed.state, invalid: {} });
      await startRun(parsed.at);
    }
  } finally {
    restoring = false;
  }
}

/** Puts a finished run back on the board, with its set-up. */
function adoptRun(run: Run, state: PageState): void {
  stopRun();
  player.replay = run.replay;
  player.pause();
  store.update({ setup: state, invalid: {}, run, error: undefined, gallery: { status: 'none' }, checked: run.setup });
}

async function startRun(at?: number): Promise<void> {
  const state = store.state;
  // Each press of Run is counted on the answer card, so a test (or a curious reader) can tell when it took effect.
  const card = byId('answer');
  card.dataset.attempt = String(Number(card.dataset.attempt ?? 0) + 1);
  stopRun();
  gallery.stop();
  const unreadable = Object.entries(state.invalid);
  if (unreadable.length > 0) {
    const names = unreadable.map(([id, why]) => `${labelOf(id)} (${why})`).join('; ');
    store.update({ run: undefined, error: `Some fields cannot be read: ${names}`, gallery: { status: 'none' } });
    return;
  }
  const ticket = ++starting;
  const checked = await checkSetup(state.setup);
  // Run pressed again while this one was being checked: the later press wins.
  if (ticket !== starting) return;
  if (!checked.ok) {
    store.update({ run: undefined, error: checked.message, gallery: { status: 'none' } });
    return;
  }
  const run = new Run(checked, state.setup.trace, state.setup.piece, (changed) => onRunMessage(changed, at));
  runKeys.set(run, formatState(state.setup));
  player.replay = run.replay;
  player.pause();
  store.update({ run, error: undefined, gallery: { status: 'none' }, checked });
  setDisabled('stop', false);
}

function stopRun(): void {
  const run = store.state.run;
  if (run?.running) run.stop();
  setDisabled('stop', true);
}

function onRunMessage(run: Run, at: number | undefined): void {
  if (run !== store.state.run) return;
  if (!run.running) {
    setDisabled('stop', true);
    if (run.result) {
      settleRun(run, at);
      keepRun(run);
    }
  }
  scheduleRender();
}

/** Keeps a finished run for the lecture's scenes, the oldest forgotten past KEPT_RUNS. */
function keepRun(run: Run): void {
  const key = runKeys.get(run);
  if (!key || !run.result) return;
  finishedRuns.delete(key);
  finishedRuns.set(key, run);
  while (finishedRuns.size > KEPT_RUNS) finishedRuns.delete(finishedRuns.keys().next().value!);
}

/**
 * Shows a lecture's scene: its set-up's run (the one on the board, a finished one kept, or a new one), at its step,
 * once the run has ended. Resolves with what went wrong, in words, if anything did.
 */
async function showScene(scene: Scene): Promise<string | undefined> {
  const state = sceneState(scene.setup);
  const key = formatState(state);
  if (store.state.mode !== 'watch') setMode('watch', false);
  if (predict.on) predict.toggle();
  let run = store.state.run;
  if (!run || runKeys.get(run) !== key || (!run.running && !run.result)) {
    const kept = finishedRuns.get(key);
    if (kept) {
      run = kept;
      adoptRun(run, state);
    } else {
      store.update({ setup: state, invalid: {} });
      await startRun();
      run = store.state.run;
    }
  }
  if (!run) return store.state.error ?? 'This scene cannot run.';
  await run.settled;
  if (run !== store.state.run) return undefined;
  if (run.error) return run.error;
  const position = stepOf(run, scene.step);
  player.seek(position);
  drawWatch(false);
  return typeof scene.step === 'number' && scene.step > run.replay.length ? `This scene asks for step ${scene.step.toLocaleString('en')}; the run has ${run.replay.length.toLocaleString('en')}, so it shows the last.` : undefined;
}

/** The position of a scene's step in a finished run. */
function stepOf(run: Run, step: SceneStep): number {
  const length = run.replay.length;
  if (typeof step === 'number') return Math.min(step, length);
  if (step === 'start') return 0;
  if (step === 'end') return length;
  if (step === 'solution') return new Replay(run.events, run.setup.board.width).nextSolution() ?? length;
  return run.openingPosition();
}

/** Where a finished run opens: the step a link named, else the first solution, else the end. */
function settleRun(run: Run, at: number | undefined): void {
  const replay = run.replay;
  if (at !== undefined) {
    if (at > replay.length) addNotice(`The link opens at step ${at.toLocaleString('en')}, but this run has ${replay.length.toLocaleString('en')} steps; it opens at the last.`);
    player.seek(Math.min(at, replay.length));
  } else if (replay.position === 0) player.seek(run.openingPosition());
  if (store.state.mode === 'solutions') gallery.show();
  // The link's question set, for the run of the link's own set-up.
  const asked = linkedSet;
  if (asked?.set && runKeys.get(run) === formatState(linked.state)) {
    linkedSet = undefined;
    predict.startSet(asked.set, asked.shared);
  }
}

/** Another tab; `push`: a page of its own in the history, which Back returns from (a lecture's scene makes its own). */
function setMode(mode: Mode, push = true): void {
  if (push && mode !== store.state.mode) pushNext = true;
  if (mode !== 'watch') player.pause();
  store.update({ mode });
  if (mode === 'solutions') gallery.show();
}

/** A fault of the page itself, as a notice; before the store exists (the registry failed), straight into the box. */
function fault(message: string): void {
  const text = `Something went wrong on the page: ${message}. Reloading it may help.`;
  try {
    addNotice(text);
  } catch {
    const box = byId('notices');
    box.textContent = text;
    box.hidden = false;
  }
}

function addNotice(text: string): void {
  if (!store.state.notices.includes(text)) store.update((s) => ({ notices: [...s.notices, text] }));
}

// ---------------------------------------------------------------------------------------------------------
// Drawing

function scheduleRender(): void {
  if (!frame) frame = requestAnimationFrame(() => {
    frame = 0;
    render();
  });
}

function render(): void {
  const state = store.state;
  if (state.checked) syncLink();
  form.render(state.setup, state.invalid);
  drawNotices(state.notices);
  for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'))) {
    const selected = tab.dataset.mode === state.mode;
    setAttr(tab, 'aria-selected', String(selected));
    setAttr(tab, 'tabindex', selected ? '0' : '-1');
  }
  document.body.dataset.mode = state.mode;
  show(byId('board'), state.mode === 'watch' || state.mode === 'play');
  show(byId('player'), state.mode === 'watch');
  show(byId('play-bar'), state.mode === 'play');
  show(byId('gallery'), state.mode === 'solutions');
  show(byId('watch-panel'), state.mode === 'watch');
  if (state.mode !== 'watch') show(byId('predict-panel'), false);
  show(byId('play-panel'), state.mode === 'play');
  show(byId('solutions-panel'), state.mode === 'solutions');
  show(byId('compare'), state.mode === 'compare');
  show(byId('legend'), state.mode === 'watch' || state.mode === 'play');
  show(byId('compare-panel'), state.mode === 'compare');
  // Playing, the student's own attempt is the answer that matters; the run's comes back with Watch. Comparing, the table is.
  show(byId('answer'), state.mode !== 'play' && state.mode !== 'compare');
  drawAnswer(state.run, state.error);
  lecture.draw();
  if (state.mode === 'watch') drawWatch(false);
  // A set-up that cannot be played (it cannot run, or the board is over 32×32) still shows its board, empty.
  else if (state.mode === 'play' && !play.draw(byId<HTMLInputElement>('heat').checked)) drawEmptyBoard(state.checked);
  else if (state.mode === 'compare') compare.draw();
  else gallery.draw();
}

/**
 * On a phone the step log itself sits under the board (its newest lines, the current one whole), so the board and
 * the step just taken are on the first screen; from tablet width it goes back beside the board.
 */
function placeLog(): void {
  const phone = window.matchMedia('(max-width: 719px)');
  const place = () => {
    const log = byId('log-panel');
    if (phone.matches) byId('caption').before(log);
    else byId('now-said').before(log);
    document.body.classList.toggle('log-under-board', phone.matches);
  };
  phone.addEventListener('change', place);
  place();
}

/** On a phone, the current step and its pseudo-code line under the board, so both are on the first screen. */
function drawCaption(): void {
  let current = document.querySelector('#log li.current')?.textContent ?? '';
  let line = document.querySelector('#code li.current')?.textContent?.trim() ?? '';
  // Predicting, the verdict on the last answer and the next question (the panel beside says why and keeps score).
  byId('caption').classList.toggle('predicting', predict.on);
  if (predict.on) {
    current = predict.last?.verdict ?? '';
    line = predict.question()?.prompt ?? '';
  }
  setText(byId('caption-step'), current);
  setText(byId('caption-code'), line);
}

/** Presentation mode: large type for a projector, the set-up and the header hidden; `present=1` in the link. */
function setPresenting(on: boolean): void {
  presenting = on;
  document.body.classList.toggle('present', on);
  setAttr(byId('present'), 'aria-pressed', String(on));
  const query = location.search.replace(/[?&]present=[^&]*/g, '').replace(/^&/, '?');
  const base = query === '' || query === '?' ? '' : query.startsWith('?') ? query : `?${query}`;
  history.replaceState(null, '', on ? `${base}${base ? '&' : '?'}present=1` : base || location.pathname);
  // Once the store is there, the whole link is written from it (the tab and attempt too).
  if (store.state.checked) syncLink();
}

function drawNotices(notices: readonly string[]): void {
  const box = byId('notices');
  show(box, notices.length > 0);
  const key = notices.join('\n');
  if (box.dataset.key === key) return;
  box.dataset.key = key;
  box.replaceChildren(
    el('p', {}, el('strong', {}, notices.length === 1 ? 'Please note:' : 'Please note these:')),
    el('ul', {}, ...notices.map((n) => el('li', {}, n))),
    el('button', { type: 'button', id: 'dismiss' }, 'Dismiss'),
  );
  byId('dismiss').addEventListener('click', () => store.update({ notices: [] }));
}

/** The board and panel of the watch mode; called for every frame while playing. */
function drawWatch(announce: boolean): void {
  const { run, checked, error } = store.state;
  if (store.state.mode !== 'watch') return;
  // Playing stops at the end of a finished run (a running one may still send steps).
  if (run && !run.running && player.playing && run.replay.position >= run.replay.length) player.pause();
  predict.draw();
  const question = predict.question();
  board.interactive(question && question.kind !== 'accept' ? (square) => predict.answer(square) : undefined);
  if (run && !error) {
    const { picture, describe } = watchPicture(run, byId<HTMLInputElement>('heat').checked, predict.on ? { picked: question?.picked, numbers: predict.numbers } : undefined);
    const highlights = [...(lecture.highlights(run) ?? []), ...(question?.marked ?? [])];
    board.draw(highlights.length > 0 ? { ...picture, highlights } : picture, describe);
    // How soon the answer was on the board after the search ended: written once, for tests and the curious.
    if (run.finishedAt !== undefined && !byId('board').dataset.drawnMs && run.replay.position === run.replay.length) {
      byId('board').dataset.drawnMs = String(Math.round(performance.now() - run.finishedAt));
    }
  } else {
    // No run to show (none yet, or an error stands instead): the set-up's board, empty, never an old answer.
    drawEmptyBoard(checked);
  }
  watch.draw(error ? undefined : run, player.playing, announce);
  drawBoardTools(run && !error ? run.setup.board : emptyBoard(checked));
  applyPanels(presenting, lecture.panels());
  drawCaption();
  const replay = run?.replay;
  marks.draw(run && !error ? run.events : []);
  const timeline = byId<HTMLInputElement>('timeline');
  const length = replay?.length ?? 0;
  const position = replay?.position ?? 0;
  if (timeline.max !== String(length)) timeline.max = String(length);
  if (timeline !== document.activeElement || timeline.value !== String(position)) timeline.value = String(position);
  setText(byId('position'), `${position.toLocaleString('en')} / ${length.toLocaleString('en')}`);
  setAttr(timeline, 'aria-valuetext', `step ${position} of ${length}`);
  const noSteps = length === 0;
  for (const id of ['to-start', 'step-back', 'play', 'step-forward', 'to-end', 'next-solution', 'export-open']) setDisabled(id, noSteps);
  timeline.disabled = noSteps;
}

/** Under the board: Zoom for a board on the canvas, and what the drawing cannot say (square names, a heat map not drawn). */
function drawBoardTools(shown: Board): void {
  const canvas = shown.size > SVG_MAX_SQUARES;
  const zoom = byId<HTMLButtonElement>('board-zoom');
  show(zoom, canvas);
  if (!canvas && board.zoomed) board.zoomed = false;
  byId('board').classList.toggle('zoomed', board.zoomed);
  setAttr(zoom, 'aria-pressed', String(board.zoomed));
  setText(zoom, board.zoomed ? 'Zoom out' : 'Zoom in');
  const tour = store.state.setup.problem === 'tour';
  const heat = byId<HTMLInputElement>('heat');
  heat.disabled = tour && canvas;
  setText(byId('board-note'), boardNotes(shown, tour).join(' '));
}

/** The set-up's board with nothing on it. */
function drawEmptyBoard(checked: SetupCheck | undefined): void {
  const empty = emptyBoard(checked);
  board.draw({ board: empty, piece: registry.pieces[0]!, label: `An empty ${empty} board` }, (sq) => empty.name(sq));
}

/** The board of the set-up, even if the set-up cannot run (a knight with no k, say); huge ones go on the canvas. */
function emptyBoard(checked: SetupCheck | undefined): Board {
  if (checked?.ok) return checked.board;
  const { width, height } = store.state.setup;
  return new Board({ width, height });
}

// ---------------------------------------------------------------------------------------------------------
// Controls

function wireControls(): void {
  byId('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    // The page the form wrote (once it left the last run) becomes this run's: Back returns to the run before.
    void startRun();
  });
  byId('stop').addEventListener('click', () => {
    stopRun();
    scheduleRender();
  });
  byId('copy-link').addEventListener('click', () => void copyLink());
  byId('present').addEventListener('click', () => {
    setPresenting(!presenting);
    scheduleRender();
  });
  for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'))) {
    tab.addEventListener('click', () => setMode(tab.dataset.mode as Mode));
    tab.addEventListener('keydown', (event) => {
      const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
      const i = tabs.indexOf(tab);
      const next = event.key === 'ArrowRight' ? tabs[(i + 1) % tabs.length] : event.key === 'ArrowLeft' ? tabs[(i + tabs.length - 1) % tabs.length] : undefined;
      if (!next) return;
      event.preventDefault();
      next.focus();
      setMode(next.dataset.mode as Mode);
    });
  }
  const step = (delta: number) => {
    player.step(delta);
    drawWatch(true);
  };
  byId('play').addEventListener('click', () => player.toggle());
  byId('step-forward').addEventListener('click', () => step(1));
  byId('step-back').addEventListener('click', () => step(-1));
  byId('to-start').addEventListener('click', () => seek(0));
  byId('to-end').addEventListener('click', () => seek(player.replay.length));
  byId('next-solution').addEventListener('click', () => {
    const at = player.replay.nextSolution();
    if (at !== undefined) seek(at);
  });
  byId('timeline').addEventListener('input', (event) => seek(Number((event.target as HTMLInputElement).value)));
  const speed = byId<HTMLInputElement>('speed');
  const setSpeed = () => {
    player.speed = SPEEDS[Number(speed.value)] ?? SPEEDS[4];
    setText(byId('speed-label'), `${player.speed.toLocaleString('en')} steps/s`);
    setAttr(speed, 'aria-valuetext', `${player.speed} steps a second`);
  };
  speed.addEventListener('input', setSpeed);
  setSpeed();
  byId('heat').addEventListener('change', () => scheduleRender());
  byId('board-zoom').addEventListener('click', () => {
    board.zoomed = !board.zoomed;
    scheduleRender();
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (lecture.key(event)) return;
    if (event.key === 'l' && !event.altKey && !event.ctrlKey && !event.metaKey && !target.closest('input, select, textarea, [role="application"], [role="tree"]')) {
      event.preventDefault();
      lecture.toggleEditor();
      return;
    }
    if (store.state.mode !== 'watch' || event.altKey || event.ctrlKey || event.metaKey) return;
    // Fields and the play board keep their own keys; a focused button keeps Space and Enter for itself.
    if (target.closest('input, select, textarea, [role="tab"], [role="application"], [role="tree"]')) return;
    if (target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      ' ': () => player.toggle(),
      Home: () => seek(0),
      End: () => seek(player.replay.length),
      n: () => byId('next-solution').click(),
      p: () => byId('present').click(),
      Escape: () => presenting && byId('present').click(),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
}

function seek(position: number): void {
  player.seek(position);
  drawWatch(true);
}

/** The link to this set-up at this step: copied where the browser allows, and always shown to copy by hand. */
async function copyLink(): Promise<void> {
  const at = store.state.run ? player.replay.position : undefined;
  const url = `${location.origin}${location.pathname}?${formatState(store.state.setup, at)}`;
  show(byId('link-box'), true);
  const copied = await offerLink(url, byId<HTMLInputElement>('link'));
  setText(byId('link-said'), copied ? 'Copied to the clipboard.' : 'This page cannot reach the clipboard here: the link is selected above; copy it with Ctrl+C (or Cmd+C).');
}

function setDisabled(id: string, disabled: boolean): void {
  const button = byId<HTMLButtonElement>(id);
  if (button.disabled !== disabled) button.disabled = disabled;
}

function labelOf(id: string): string {
  return document.querySelector(`label[for="${id}"]`)?.textContent?.trim() ?? id;
}

