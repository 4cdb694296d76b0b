import { Board, type BoardSpec, explainDomination, MAGIC_KINDS, type MagicKind, magicShortfall, parseArrangement, type Piece, UsageError, validateDomination, validatePlacement, validateTour } from '@bezzel/core';
import { placementSvgChunks, renderBoard, renderDominationSvg, renderLineSums, stringify, tourSvgChunks } from '@bezzel/render';
import { Command, Option } from 'commander';
import { drawingOf, emitDrawing } from '../output/drawing.js';
import { EXIT } from '../exit.js';
import { addBoardOptions, type CommonOptions, wholeNumber } from '../options/common-options.js';
import { out } from '../output/output.js';
import { createCliBezzel } from '../plugins/load-plugins.js';
import type { SetExit } from '../exit.js';
import { parseRemoved, parseStart, resolvePieceId } from '../options/problem-args.js';

interface CheckOptions extends Pick<CommonOptions, 'size' | 'width' | 'height' | 'removed' | 'torus' | 'plugin' | 'ascii' | 'format' | 'out'> {
  readonly k?: number;
  readonly tour?: boolean;
  readonly closed?: boolean;
  readonly start?: string;
  readonly magic?: MagicKind;
  readonly dominate?: boolean;
  readonly independent?: boolean;
  readonly total?: boolean;
}

/** `bezzel check <piece> <arrangement>`: is it a solution, and if not, exactly what is wrong. */
export function checkCommand(setExit: SetExit): Command {
  const command = new Command('check')
    .description('check an arrangement or a tour and say exactly what is wrong')
    .argument('<piece>', 'a piece id')
    .argument('<arrangement...>', 'array form "0 4 6 3 7 2 5 1", squares "a1,d4,…", or with --tour the tour as a square list')
    .option('-k, --k <k>', 'the number of pieces the arrangement must have', wholeNumber('-k', 0))
    .option('--tour', 'the squares are a tour, in order (implied when they cover the whole board)')
    .option('--closed', 'the tour must close: its last square one move from the first')
    .option('--start <square>', 'the tour must start here')
    .addOption(new Option('--magic <kind>', 'the tour numbered 1, 2, … must be semi-magic (ranks and files sum alike) or fully magic (the long diagonals too)').choices(MAGIC_KINDS))
    .option('--dominate', 'the pieces must occupy or attack every square (domination); names the squares left uncovered')
    .option('--independent', 'with --dominate: and no piece may attack another')
    .option('--total', 'with --dominate: every square, occupied ones too, must be attacked');
  addBoardOptions(command);
  command
    .addOption(new Option('--format <format>', 'output format (svg: the board with attacking pairs or the tour drawn)').choices(['text', 'json', 'svg']).default('text'))
    .option('--out <file>', 'write the drawing to a .svg or .png file')
    .option('--ascii', 'letters instead of chess glyphs')
    .option('--plugin <module>', 'load a plugin (repeatable)', (v: string, p: string[] = []) => [...p, v], []);
  return command.action(async (pieceArg: string, words: string[], options: CheckOptions) => {
    const dominating = options.dominate || options.independent || options.total;
    const touring = options.tour || options.closed || options.start !== undefined || options.magic !== undefined;
    if (dominating && touring) {
      const flags = [options.dominate && '--dominate', options.independent && '--independent', options.total && '--total', options.tour && '--tour', options.closed && '--closed', options.start !== undefined && '--start', options.magic !== undefined && '--magic'].filter(Boolean);
      throw new UsageError('ERR_OPTION', `${flags.join(', ')}: an arrangement is checked either as a dominating set (--dominate, --independent, --total) or as a tour (--tour, --closed, --start, --magic), not both`);
    }
    const { bezzel } = await createCliBezzel(options.plugin);
    const piece = bezzel.piece(resolvePieceId(bezzel, pieceArg))!;
    const text = words.join(' ');
    const inferred = inferBoard(text, options);
    const spec = options.torus ? { ...inferred, torus: true } : inferred;
    const removed = parseRemoved(spec, options.removed);
    const board = new Board(removed ? { ...spec, removed } : spec);
    const squares = parseArrangement(board, text);
    if (!squares.ok) throw squares.error;
    if (options.independent || options.total || options.dominate) return setExit(await checkDomination(board, piece, squares.value, options));
    const asTour = options.tour || options.closed || options.start !== undefined || options.magic !== undefined || (squares.value.length === board.playable && board.playable > 1 && /[a-z(]/i.test(text));
    setExit(await (asTour ? checkTour(board, piece, squares.value, options) : checkPlacement(board, piece, squares.value, options)));
  });
}

/** The board from -n/--width/--height, else the array form's length, else the m×m board that m² squares fill, else 8×8. */
function inferBoard(text: string, options: CheckOptions): BoardSpec {
  if (options.size !== undefined || options.width !== undefined || options.height !== undefined) {
    if (options.size !== undefined && (options.width !== undefined || options.height !== undefined)) {
      throw new UsageError('ERR_BOARD', 'give either -n or --width/--height, not both');
    }
    const width = options.width ?? options.size ?? options.height!;
    return { width, height: options.height ?? options.size ?? width };
  }
  const body = text.trim().replace(/^\[|\]$/g, '');
  if (/^[\d\s,.\-]+$/.test(body) && !/\)/.test(body)) {
    const n = body.split(/[\s,]+/).filter(Boolean).length;
    return { width: Math.max(n, 1), height: Math.max(n, 1) };
  }
  let needed = 1;
  for (const token of body.match(/\(\s*\d+\s*,\s*\d+\s*\)|[^\s,;]+/g) ?? []) {
    const alg = /^([a-z])(\d+)$/i.exec(token);
    const pair = /^\(\s*(\d+)\s*,\s*(\d+)\s*\)$/.exec(token);
    if (alg) needed = Math.max(needed, alg[1]!.toLowerCase().charCodeAt(0) - 96, Number(alg[2]));
    else if (pair) needed = Math.max(needed, Number(pair[1]) + 1, Number(pair[2]) + 1);
  }
  // One rule for tours and placements alike: as many squares as a whole board of m×m (a tour covers its
  // board) means that board; otherwise 8×8, the board a chess player means, unless the squares reach beyond it.
  const count = body.split(/[\s,;]+/).filter(Boolean).length;
  const side = Math.round(Math.sqrt(count));
  if (side * side === count && side >= needed) return { width: side, height: side };
  if (needed > 8) throw new UsageError('ERR_BOARD', `the squares reach beyond 8×8 (to ${needed}×${needed}): give the board's size with -n, or --width and --height`);
  return { width: 8, height: 8 };
}

async function checkPlacement(board: Board, piece: Piece, squares: number[], options: CheckOptions): Promise<number> {
  const report = validatePlacement(board, piece, squares, options.k);
  if (drawingOf(options)) {
    const onBoard = squares.filter((s) => s >= 0 && s < board.size);
    await emitDrawing(placementSvgChunks(board, piece, onBoard, report.conflicts, { title: `${onBoard.length} ${piece.name}s on ${board}` }), 'the arrangement', options);
    if (options.out === undefined) return report.valid ? EXIT.answered : EXIT.invalid;
  }
  if (options.format === 'json') {
    out(stringify({ kind: 'placement', board: board.spec, piece: piece.id, ...report }));
    return report.valid ? EXIT.answered : EXIT.invalid;
  }
  const drawn = renderBoard(board, piece, squares.filter((s) => s >= 0 && s < board.size), options);
  if (drawn) out(drawn);
  const many = `${squares.length} ${piece.name}${squares.length === 1 ? '' : 's'} on ${board}`;
  if (report.valid) {
    out(`Valid: ${many}, no two attack each other.`);
    return EXIT.answered;
  }
  out(`Invalid: ${many}.`);
  for (const error of report.errors) out(`  ${error}`);
  if (report.conflictCount > 0) {
    const listed = report.conflicts.length < report.conflictCount ? ` (the first ${report.conflicts.length} listed)` : '';
    out(`${report.conflictCount} attacking pair${report.conflictCount === 1 ? '' : 's'}${listed}:`);
    for (const c of report.conflicts) out(`  ${c.message}`);
  }
  return EXIT.invalid;
}

async function checkDomination(board: Board, piece: Piece, squares: number[], options: CheckOptions): Promise<number> {
  if (options.independent && options.total) throw new UsageError('ERR_GOAL', 'choose one of --independent and --total');
  const variant = options.independent ? 'independent' : options.total ? 'total' : 'plain';
  const report = validateDomination(board, piece, squares, { variant, ...(options.k !== undefined ? { k: options.k } : {}) });
  if (drawingOf(options)) {
    const onBoard = squares.filter((s) => s >= 0 && s < board.size);
    const svg = renderDominationSvg(board, piece, onBoard, variant, { title: `${onBoard.length} ${piece.name}s on ${board}` });
    await emitDrawing(svg === undefined ? undefined : [svg], 'the arrangement', options);
    if (options.out === undefined) return report.valid ? EXIT.answered : EXIT.invalid;
  }
  if (options.format === 'json') {
    out(stringify({ kind: 'dominate', variant, board: board.spec, piece: piece.id, ...report }));
    return report.valid ? EXIT.answered : EXIT.invalid;
  }
  const drawn = renderBoard(board, piece, squares.filter((s) => s >= 0 && s < board.size), options);
  if (drawn) out(drawn);
  const many = `${squares.length} ${piece.name}${squares.length === 1 ? '' : 's'} on ${board}`;
  const what = variant === 'total' ? 'attack every square' : variant === 'independent' ? 'dominate every square without attacking each other' : 'occupy or attack every square';
  if (report.valid) {
    out(`Valid: ${many} ${what}.`);
    return EXIT.answered;
  }
  out(`Invalid: ${many} do not ${what}.`);
  for (const line of explainDomination(board, piece, report, variant)) out(`  ${line}`);
  return EXIT.invalid;
}

async function checkTour(board: Board, piece: Piece, path: number[], options: CheckOptions): Promise<number> {
  const start = parseStart(board.spec, options.start);
  // Every whole tour's line sums are reported (one more pass over it), so a magic one shows itself unasked.
  const report = validateTour(board, piece, path, { closed: options.closed, start, sums: true, ...(options.magic ? { magic: options.magic } : {}) });
  if (drawingOf(options)) {
    const onBoard = path.filter((s) => s >= 0 && s < board.size);
    await emitDrawing(tourSvgChunks(board, onBoard, report.closes, { title: `${piece.name}'s tour of ${board}` }), 'the tour', options);
    if (options.out === undefined) return report.valid ? EXIT.answered : EXIT.invalid;
  }
  if (options.format === 'json') {
    out(stringify({ kind: 'tour', board: board.spec, piece: piece.id, ...report }));
    return report.valid ? EXIT.answered : EXIT.invalid;
  }
  const sums = report.sums ? renderLineSums(board, report.sums) : undefined;
  // A legal tour whose only fault is its sums is still a tour: say so, then what the sums miss.
  const onlyUnmagic = !report.valid && report.sums !== undefined && options.magic !== undefined && report.firstError === magicShortfall(report.sums, options.magic);
  if (report.valid || onlyUnmagic) {
    const tour = `${report.closes ? 'closed' : 'open'} ${piece.name}'s tour of ${board}: ${path.length} squares, from ${board.name(path[0]!)} to ${board.name(path[path.length - 1]!)}`;
    out(report.valid ? `Valid ${tour}.` : `Not ${options.magic === 'semi' ? 'semi-magic' : 'magic'}: a legal ${tour}; ${report.firstError}.`);
    if (sums) out(sums);
    return report.valid ? EXIT.answered : EXIT.invalid;
  }
  out(`Invalid tour: ${report.firstError}`);
  if (report.missingCount > 0 && !report.firstError?.includes('never visited')) {
    out(`  ${report.missingCount} square${report.missingCount === 1 ? ' is' : 's are'} never visited`);
  }
  if (sums) out(sums);
  return EXIT.invalid;
}
