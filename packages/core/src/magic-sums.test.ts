import { describe, expect, it } from 'vitest';
import { Board } from './board.js';
import { instantiate } from './instance.js';
import { lineSums, magicShortfall, magicWord } from './magic-sums.js';
import { leaper, rider } from './movement.js';
import type { Piece } from './piece.js';
import { impossibleMagicTour } from './tour-theory.js';
import { validateTour } from './validator.js';
import { BEVERLEY, FIVE_BY_FIVE, numberedPath } from '../../../test/support/numbered-tours.js';

const piece = (id: string, movement: Piece['movement']): Piece => ({ id, name: id, symbols: { unicode: id[0]!, ascii: id[0]! }, movement });
const knight = piece('knight', leaper(1, 2));
const wazir = piece('wazir', rider(0, 1, 1));

/** A numbered grid's board and path. */
function pathOf(grid: string): { board: Board; path: number[] } {
  const { width, height, path } = numberedPath(grid);
  return { board: new Board({ width, height }), path };
}

const beverley = pathOf(BEVERLEY);
const fiveByFive = pathOf(FIVE_BY_FIVE);

describe('lineSums', () => {
  it("sums Beverley's tour to 260 in every rank and file, but not on the diagonals", () => {
    const sums = lineSums(beverley.board, beverley.path);
    expect(sums.targets).toEqual({ rank: 260, file: 260, diagonal: 260 });
    expect(sums.ranks).toEqual(Array(8).fill(260));
    expect(sums.files).toEqual(Array(8).fill(260));
    // a1 h8: 54 6 8 56 20 34 14 18; a8 h1: 1 51 49 45 9 57 59 11.
    expect(sums.diagonals).toEqual([210, 282]);
    expect(sums).toMatchObject({ semiMagic: true, magic: false, missCount: 2 });
    expect(magicWord(sums)).toBe('semi-magic');
    expect(magicShortfall(sums, 'semi')).toBeUndefined();
    expect(magicShortfall(sums, 'full')).toBe('the numbering is only semi-magic: the a1–h8 diagonal sums to 210, not 260, the a8–h1 diagonal sums to 282, not 260');
  });

  it('keeps a reversed semi-magic numbering semi-magic: each entry k becomes 65 − k', () => {
    const sums = lineSums(beverley.board, [...beverley.path].reverse());
    expect(sums.semiMagic).toBe(true);
    expect(sums.diagonals).toEqual([8 * 65 - 210, 8 * 65 - 282]);
  });

  it('names the lines of a tour that is neither, ranks first', () => {
    const sums = lineSums(fiveByFive.board, fiveByFive.path);
    expect(sums.targets.rank).toBe(65);
    expect(sums.ranks).toEqual([61, 84, 63, 64, 53]);
    expect(magicWord(sums)).toBe('neither');
    expect(sums.misses[0]).toEqual({ line: 'rank 1', sum: 61, target: 65 });
    expect(magicShortfall(sums, 'semi')).toMatch(/^the numbering is not semi-magic: rank 1 sums to 61, not 65, rank 2 sums to 84, not 65, rank 3 sums to 63, not 65 and \d+ more lines$/);
  });
});

describe('validateTour with a magic demand', () => {
  it("accepts Beverley's tour as semi-magic and reports its sums; refuses it as magic, naming a diagonal", () => {
    const semi = validateTour(beverley.board, knight, beverley.path, { magic: 'semi' });
    expect(semi.valid).toBe(true);
    expect(semi.sums?.semiMagic).toBe(true);
    const full = validateTour(beverley.board, knight, beverley.path, { magic: 'full' });
    expect(full.valid).toBe(false);
    expect(full.firstError).toMatch(/only semi-magic: the a1–h8 diagonal sums to 210/);
  });

  it('gives sums only for a whole walk: not for a tour with an illegal move', () => {
    const broken = [...beverley.path];
    [broken[10], broken[11]] = [broken[11]!, broken[10]!];
    const report = validateTour(beverley.board, knight, broken, { magic: 'semi' });
    expect(report.firstError).toMatch(/is not a knight's move/);
    expect(report.sums).toBeUndefined();
    expect(validateTour(fiveByFive.board, knight, fiveByFive.path).sums).toBeUndefined();
    expect(validateTour(fiveByFive.board, knight, fiveByFive.path, { sums: true }).sums?.ranks).toHaveLength(5);
  });
});

describe('impossibleMagicTour', () => {
  const board = (w: number, h = w) => new Board({ width: w, height: h });
  it('rules out boards whose line sums are fractions, for any piece', () => {
    expect(impossibleMagicTour(board(3, 4), wazir, 'semi')).toMatch(/each rank of 3 squares would have to sum to 3·13\/2 = 19\.5/);
    expect(impossibleMagicTour(board(4, 5), wazir, 'semi')).toMatch(/each file of 5 squares/);
  });

  it('uses colour parity on odd boards for pieces that always change colour', () => {
    expect(impossibleMagicTour(board(5), knight, 'semi')).toMatch(/hold 3 and 2 squares of it: their sums differ in parity/);
    expect(impossibleMagicTour(board(5), piece('king', leaper(1, 1)), 'semi')).toBeUndefined();
  });

  it("cites Jelliss for knights on (4m+2)×(4n+2) boards and the 2003 enumeration for a magic 8×8, nothing else", () => {
    expect(impossibleMagicTour(board(6), knight, 'semi')).toMatch(/Jelliss proved in 2003/);
    expect(impossibleMagicTour(board(10, 6), knight, 'semi')).toMatch(/Jelliss proved in 2003/);
    expect(impossibleMagicTour(board(8), knight, 'full')).toMatch(/Stertenbrink/);
    expect(impossibleMagicTour(board(8), knight, 'semi')).toBeUndefined();
    expect(impossibleMagicTour(board(12), knight, 'full')).toBeUndefined();
    expect(impossibleMagicTour(board(8, 12), knight, 'semi')).toBeUndefined();
    expect(impossibleMagicTour(board(6), wazir, 'semi')).toBeUndefined();
  });
});

describe('a magic demand in a task', () => {
  const find = (id: string) => (id === 'knight' ? knight : undefined);
  const task = (board: { width: number; height: number; removed?: number[] }, magic: unknown) => ({ problem: { kind: 'tour' as const, board, piece: 'knight', magic: magic as 'semi' }, goal: 'one' as const });
  const error = (board: { width: number; height: number; removed?: number[] }, magic: unknown) => {
    const parsed = instantiate(task(board, magic), find, () => ['knight']);
    return parsed.ok ? undefined : parsed.error.message;
  };
  it('is checked when the task is read', () => {
    expect(error({ width: 8, height: 8 }, 'semi')).toBeUndefined();
    expect(error({ width: 8, height: 8 }, 'diagonal')).toBe('magic must be semi or full, not "diagonal"');
    expect(error({ width: 8, height: 8, removed: [0] }, 'semi')).toMatch(/cannot have removed squares/);
    expect(error({ width: 8, height: 12 }, 'full')).toMatch(/need a square board; 8×12 is not square/);
  });
});
