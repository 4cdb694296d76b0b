import { Board, createBezzel, parseArrangement, parseSquareList, UsageError } from '@bezzel/core';
import bitboard from '@bezzel/bitboard';
import { runSplit } from '@bezzel/pool';
import queen from '@bezzel/queen';
import fc from 'fast-check';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel, type CliRun } from './support/cli.js';

/**
 * Hostile and random input, generated: every run ends with an exit code a script can rely on (0 answered,
 * 1 invalid arrangement, 2 usage, 3 budget, 5 rejected answer), an error is one line without a stack trace, and
 * nothing takes long. Runs are in-process (the CLI's `main`), with small boards and a short budget.
 */
const EXITS = [0, 1, 2, 3, 5];
const scratch = mkdtempSync(join(tmpdir(), 'bezzel-fuzz-'));

function expectWellBehaved(run: CliRun, args: readonly string[]): void {
  const what = `bezzel ${args.map((a) => JSON.stringify(a)).join(' ')}`;
  expect(EXITS, `${what} exited ${run.code}: ${run.stderr}`).toContain(run.code);
  expect(run.stderr, what).not.toMatch(/\n\s+at |internal error|TypeError|RangeError|Fatal/);
  if (run.code === 2) expect(run.stderr.trim().split('\n'), `${what}: ${run.stderr}`).toHaveLength(1);
}

/** Strings a user might type by mistake, and strings nobody would. */
const hostile = fc.oneof(
  fc.constantFrom('', ' ', '-1', '0', '1', '8', '1e9', '99999999999999999999', 'NaN', 'Infinity', '3.5', '0x10', 'abc', '--', '-n', 'a1', 'z9', '(0,0)', '(-1,2)', 'a1,,b2', '∞', '♛', '\u0000', 'none', '15', '15s', '-5s'),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 40 }).map(String),
);
const pieceArg = fc.oneof(fc.constantFrom('queen', 'knight', 'king', 'rook', 'bishop', 'amazon', 'zebra', 'queens', 'unicorn', ''), fc.string({ maxLength: 8 }).map((s) => `betza:${s}`));
const flag = fc.oneof(
  fc.tuple(fc.constantFrom('-n', '--width', '--height', '-k', '--max-steps', '--seed', '--workers', '--parts'), fc.oneof(hostile, fc.integer({ min: 1, max: 7 }).map(String))).map((p) => [...p]),
  fc.tuple(fc.constantFrom('--goal'), fc.constantFrom('one', 'all', 'count', 'count-fundamental', 'maximum', 'minimum', 'bogus')).map((p) => [...p]),
  fc.tuple(fc.constantFrom('--strategy'), fc.constantFrom('auto', 'backtracking', 'bitboard', 'formula', 'min-conflicts', 'transfer-matrix', 'warnsdorff', 'nope')).map((p) => [...p]),
  fc.tuple(fc.constantFrom('--format'), fc.constantFrom('text', 'json', 'svg', 'xml')).map((p) => [...p]),
  fc.tuple(fc.constantFrom('--removed', '--start', '--max-time', '-o'), hostile).map((p) => [...p]),
  fc.constantFrom(['--closed'], ['--quiet'], ['--ascii'], ['--cross-check'], ['--torus'], ['--bogus']),
  fc.tuple(fc.constantFrom('--checkpoint', '--out', '--plugin'), fc.constantFrom('x.jsonl', 'x.svg', 'x.png', 'missing.mjs', '.', 'sub/dir/x')).map(([f, v]) => [f, join(scratch, v)]),
);
/** A command line: a command, its argument and a few flags, with a short budget and a small board unless a flag says otherwise. */
const commandLine = fc
  .tuple(fc.constantFrom('place', 'queens', 'tour', 'check', 'dominate'), pieceArg, fc.array(flag, { maxLength: 4 }))
  .map(([command, piece, flags]) => [command, command === 'queens' ? piece.length % 9 + '' : piece, '-n', '5', '--max-time', '300ms', ...flags.flat()]);

describe('fuzz: the command line', () => {
  it('every random command line exits 0, 1, 2, 3 or 5, an error in one line without a stack', async () => {
    await fc.assert(
      fc.asyncProperty(commandLine, async (args) => {
        expectWellBehaved(await bezzel(...args), args);
      }),
      { numRuns: 150 },
    );
  });

  it('arrangements for check, random and hostile', async () => {
    const square = fc.oneof(fc.tuple(fc.constantFrom(...'abcdefghz'), fc.integer({ min: 0, max: 12 })).map(([f, r]) => `${f}${r}`), fc.tuple(fc.integer({ min: -1, max: 9 }), fc.integer({ min: -1, max: 9 })).map(([r, c]) => `(${r},${c})`));
    const arrangement = fc.oneof(
      fc.array(square, { maxLength: 10 }).chain((list) => fc.constantFrom(',', ' ', ';', ',,').map((sep) => list.join(sep))),
      fc.array(fc.integer({ min: -2, max: 9 }), { maxLength: 10 }).map((rows) => rows.join(' ')),
      fc.string({ maxLength: 20 }),
    );
    await fc.assert(
      fc.asyncProperty(arrangement, fc.constantFrom('queen', 'knight', 'king'), fc.constantFrom([], ['--tour'], ['-n', '8'], ['--closed'], ['-k', '3']), async (text, piece, extra) => {
        const args = ['check', piece, text, ...extra];
        expectWellBehaved(await bezzel(...args), args);
      }),
      { numRuns: 200 },
    );
  });
});

describe('fuzz: the parsers', () => {
  const board = Board.square(8);
  it('square lists and arrangements are read or refused with one coded line, never thrown', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom(...'abh18(),; -.09[]z') })), (text) => {
        for (const parsed of [parseSquareList(board, text), parseArrangement(board, text)]) {
          if (parsed.ok) expect(parsed.value.every((sq) => sq >= 0 && sq < board.size)).toBe(true);
          else {
            expect(parsed.error).toBeInstanceOf(UsageError);
            expect(parsed.error.message).not.toContain('\n');
          }
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('fuzz: checkpoint files', () => {
  it('a checkpoint file of any content gives the exact count or one line saying what is wrong with it', async () => {
    const bz = await createBezzel({ plugins: [queen, bitboard] });
    const task = { problem: { kind: 'placement' as const, board: { width: 8, height: 8 }, piece: 'queen' }, goal: 'count' as const, strategy: 'bitboard' };
    const line = fc.oneof(
      fc.json(),
      fc.record({ key: fc.oneof(fc.string(), fc.constantFrom('0', '1', '2', '3')), weight: fc.oneof(fc.integer(), fc.double()), count: fc.oneof(fc.string(), fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String)), nodes: fc.oneof(fc.integer(), fc.double()) }).map((r) => JSON.stringify(r)),
      fc.string(),
    );
    const header = fc.constantFrom('', '{"bezzel":"checkpoint","version":1}', 'not a header');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(header, fc.array(line, { maxLength: 6 }), async (first, lines) => {
        const file = join(scratch, `cp-${n++}.jsonl`);
        writeFileSync(file, [first, ...lines].join('\n'));
        try {
          const result = await runSplit({ plugins: [], bezzel: bz, task, executor: 'in-process', checkpoint: file, parts: 8 });
          expect(result).toMatchObject({ status: 'complete', count: 92n });
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as Error).message).not.toContain('\n');
        }
      }),
      { numRuns: 100 },
    );
  });
});
