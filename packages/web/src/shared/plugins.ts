import antColony from '@bezzel/ant-colony';
import backtracking from '@bezzel/backtracking';
import bitboard from '@bezzel/bitboard';
import classic from '@bezzel/classic';
import coverSearch from '@bezzel/cover-search';
import divideConquer from '@bezzel/divide-conquer';
import fairy, { betzaPiece } from '@bezzel/fairy';
import formula from '@bezzel/formula';
import genetic from '@bezzel/genetic';
import greedyCover from '@bezzel/greedy-cover';
import hillClimbing from '@bezzel/hill-climbing';
import simulatedAnnealing from '@bezzel/simulated-annealing';
import beam from '@bezzel/beam';
import tabu from '@bezzel/tabu';
import geneticQueens from '@bezzel/genetic-queens';
import csp from '@bezzel/csp';
import dlx from '@bezzel/dlx';
import knight from '@bezzel/knight';
import columns from '@bezzel/columns';
import minConflicts from '@bezzel/min-conflicts';
import queen from '@bezzel/queen';
import random from '@bezzel/random';
import transferMatrix from '@bezzel/transfer-matrix';
import warnsdorff from '@bezzel/warnsdorff';
import { createBezzel, pluginModule, type Bezzel, type NamedPlugin, type Parsed } from '@bezzel/core';

/**
 * The plugins the page loads, the same packages the CLI loads, through the same createBezzel. All but `ilp`:
 * its HiGHS solver is megabytes of WebAssembly run in a Node worker thread, while cover-search proves the
 * minimum of every board the page can draw and greedy-cover bounds the larger ones.
 */
export const pagePlugins: readonly NamedPlugin[] = [
  { name: '@bezzel/queen', module: queen },
  { name: '@bezzel/knight', module: knight },
  { name: '@bezzel/classic', module: classic },
  { name: '@bezzel/fairy', module: fairy },
  { name: '@bezzel/backtracking', module: backtracking },
  { name: '@bezzel/formula', module: formula },
  { name: '@bezzel/columns', module: columns },
  { name: '@bezzel/min-conflicts', module: minConflicts },
  { name: '@bezzel/hill-climbing', module: hillClimbing },
  { name: '@bezzel/simulated-annealing', module: simulatedAnnealing },
  { name: '@bezzel/beam', module: beam },
  { name: '@bezzel/tabu', module: tabu },
  { name: '@bezzel/genetic-queens', module: geneticQueens },
  { name: '@bezzel/csp', module: csp },
  { name: '@bezzel/dlx', module: dlx },
  { name: '@bezzel/random', module: random },
  { name: '@bezzel/transfer-matrix', module: transferMatrix },
  { name: '@bezzel/warnsdorff', module: warnsdorff },
  { name: '@bezzel/divide-conquer', module: divideConquer },
  { name: '@bezzel/genetic', module: genetic },
  { name: '@bezzel/ant-colony', module: antColony },
  { name: '@bezzel/bitboard', module: bitboard },
  { name: '@bezzel/cover-search', module: coverSearch },
  { name: '@bezzel/greedy-cover', module: greedyCover },
];

export const BETZA_PREFIX = 'betza:';

/** Registries made for Betza pieces, kept so that typing in a field does not rebuild the container each time. */
const made = new Map<string, Promise<Parsed<{ bezzel: Bezzel; pieceId: string }>>>();
const KEPT = 8;

/**
 * A Bezzel with the page's plugins, plus the piece a `betza:<text>` name describes, registered the way a
 * user's plugin would be. Returns the piece id to put in the task.
 */
export function pageBezzel(pieceName: string): Promise<Parsed<{ bezzel: Bezzel; pieceId: string }>> {
  const key = pieceName.startsWith(BETZA_PREFIX) ? pieceName : '';
  let entry = made.get(key);
  if (!entry) {
    entry = build(pieceName.startsWith(BETZA_PREFIX) ? pieceName : undefined);
    if (made.size >= KEPT) made.delete(made.keys().next().value!);
    made.set(key, entry);
  }
  return entry.then((value) => (value.ok && !key ? { ok: true, value: { ...value.value, pieceId: pieceName } } : value));
}

async function build(betzaName: string | undefined): Promise<Parsed<{ bezzel: Bezzel; pieceId: string }>> {
  if (betzaName === undefined) return { ok: true, value: { bezzel: await createBezzel({ plugins: pagePlugins }), pieceId: '' } };
  const piece = betzaPiece(betzaName.slice(BETZA_PREFIX.length));
  if (!piece.ok) return piece;
  const own = { name: betzaName, module: pluginModule({ pieces: [piece.value] }) };
  return { ok: true, value: { bezzel: await createBezzel({ plugins: [...pagePlugins, own] }), pieceId: piece.value.id } };
}
