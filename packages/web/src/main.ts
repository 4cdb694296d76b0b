import { Board, type Bezzel, type Piece, type ProgressEvent, type Result, type Solution, type Task, type TraceEvent } from '@bezzel/core';
import { drawBoardCanvas, drawsPixels } from './board-canvas.js';
import { attackPicture, boardImage, boardSvg, SVG_MAX_SQUARES, type BoardView } from './board-view.js';
import { SetupForm } from './form.js';
import { Player, SPEEDS } from './player.js';
import { pageBezzel } from './plugins.js';
import { TRACE_CAP, type RunRequest, type WorkerMessage } from './protocol.js';
import { pathTrace, placementTrace, Replay } from './replay.js';
import { chartSvg, Series } from './series.js';
import { formatState, parseState, type PageState } from './state.js';
import { taskOf } from './task.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const text = (id: string, value: string) => {
  $(id).textContent = value;
};

/** Larger boards run untraced: a recording would be cut at the cap long before the answer anyway. */
const MAX_TRACED_SQUARES = 250_000;

/** One run as the page holds it: what was asked, what has arrived from the worker so far. */
interface Run {
  readonly task: Task;
  readonly board: Board;
  readonly piece: Piece;
  readonly events: TraceEvent[];
  readonly solutions: Solution[];
  readonly metrics: Map<string, Series>;
  result?: Result;
  capped?: number;
  live?: ProgressEvent;
  /** A solution too big to replay, drawn as a picture. */
  picture?: Solution;
  note?: string;
  /** The step a shared link asks to show when the run is over. */
  readonly at?: number;
}

const registry = await pageBezzel('queen');
if (!registry.ok) throw registry.error;
const form = new SetupForm(registry.value.bezzel);
let run: Run | undefined;
let worker: Worker | undefined;
const player = new Player(new Replay([]), draw, (playing) => {
  text('play', playing ? '⏸ Pause' : '▶ Play');
});

form.write(parseState(location.search));
form.refresh();
$('setup').addEventListener('change', () => remember(form.refresh()));
$('setup').addEventListener('submit', (event) => {
  event.preventDefault();
  void start(remember(form.refresh()));
});
$('stop').addEventListener('click', () => stop('stopped'));
// The link copied points at the step on the board, so a teacher can share "look at this moment".
$('copy-link').addEventListener('click', () => {
  const at = player.replay.position > 0 ? `&at=${player.replay.position}` : '';
  void navigator.clipboard?.writeText(`${location.origin}${location.pathname}?${formatState(form.read())}${at}`);
});
$('play').addEventListener('click', () => player.toggle());
$('step-forward').addEventListener('click', () => player.step(1));
$('step-back').addEventListener('click', () => player.step(-1));
$('to-start').addEventListener('click', () => player.seek(0));
$('to-end').addEventListener('click', () => player.seek(player.replay.length));
$('next-solution').addEventListener('click', () => {
  const at = player.replay.nextSolution();
  if (at !== undefined) player.seek(at);
});
const speed = $<HTMLInputElement>('speed');
const setSpeed = () => {
  player.speed = SPEEDS[Number(speed.value)] ?? SPEEDS[5];
  text('speed-label', `${player.speed.toLocaleString('en')}/s`);
};
speed.addEventListener('input', setSpeed);
setSpeed();
document.addEventListener('keydown', (event) => {
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (event.key === 'ArrowRight') player.step(1);
  else if (event.key === 'ArrowLeft') player.step(-1);
  else if (event.key === ' ') player.toggle();
  else return;
  event.preventDefault();
});
// A shared link runs at once, so the teacher's run is on the student's screen without a click.
const linkedStep = Number(new URLSearchParams(location.search).get('at'));
if (location.search.length > 1) void start(form.read(), Number.isSafeInteger(linkedStep) && linkedStep > 0 ? linkedStep : undefined);
else draw();

function remember(state: PageState): PageState {
  history.replaceState(null, '', `?${formatState(state)}`);
  return state;
}

/** Runs the state's task; `at` is a step to show once the run is over (from a link). */
async function start(state: PageState, at?: number): Promise<void> {
  stop();
  text('form-error', '');
  const made = await pageBezzel(state.piece);
  const task = made.ok ? taskOf(state, made.value.pieceId) : made;
  if (!made.ok || !task.ok) {
    text('form-error', (made.ok ? (task as { error: Error }).error : made.error).message);
    return;
  }
  const board = new Board(task.value.problem.board);
  const piece = made.value.bezzel.piece(made.value.pieceId)!;
  run = { task: task.value, board, piece, events: [], solutions: [], metrics: new Map(), ...(at ? { at } : {}) };
  player.replay = new Replay(run.events);
  text('result-status', 'running…');
  for (const id of ['result-strategy', 'result-count', 'result-nodes', 'result-time']) text(id, '–');
  text('result-note', '');
  ($('stop') as HTMLButtonElement).disabled = false;
  const current = run;
  worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => receive(current, data);
  worker.onerror = (event) => finish(current, `worker failed: ${event.message}`);
  const trace = state.trace && board.size <= MAX_TRACED_SQUARES;
  if (state.trace && !trace) run.note = `Boards over ${MAX_TRACED_SQUARES.toLocaleString('en')} squares are not recorded step by step.`;
  worker.postMessage({ task: task.value, pieceName: state.piece, trace } satisfies RunRequest);
  draw();
}

/** Ends the worker; a synchronous search cannot be interrupted any other way. */
function stop(status?: string): void {
  worker?.terminate();
  worker = undefined;
  ($('stop') as HTMLButtonElement).disabled = true;
  if (status && run && !run.result) text('result-status', status);
}

function receive(current: Run, message: WorkerMessage): void {
  if (current !== run) return;
  switch (message.type) {
    case 'trace':
      for (const event of message.events) current.events.push(event);
      for (const event of message.events) if (event.type === 'local') series(current, 'h').add(event.step, event.h);
      break;
    case 'trace-capped':
      current.capped = message.kept;
      break;
    case 'progress':
      for (const event of message.events) {
        current.live = event;
        for (const [name, value] of Object.entries(event.metrics ?? {})) series(current, name).add(series(current, name).length, value);
      }
      break;
    case 'solutions':
      current.solutions.push(...message.solutions);
      break;
    case 'done':
      current.result = message.result;
      settle(current);
      if (current.at) player.seek(current.at);
      finish(current);
      return;
    case 'error':
      finish(current, message.message);
      return;
  }
  draw();
}

function series(current: Run, name: string): Series {
  let s = current.metrics.get(name);
  if (!s) current.metrics.set(name, (s = new Series()));
  return s;
}

/** An untraced run still shows its answer growing (or, for goal all, its first), when small enough to replay. */
function settle(current: Run): void {
  const result = current.result!;
  const solution =
    ('solutions' in result ? result.solutions?.[0] : result.status === 'budget' || result.status === 'aborted' ? result.partial?.best : undefined) ??
    current.solutions[0];
  if (!solution || (current.events.length > 0 && current.capped === undefined)) return;
  const size = solution.kind === 'tour' ? solution.path.length : solution.squares.length;
  if (size > TRACE_CAP || current.events.length > 0) current.picture = solution;
  else {
    current.events.push(...(solution.kind === 'tour' ? pathTrace(solution.path) : placementTrace(solution.squares)));
    current.note ??= `No search steps were recorded, so the answer is replayed ${solution.kind === 'tour' ? 'move by move' : 'piece by piece'}.`;
  }
}

function finish(current: Run, error?: string): void {
  worker?.terminate();
  worker = undefined;
  ($('stop') as HTMLButtonElement).disabled = true;
  if (error) text('result-status', `error: ${error}`);
  draw();
}

function draw(): void {
  const replay = player.replay;
  if (run?.result && player.playing && replay.position >= replay.length) player.pause();
  drawStats(replay);
  if (!run) return;
  const { board } = run;
  const view = viewOf(run, replay);
  const host = $('board');
  if (board.size <= SVG_MAX_SQUARES) {
    host.innerHTML = boardSvg(view);
  } else {
    let canvas = host.querySelector('canvas');
    if (!canvas) host.replaceChildren((canvas = document.createElement('canvas')));
    drawBoardCanvas(canvas, view);
  }
  const latest = replay.latestSolution();
  text('latest-title', latest ? `Solution ${latest.index + 1}` : '');
  $('latest-board').innerHTML = latest && board.size <= SVG_MAX_SQUARES ? boardImage(solutionView(run, latest.squares), 160) : '';
  // Stepping through a local search marks the step on its h curve.
  $('chart').innerHTML = chartSvg(run.metrics, replay.lastLocal()?.step);
}

function viewOf(current: Run, replay: Replay): BoardView {
  const { board, piece } = current;
  const base = baseView(current);
  // A recording cut short ends in the answer it could not hold, drawn as a picture.
  if (current.picture && replay.position >= replay.length) {
    const s = current.picture;
    return s.kind === 'tour' ? { ...base, path: s.path } : { ...base, pieces: s.squares };
  }
  const squares = replay.squares;
  const last = replay.last;
  const touched = last && 'square' in last ? { square: last.square, how: last.type === 'place' || last.type === 'move' ? 'add' : 'take' } as const : undefined;
  if (current.task.problem.kind === 'tour') return { ...base, closed: base.closed && squares.length === board.playable, path: squares, candidates: replay.candidates(), ...(touched ? { touched } : {}) };
  const small = board.size <= SVG_MAX_SQUARES;
  return { ...base, pieces: squares, ...(small ? attackPicture(board, piece, squares) : {}), ...(touched ? { touched } : {}) };
}

function baseView({ board, piece, task }: Run) {
  return { board, piece, width: board.width, height: board.height, closed: task.problem.kind === 'tour' && (task.problem.closed ?? false) };
}

function solutionView(current: Run, squares: readonly number[]): BoardView {
  const base = baseView(current);
  return current.task.problem.kind === 'tour' ? { ...base, path: squares } : { ...base, pieces: squares };
}

function drawStats(replay: Replay): void {
  const n = (x: number | bigint) => x.toLocaleString('en');
  text('stat-step', `${n(replay.position)} / ${n(replay.length)}`);
  text('stat-depth', n(replay.depth));
  text('stat-nodes', n(replay.moves > 0 ? replay.moves : replay.nodes));
  text('stat-solutions', n(replay.solutions));
  const local = replay.lastLocal();
  text('stat-h', local === undefined ? '–' : String(local.h));
  const candidates = replay.candidates();
  $('candidates').textContent = candidates.length
    ? `Candidates (onward degree): ${candidates.map((c) => `${run!.board.name(c.square)}:${c.degree}`).join(', ')}`
    : '';
  text('position', replay.length ? `step ${n(replay.position)} of ${n(replay.length)}` : '');
  if (!run) return;
  const result = run.result;
  if (result) {
    text('result-status', result.status);
    text('result-strategy', result.strategy);
    const count = result.status === 'complete' ? result.count : result.status === 'solved' ? BigInt(result.solutions.length) : undefined;
    text('result-count', count === undefined ? '–' : n(count));
    text('result-nodes', n(result.stats.nodes));
    text('result-time', `${Math.round(result.stats.timeMs)} ms`);
    text('result-note', 'reason' in result ? result.reason : result.status === 'budget' || result.status === 'aborted' ? (result.partial?.note ?? '') : '');
  } else if (run.live) {
    text('result-nodes', n(run.live.nodes ?? 0));
    if (run.live.solutions !== undefined) text('result-count', `${n(run.live.solutions)} so far`);
  }
  const notes: string[] = run.note ? [run.note] : [];
  if (run.capped !== undefined) notes.push(`Recording stopped after ${n(run.capped)} steps; the run went on untraced.`);
  if (run.result && run.events.length === 0 && !run.picture && run.result.status !== 'impossible') notes.push('This strategy records no steps.');
  if (run.picture) notes.push(`The answer has ${n(run.picture.kind === 'tour' ? run.picture.path.length : run.picture.squares.length)} squares: drawn as a picture.`);
  if (run.board.size > SVG_MAX_SQUARES && run.task.problem.kind === 'tour' && drawsPixels(run.board.width, run.board.height)) {
    notes.push('Where squares are smaller than a pixel, colour runs from blue (the first squares of the tour) to red (the last).');
  }
  text('trace-note', notes.join(' '));
}
