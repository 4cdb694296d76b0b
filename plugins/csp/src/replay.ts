import type { TraceEvent } from '@bezzel/core';

/** The domains as a trace has left them: what a page draws as a grid of columns (variables) by rows (values). */
export interface DomainGrid {
  /** The number of variables (columns) and of values (rows). */
  readonly n: number;
  /** The value of each variable, or -1 while it is unassigned. */
  readonly value: readonly number[];
  /**
   * For each variable and value (`crossedAt[variable][value]`): the depth of the assignment whose inference removed
   * it, or -1 while the value is still in the domain. The variable assigned at that depth is `assignedAt[depth]`.
   */
  readonly crossedAt: readonly (readonly number[])[];
  /** The variable assigned at each depth, as deep as the search now is. */
  readonly assignedAt: readonly number[];
  /** The variable whose domain the last step emptied (a `wipeout`), or -1. */
  readonly wipedOut: number;
  /** Solutions seen so far. */
  readonly solutions: number;
}

/**
 * Replays a csp trace (`assign`, `unassign`, `wipeout`, `solution`; other events are ignored) onto n × n domains,
 * step by step: `apply` each event, read the grid. A pure function of the events is {@link replayDomains}.
 */
export class DomainReplay implements DomainGrid {
  /** The value of each variable, or -1 while it is unassigned. */
  readonly value: number[];
  /** For each variable and value: the depth whose inference removed it, or -1. */
  readonly crossedAt: number[][];
  /** The variable assigned at each depth. */
  readonly assignedAt: number[] = [];
  /** The variable the last step emptied, or -1. */
  wipedOut = -1;
  /** Solutions seen so far. */
  solutions = 0;

  constructor(
    /** The number of variables and of values. */
    readonly n: number,
  ) {
    this.value = new Array<number>(n).fill(-1);
    this.crossedAt = Array.from({ length: n }, () => new Array<number>(n).fill(-1));
  }

  /** Applies one event. */
  apply(event: TraceEvent): void {
    switch (event.type) {
      case 'assign':
        this.wipedOut = -1;
        this.value[event.variable] = event.value;
        this.assignedAt.length = event.depth;
        this.assignedAt.push(event.variable);
        for (const p of event.pruned) this.crossedAt[p.variable]![p.value] = event.depth;
        break;
      case 'unassign':
        this.wipedOut = -1;
        this.value[event.variable] = -1;
        this.assignedAt.length = Math.min(this.assignedAt.length, event.depth);
        // Deeper removals went with their own unassign events; the ones this assignment made go now.
        for (const column of this.crossedAt) for (let v = 0; v < this.n; v++) if (column[v]! >= event.depth) column[v] = -1;
        break;
      case 'wipeout':
        this.wipedOut = event.variable;
        break;
      case 'solution':
        this.solutions++;
        break;
      default:
        break;
    }
  }
}

/** The grid after the first `steps` events (all of them by default). */
export function replayDomains(n: number, events: readonly TraceEvent[], steps = events.length): DomainGrid {
  const replay = new DomainReplay(n);
  for (let i = 0; i < Math.min(steps, events.length); i++) replay.apply(events[i]!);
  return replay;
}
