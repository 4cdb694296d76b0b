import type { TraceEvent } from '@bezzel/core';
import { setAttr, svgEl } from '../shared/dom.js';

export type MarkKind = 'solution' | 'restart' | 'backtrack';
export const MARK_KINDS: readonly MarkKind[] = ['solution', 'restart', 'backtrack'];
const WORDS: Readonly<Record<MarkKind, string>> = { solution: 'solutions', restart: 'restarts', backtrack: 'backtracks' };

/**
 * What the event at a position marks on the timeline: a solution; a restart (a search putting its first piece
 * down again, or a tour walk starting afresh, when no step back emptied the board); a step back (a piece taken
 * back, a tour's retreat, a csp assignment or a dancing-links option undone).
 */
export function markOf(events: readonly TraceEvent[], position: number): MarkKind | undefined {
  const event = events[position]!;
  switch (event.type) {
    case 'solution':
      return 'solution';
    case 'remove':
    case 'retreat':
    case 'unassign':
    case 'uncover':
      return 'backtrack';
    case 'place':
    case 'move': {
      if (event.depth !== 0 || position === 0) return undefined;
      const before = events[position - 1]!.type;
      return before === 'remove' || before === 'retreat' ? undefined : 'restart';
    }
    default:
      return undefined;
  }
}

/** Bins across the strip: a trace of 200,000 steps is drawn as this many columns per lane. */
const BINS = 600;

/**
 * Three lanes under the timeline — solutions (green), restarts (orange), backtracks (red) — each event a tick at
 * its place in the run, many events in one pixel column drawn as one; the counts in a legend beside. Redrawn
 * only when events arrive.
 */
export class TimelineMarks {
  #drawnFor = -1;
  #events: readonly TraceEvent[] | undefined;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly legend: HTMLElement,
  ) {}

  draw(events: readonly TraceEvent[]): void {
    if (events === this.#events && events.length === this.#drawnFor) return;
    this.#events = events;
    this.#drawnFor = events.length;
    const n = events.length;
    const bins: Record<MarkKind, Uint8Array> = { solution: new Uint8Array(BINS), restart: new Uint8Array(BINS), backtrack: new Uint8Array(BINS) };
    const counts: Record<MarkKind, number> = { solution: 0, restart: 0, backtrack: 0 };
    const first: Record<MarkKind, number[]> = { solution: [], restart: [], backtrack: [] };
    for (let p = 0; p < n; p++) {
      const kind = markOf(events, p);
      if (!kind) continue;
      counts[kind]++;
      if (first[kind].length < 100) first[kind].push(p + 1);
      bins[kind][Math.min(BINS - 1, Math.floor((p / Math.max(n, 1)) * BINS))] = 1;
    }
    setAttr(this.svg, 'viewBox', `0 0 ${BINS} 12`);
    const children: SVGElement[] = [];
    MARK_KINDS.forEach((kind, lane) => {
      let d = '';
      for (let b = 0; b < BINS; b++) if (bins[kind][b]) d += `M${b + 0.5},${lane * 4}v3.4`;
      children.push(svgEl('path', { d, class: `lane ${kind}` }));
      setAttr(this.svg, `data-${kind}s`, first[kind].join(' '));
      setAttr(this.svg, `data-${kind}-count`, String(counts[kind]));
    });
    this.svg.replaceChildren(...children);
    setAttr(this.svg, 'aria-label', `Marks on the timeline: ${MARK_KINDS.map((k) => `${counts[k].toLocaleString('en')} ${WORDS[k]}`).join(', ')}`);
    this.legend.replaceChildren(
      ...MARK_KINDS.filter((k) => counts[k] > 0).map((k) => {
        const item = document.createElement('span');
        item.className = `mark-key ${k}`;
        item.dataset.kind = k;
        item.textContent = `${counts[k].toLocaleString('en')} ${counts[k] === 1 ? WORDS[k].slice(0, -1) : WORDS[k]}`;
        return item;
      }),
    );
  }
}
