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
