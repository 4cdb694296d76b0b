import coverSearch from '@bezzel/cover-search';
import { createBezzel, type Bezzel, type Instance, type Result, type Task } from '@bezzel/core';
import knight from '@bezzel/knight';
import { runSplit, threadedElsewhere } from '@bezzel/pool';
import queen from '@bezzel/queen';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from '../index.js';
import { fmtMs, timed } from '../time.js';

/**
 * Issue 29, item 5: counting minimum dominating sets, and the proofs of γ unidom could not finish, beside the
 * figures of unidom (Bird's solver, from his 2017 thesis) that an earlier session measured on this machine and
 * issue 29 quotes (see bench/README.md). unidom is not run here: the quotes are printed as they were given.
 * Every row here runs in under a minute on the reference machine; BEZZEL_BENCH_UNIDOM_ALL=1 adds γ of queens
 * 15×15 and 16×16 (about 45 s and 30 s on two threads). Then the frontier counts, projected, not run: Knuth's
 * random walks estimate each tree (cover-search's own estimate, the one that sizes a queue's sub-tasks).
 */
const UNIDOM = {
  gammaQ14: '28.1 s',
  gammaQ15: 'no answer in 600 s',
  gammaQ16: 'no answer in 600 s',
  gammaN15: 'no answer in 600 s',
  countQ13: '58.9 s',
} as const;

const section: BenchSection = {
  title: 'Domination: counting minimum sets, beside unidom',
  keywords: ['frontier'],
  async run(log) {
    const bezzel = await createBezzel({ plugins: [queen, knight, coverSearch] });
    const here = createRequire(import.meta.url);
    const urls = ['@bezzel/queen', '@bezzel/knight', '@bezzel/cover-search'].map((p) => pathToFileURL(here.resolve(p)).href);
    const task = (piece: string, n: number, goal: Task['goal'], k?: number): Task => ({
      problem: { kind: 'dominate', board: { width: n, height: n }, piece, ...(k !== undefined ? { k } : {}) },
      goal,
      strategy: 'cover-search',
      budget: { maxTimeMs: 3_600_000 },
    });
    const said = (r: Result) =>
      r.status === 'complete' ? `γ ${r.minimum?.value ?? '?'} (${r.minimum?.proof ?? '-'}), ${r.count} sets`
      : r.status === 'solved' ? `γ ${r.minimum?.value} (${r.minimum?.proof})`
      : `${r.status}${r.status === 'budget' || r.status === 'aborted' ? `: ${r.partial?.note ?? ''}` : ''}`;
    const row = (what: string, answer: string, ms: number, unidom?: string) =>
      log(`  ${what.padEnd(44)} ${answer.padEnd(34)} ${fmtMs(ms).padStart(9)}${unidom ? `   unidom (quoted): ${unidom}` : ''}`);

    // Warm code for both pieces first (a cold knights' Lagrangian bound costs more than a small board's search).
    await bezzel.solve(task('queen', 6, 'count-minimum'));
    await bezzel.solve(task('knight', 6, 'count-minimum'));

    log('count-minimum: γ proven, then every set of γ counted (one thread, in-process; published: A002564, A103315)');
    for (const [piece, n] of [['queen', 11], ['queen', 12], ['queen', 13], ['knight', 11], ['knight', 12]] as const) {
      const { value, ms } = await timed(() => bezzel.solve(task(piece, n, 'count-minimum')));
      row(`${piece}s ${n}×${n}`, said(value), ms, piece === 'queen' && n === 13 ? UNIDOM.countQ13 : undefined);
    }

    log('the same count of queens 13×13 split: γ on two threads, then the sets of 7 in sub-tasks on two worker threads');
    const split = await timed(async () => {
      const gamma = await bezzel.solve(task('queen', 13, 'minimum'), { elsewhere: threadedElsewhere(urls) });
      const k = gamma.status === 'solved' ? gamma.minimum!.value : 0;
      const counted = await runSplit({ plugins: urls, task: task('queen', 13, 'count', k), bezzel, workers: 2 });
      return { gamma, counted };
    });
    const { counted } = split.value;
    row(
      'queens 13×13, 2 threads',
      `${said(split.value.gamma)}, ${counted.status === 'complete' ? `${counted.count} sets in ${counted.stats.extra?.subTasks} sub-tasks` : counted.status}`,
      split.ms,
      UNIDOM.countQ13,
    );

    log('γ proven on two threads (a helper comes down while this thread climbs), where unidom is quoted');
    const all = process.env.BEZZEL_BENCH_UNIDOM_ALL === '1';
    const gammas: readonly (readonly [string, number, string])[] = [
      ['queen', 14, UNIDOM.gammaQ14],
      ['knight', 15, UNIDOM.gammaN15],
      ...(all ? ([['queen', 15, UNIDOM.gammaQ15], ['queen', 16, UNIDOM.gammaQ16]] as const) : []),
    ];
    for (const [piece, n, unidom] of gammas) {
      const { value, ms } = await timed(() => bezzel.solve(task(piece, n, 'minimum'), { elsewhere: threadedElsewhere(urls) }));
      row(`γ of ${piece}s ${n}×${n}`, said(value), ms, unidom);
    }

    log("the frontier, projected (not run): each count's tree by Knuth's random walks, at cover-search's cost a node");
    for (const [piece, n, k, what] of [
      ['queen', 20, 10, 'A002564(20) if γ(Q20) = 10'],
      ['queen', 20, 11, 'A002564(20) if γ(Q20) = 11'],
      ['knight', 20, 62, 'A103315(20), γ(N20) = 62'],
    ] as const) {
      const counting = task(piece, n, 'count', k);
      const { value: support, ms } = await timed(() => {
        const instance = bezzel.instantiate(counting);
        if (!instance.ok) throw instance.error;
        return coverSearchCost(bezzel, instance.value);
      });
      const hours = support / 3_600_000;
      log(`  ${`${piece}s ${n}×${n}, sets of ${k}`.padEnd(30)} ${what.padEnd(28)} about ${hours < 100 ? hours.toFixed(1) : hours.toExponential(1)} CPU-hours (estimated in ${fmtMs(ms)})`);
    }
  },
};

/** cover-search's own estimate of a count, in milliseconds. */
function coverSearchCost(bezzel: Bezzel, instance: Instance): number {
  const support = bezzel.support(instance).find(({ strategy }) => strategy.meta.id === 'cover-search')!.support;
  return support.ok ? support.cost : Number.NaN;
}

export default section;
