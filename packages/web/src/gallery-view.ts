import type { Board, Piece, Solution } from '@bezzel/core';
import { renderSolutionSvg } from '@bezzel/render';
import { el } from './dom.js';
import { solutionClasses } from './solution-classes.js';

/** Pixels a square in a gallery picture (the picture then scales to its box). */
const CELL = 12;

/**
 * Every solution, grouped into its fundamental classes: one card a class, each member drawn (the render
 * package's SVG, as an image so the drawings' ids stay apart) and captioned with the symmetries that make it
 * from the class's first member.
 */
export function galleryOf(board: Board, piece: Piece, solutions: readonly Solution[]): { element: HTMLElement; classes: number } {
  const classes = solutionClasses(board, piece, solutions);
  const cards = classes.map((c, i) =>
    el(
      'section',
      { class: 'class', 'aria-label': `Class ${i + 1}` },
      el('h3', {}, `Class ${i + 1}: ${c.members.length} solution${c.members.length === 1 ? '' : 's'}`),
      el(
        'div',
        { class: 'members' },
        ...c.members.map((m) => {
          const svg = renderSolutionSvg(board, piece, m.solution, { cell: CELL, numbers: false }) ?? '';
          const img = el('img', { alt: `solution ${m.index + 1}`, loading: 'lazy', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
          return el('figure', {}, img, el('figcaption', {}, `#${m.index + 1}: ${m.symmetries.join(', ')}`));
        }),
      ),
    ),
  );
  return { element: el('div', { class: 'classes' }, ...cards), classes: classes.length };
}
