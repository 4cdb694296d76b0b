import { AnswerCheck, type PartialResult, type Result, type SubTask } from '@bezzel/core';
import type { SplitPlan } from './plan.js';

/**
 * A finished sub-task as plain JSON (counts as decimal strings): a checkpoint line, a job's return value.
 * The counts are the sub-task's own; `weight` multiplies them into the whole.
 */
export interface SubCount {
  readonly key: string;
  readonly weight: number;
  readonly count: string;
  readonly fundamental?: string;
  readonly nodes: number;
}

/**
 * The record of a sub-task's result: its counts when it is complete, zero when it proved that no solution
 * exists, undefined when it stopped short (budget, abort) and counted nothing for sure.
 */
export function subCountOf(key: string, sub: SubTask, result: Result): SubCount | undefined {
  if (result.status !== 'complete' && result.status !== 'impossible') return undefined;
  const count = result.status === 'complete' ? result.count : 0n;
  const fundamental = result.status === 'complete' ? (result.fundamental ?? 0n) : 0n;
  return { key, weight: sub.weight, count: String(count), ...(sub.task.goal === 'count-fundamental' ? { fundamental: String(fundamental) } : {}), nodes: result.stats.nodes };
}

/**
 * Adds up weighted sub-counts, each key once: a sub-task that ran twice (a retried job, a resumed checkpoint)
 * is counted once, and the total is complete only when every key of the plan has its result.
 */
export class Tally {
  count = 0n;
  fundamental = 0n;
  nodes = 0;
  readonly #seen = new Set<string>();

  constructor(readonly total: number) {}

  get done(): number {
    return this.#seen.size;
  }

  get complete(): boolean {
    return this.#seen.size === this.total;
  }

  has(key: string): boolean {
    return this.#seen.has(key);
  }

  /** Adds one sub-task's counts; false (and nothing added) when its key was already counted. */
  add(entry: SubCount): boolean {
    if (this.#seen.has(entry.key)) return false;
    this.#seen.add(entry.key);
    this.count += BigInt(entry.weight) * BigInt(entry.count);
    this.fundamental += BigInt(entry.weight) * BigInt(entry.fundamental ?? '0');
    this.nodes += entry.nodes;
    return true;
  }

  /** Solutions that sub-tasks stopped part way found (weighted): part of what was found, not of a count. */
  #found = 0n;

  addFound(weight: number, found: bigint, nodes: number): void {
    this.#found += BigInt(weight) * found;
    this.nodes += nodes;
  }

  /**
   * What a stopped count keeps: the solutions found so far (finished sub-tasks' counts and what unfinished ones
   * found), the fundamental count of the finished ones, and the share of sub-tasks finished.
   */
  partial(wantFundamental: boolean): PartialResult {
    return { count: this.count + this.#found, ...(wantFundamental ? { fundamental: this.fundamental } : {}), coverage: this.total === 0 ? 1 : this.done / this.total, coverageOf: 'sub-tasks' };
  }
}

/**
 * The result of a plan whose every sub-task is in the tally, checked by the core as a whole answer (the sum of
 * checked sub-counts must still satisfy what a whole count must).
 */
export function completeResult(plan: SplitPlan, tally: Tally, stats: Result['stats']): Result {
  const fundamental = plan.task.goal === 'count-fundamental' ? { fundamental: tally.fundamental } : {};
  const outcome = new AnswerCheck(plan.instance, plan.strategy.meta.id).outcome({ status: 'complete', stats, count: tally.count, ...fundamental });
  return { ...outcome, strategy: plan.strategy.meta.id, task: plan.task } as Result;
}
