import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';
import { bezzelCommand, startsWithCertificates, timedCommand, withoutExtraCertificates, type Timed } from '../whole-command.js';

const root = join(import.meta.dirname, '..', '..');
const oracle = JSON.parse(readFileSync(join(root, 'test/oracles/queens.json'), 'utf8')) as { rows: { n: number; all: number | string; fundamental: number | string }[] };
const published = (n: number) => oracle.rows.find((row) => row.n === n);

const bezzel = bezzelCommand;
const answerOf = (run: Timed) => /^(\d+) solutions(?:, (\d+) fundamental)?/m.exec(run.stdout);
const searchOf = (run: Timed) => {
  const time = /time ([\d.]+) (ms|s)\b/.exec(run.stdout);
  return time ? Number(time[1]) * (time[2] === 's' ? 1000 : 1) : Number.NaN;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The anchors, quoted (not run by the bench): compiled and timed on this machine, outside the repository, by the
 * sessions that did issue 34 (2026-11-29, load average about 1, each run beside Bezzel's). Kluev's
 * N-Queens-Count-Sol (github.com/EvgenyKluev/N-Queens-Count-Sol @580f444) built with g++ 12.2 -std=c++20 -O3
 * -march=native, one binary per n (size set in solcounter.h, the rest as committed), `nqueens 1` and `nqueens 2`;
 * NQueensFAF's CPU solver (github.com/olepoeschl/NQueensFAF @9c6ee92, Java 17, the CpuSolverExample with n and 2
 * threads; its save/load library stubbed, never called). Issue 34's own figures for Kluev: 16 0.26 s, 17 2.61 s,
 * 18 7.04 s (one thread). Kluev's two-thread build at 17 spends most of its time in the kernel (7.8 s of system
 * time). One thread 12–18 are medians of interleaved runs on the second day (2026-11-29, main at 61b1ea4); n = 20
 * was run once each way that day (one thread 607.4 s, 138 MB; two 327.3 s), both counting 39,029,188,884.
 */
const KLUEV_ONE: Readonly<Record<number, number>> = { 12: 0.0, 13: 0.01, 14: 0.02, 15: 0.17, 16: 0.18, 17: 2.31, 18: 4.54, 19: 58.05, 20: 607.37 };
const KLUEV_TWO: Readonly<Record<number, number>> = { 16: 0.22, 17: 12.18, 18: 2.85, 19: 48.24, 20: 327.28 };
const FAF_TWO: Readonly<Record<number, number>> = { 16: 1.0, 17: 4.43, 18: 29.25 };

/**
 * Kluev's binaries, when the person running the bench built them (outside the repository, as above): BEZZEL_KLUEV
 * names the folder with one `kluev-plain-<n>.bin` per n, which is then run (`… 1`, one thread) beside each of
 * Bezzel's runs instead of quoted. Undefined for an n without its binary.
 */
function kluevBinary(n: number): string | undefined {
  const dir = process.env.BEZZEL_KLUEV;
  const file = dir ? join(dir, `kluev-plain-${n}.bin`) : undefined;
  return file && existsSync(file) ? file : undefined;
}

/** The plain bitboard counter (bench/anchors/queens-bitboard.c), compiled with -O3 in this run; undefined without cc. */
function compileCounter(dir: string): string | undefined {
  const out = join(dir, 'queens-bitboard');
  for (const cc of ['cc', 'gcc', 'clang']) {
    try {
      execFileSync(cc, ['-O3', '-o', out, join(root, 'bench/anchors/queens-bitboard.c')], { stdio: 'ignore' });
      return out;
    } catch {
      // Try the next compiler.
    }
  }
  return undefined;
}

/**
 * Issue 34 item 1 (queens rows of item 5): `place queen -n N --goal count` whole commands, n = 12…18 (19 and 20 with
 * BEZZEL_SLOW), one thread against the plain bitboard C counter compiled and run in the same run (interleaved,
 * median of three up to n = 16), two threads from n = 16, count-fundamental beside count; every count checked
 * against the oracle. BEZZEL_BENCH_QUICK=1 keeps to n ≤ 16.
 */
const section: BenchSection = {
  title: 'Queens counts n = 12…20: the half-board join against a plain bitboard C counter compiled here, and the anchors (whole commands)',
  keywords: ['queens'],
  async run(log) {
    if (!existsSync(join(root, 'packages/cli/dist/bin.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--js'], { cwd: root });
    const slow = Boolean(process.env.BEZZEL_SLOW);
    const quick = Boolean(process.env.BEZZEL_BENCH_QUICK);
    const dir = mkdtempSync(join(tmpdir(), 'bezzel-queens-bench-'));
    try {
      const counter = compileCounter(dir);
      log(`  plain bitboard C counter: ${counter ? 'bench/anchors/queens-bitboard.c, cc -O3, compiled in this run' : 'no C compiler here: no ratios'}`);
      log(
        process.env.BEZZEL_KLUEV
          ? `  Kluev's N-Queens-Count-Sol (one thread) run in this run from ${process.env.BEZZEL_KLUEV}; two threads and NQueensFAF quoted (see the section's source)`
          : "  anchors (quoted, measured on this machine, see the section's source; BEZZEL_KLUEV=DIR runs Kluev's binaries here): Kluev's N-Queens-Count-Sol, g++ -O3 -march=native, one binary per n; NQueensFAF CPU solver, Java 17",
      );
      log(`  load average ${loadavg()[0]!.toFixed(1)} at the start; user CPU suffers less from others' work than wall time`);
      const sizes = [12, 13, 14, 15, 16, 17, 18, ...(slow ? [19, 20] : [])].filter((n) => !quick || n <= 16);
      const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      for (const n of sizes) {
        const row = published(n)!;
        const rounds = n <= 16 ? 3 : 1;
        const runs: Timed[] = [];
        const plain: number[] = [];
        const kluevRuns: Timed[] = [];
        const kluevFile = kluevBinary(n);
        for (let i = 0; i < rounds; i++) {
          runs.push(await bezzel(['place', 'queen', '-n', String(n), '--goal', 'count', '--workers', '1', '--max-time', 'none']));
          // The C counter beside each run; from n = 18 it takes minutes (BEZZEL_SLOW).
          if (counter && (n <= 17 || slow)) {
            const c = await timedCommand(counter, [String(n)]);
            if (c.stdout.trim() !== String(row.all)) throw new Error(`the C counter printed ${c.stdout.trim()} for n = ${n}, not ${row.all}`);
            plain.push(c.wallMs);
          }
          if (kluevFile) {
            const k = await timedCommand(kluevFile, ['1']);
            if (/Result: (\d+)/.exec(k.stdout)?.[1] !== String(row.all)) throw new Error(`Kluev's counter printed ${k.stdout.trim()} for n = ${n}, not ${row.all}`);
            kluevRuns.push(k);
          }
        }
        for (const run of runs) if (answerOf(run)?.[1] !== String(row.all)) throw new Error(`n = ${n}: bezzel printed ${run.stdout.split('\n')[0]}, not ${row.all}`);
        const wall = median(runs.map((r) => r.wallMs));
        const best = runs.find((r) => r.wallMs === wall)!;
        const c = plain.length > 0 ? median(plain) : Number.NaN;
        const kluevWall = kluevRuns.length > 0 ? median(kluevRuns.map((k) => k.wallMs)) : undefined;
        const kluevRun = kluevRuns.find((k) => k.wallMs === kluevWall);
        const kluev = kluevWall !== undefined ? kluevWall / 1000 : KLUEV_ONE[n];
        // Measured here, both user CPUs are known: compare those (others' work on a shared machine stretches wall time).
        const byCpu = kluevRun?.userS !== undefined && best.userS !== undefined;
        const ahead = byCpu ? best.userS! < kluevRun!.userS! : wall / 1000 < kluev!;
        const kluevSays = kluevRun ? `measured${kluevRun.userS !== undefined ? ` user ${kluevRun.userS.toFixed(2)} s` : ''}` : 'quoted';
        log(
          `  n=${String(n).padStart(2)} 1 thread : ${String(row.all).padStart(12)} ok  wall ${seconds(wall).padStart(8)}  search ${fmtMs(searchOf(best)).padStart(8)}` +
            `${best.userS !== undefined ? `  user ${best.userS.toFixed(2).padStart(6)} s  peak ${best.peakMiB!.toFixed(0).padStart(4)} MiB` : ''}` +
            `${Number.isFinite(c) ? `  C counter ${seconds(c).padStart(8)}  ratio ${(wall / c).toFixed(3)}` : ''}` +
            `${kluev !== undefined ? `  Kluev ${kluev.toFixed(2)} s ${kluevSays} (${ahead ? 'ahead' : 'behind'}${byCpu ? ' by user CPU' : ''})` : ''}`,
        );
        // Node 20 with NODE_EXTRA_CA_CERTS set pays its certificates before any code runs: the figure without them too.
        if (n === 16 && startsWithCertificates()) {
          const bare: number[] = [];
          for (let i = 0; i < rounds; i++) bare.push((await bezzel(['place', 'queen', '-n', '16', '--goal', 'count', '--workers', '1'], withoutExtraCertificates())).wallMs);
          const noCerts = median(bare);
          log(`        NODE_EXTRA_CA_CERTS is set, and Node ${process.versions.node} reads it as it starts: without it, wall ${seconds(noCerts)}${Number.isFinite(c) ? `  ratio ${(noCerts / c).toFixed(3)}` : ''}`);
        }
        if (n >= 16) {
          const classes = await bezzel(['place', 'queen', '-n', String(n), '--goal', 'count-fundamental', '--workers', '1', '--max-time', 'none']);
          if (answerOf(classes)?.[2] !== String(row.fundamental)) throw new Error(`n = ${n}: bezzel printed ${classes.stdout.split('\n')[0]}, not ${row.fundamental} fundamental`);
          log(`        classes : ${String(row.fundamental).padStart(12)} ok  wall ${seconds(classes.wallMs).padStart(8)}  ${(classes.wallMs / wall).toFixed(2)}× the count`);
          const two = await bezzel(['place', 'queen', '-n', String(n), '--goal', 'count', '--workers', '2', '--max-time', 'none']);
          if (answerOf(two)?.[1] !== String(row.all)) throw new Error(`n = ${n} on two threads: bezzel printed ${two.stdout.split('\n')[0]}`);
          const anchors = [KLUEV_TWO[n] !== undefined ? `Kluev ${KLUEV_TWO[n]!.toFixed(2)} s` : '', FAF_TWO[n] !== undefined ? `NQueensFAF ${FAF_TWO[n]!.toFixed(2)} s` : ''].filter(Boolean);
          log(
            `        2 threads: wall ${seconds(two.wallMs).padStart(8)}${two.userS !== undefined ? `  user ${two.userS.toFixed(2).padStart(6)} s  peak ${two.peakMiB!.toFixed(0).padStart(4)} MiB` : ''}` +
              `${anchors.length > 0 ? `  (${anchors.join(', ')}, two threads)` : ''}`,
          );
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
export default section;
