import { loadavg } from 'node:os';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';
import { bezzelCommand } from '../whole-command.js';

/**
 * The anchors, quoted (not run by the bench): the strongest public tour counters, compiled and timed on this
 * 2-core machine outside the repository for issue 34 (whole commands, interleaved pairs, median of 3) — Luschny's
 * knight-graph counter (one thread), Knuth's DYNAHAM and DYNAHAMP (TAOCP 7.2.2.4 pre-fascicle, one thread),
 * TdZdd's frontier ZDD. Nothing of theirs is in this tree.
 */
const SOURCE = 'issue 34, measured on this machine';

interface Row {
  readonly args: readonly string[];
  /** The published count the answer must equal, and where it is published. */
  readonly expected: string;
  readonly published: string;
  readonly anchors: string;
  /** Only with BEZZEL_SLOW=1 (minutes of both cores). */
  readonly slow?: boolean;
}

const rows: readonly Row[] = [
  { args: ['tour', 'knight', '-n', '6', '--goal', 'count', '--max-time', 'none'], expected: '6637920', published: 'A165134', anchors: "Luschny 2.03 s CPU (one thread)" },
  { args: ['tour', 'knight', '-n', '6', '--goal', 'count', '--strategy', 'frontier', '--max-time', 'none'], expected: '6637920', published: 'A165134', anchors: 'Knuth DYNAHAMP 12.5 s' },
  { args: ['tour', 'knight', '--width', '10', '--height', '6', '--closed', '--goal', 'count', '--max-time', 'none'], expected: '239187240144', published: 'A175881', anchors: 'Knuth DYNAHAM 6.2 s, TdZdd 6.0 s' },
  { args: ['tour', 'knight', '--width', '8', '--height', '7', '--closed', '--goal', 'count', '--max-time', 'none'], expected: '34524432316', published: 'A383663', anchors: 'Knuth DYNAHAM 96.7 s, 3.5 GB; the issue asks ≤ 30 s wall' },
  { args: ['tour', 'knight', '-n', '7', '--goal', 'count', '--max-time', 'none'], expected: '165575218320', published: 'A165134', anchors: 'no timed anchor; the issue asks minutes', slow: true },
  { args: ['tour', 'knight', '-n', '8', '--closed', '--goal', 'count', '--max-time', 'none'], expected: '13267364410532', published: 'McKay 1997', anchors: 'no timed anchor; the issue asks ≤ 10 min wall', slow: true },
];

/** Issue 34 item 5 (each with --max-time none: the default 15 s budget is wall time, which a loaded machine can spend): the tour rows of its table, the plain commands a user types, beside the anchors' figures. */
const section: BenchSection = {
  title: "Knight's tour counts against the anchors (issue 34): plain commands, whole (wall, user+system CPU, peak memory)",
  keywords: ['frontier', 'tours'],
  async run(log) {
    const slow = process.env['BEZZEL_SLOW'] === '1';
    log(`  anchors quoted from ${SOURCE}: Luschny's knight-graph counter, Knuth's DYNAHAM/DYNAHAMP (TAOCP 7.2.2.4 pre-fascicle), TdZdd's frontier ZDD`);
    for (const row of rows) {
      const line = `bezzel ${row.args.join(' ')}`;
      if (row.slow && !slow) {
        log(`  ${line}: with BEZZEL_SLOW=1 (${row.anchors})`);
        continue;
      }
      const load = loadavg()[0]!.toFixed(1);
      const r = await bezzelCommand(row.args);
      const answer = /^(\d+) /m.exec(r.stdout)?.[1] ?? '?';
      const verdict = answer === row.expected ? `${row.published} ✓` : `MISMATCH (${row.published}: ${row.expected})`;
      const cpu = r.userS !== undefined ? `  CPU ${(r.userS + r.sysS!).toFixed(2)} s  peak ${r.peakMiB!.toFixed(0)} MiB` : '';
      // The route the plain command took: the strategy, and for the frontier whether its states went to disk and on how many threads.
      const strategy = /^strategy (\S+)/m.exec(r.stdout)?.[1] ?? '?';
      const route = [strategy, / spilled /.test(r.stdout) ? 'on disk' : '', /threads (\d+)/.exec(r.stdout)?.[0] ?? ''].filter(Boolean).join(', ');
      log(`  ${line}: ${answer} ${verdict}  wall ${fmtMs(r.wallMs)}${cpu}  load ${load}  [${route}]  — quoted: ${row.anchors}`);
    }
  },
};
export default section;
