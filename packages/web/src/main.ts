import { Board } from '@bezzel/core';
import type { AppState, Mode } from './app-state.js';
import { drawAnswer } from './answer-view.js';
import { BoardHost } from './board-host.js';
import { SVG_MAX_SQUARES } from './board-picture.js';
import { byId, el, setAttr, setText, show } from './dom.js';
import { applyChange, SetupForm, type FieldChange } from './form.js';
import { galleryOf } from './gallery-view.js';
import { hintBeforeSearch, hintFrom, hintTask } from './hint.js';
import { playPicture } from './play-picture.js';
import { click, verdict, type Attempt, type Puzzle } from './play.js';
import { Player, SPEEDS } from './player.js';
import { pageBezzel } from './plugins.js';
import { KEPT_SOLUTIONS } from './protocol.js';
import { Replay } from './replay.js';
import { Run } from './run.js';
import { checkSetup, type SetupCheck } from './setup-check.js';
import { formatState, parseState, type PageState } from './state.js';
import { Store } from './store.js';
import { WatchPanel } from './watch-panel.js';
import { watchPicture } from './watch-picture.js';
import { startWorker, type WorkerJob } from './worker-client.js';

// Nothing the page does should leave an uncaught error on the console: if something slips through anyway,
// the reader sees it on the page, in one line.
window.addEventListener('error', (event) => {
  event.preventDefault();
  addNotice(`Something went wrong on the page: ${event.message}. Reloading it may help.`);
});
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  addNotice(`Something went wrong on the page: ${event.reason instanceof Error ? event.reason.message : String(event.reason)}.`);
});

const base = await pageBezzel('queen');
if (!base.ok) throw base.error;
const registry = base.value.bezzel;
const linked = parseState(location.search);
const store = new Store<AppState>({
  setup: linked.state,
  invalid: {},
  checked: undefined,
  mode: 'watch',
  notices: linked.issues,
  run: undefined,
  error: undefined,
  gallery: { status: 'none' },
  attempt: emptyAttempt(linked.state),
  refused: undefined,
  hint: undefined,
  hinting: false,
});

const form = new SetupForm(registry, onField);
const board = new BoardHost(byId('board'), byId('tooltip'));
const watch = new WatchPanel((position) => player.seek(position));
const player = new Player(new Replay([]), () => drawWatch(false), (playing) => {
  byId('play').classList.toggle('playing', playing);
  setText(byId('play-label'), playing ? 'Pause' : 'Play');
  setAttr(byId('play'), 'aria-label', playing ? 'Pause' : 'Play');
  // Playing draws the panels beside the board less often; a pause brings them up to date.
  if (!playing) scheduleRender();
});
let hintJob: WorkerJob | undefined;
let galleryJob: WorkerJob | undefined;
let checking = 0;
let frame = 0;

store.subscribe((state, previous) => {
  if (state.setup !== previous.setup) void recheck(state.setup);
  scheduleRender();
});
wireControls();
await recheck(store.state.setup);
// A first visit runs the default puzzle, and a shared link runs its own set-up, so the board is never empty;
// a link the page could not read in full runs nothing until the reader has seen what was wrong.
const firstCheck = store.state.checked;
if (firstCheck && !firstCheck.ok && location.search.length > 1) addNotice(`The link's set-up cannot run: ${firstCheck.message}`);
if (store.state.notices.length === 0) await startRun(linked.at);
else render();

// ---------------------------------------------------------------------------------------------------------
// Changes

function onField(change: FieldChange): void {
  const invalid = { ...store.state.invalid };
  if ('invalid' in change) invalid[change.field] = change.invalid;
  else delete invalid[change.field];
  store.update((s) => ({ setup: applyChange(s.setup, change), invalid }));
}

/** Checks the set-up against the registry; only the latest check counts. */
async function recheck(setup: PageState): Promise<void> {
  const ticket = ++checking;
  const checked = await checkSetup(setup);
  if (ticket !== checking) return;
  const previous = store.state.checked;
  const samePuzzle = previous?.ok && checked.ok && puzzleKey(previous) === puzzleKey(checked);
  store.update({ checked, ...(samePuzzle ? {} : { attempt: emptyAttempt(setup), hint: undefined, refused: undefined }) });
  history.replaceState(null, '', `?${formatState(setup)}`);
}

async function startRun(at?: number): Promise<void> {
  const state = store.state;
  // Each press of Run is counted on the answer card, so a test (or a curious reader) can tell when it took effect.
  const card = byId('answer');
  card.dataset.attempt = String(Number(card.dataset.attempt ?? 0) + 1);
  stopRun();
  galleryJob?.stop();
  const unreadable = Object.entries(state.invalid);
  if (unreadable.length > 0) {
    const names = unreadable.map(([id, why]) => `${labelOf(id)} (${why})`).join('; ');
    store.update({ run: undefined, error: `Some fields cannot be read: ${names}`, gallery: { status: 'none' } });
    return;
  }
  const checked = await checkSetup(state.setup);
  if (!checked.ok) {
    store.update({ run: undefined, error: checked.message, gallery: { status: 'none' } });
    return;
  }
  const run = new Run(checked, state.setup.trace, state.setup.piece, (changed) => onRunMessage(changed, at));
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
    if (run.result) settleRun(run, at);
  }
  scheduleRender();
}

/** Where a finished run opens: the step a link named, else the first solution, else the end. */
function settleRun(run: Run, at: number | undefined): void {
  const replay = run.replay;
  if (at !== undefined) {
    if (at > replay.length) addNotice(`The link opens at step ${at.toLocaleString('en')}, but this run has ${replay.length.toLocaleString('en')} steps; it opens at the last.`);
    player.seek(Math.min(at, replay.length));
  } else if (replay.position === 0) player.seek((run.traced ? replay.nextSolution() : undefined) ?? replay.length);
  if (store.state.mode === 'solutions') showGallery();
}

function setMode(mode: Mode): void {
  if (mode !== 'watch') player.pause();
  store.update({ mode });
  if (mode === 'solutions') showGallery();
}

function addNotice(text: string): void {
  if (!store.state.notices.includes(text)) store.update((s) => ({ notices: [...s.notices, text] }));
}

// ---------------------------------------------------------------------------------------------------------
// Solutions

function showGallery(): void {
  const { run, gallery } = store.state;
  if (!run || gallery.status === 'shown' || gallery.status === 'listing') return;
  if (!run.result) {
    store.update({ gallery: { status: 'unavailable', message: run.error ? 'The run ended in an error.' : 'The run has not finished yet.' } });
    return;
  }
  const everything = run.result.status === 'complete' && run.setup.task.goal === 'all' && run.solutionCount === run.solutions.length;
  if (everything) buildGallery(run, run.solutions);
  else store.update({ gallery: { status: 'unavailable', message: 'This run did not list every solution. "List every solution" runs the same puzzle with goal all (up to 2,000 solutions are shown).' } });
}

function buildGallery(run: Run, solutions: Run['solutions']): void {
  if (solutions.length === 0) {
    store.update({ gallery: { status: 'unavailable', message: 'There are no solutions to show.' } });
    return;
  }
  const { element, classes } = galleryOf(run.setup.board, run.setup.piece, solutions);
  store.update({ gallery: { status: 'shown', element, classes, solutions: solutions.length } });
}

function listEverySolution(): void {
  const run = store.state.run;
  if (!run) return;
  galleryJob?.stop();
  // A maximum's ways are the placements of that many pieces.
  const maximum = run.result && 'maximum' in run.result ? run.result.maximum : undefined;
  const task = maximum !== undefined && run.setup.task.problem.kind === 'placement' ? { ...run.setup.task, problem: { ...run.setup.task.problem, k: maximum } } : run.setup.task;
  const strategy = run.setup.strategy.meta.goals.includes('all') ? run.setup.strategy.meta.id : 'auto';
  const solutions: Run['solutions'] = [];
  let found = 0;
  store.update({ gallery: { status: 'listing' } });
  galleryJob = startWorker({ task: { ...task, goal: 'all', strategy, options: strategy === 'auto' ? {} : (task.options ?? {}) }, pieceName: store.state.setup.piece, trace: false }, (message) => {
    if (run !== store.state.run) return;
    if (message.type === 'solutions') {
      found += message.solutions.length;
      for (const s of message.solutions) if (solutions.length < KEPT_SOLUTIONS) solutions.push(s);
    } else if (message.type === 'error') {
      store.update({ gallery: { status: 'unavailable', message: `Listing the solutions failed: ${message.message}` } });
    } else if (message.type === 'done') {
      if (message.result.status !== 'complete') store.update({ gallery: { status: 'unavailable', message: `Listing stopped before the end (${message.result.status}); ${found.toLocaleString('en')} solutions were found.` } });
      else if (found > KEPT_SOLUTIONS) store.update({ gallery: { status: 'unavailable', message: `There are ${found.toLocaleString('en')} solutions: too many to show (the gallery shows up to ${KEPT_SOLUTIONS.toLocaleString('en')}).` } });
      else buildGallery(run, solutions);
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// Play

function puzzleOf(checked: SetupCheck | undefined): Puzzle | undefined {
  if (!checked?.ok) return undefined;
  const { board, piece, instance } = checked;
  if (board.size > SVG_MAX_SQUARES) return undefined;
  return instance.kind === 'placement'
    ? { board, piece, ...(instance.task.goal === 'maximum' ? {} : { k: instance.k }) }
    : { board, piece, closed: instance.closed, ...(instance.start !== undefined ? { start: instance.start } : {}) };
}

function playSquare(square: number): void {
  const puzzle = puzzleOf(store.state.checked);
  if (!puzzle) return;
  const { attempt, refused } = click(puzzle, store.state.attempt, square);
  store.update({ attempt, refused, hint: undefined });
}

function askHint(): void {
  const { checked, attempt } = store.state;
  const puzzle = puzzleOf(checked);
  if (!puzzle || !checked?.ok) return;
  hintJob?.stop();
  const early = hintBeforeSearch(puzzle, attempt);
  if (early) {
    store.update({ hint: early });
    return;
  }
  store.update({ hinting: true, hint: { text: 'Asking backtracking for a way on…' } });
  hintJob = startWorker({ task: hintTask(checked.task, attempt), pieceName: store.state.setup.piece, trace: false }, (message) => {
    if (attempt !== store.state.attempt) return;
    if (message.type === 'done') store.update({ hinting: false, hint: hintFrom(puzzle, attempt, message.result) });
    else if (message.type === 'error') store.update({ hinting: false, hint: { text: `No hint: ${message.message}` } });
  });
}

function takeBack(): void {
  const attempt = store.state.attempt;
  const next: Attempt = attempt.kind === 'placement' ? { kind: 'placement', pieces: attempt.pieces.slice(0, -1) } : { kind: 'tour', path: attempt.path.slice(0, -1) };
  store.update({ attempt: next, refused: undefined, hint: undefined });
}

function emptyAttempt(setup: PageState): Attempt {
  return setup.problem === 'placement' ? { kind: 'placement', pieces: [] } : { kind: 'tour', path: [] };
}

function puzzleKey(checked: Extract<SetupCheck, { ok: true }>): string {
  return JSON.stringify(checked.task.problem);
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
  form.render(state.setup, state.invalid);
  drawNotices(state.notices);
  for (const tab of Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'))) {
    const selected = tab.dataset.mode === state.mode;
    setAttr(tab, 'aria-selected', String(selected));
    setAttr(tab, 'tabindex', selected ? '0' : '-1');
  }
  show(byId('board'), state.mode !== 'solutions');
  show(byId('player'), state.mode === 'watch');
  show(byId('play-bar'), state.mode === 'play');
  show(byId('gallery'), state.mode === 'solutions');
  show(byId('watch-panel'), state.mode === 'watch');
  show(byId('play-panel'), state.mode === 'play');
  show(byId('solutions-panel'), state.mode === 'solutions');
  drawAnswer(state.run, state.error);
  if (state.mode === 'watch') drawWatch(false);
  else if (state.mode === 'play') drawPlay();
  else drawSolutions();
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
  board.interactive(undefined);
  if (run && !error) {
    const { picture, describe } = watchPicture(run, byId<HTMLInputElement>('heat').checked);
    board.draw(picture, describe);
    // How soon the answer was on the board after the search ended: written once, for tests and the curious.
    if (run.finishedAt !== undefined && !byId('board').dataset.drawnMs && run.replay.position === run.replay.length) {
      byId('board').dataset.drawnMs = String(Math.round(performance.now() - run.finishedAt));
    }
  } else {
    // No run to show (none yet, or an error stands instead): the set-up's board, empty, never an old answer.
    const empty = emptyBoard(checked);
    board.draw({ board: empty, piece: registry.pieces[0]!, label: `An empty ${empty} board` }, (sq) => empty.name(sq));
  }
  watch.draw(error ? undefined : run, player.playing, announce);
  const replay = run?.replay;
  const timeline = byId<HTMLInputElement>('timeline');
  const length = replay?.length ?? 0;
  const position = replay?.position ?? 0;
  if (timeline.max !== String(length)) timeline.max = String(length);
  if (timeline !== document.activeElement || timeline.value !== String(position)) timeline.value = String(position);
  setText(byId('position'), `${position.toLocaleString('en')} / ${length.toLocaleString('en')}`);
  setAttr(timeline, 'aria-valuetext', `step ${position} of ${length}`);
  const noSteps = length === 0;
  for (const id of ['to-start', 'step-back', 'play', 'step-forward', 'to-end', 'next-solution']) setDisabled(id, noSteps);
  timeline.disabled = noSteps;
}

/** The board of the set-up, even if the set-up cannot run (a knight with no k, say); huge ones go on the canvas. */
function emptyBoard(checked: SetupCheck | undefined): Board {
  if (checked?.ok) return checked.board;
  const { width, height } = store.state.setup;
  return new Board({ width, height });
}

function drawPlay(): void {
  const { checked, attempt, refused, hint, hinting } = store.state;
  const puzzle = puzzleOf(checked);
  if (!puzzle) {
    board.interactive(undefined);
    setText(byId('play-summary'), checked?.ok ? 'Play is for boards up to 32×32.' : checked ? checked.message : 'Checking the set-up…');
    byId('play-problems').replaceChildren();
    return;
  }
  board.interactive(playSquare);
  const v = verdict(puzzle, attempt);
  const { picture, describe } = playPicture(puzzle, attempt, v, hint, byId<HTMLInputElement>('heat').checked);
  board.draw(picture, describe);
  setText(byId('play-summary'), v.summary);
  const list = byId('play-problems');
  const key = v.problems.join('\n');
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.replaceChildren(...v.problems.map((p) => el('li', {}, p)));
  }
  setText(byId('play-refused'), refused ? `Not allowed: ${refused}.` : '');
  setText(byId('play-hint'), hint?.text ?? '');
  setDisabled('hint', hinting || v.solved);
  const empty = attempt.kind === 'placement' ? attempt.pieces.length === 0 : attempt.path.length === 0;
  setDisabled('undo', empty);
  setDisabled('clear', empty);
}

function drawSolutions(): void {
  const { gallery, run } = store.state;
  const host = byId('gallery');
  const summary = byId('solutions-summary');
  if (gallery.status === 'shown') {
    if (host.firstChild !== gallery.element) host.replaceChildren(gallery.element);
    setText(summary, `${gallery.solutions.toLocaleString('en')} solutions in ${gallery.classes.toLocaleString('en')} classes. The board's rotations and reflections that keep the piece's moves carry each class's first solution onto the others; each drawing names the ones that make it.`);
  } else {
    host.replaceChildren();
    setText(summary, gallery.status === 'listing' ? 'Listing every solution…' : gallery.status === 'unavailable' ? gallery.message : run ? '' : 'Run a puzzle first.');
  }
  setDisabled('enumerate', !run?.result || gallery.status === 'listing' || gallery.status === 'shown');
}

// ---------------------------------------------------------------------------------------------------------
// Controls

function wireControls(): void {
  byId('setup').addEventListener('submit', (event) => {
    event.preventDefault();
    void startRun();
  });
  byId('stop').addEventListener('click', () => {
    stopRun();
    scheduleRender();
  });
  byId('copy-link').addEventListener('click', () => void copyLink());
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
  byId('hint').addEventListener('click', askHint);
  byId('undo').addEventListener('click', takeBack);
  byId('clear').addEventListener('click', () => store.update((s) => ({ attempt: emptyAttempt(s.setup), refused: undefined, hint: undefined })));
  byId('enumerate').addEventListener('click', listEverySolution);
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (store.state.mode !== 'watch' || event.altKey || event.ctrlKey || event.metaKey) return;
    // Fields and the play board keep their own keys; a focused button keeps Space and Enter for itself.
    if (target.closest('input, select, textarea, [role="tab"], [role="application"]')) return;
    if (target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return;
    const keys: Record<string, () => void> = {
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      ' ': () => player.toggle(),
      Home: () => seek(0),
      End: () => seek(player.replay.length),
      n: () => byId('next-solution').click(),
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
  const box = byId('link-box');
  const input = byId<HTMLInputElement>('link');
  show(box, true);
  input.value = url;
  const said = byId('link-said');
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
    await navigator.clipboard.writeText(url);
    setText(said, 'Copied to the clipboard.');
  } catch {
    input.focus();
    input.select();
    setText(said, 'This page cannot reach the clipboard here: the link is selected above; copy it with Ctrl+C (or Cmd+C).');
  }
}

function setDisabled(id: string, disabled: boolean): void {
  const button = byId<HTMLButtonElement>(id);
  if (button.disabled !== disabled) button.disabled = disabled;
}

function labelOf(id: string): string {
  return document.querySelector(`label[for="${id}"]`)?.textContent?.trim() ?? id;
}

