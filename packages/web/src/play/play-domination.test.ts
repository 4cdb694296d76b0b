import { Board, createBezzel, validateDomination } from '@bezzel/core';
import { describe, expect, it } from 'vitest';
import { click, verdict, type Attempt, type Puzzle } from './play.js';
import { dominationHint, fewestWords, type Fewest } from './play-domination.js';
import { pagePlugins } from '../shared/plugins.js';

const bezzel = await createBezzel({ plugins: pagePlugins });
const queen = bezzel.piece('queen')!;
const eight = Board.square(8);
const fewest: Puzzle = { board: eight, piece: queen, domination: 'plain' };
const proven: Fewest = { status: 'known', minimum: { value: 5, proof: 'exhausted' } };
const squares = (board: Board, names: string) =>
  names.split(' ').map((n) => {
    const p = board.parseSquare(n);
    if (!p.ok) throw p.error;
    return p.value;
  });
function play(puzzle: Puzzle, names: string): readonly number[] {
  let attempt: Attempt = { kind: 'placement', pieces: [] };
  for (const sq of squares(puzzle.board, names)) attempt = click(puzzle, attempt, sq).attempt;
  return attempt.kind === 'placement' ? attempt.pieces : [];
}
const check = (puzzle: Puzzle, names: string) => verdict(puzzle, { kind: 'placement', pieces: play(puzzle, names) });

describe('play: dominating the board', () => {
  it('names the squares still uncovered in the validator\'s words, and calls a covered board valid', () => {
    const one = check(fewest, 'd4');
    expect(one.summary).toBe('1 queen on 8×8 does not occupy or attack every square yet.');
    expect(one.problems).toEqual(['36 squares are neither occupied nor attacked: b1, c1, e1, f1, h1, a2, c2, e2, g2, h2, …']);
    expect(one.solved).toBe(false);
    expect(check(fewest, 'c4 d4 e4 c5')).toMatchObject({ summary: '4 queens on 8×8 do not occupy or attack every square yet.', problems: ['5 squares are neither occupied nor attacked: h2, g3, h3, h6, b8'] });
    expect(check(fewest, 'c4 d4 e4 c5 h2')).toEqual({ solved: true, summary: 'Valid: 5 queens on 8×8 occupy or attack every square.', problems: [], conflicts: [] });
  });

  it('holds independent pieces to no attacks, and total domination to every square attacked', () => {
    const independent = check({ ...fewest, domination: 'independent' }, 'a1 b2');
    expect(independent.summary).toBe('Invalid: 2 queens on 8×8 do not dominate every square without attacking each other.');
    expect(independent.problems).toContain('a1 and b2 share a diagonal (independent domination allows no attacks)');
    expect(independent.conflicts).toHaveLength(1);
    // The minimum set above covers h2 only by standing on it: total domination wants it attacked.
    const total = check({ ...fewest, domination: 'total' }, 'c4 d4 e4 c5 h2');
    expect(total.solved).toBe(false);
    expect(total.problems).toEqual(['1 square is attacked by no queen: h2']);
  });

  it('wants exactly k pieces when the set-up gives a size', () => {
    const sized: Puzzle = { ...fewest, k: 6 };
    expect(check(sized, 'c4 d4 e4 c5 h2')).toMatchObject({ solved: false, summary: '5 of 6 queens placed, and they already occupy or attack every square.' });
    expect(check(sized, 'c4 d4 e4 c5 h2 a8')).toMatchObject({ solved: true, summary: 'Valid: 6 queens on 8×8 occupy or attack every square.' });
    expect(check(sized, 'a1 a2 a3 a4 a5 a6 a7')).toMatchObject({ solved: false, summary: 'Invalid: 7 queens on 8×8 do not occupy or attack every square.' });
    expect(check(sized, 'a1 a2 a3 a4 a5 a6 a7').problems[0]).toBe('7 pieces placed, 6 wanted');
  });

  it('says whether a dominating set is the fewest, once it dominates and the fewest is known', () => {
    const five = play(fewest, 'c4 d4 e4 c5 h2');
    const six = play(fewest, 'c4 d4 e4 c5 h2 a8');
    expect(fewestWords(fewest, five, true, proven)).toBe('5 is the fewest (proven: a search for fewer was exhausted): a minimum dominating set.');
    expect(fewestWords(fewest, six, true, proven)).toBe('Not the fewest: 5 queens can do it (proven: a search for fewer was exhausted). Can you find such a set?');
    expect(fewestWords(fewest, six, true, { status: 'pending' })).toBe('Working out whether fewer pieces can do it…');
    expect(fewestWords(fewest, six, true, { status: 'unknown', reason: 'the search for the fewest did not finish within 5 seconds' })).toBe(
      'Whether fewer queens can do it is not known here: the search for the fewest did not finish within 5 seconds.',
    );
    // Nothing is said before the board is covered: the number is the student's to find.
    expect(fewestWords(fewest, play(fewest, 'd4'), false, proven)).toBe('');
  });
});

describe('hints for domination', () => {
  it('suggests the square that covers the most squares still uncovered, with its gain', () => {
    expect(dominationHint(fewest, [], proven)).toEqual({ square: squares(eight, 'd4')[0], text: 'Try d4: it covers 28 of the 64 squares still uncovered, as many as any square can.' });
    const pieces = play(fewest, 'c4 d4 e4 c5');
    expect(dominationHint(fewest, pieces, proven)).toEqual({ square: squares(eight, 'h2')[0], text: 'Try h2: it covers 5 of the 5 squares still uncovered, as many as any square can.' });
    // Following the hints always ends in a dominating set.
    let greedy: number[] = [];
    for (let i = 0; i < 64 && !validateDomination(eight, queen, greedy).valid; i++) greedy = [...greedy, dominationHint(fewest, greedy, proven).square!];
    expect(validateDomination(eight, queen, greedy).valid).toBe(true);
  });

  it('names a piece the others do not need, or says the set cannot be improved', () => {
    const six = play(fewest, 'c4 d4 e4 c5 h2 a8');
    expect(dominationHint(fewest, six, proven)).toEqual({ square: squares(eight, 'a8')[0], text: 'Take back the queen on a8: the others still occupy or attack every square.' });
    expect(dominationHint(fewest, play(fewest, 'c4 d4 e4 c5 h2'), proven).text).toBe('Your set is already a minimum: no hint can improve it.');
  });

  it('mends an independent conflict first, and suggests only squares no piece attacks', () => {
    const independent: Puzzle = { ...fewest, domination: 'independent' };
    expect(dominationHint(independent, play(independent, 'a1 b2'), undefined).text).toBe('First mend the conflict: a1 and b2 share a diagonal. Independent domination allows no attacks.');
    const placed = play(independent, 'd4');
    const hint = dominationHint(independent, placed, undefined);
    expect(validateDomination(eight, queen, [...placed, hint.square!], { variant: 'independent' }).conflicts).toEqual([]);
  });
});
