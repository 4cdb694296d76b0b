/** What a strategy's view shows now: a title, its markup, and the figures it shows, for tests and tools (`data-now`). */
export interface ViewContent {
  readonly title: string;
  readonly html: string;
  readonly now: string;
}

/** Individuals of a GA sample, and beam states, are drawn as small boards up to this side; beyond, as digits only. */
export const MINI_SIDE = 16;

/** A placement given as a row per column, as a small board; `marked` columns get a ring (a mutated digit). */
export function miniBoard(rows: readonly number[], cls = '', marked: readonly number[] = []): string {
  const n = rows.length;
  if (n === 0 || n > MINI_SIDE) return '';
  const cells: string[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if ((r + c) % 2 === 1) cells.push(`<rect x="${c}" y="${r}" width="1" height="1" class="mini-dark"/>`);
  const pieces = rows.map((row, col) => `<circle cx="${col + 0.5}" cy="${n - row - 0.5}" r="0.36" class="mini-piece"/>`).join('');
  const rings = marked.map((col) => `<circle cx="${col + 0.5}" cy="${n - rows[col]! - 0.5}" r="0.46" class="mini-ring"/>`).join('');
  return `<svg class="mini ${cls}" viewBox="0 0 ${n} ${n}" aria-hidden="true"><rect width="${n}" height="${n}" class="mini-light"/>${cells.join('')}${pieces}${rings}</svg>`;
}

/** An individual as AIMA writes it: the row of each column's piece, 1-based, one digit a column (a space between past 9). */
export function digits(rows: readonly number[]): string {
  return rows.length <= 9 ? rows.map((r) => r + 1).join('') : rows.map((r) => r + 1).join(' ');
}

/** The digits one by one, each in a span with a class from `classOf` (a parent's part, a mutated digit). */
export function digitSpans(rows: readonly number[], classOf: (i: number) => string): string {
  return rows.map((r, i) => `<span class="${classOf(i)}">${r + 1}</span>`).join(rows.length <= 9 ? '' : ' ');
}

/** Text for markup. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
