import { moveGraph } from '@bezzel/tour-graph';
import { Board, BudgetClock, createBezzel, lineSums, Rng, validateTour, type MagicKind, type Result, type Task } from '@bezzel/core';
import divideConquer from '@bezzel/divide-conquer';
import knight from '@bezzel/knight';
import magicTour, { MagicTourSearch, startSquares } from '@bezzel/magic-tour';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

/** Issue 16, item 5: magic knight's tours, found, checked, or searched for as far as a budget goes. */
const section: BenchSection = {
  title: "Magic knight's tours",
  async run(log) {
    const bezzel = await createBezzel({ plugins: [knight, magicTour, divideConquer] });
    const piece = bezzel.piece('knight')!;
    const task = (n: number, magic: MagicKind, extra: { closed?: boolean; seed?: number; method?: string; maxTimeMs?: number } = {}): Task => ({
      problem: { kind: 'tour', board: { width: n, height: n }, piece: 'knight', magic, closed: extra.closed ?? false },
      goal: 'one',
      seed: extra.seed ?? 1,
      ...(extra.method ? { options: { method: extra.method } } : {}),
      budget: { maxTimeMs: extra.maxTimeMs ?? 60_000 },
    });
    const verdict = (t: Task, result: Result): string => {
      if (result.status !== 'solved') return result.status === 'budget' || result.status === 'aborted' ? `${result.status}: ${result.partial?.note}` : result.status;
      const path = result.solutions[0]!.kind === 'tour' ? result.solutions[0]!.path : new Int32Array();
      const problem = t.problem as { magic: MagicKind; closed: boolean };
      const report = validateTour(new Board(t.problem.board), piece, path, { magic: problem.magic, closed: problem.closed });
      return report.valid ? `valid, ${report.sums!.magic ? 'magic' : 'semi-magic'}${report.closes ? ', closes' : ''}` : `INVALID: ${report.firstError}`;
    };

    log('8×8 semi-magic, default method (quartes), five seeds each:');
    for (const closed of [false, true]) {
      const runs: { ms: number; nodes: number }[] = [];
      let last = '';
      for (let seed = 1; seed <= 5; seed++) {
        const t = task(8, 'semi', { closed, seed });
        const { value, ms } = await timed(() => bezzel.solve(t));
        runs.push({ ms, nodes: value.stats.nodes });
        last = verdict(t, value);
        if (!last.startsWith('valid')) log(`  seed ${seed}: ${last}`);
      }
      runs.sort((a, b) => a.ms - b.ms);
      const nodes = runs.map((r) => r.nodes).sort((a, b) => a - b);
      log(
        `  ${closed ? 'closed' : 'open  '}  wall median ${fmtMs(runs[2]!.ms)} (${fmtMs(runs[0]!.ms)} … ${fmtMs(runs[4]!.ms)}),` +
          ` nodes median ${nodes[2]!.toLocaleString('en-US')} (${nodes[0]!.toLocaleString('en-US')} … ${nodes[4]!.toLocaleString('en-US')}), last: ${last}`,
      );
    }

    log('Without the quartes (a plain search, sums bounded line by line), and on larger boards, 30 s each:');
    for (const [n, magic, method] of [
      [8, 'semi', 'plain'],
      [12, 'semi', 'auto'],
      [12, 'full', 'auto'],
      [16, 'semi', 'auto'],
      [16, 'full', 'auto'],
    ] as const) {
      const t = task(n, magic, { method, maxTimeMs: 30_000 });
      const { value, ms } = await timed(() => bezzel.solve(t));
      log(`  ${n}×${n} ${magic.padEnd(4)} ${method.padEnd(5)} ${fmtMs(ms).padStart(8)}  nodes ${value.stats.nodes.toLocaleString('en-US').padStart(11)}  ${verdict(t, value)}`);
    }

    log('Exhaustive plain searches (the theorem that answers 6×6 at once is bypassed to check it):');
    for (const [width, height] of [
      [8, 4],
      [6, 6],
    ] as const) {
      const board = new Board({ width, height });
      const graph = moveGraph(board, piece);
      const instance = bezzel.instantiate({ problem: { kind: 'tour', board: { width, height }, piece: 'knight', magic: 'semi' }, goal: 'count' });
      if (!instance.ok || instance.value.kind !== 'tour') throw new Error('no instance');
      const starts = startSquares(instance.value, graph, 'weighted');
      const search = new MagicTourSearch(board, graph, 'semi', undefined, new Rng(1), true);
      const clock = new BudgetClock({ maxTimeMs: 600_000 }, new AbortController().signal);
      const { ms } = await timed(() => {
        for (const start of starts) search.search({ start: start.square, closed: false, nodeLimit: Number.POSITIVE_INFINITY }, clock, () => false, () => {});
      });
      log(
        `  ${width}×${height}: ${search.solutions} semi-magic tours from ${starts.length} start squares (one a symmetric set), ${search.nodes.toLocaleString('en-US')} nodes, ${fmtMs(ms)};` +
          ` deepest ${search.deepest} of ${width * height}${width === 6 ? ' (agrees with Jelliss: none on 6×6)' : ''}`,
      );
    }

    log("The validator's line sums are linear in the squares:");
    for (const n of [100, 1000, 3000]) {
      const result = await bezzel.solve({ problem: { kind: 'tour', board: { width: n, height: n }, piece: 'knight', closed: true }, goal: 'one' });
      if (result.status !== 'solved' || result.solutions[0]!.kind !== 'tour') continue;
      const path = result.solutions[0]!.path;
      const board = Board.square(n);
      const sums = await timed(() => lineSums(board, path));
      const full = await timed(() => validateTour(board, piece, path, { magic: 'semi' }));
      log(`  ${`${n}×${n}`.padEnd(10)} lineSums ${fmtMs(sums.ms).padStart(9)}   validateTour with --magic semi ${fmtMs(full.ms).padStart(9)} (${full.value.firstError?.slice(0, 60) ?? 'valid'}…)`);
    }
  },
};
export default section;
