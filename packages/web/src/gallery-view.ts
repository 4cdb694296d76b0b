import type { Board, Piece, Solution } from '@bezzel/core';
import { renderSolutionSvg } from '@bezzel/render';
import { el } from './dom.js';
import { KEPT_SOLUTIONS } from './protocol.js';
import { solutionClasses, type ClassMember } from './solution-classes.js';

/** Pixels a square in a gallery picture (the picture then scales to its box). */
const CELL = 12;
/** Galleries of up to this many solutions draw every one; larger ones draw one member of each class. */
export const DRAWN_SOLUTIONS = KEPT_SOLUTIONS;

/**
 * Every solution, grouped into its fundamental classes: one card a class, each member drawn (the render
 * package's SVG, as an image so the drawings' ids stay apart) and captioned with the symmetries that make it
 * from the class's first member. Above DRAWN_SOLUTIONS (8×8 queens' 4,860 minimum dominating sets) each class is
 * drawn once, its caption naming the other members and the symmetry that makes each. `unit` names one member.
 */
export function galleryOf(board: Board, piece: Piece, solutions: readonly Solution[], unit = 'solution'): { element: HTMLElement; classes: number } {
  const classes = solutionClasses(board, piece, solutions);
  const everyOne = solutions.length <= DRAWN_SOLUTIONS;
  const picture = (m: ClassMember) => {
    const svg = renderSolutionSvg(board, piece, m.solution, { cell: CELL, numbers: false }) ?? '';
    return el('img', { alt: `${unit} ${m.index + 1}`, loading: 'lazy', src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
  };
  const cards = classes.map((c, i) => {
    const [first, ...others] = c.members;
    // Past a few thousand the pictures would cost more than they tell: a class is its first member and how the rest are made.
    const figures = everyOne
      ? c.members.map((m) => el('figure', {}, picture(m), el('figcaption', {}, `#${m.index + 1}: ${m.symmetries.join(', ')}`)))
      : [el('figure', {}, picture(first!), el('figcaption', {}, others.length === 0 ? `#${first!.index + 1}: no symmetry makes another` : `#${first!.index + 1}, and its images ${others.map((m) => `#${m.index + 1} (${m.symmetries[0]})`).join(', ')}`))];
    return el(
      'section',
      { class: 'class', 'aria-label': `Class ${i + 1}` },
      el('h3', {}, `Class ${i + 1}: ${c.members.length} ${unit}${c.members.length === 1 ? '' : 's'}`),
      el('div', { class: 'members' }, ...figures),
    );
  });
  return { element: el('div', { class: 'classes' }, ...cards), classes: classes.length };
}
