/**
 * A run's best quality so far, as it improved: from step `steps[i]` on, the best quality reached was `quality[i]`.
 * Steps rise and quality falls; 0 is solved. Only improvements are kept, so it is short: a quality that counts
 * (attacking pairs, squares not visited) falls at most its first value times.
 */
export interface Trajectory {
  /** The step (in the strategy's own unit, as `stats.nodes`) of each improvement. */
  readonly steps: readonly number[];
  /** The best quality from that step on. */
  readonly quality: readonly number[];
}

/**
 * Where a local search reports its quality as it goes, when someone asks (a task's `trajectory` flag: experiments
 * do, for fixed-target and fixed-budget views): `improve(step, quality)` may be called at every step, and keeps a
 * pair only when the quality beats the best so far. Its arrays double when full, so a step allocates nothing.
 * A strategy reads `context.trajectory` once and tests it where it steps (`trajectory?.improve(step, h)`), so a run
 * nobody records pays one branch.
 */
export class TrajectoryRecorder {
  /** The best quality so far; Infinity before the first report. Compare before computing a costly quality. */
  best = Number.POSITIVE_INFINITY;
  #steps = new Float64Array(16);
  #quality = new Float64Array(16);
  #count = 0;

  /** Reports the quality at `step` (not before the last step reported): kept only when better than the best so far. */
  improve(step: number, quality: number): void {
    if (!(quality < this.best)) return;
    this.best = quality;
    // Two improvements at one step: the later one is what the step reached.
    if (this.#count > 0 && this.#steps[this.#count - 1] === step) {
      this.#quality[this.#count - 1] = quality;
      return;
    }
    if (this.#count === this.#steps.length) {
      const steps = new Float64Array(2 * this.#count);
      const qualities = new Float64Array(2 * this.#count);
      steps.set(this.#steps);
      qualities.set(this.#quality);
      this.#steps = steps;
      this.#quality = qualities;
    }
    this.#steps[this.#count] = step;
    this.#quality[this.#count++] = quality;
  }

  /** Improvements recorded. */
  get length(): number {
    return this.#count;
  }

  /** The improvements as plain data (for the result's stats, which cross threads and go into JSON). */
  trajectory(): Trajectory {
    return { steps: Array.from(this.#steps.subarray(0, this.#count)), quality: Array.from(this.#quality.subarray(0, this.#count)) };
  }
}
