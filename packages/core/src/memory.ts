/**
 * The memory one run may take, decided before it allocates: 1 GiB. Why this much and no more: a run's tables are
 * typed arrays outside V8's heap, but a pool runs one per core (two here, and 4× the cores at most), the web page
 * runs in a browser tab that a few GiB already strains, and lab and shared machines run other work too; 1 GiB a run
 * keeps a two-worker count to a small share of a common machine's memory and any single run far from an
 * out-of-memory kill. Every
 * strategy estimates what it would allocate (tables, populations, answers) and refuses past this in `supports()`,
 * with the estimate in its reason, so `auto` moves on to another strategy and a user reads why none fits. This is
 * the default: a run's budget may raise (or lower) it, `maxMemoryBytes`, which the command line's `--memory 12G`
 * sets; `overMemory` checks against the run's own limit when given its instance.
 */
export const MEMORY_LIMIT_BYTES = 2 ** 30;

/** What carries a run's own limit: an instance (its task's budget) or a task. */
type WithBudget = { readonly task: { readonly budget?: { readonly maxMemoryBytes?: number } } } | { readonly budget?: { readonly maxMemoryBytes?: number } };

/**
 * The memory a run may use, in bytes: its budget's `maxMemoryBytes` (the command line's `--memory`), else the
 * default {@link MEMORY_LIMIT_BYTES}.
 */
export function memoryLimit(of?: WithBudget): number {
  const budget = of === undefined ? undefined : 'task' in of ? of.task.budget : of.budget;
  const asked = budget?.maxMemoryBytes;
  return asked !== undefined && Number.isFinite(asked) && asked > 0 ? asked : MEMORY_LIMIT_BYTES;
}

/**
 * The most squares a placement answer may hold. `Solution.squares` is a plain array: 8 bytes a square, and while it
 * grows V8 copies it into one half as large again, so about 20 bytes a square at the peak; past about 1.1·10⁸
 * elements V8 cannot grow it at all (a fatal "invalid size" error, not an exception). 1 GiB / 20 bytes ≈ 5.4·10⁷,
 * rounded down: a largest placement of knights on 10000×10000 (5·10⁷) fits, on 20000×20000 (2·10⁸) it does not.
 */
export const MAX_ANSWER_SQUARES = 50_000_000;

/** A byte count as a person reads it, in binary units like the limit: "about 3.2 GiB", "about 640 MiB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'more memory than any machine has';
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  // Three figures, so that just over the limit reads as 1.02 GiB rather than 1.0.
  const shown = value >= 100 || unit === 0 ? value.toFixed(0) : value.toPrecision(3);
  return `about ${shown} ${units[unit]}`;
}

/**
 * Why a run that would allocate `bytes` for `what` ("its conflict table for the knight on 20000×20000") may not, in
 * the line a user reads; undefined when it fits. The limit is the run's own (`of`: its instance or task, whose
 * budget may raise it, see {@link memoryLimit}), or the default 1 GiB.
 */
export function overMemory(bytes: number, what: string, of?: WithBudget): string | undefined {
  const limit = memoryLimit(of);
  if (bytes <= limit) return undefined;
  if (limit === MEMORY_LIMIT_BYTES) return `${what} would need ${formatBytes(bytes)}, more than the 1 GiB a run may use`;
  return `${what} would need ${formatBytes(bytes)}, more than the ${formatBytes(limit).replace(/^about /, '')} this run may use`;
}

/** Why `what` ("a largest placement of knights on …"), an answer of `squares` squares, cannot be given; undefined when it can. */
export function overAnswerSize(squares: number, what: string): string | undefined {
  if (squares <= MAX_ANSWER_SQUARES) return undefined;
  return `${what} would be an answer of ${squares.toLocaleString('en-US')} squares, more than the ${MAX_ANSWER_SQUARES.toLocaleString('en-US')} one may hold`;
}
