import type { ProgressEvent } from '@bezzel/core';
import { groupDigits } from '@bezzel/render';
import { inert } from './inert-text.js';

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

export interface ProgressBar {
  update(progress: CountProgress): void;
  stop(): void;
}

/**
 * A progress bar on stderr (sub-tasks done/total, rate, ETA), only when stderr is a terminal and the output is
 * not JSON: piped or machine-read runs stay clean. The bar's library is loaded only then.
 */
export async function progressBar(format: string): Promise<ProgressBar | undefined> {
  if (!process.stderr.isTTY || format === 'json') return undefined;
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'counting |{bar}| {value}/{total} sub-tasks{flight} · {rate}/s · ETA {eta_formatted} · {count} so far',
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
      const rate = seconds > 0 ? ((done - first) / seconds).toFixed(1) : '0';
      const flight = [
        active !== undefined ? ` · ${active} in flight` : '',
        retrying ? ` · ${retrying} retrying` : '',
        failed ? ` · ${failed} failed` : '',
      ].join('');
      const payload = { rate, count: groupDigits(count), flight };
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
