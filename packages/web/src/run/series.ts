/**
 * A metric over time (h per step, best and mean fitness per generation) kept in bounded memory: when full,
 * every other point is dropped and only every second new point is kept, so a long run still shows its whole
 * curve at half the resolution.
 */
export class Series {
  readonly xs: number[] = [];
  readonly ys: number[] = [];
  #stride = 1;
  #seen = 0;

  constructor(readonly capacity = 2000) {}

  add(x: number, y: number): void {
    if (this.#seen++ % this.#stride !== 0) return;
    this.xs.push(x);
    this.ys.push(y);
    if (this.xs.length >= this.capacity) {
      for (let i = 0, j = 0; i < this.xs.length; i += 2, j++) {
        this.xs[j] = this.xs[i]!;
        this.ys[j] = this.ys[i]!;
      }
      this.xs.length = this.ys.length = Math.ceil(this.xs.length / 2);
      this.#stride *= 2;
    }
  }

  get length(): number {
    return this.xs.length;
  }
}

/** Proposals in the window over which the share of uphill moves accepted is taken. */
export const ACCEPTANCE_WINDOW = 50;

/**
 * Simulated annealing's curves, from its `local` events: the temperature at each proposal, and the share of the
 * last ACCEPTANCE_WINDOW uphill proposals (ones that would raise h) that were accepted — the textbook's picture of
 * e^(−Δ/T) falling as the schedule cools.
 */
export class Annealing {
  readonly temperature = new Series();
  readonly uphill = new Series();
  /** Uphill proposals seen, and of them accepted. */
  proposals = 0;
  accepted = 0;
  #h: number | undefined;
  readonly #window: boolean[] = [];
  #inWindow = 0;

  add(event: { readonly step: number; readonly h: number; readonly temperature?: number; readonly accepted?: boolean; readonly from?: number }): void {
    const before = this.#h;
    // A refused proposal leaves h as it was; an accepted one's h is the new h.
    this.#h = event.h;
    if (event.temperature === undefined || event.from === undefined) return;
    this.temperature.add(event.step, event.temperature);
    // Uphill: accepted and h rose, or refused (only uphill moves are ever refused).
    const uphill = event.accepted === false || (before !== undefined && event.h > before);
    if (!uphill) return;
    const took = event.accepted !== false;
    this.proposals++;
    if (took) this.accepted++;
    this.#window.push(took);
    if (took) this.#inWindow++;
    if (this.#window.length > ACCEPTANCE_WINDOW && this.#window.shift()) this.#inWindow--;
    this.uphill.add(event.step, this.#inWindow / this.#window.length);
  }
}

const COLOURS = ['#2980b9', '#c0392b', '#27ae60', '#8e44ad'];

/** A small line chart of named series as SVG text, sharing one y scale. */
export function chartSvg(series: ReadonlyMap<string, Series>, marker?: number, width = 280, height = 150, axes: { readonly x?: string; readonly y?: string } = {}): string {
  const all = [...series.entries()].filter(([, s]) => s.length > 1);
  if (all.length === 0) return '';
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const [, s] of all) {
    for (let i = 0; i < s.length; i++) {
      x0 = Math.min(x0, s.xs[i]!); x1 = Math.max(x1, s.xs[i]!);
      y0 = Math.min(y0, s.ys[i]!); y1 = Math.max(y1, s.ys[i]!);
    }
  }
  if (x1 === x0) x1 = x0 + 1;
  // The y-axis starts at 0 for values that cannot go below it, else at a round number, and ends at a round one:
  // a curve from 12.76 up read as a rise from nothing.
  const tick = roundStep(Math.max(y1, 0) - Math.min(y0, 0) || Math.abs(y1) || 1);
  y0 = y0 >= 0 ? 0 : Math.floor(y0 / tick) * tick;
  y1 = Math.max(Math.ceil(y1 / tick) * tick, y0 + tick);
  const font = 12;
  const left = 52;
  const top = 16;
  const bottom = 34;
  const plotW = width - left - 6;
  const plotH = height - top - bottom;
  const px = (x: number) => left + ((x - x0) / (x1 - x0)) * plotW;
  const py = (y: number) => top + plotH - ((y - y0) / (y1 - y0)) * plotH;
  const xTitle = axes.x ?? 'step';
  const yTitle = axes.y ?? all.map(([name]) => name).join(', ');
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" class="chart">`];
  parts.push(`<rect x="${left}" y="${top}" width="${plotW}" height="${plotH}" fill="#fafafa" stroke="#ccc"/>`);
  const mid = (y0 + y1) / 2;
  for (const y of [y0, mid, y1]) parts.push(`<text class="tick" x="${left - 4}" y="${(py(y) + font / 3).toFixed(1)}" font-size="${font}" text-anchor="end">${fmt(y)}</text>`);
  parts.push(`<text class="tick" x="${left}" y="${top + plotH + font + 2}" font-size="${font}">${fmt(x0)}</text><text class="tick" x="${width - 6}" y="${top + plotH + font + 2}" font-size="${font}" text-anchor="end">${fmt(x1)}</text>`);
  parts.push(`<text class="axis-title x" x="${left + plotW / 2}" y="${height - 3}" font-size="${font}" text-anchor="middle">${escape(xTitle)}</text>`);
  parts.push(`<text class="axis-title y" x="${12}" y="${top + plotH / 2}" font-size="${font}" text-anchor="middle" transform="rotate(-90 12 ${top + plotH / 2})">${escape(yTitle)}</text>`);
  all.forEach(([name, s], i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const points = s.xs.map((x, j) => `${px(x).toFixed(1)},${py(s.ys[j]!).toFixed(1)}`).join(' ');
    parts.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="1.5"/>`);
    if (all.length > 1) parts.push(`<text x="${left + 6 + i * 70}" y="${top - 3}" font-size="${font}" fill="${colour}">${escape(name)}</text>`);
  });
  if (marker !== undefined && marker >= x0 && marker <= x1) {
    parts.push(`<line class="marker" x1="${px(marker).toFixed(1)}" x2="${px(marker).toFixed(1)}" y1="${top}" y2="${top + plotH}" stroke="#e67e22" stroke-width="1.5"/>`);
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A round step (1, 2 or 5 times a power of ten) that splits a range into at most about four parts. */
export function roundStep(range: number): number {
  const power = 10 ** Math.floor(Math.log10(range / 4));
  for (const m of [1, 2, 5, 10]) if (range / (m * power) <= 4) return m * power;
  return 10 * power;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fmt(n: number): string {
  return Math.abs(n) >= 1e5 ? n.toExponential(1) : String(Math.round(n * 100) / 100);
}
