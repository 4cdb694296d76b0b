import type { Board, Piece, Solution } from '@bezzel/core';
import { renderSolutionSvg } from '@bezzel/render';
import { el } from '../shared/dom.js';
import { KEPT_SOLUTIONS } from '../run/protocol.js';
import { solutionClasses, type ClassMember, type SolutionClass } from './solution-classes.js';

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
  const title = (c: SolutionClass, i: number) => `Class ${i + 1}: ${c.members.length} ${unit}${c.members.length === 1 ? '' : 's'}`;
  if (!everyOne) {
    // Past a few thousand the pictures would cost more than they tell: a class is its first member, drawn, and the
    // others listed with the symmetry that makes each, folded away; the cards then sit side by side.
    const cards = classes.map((c, i) => {
      const [first, ...others] = c.members;
      const images = others.map((m) => `#${m.index + 1} (${m.symmetries[0]})`).join(', ');
      return el(
        'section',
        { class: 'class', 'aria-label': `Class ${i + 1}` },
        el('h3', {}, title(c, i)),
        el('figure', {}, picture(first!), el('figcaption', {}, `#${first!.index + 1}`)),
        others.length > 0 ? el('details', {}, el('summary', {}, `its ${others.length} image${others.length === 1 ? '' : 's'}`), el('p', {}, images)) : el('p', { class: 'alone' }, 'no symmetry makes another'),
      );
    });
    // A scrolling box takes the keyboard focus, so it scrolls by keys too.
    return { element: el('div', { class: 'classes compact', tabindex: '0', role: 'region', 'aria-label': `${classes.length} classes, one drawing each` }, ...cards), classes: classes.length };
  }
  const cards = classes.map((c, i) =>
    el(
      'section',
      { class: 'class', 'aria-label': `Class ${i + 1}` },
      el('h3', {}, title(c, i)),
      el('div', { class: 'members' }, ...c.members.map((m) => el('figure', {}, picture(m), el('figcaption', {}, `#${m.index + 1}: ${m.symmetries.join(', ')}`)))),
    ),
  );
  return { element: el('div', { class: 'classes' }, ...cards), classes: classes.length };
}
