import type { Cell, CellRow, ExperimentHooks } from '@bezzel/experiment';

/** Hooks that report an experiment's progress on stderr, and the call that ends the report. */
export interface ExperimentProgress extends Pick<ExperimentHooks, 'onRun' | 'onCell'> {
  finish(): void;
}

/** A terminal line is redrawn at most this often: runs of a millisecond would otherwise flood it. */
const REDRAW_MS = 100;

/**
 * On a terminal, one line redrawn as runs finish: run i of N, the strategy and its swept values, the size and
 * how many of the cell's runs solved so far. Elsewhere (a log, CI), a line per finished cell, so a long
 * experiment still shows that it moves without a line per run.
 */
export function experimentProgress(stream: NodeJS.WriteStream = process.stderr): ExperimentProgress {
  let done = 0;
  let solvedInCell = 0;
  let runsInCell = 0;
  let cellOfLast: Cell | undefined;
  let drawn = 0;
  let shown = false;
  const tty = stream.isTTY === true;
  return {
    onRun(runs, total, run, cell) {
      done = runs;
      if (cell !== cellOfLast) [cellOfLast, solvedInCell, runsInCell] = [cell, 0, 0];
      runsInCell++;
      if (run.solved) solvedInCell++;
      const now = performance.now();
      if (!tty || (now - drawn < REDRAW_MS && runs < total)) return;
      drawn = now;
      shown = true;
      stream.write(`\r\x1b[Krun ${runs} of ${total} · ${cell.label} · ${cell.n}×${cell.n} · ${solvedInCell} of ${runsInCell} solved`);
    },
    onCell(row: CellRow, index, cells) {
      if (tty) return;
      stream.write(`[${index + 1}/${cells}] ${row.label} on ${row.n}×${row.n}: ${row.solved} of ${row.runs} solved (${done} runs done)\n`);
    },
    finish() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
