import { Board, leaper, rider, validatePlacement, validateTour, type Piece } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { MAX_SVG_SQUARES, renderPlacementSvg, renderTourSvg } from './svg.js';

const knight: Piece = { id: 'knight', name: 'knight', symbols: { unicode: '♞', ascii: 'N' }, movement: leaper(1, 2) };
const queen: Piece = { id: 'queen', name: 'queen', symbols: { unicode: '♛', ascii: 'Q' }, movement: { leaps: [], rides: [...rider(0, 1).rides, ...rider(1, 1).rides] } };
const count = (svg: string, tag: string) => svg.split(`<${tag} `).length - 1;

/** A 5×5 open tour from a1 (the first test checks it with the Validator). */
const TOUR_5 = [0, 11, 20, 17, 24, 13, 4, 7, 18, 9, 2, 5, 16, 23, 14, 3, 6, 15, 22, 19, 8, 1, 10, 21, 12];

describe('renderTourSvg', () => {
  it('draws the board, the path as one polyline through square centres, start and end, and step numbers', () => {
    const board = Board.square(5);
    expect(validateTour(board, knight, TOUR_5).firstError).toBeUndefined();
    const svg = renderTourSvg(board, TOUR_5, false, { cell: 40 })!;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"')).toBe(true);
    const points = /<polyline points="([^"]+)"/.exec(svg)![1]!.split(' ');
    expect(points).toHaveLength(25);
    // a1 is the bottom-left square: centre (20, 180); the next square of the path, b3, is (60, 100).
    expect(points.slice(0, 2)).toEqual(['20,180', '60,100']);
    expect(svg).toMatch(/<circle cx="20" cy="180"[^>]*><title>start<\/title>/);
    expect(count(svg, 'text')).toBe(25);
    expect(svg).toContain('>25</text>');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });

  it('closes a closed tour back to its start and leaves numbers off large boards', () => {
    const board = Board.square(20);
    const path = Array.from({ length: 400 }, (_, i) => i);
    const svg = renderTourSvg(board, path, true)!;
    const points = /<polyline points="([^"]+)"/.exec(svg)![1]!.split(' ');
    expect(points).toHaveLength(401);
    expect(points.at(-1)).toBe(points[0]);
    expect(count(svg, 'text')).toBe(0);
  });

  it('declines boards too large for a readable file', () => {
    const side = Math.ceil(Math.sqrt(MAX_SVG_SQUARES)) + 1;
    expect(renderTourSvg(Board.square(side), [0], false)).toBeUndefined();
  });
});

describe('renderPlacementSvg', () => {
  it('draws each piece from a path, never a glyph, and each attacking pair as a line', () => {
    const board = Board.square(8);
    const squares = [0, 9, 20, 63];
    const report = validatePlacement(board, queen, squares);
    const svg = renderPlacementSvg(board, queen, squares, report.conflicts, { cell: 30 })!;
    expect(count(svg, 'path')).toBe(4);
    expect(count(svg, 'line')).toBe(report.conflicts.length);
    expect(report.conflicts.length).toBeGreaterThan(0);
    expect(svg).not.toContain('♛');
    expect(count(svg, 'text')).toBe(0);
    expect(svg).toContain('<title>queen on a1</title>');
  });

  it('gives a piece without a drawing the generic marker, and marks removed squares', () => {
    const board = new Board({ width: 6, height: 6, removed: [14] });
    const svg = renderPlacementSvg(board, { ...knight, id: 'zebra', name: 'zebra' }, [0, 35])!;
    expect(count(svg, 'path')).toBe(2);
    expect(svg).toContain('fill="#ffffff"/>');
  });
});
