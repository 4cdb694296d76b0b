import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchSection } from '../index.js';
import { fmtMs } from '../time.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'packages/cli/bin/bezzel.mjs');
/** GNU time reports a child's peak memory; without it the section gives wall times only. */
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

interface Run {
  readonly wallMs: number;
  /** Peak resident memory of the whole process, in MiB, when GNU time is there to say. */
  readonly peakMiB?: number;
  /** The search time the command itself reports (its stats line or JSON), in ms. */
  readonly searchMs?: number;
  readonly bytes: number;
}

/** Runs a command as a user's shell would, stdout read and counted (not kept), and times the whole process. */
function run(command: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const [file, ...args] = gnuTime ? [gnuTime, '-f', '%e %M', ...command] : command;
    const started = performance.now();
    const child = spawn(file!, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let tail = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      tail = (tail + chunk.toString('latin1')).slice(-4096);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0 && code !== 3) return reject(new Error(`${command.join(' ')} exited ${code}: ${stderr.trim().split('\n').at(-1)}`));
      const peak = gnuTime ? /(\d+(?:\.\d+)?) (\d+)\s*$/.exec(stderr) : null;
      resolve({ wallMs, bytes, ...(peak ? { peakMiB: Number(peak[2]) / 1024 } : {}), ...searchTimeOf(tail) });
    });
  });
}

/** `"timeMs":123.4` in a JSON result, or `time 1.23 s` / `time 12.3 ms` on a stats line. */
function searchTimeOf(tail: string): { searchMs?: number } {
  const json = /"timeMs":([\d.]+)/.exec(tail);
  if (json) return { searchMs: Number(json[1]) };
  const text = /time ([\d.]+) (ms|s)\b/.exec(tail);
  return text ? { searchMs: Number(text[1]) * (text[2] === 's' ? 1000 : 1) } : {};
}

const bezzel = (...args: string[]) => [process.execPath, bin, ...args];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median wall times of commands run in turn, so that the machine's moods fall on each alike. */
async function interleaved(commands: readonly (readonly string[])[], rounds: number): Promise<number[]> {
  const walls = commands.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) for (const [i, command] of commands.entries()) walls[i]!.push((await run(command)).wallMs);
  return walls.map(median);
}

const describe = (r: Run) =>
  `wall ${fmtMs(r.wallMs).padStart(9)}${r.peakMiB !== undefined ? `  peak ${r.peakMiB.toFixed(0).padStart(5)} MiB` : ''}${r.searchMs !== undefined ? `  search ${fmtMs(r.searchMs).padStart(9)}` : ''}  output ${(r.bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * What a user times from the shell: the compiled `bezzel` command, start-up and output included, beside the
 * references the issue names (`node -e 0`, the reported search time, the one-thread run), all measured here.
 */
const section: BenchSection = {
  title: 'Whole commands: start-up, worker pool, large answers (compiled bezzel, wall time and peak memory)',
  async run(log) {
    if (!existsSync(join(root, 'packages/cli/dist/bin.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--js'], { cwd: root });
    const [node, queens8, list] = await interleaved([[process.execPath, '-e', '0'], bezzel('queens', '8'), bezzel('list')], 15);
    log(`start-up, median of 15:   node -e 0 ${fmtMs(node!)}   bezzel queens 8 ${fmtMs(queens8!)} (${(queens8! / node!).toFixed(1)}× node)   bezzel list ${fmtMs(list!)}`);

    // A pool's start: the same small split count on two worker threads and in this process (--workers 1).
    const [pooled, alone] = await interleaved([bezzel('place', 'queen', '-n', '10', '--goal', 'count', '--workers', '2'), bezzel('place', 'queen', '-n', '10', '--goal', 'count', '--workers', '1')], 5);
    log(`worker pool start: 10 queens count on 2 threads ${fmtMs(pooled!)}, in one thread ${fmtMs(alone!)}: the pool costs ${fmtMs(pooled! - alone!)}`);

    const q16 = await run(bezzel('place', 'queen', '-n', '16', '--goal', 'count-fundamental'));
    log(`queens 16 count-fundamental      ${describe(q16)}   whole − search ${fmtMs(q16.wallMs - (q16.searchMs ?? 0))} (target ≤ 400 ms)`);
    const q17two = await run(bezzel('place', 'queen', '-n', '17', '--goal', 'count-fundamental', '--max-time', 'none'));
    const q17one = await run(bezzel('place', 'queen', '-n', '17', '--goal', 'count-fundamental', '--max-time', 'none', '--workers', '1'));
    log(`queens 17 count-fundamental, 2 threads ${describe(q17two)}`);
    log(`queens 17 count-fundamental, 1 thread  ${describe(q17one)}   2 threads / 1 = ${(q17two.wallMs / q17one.wallMs).toFixed(2)} (target ≤ 0.55)`);

    for (const [label, args] of [
      ['closed tour 3000×3000, -q', ['tour', 'knight', '-n', '3000', '--closed', '-q']],
      ['closed tour 3000×3000, JSON', ['tour', 'knight', '-n', '3000', '--closed', '--format', 'json']],
      ['10⁷ queens by formula, JSON', ['place', 'queen', '-n', '10000000', '--strategy', 'formula', '--format', 'json']],
      ['10⁶ queens by min-conflicts, JSON', ['place', 'queen', '-n', '1000000', '--strategy', 'min-conflicts', '--seed', '1', '--format', 'json']],
    ] as const) {
      log(`${label.padEnd(34)} ${describe(await run(bezzel(...args)))}`);
    }
  },
};
export default section;
