import { inert } from '@bezzel/core';
import type { ProgressEvent, Task } from '@bezzel/core';
import { groupDigits } from '@bezzel/render';

/** What a long count reports: sub-tasks done of all, and the count so far. */
export interface CountProgress {
  readonly done: number;
  readonly total: number;
  readonly count: bigint;
  /** On a queue: sub-tasks running now, waiting to retry, and failed. */
  readonly active?: number;
  readonly retrying?: number;
  readonly failed?: number;
}

/**
 * What a count counts, for its bar: the size in force where the problem has one (domination's k, and whether it
 * is the proven minimum or only given), so a long run says what its count will be the count of.
 */
export function countNote(task: Task, minimum?: { readonly value: number; readonly proven: boolean }): string | undefined {
  if (task.problem.kind !== 'dominate' || task.problem.k === undefined) return undefined;
  const k = task.problem.k;
  if (minimum) return `sets of ${k} = the fewest${minimum.proven ? ', proven' : ''}`;
  return `sets of exactly ${k}`;
}

/**
 * The time left at the rate sub-tasks finished in this run: an estimate (sub-tasks differ in size, and the first
 * ones, with fewer exclusions, are often the biggest), said as one. Undefined before one has finished here.
 */
export function timeLeft(done: number, total: number, finishedHere: number, seconds: number): string | undefined {
  if (done >= total) return 'done';
  if (finishedHere <= 0 || seconds <= 0) return undefined;
  return `about ${roughDuration(((total - done) * seconds) / finishedHere)} left (estimate)`;
}

/** A duration to two units: 45 s, 3 min 20 s, 2 h 5 min, 3 d 4 h. */
export function roughDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
}

export interface ProgressBar {
  update(progress: CountProgress): void;
  stop(): void;
}

/**
 * A progress bar on stderr (sub-tasks done/total, the count so far, what is counted, the time left as an estimate
 * from the sub-tasks finished in this run, their rate), only when stderr is a terminal and the output is not JSON:
 * piped or machine-read runs stay clean. The bar's library is loaded only then.
 */
export async function progressBar(format: string, note?: string): Promise<ProgressBar | undefined> {
  if (!process.stderr.isTTY || format === 'json') return undefined;
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      // The most telling first: a line wider than the terminal is cut at its end.
      format: 'counting |{bar}| {value}/{total} sub-tasks · {count} so far{note}{flight} · {left} · {rate}',
      barsize: 20,
      hideCursor: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  let first: number | undefined;
  let running = false;
  return {
    update({ done, total, count, active, retrying, failed }) {
      first ??= done;
      const seconds = (performance.now() - started) / 1000;
      const here = done - first;
      // Slow sub-tasks (a long count on few cores) read better as seconds each than as 0.0 a second.
      const rate = here > 0 && seconds / here > 1 ? `a sub-task every ${roughDuration(seconds / here)}` : `${seconds > 0 ? (here / seconds).toFixed(1) : '0'}/s`;
      const flight = [
        active !== undefined ? ` · ${active} in flight` : '',
        retrying ? ` · ${retrying} retrying` : '',
        failed ? ` · ${failed} failed` : '',
      ].join('');
      const left = timeLeft(done, total, here, seconds) ?? 'time left: estimated after a sub-task finishes';
      const payload = { rate, count: groupDigits(count), flight, left, note: note ? ` · ${note}` : '' };
      if (!running) {
        bar.start(total, done, payload);
        running = true;
      } else {
        bar.setTotal(total);
        bar.update(done, payload);
      }
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}

/** Redraws of the status line at most this often: a terminal needs no more, and a fast search reports far more. */
const STATUS_EVERY_MS = 200;

/**
 * One line on stderr for a search that runs in one piece (a minimum, a tour, a single count): nodes so far, the
 * rate, the time, and what the strategy says of itself (its metrics and message). Only on a terminal and not for
 * JSON, like the bar; cleared before the answer prints. Drawn by hand: a line that rewrites itself needs no library.
 */
export function statusLine(format: string, stream: NodeJS.WriteStream = process.stderr): ProgressBar & { readonly onProgress: (event: ProgressEvent) => void } | undefined {
  if (!stream.isTTY || format === 'json') return undefined;
  const started = performance.now();
  let drawn = 0;
  let shown = false;
  let nodes = 0;
  const draw = (event: ProgressEvent) => {
    if (event.nodes !== undefined) nodes = Math.max(nodes, event.nodes);
    const now = performance.now();
    if (now - drawn < STATUS_EVERY_MS) return;
    drawn = now;
    const seconds = (now - started) / 1000;
    const parts = [`searching · ${groupDigits(BigInt(Math.floor(nodes)))} nodes`];
    if (seconds > 0.5) parts.push(`${groupDigits(BigInt(Math.round(nodes / seconds)))}/s`);
    parts.push(`${seconds.toFixed(1)} s`);
    if (event.solutions !== undefined) parts.push(`${groupDigits(event.solutions)} found`);
    if (event.done !== undefined && event.total !== undefined) parts.push(`${event.done}/${event.total}`);
    for (const [name, value] of Object.entries(event.metrics ?? {})) parts.push(`${name} ${Number.isInteger(value) ? value : value.toFixed(3)}`);
    if (event.message) parts.push(inert(event.message));
    parts.push('Ctrl-C stops and prints what is known');
    const width = Math.max(20, (stream.columns || 80) - 1);
    let line = parts.join(' · ');
    if (line.length > width) line = `${line.slice(0, width - 1)}…`;
    stream.write(`\r\x1b[2K${line}`);
    shown = true;
  };
  return {
    onProgress: draw,
    update() {},
    stop() {
      if (shown) stream.write('\r\x1b[2K');
      shown = false;
      drawn = Number.POSITIVE_INFINITY;
    },
  };
}
