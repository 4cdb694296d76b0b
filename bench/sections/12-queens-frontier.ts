import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'packages/cli/bin/bezzel.mjs');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  readonly wallMs: number;
  /** User CPU seconds of the whole process (all its threads), from GNU time. */
  readonly userS?: number;
  readonly peakMiB?: number;
  /** The search time the command reports on its stats line. */
  readonly searchMs?: number;
  readonly answer: string;
}

/** Runs `bezzel …` as a user's shell would and times the whole process. */
function run(args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const command = [process.execPath, bin, ...args];
    const [file, ...rest] = gnuTime ? [gnuTime, '-f', '%e %U %M', ...command] : command;
    const started = performance.now();
    const child = spawn(file!, rest, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`bezzel ${args.join(' ')} exited ${code}: ${err.trim().split('\n').at(-1)}`));
      const t = gnuTime ? /([\d.]+) ([\d.]+) (\d+)\s*$/.exec(err) : null;
      const search = /time ([\d.]+) (ms|s)\b/.exec(out + err);
      resolve({
        wallMs,
        ...(t ? { userS: Number(t[2]), peakMiB: Number(t[3]) / 1024 } : {}),
        ...(search ? { searchMs: Number(search[1]) * (search[2] === 's' ? 1000 : 1) } : {}),
        answer: /^(\d+) solutions/m.exec(out)?.[1] ?? '?',
      });
    });
  });
}

/** Quoted from issue 29 (measured on this machine, not run here): n = 17 and 16 queens counts. */
const ANCHORS = [
  "Kluev's quarter-board join (C++20), 1 thread: n = 16 0.24 s, n = 17 2.70 s",
  'NQueensFAF CPU solver (Java, Preußer start constellations), 2 threads: n = 17 4.67 s wall',
  'Takaken ver 3.3 (C, OpenMP), 2 threads: n = 17 7.81 s wall',
];

/**
 * Issue 29 item 1: `place queen -n N --goal count` whole commands, the half-board join (halves, what auto takes)
 * against start constellations and bitboard (Takahashi's symmetric search), on one thread and two, with the
 * anchors quoted. n = 19 runs halves only (the others take minutes there); BEZZEL_BENCH_QUICK=1 keeps to halves.
 */
const section: BenchSection = {
  title: 'Queens counting at the frontier: halves vs constellations vs bitboard, whole commands (user CPU, wall, peak memory)',
  async run(log) {
    if (!existsSync(join(root, 'packages/cli/dist/bin.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--js'], { cwd: root });
    for (const anchor of ANCHORS) log(`  anchor (quoted): ${anchor}`);
    log(`  load average ${loadavg()[0]!.toFixed(1)} at the start; user CPU suffers less from other load than wall time`);
    const sizes = [16, 17, 18, 19];
    const quick = Boolean(process.env.BEZZEL_BENCH_QUICK);
    for (const n of sizes) {
      for (const workers of [1, 2]) {
        for (const strategy of n >= 19 || quick ? ['halves'] : ['halves', 'constellations', 'bitboard']) {
          const r = await run(['place', 'queen', '-n', String(n), '--goal', 'count', '--strategy', strategy, '--workers', String(workers), '--max-time', 'none']);
          log(
            `  n=${n} ${strategy.padEnd(14)} ${workers} thread${workers > 1 ? 's' : ' '}: ${r.answer.padStart(12)}  ` +
              `search ${fmtMs(r.searchMs ?? NaN).padStart(8)}  wall ${fmtMs(r.wallMs).padStart(8)}` +
              `${r.userS !== undefined ? `  user ${r.userS.toFixed(2).padStart(6)} s  peak ${r.peakMiB!.toFixed(0).padStart(4)} MiB` : ''}`,
          );
        }
      }
    }
  },
};
export default section;
