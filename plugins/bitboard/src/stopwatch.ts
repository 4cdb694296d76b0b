import { CLOCK_MASK, type BudgetClock } from '@bezzel/core';

/**
 * The budget as hot loops see it: one comparison per node against `nextCheck`, which is the step limit or
 * the next moment to read the clock, whichever is nearer. Reading the clock costs more than a node.
 */
export class NodeBudget {
  nodes = 0;
  nextCheck: number;
  stopped = false;

  constructor(private readonly clock: BudgetClock | undefined) {
    this.nextCheck = this.#next();
  }

  /** Called when `nodes` reached `nextCheck`: true (and `stopped`) once the budget is spent. */
  poll(): boolean {
    if (this.clock && this.clock.exhausted(this.nodes)) {
      this.stopped = true;
      return true;
    }
    this.nextCheck = this.#next();
    return false;
  }

  #next(): number {
    const max = this.clock?.maxSteps ?? Number.POSITIVE_INFINITY;
    return Math.min(max, this.nodes + CLOCK_MASK + 1);
  }
}
