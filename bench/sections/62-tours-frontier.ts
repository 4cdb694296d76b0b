import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';
import { bezzelCommand as command } from '../whole-command.js';

const root = join(import.meta.dirname, '..', '..');
const narrow = JSON.parse(readFileSync(join(root, 'test/oracles/closed-tours-narrow.json'), 'utf8')) as Record<'rows3' | 'rows5' | 'rows6', Record<string, string>>;

/**
 * Issue 29 item 4: tour counts by the frontier DP, whole commands, each answer checked against the OEIS value
 * the oracle file holds (A383660, A383661, A175881; 1728 and 6637920 open, A165134).
 */
const section: BenchSection = {
  title: "Knight's tour counts by frontier DP, whole commands (user CPU, wall, peak memory, peak and stepped states)",
  async run(log) {
    if (!existsSync(join(root, 'packages/cli/dist/bin.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--js'], { cwd: root });
    log(`  load average ${loadavg()[0]!.toFixed(1)} at the start; user CPU suffers less from other load than wall time`);
    // Issue 29's row: open tours of 6×6 as a user asks for them (auto picks the strategy), beside the figures it quotes.
    const six = await command(['tour', 'knight', '-n', '6', '--goal', 'count', '--max-time', 'none']);
    const sixCount = /^(\d+) /m.exec(six.stdout)?.[1] ?? '?';
    log(
      `  tour knight -n 6 --goal count: ${sixCount} ${sixCount === '6637920' ? '(A165134 ✓)' : '(MISMATCH: 6637920)'}  wall ${fmtMs(six.wallMs)}` +
        `${six.userS !== undefined ? `  user ${six.userS.toFixed(2)} s  peak ${six.peakMiB!.toFixed(0)} MiB` : ''}` +
        '  — quoted: Luschny\'s bitboard backtracker 1.04 s (C++/OpenMP, undirected 3,318,960); Bezzel before issue 29 3.67 s',
    );
    const rows: [number, number, boolean, string | undefined][] = [
      [30, 3, true, narrow.rows3['30']],
      [12, 5, true, narrow.rows5['12']],
      ...[6, 8, 10, 15, 20, 30, 40].map((n): [number, number, boolean, string | undefined] => [n, 6, true, narrow.rows6[String(n)]]),
      [5, 5, false, '1728'],
      [6, 6, false, '6637920'],
    ];
    for (const [width, height, closed, expected] of rows) {
      const args = ['tour', 'knight', '--width', String(width), '--height', String(height), ...(closed ? ['--closed'] : []), '--goal', 'count', '--strategy', 'frontier', '--max-time', 'none', '--memory', '4g', '--workers', '1'];
      // --workers 1: the DP is one thread, and the command then prints its own stats (peak and stepped states).
      const r = await command(args);
      const answer = /^(\d+) /m.exec(r.stdout)?.[1] ?? '?';
      const peak = /peakStates ([\d,]+)/.exec(r.stdout)?.[1] ?? '?';
      const stepped = /stepped ([\d,]+)/.exec(r.stdout)?.[1] ?? '?';
      const verdict = expected === undefined ? '' : answer === expected ? 'OEIS ✓' : `MISMATCH (OEIS ${expected})`;
      const shown = answer.length > 24 ? `${answer.slice(0, 10)}…(${answer.length} digits)` : answer;
      log(
        `  ${`${height}×${width} ${closed ? 'closed' : 'open'}`.padEnd(12)} ${shown.padStart(26)}  ${verdict.padEnd(7)}  wall ${fmtMs(r.wallMs).padStart(8)}` +
          `${r.userS !== undefined ? `  user ${r.userS.toFixed(2).padStart(6)} s  peak ${r.peakMiB!.toFixed(0).padStart(4)} MiB` : ''}  states ${peak.padStart(9)} peak, ${stepped.padStart(10)} stepped`,
      );
    }
    // The states on disk (-o spill): the same counts from groups of states written and read a step at a time, two
    // threads; 8×8 (13,267,364,410,532, McKay 1997) takes about half an hour of both cores, so only on request.
    const spilled: [number, number, string][] = [
      [8, 6, narrow.rows6['8']!],
      [10, 6, narrow.rows6['10']!],
      ...(process.env['BEZZEL_BENCH_8X8'] === '1' ? [[8, 8, '13267364410532'] as [number, number, string]] : []),
    ];
    for (const [width, height, expected] of spilled) {
      const dir = mkdtempSync(join(tmpdir(), 'bezzel-bench-spill-'));
      try {
        const r = await command(['tour', 'knight', '--width', String(width), '--height', String(height), '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', `spill=${dir}`, '-o', 'threads=2', '--max-time', 'none']);
        const answer = /^(\d+) /m.exec(r.stdout)?.[1] ?? '?';
        const peak = /peakStates ([\d,]+)/.exec(r.stdout)?.[1] ?? '?';
        log(
          `  ${`${height}×${width} spilled`.padEnd(12)} ${answer.padStart(26)}  ${(answer === expected ? (width === 8 && height === 8 ? 'McKay ✓' : 'OEIS ✓') : `MISMATCH (${expected})`).padEnd(7)}  wall ${fmtMs(r.wallMs).padStart(8)}` +
            `${r.userS !== undefined ? `  user ${r.userS.toFixed(2).padStart(6)} s  peak ${r.peakMiB!.toFixed(0).padStart(4)} MiB` : ''}  states ${peak.padStart(9)} peak, on disk, 2 threads`,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    if (process.env['BEZZEL_BENCH_8X8'] !== '1') log('  8×8 closed spilled: BEZZEL_BENCH_8X8=1 pnpm bench tours-frontier (about 25 min of two cores: 1472 s wall, 2314 s CPU, 1.3 GB in docs/results/knights-tour-8x8-closed.md)');
  },
};
export default section;
