/**
 * How a submission's process is started so that it cannot reach the grader: a process group of its own (the
 * grader ends the whole group, and a terminal's Ctrl-C reaches only the grader), and on Linux, where the machine
 * allows, a PID namespace of its own (it sees no process but itself, so it cannot signal the grader or a
 * classmate even past the fence in child.ts) whose processes die with the grader (a parent-death signal, so a
 * SIGKILL of the grader leaves nothing running).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/** Where each submission runs. */
export type Confinement =
  | { readonly kind: 'namespace'; readonly setpriv: string; readonly unshare: string }
  | { readonly kind: 'group' };

let probed: Confinement | undefined;

/** The confinement this machine allows, found once: a PID namespace (Linux with util-linux) or a process group. */
export function confinement(): Confinement {
  if (probed) return probed;
  probed = { kind: 'group' };
  if (process.platform !== 'linux' || process.env.BEZZEL_GRADE_NO_NAMESPACE === '1') return probed;
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  const unshare = ['/usr/bin/unshare', '/bin/unshare'].find((p) => existsSync(p));
  if (!setpriv || !unshare) return probed;
  const tried = spawnSync(setpriv, ['--pdeathsig', 'KILL', '--', unshare, ...UNSHARE, '--', process.execPath, '-e', 'process.exit(process.pid === 1 ? 0 : 9)'], { stdio: 'ignore', timeout: 10_000 });
  if (tried.status === 0) probed = { kind: 'namespace', setpriv, unshare };
  return probed;
}

/** A user namespace (so no privilege is needed) holding a PID namespace; the submission's Node is its first process. */
const UNSHARE = ['--user', '--map-root-user', '--pid', '--fork', '--kill-child'];

/** The command that starts `node args…` under the confinement. */
export function confinedCommand(how: Confinement, args: readonly string[]): { command: string; args: string[] } {
  if (how.kind === 'group') return { command: process.execPath, args: [...args] };
  return { command: how.setpriv, args: ['--pdeathsig', 'KILL', '--', how.unshare, ...UNSHARE, '--', process.execPath, ...args] };
}

/** In words, for the reports. */
export function confinementNote(how: Confinement): string {
  return how.kind === 'namespace'
    ? 'in a PID namespace of its own (it sees no other process) and a process group the grader ends whole, dying with the grader'
    : 'in a process group of its own that the grader ends whole (no PID namespace on this machine: the signal fence alone keeps it from other processes)';
}

/** Ends a started group at once (and all it holds); quiet if it is already gone. */
export function endGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/** What a process tree holds, in MB. */
export interface TreeMemory {
  /** Resident pages: what a written heap grows. */
  readonly residentMb: number;
  /** Committed private data (VmData): what an allocate-only bomb grows (reserved pages never written are not resident). */
  readonly committedMb: number;
}

/** The memory of the started process and its descendants (Linux `/proc`; `ps` elsewhere, resident only). */
export async function treeMemory(pid: number | undefined): Promise<TreeMemory> {
  if (pid === undefined) return { residentMb: 0, committedMb: 0 };
  if (process.platform !== 'linux') {
    const { execFile } = await import('node:child_process');
    const mb = await new Promise<number>((resolve) => execFile('ps', ['-o', 'rss=', '-p', String(pid)], (error, out) => resolve(error ? 0 : Number(out.trim()) / 1024 || 0)));
    return { residentMb: mb, committedMb: 0 };
  }
  let residentMb = 0;
  let committedMb = 0;
  const seen = new Set<number>();
  const visit = async (p: number, depth: number): Promise<void> => {
    if (seen.has(p) || depth > 4) return;
    seen.add(p);
    try {
      const status = await readFile(`/proc/${p}/status`, 'utf8');
      // The wrappers (setpriv, which became unshare) hold a few MB and are not the submission's. (A Node process is
      // not told by its name: Node 24 calls its main thread MainThread.)
      if (!/^Name:\s+(unshare|setpriv)\s*$/m.test(status)) {
        residentMb += Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
        committedMb += Number(/^VmData:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) / 1024;
      }
      const children = await readFile(`/proc/${p}/task/${p}/children`, 'utf8').catch(() => '');
      for (const child of children.split(/\s+/).filter(Boolean)) await visit(Number(child), depth + 1);
    } catch {
      // Gone.
    }
  };
  await visit(pid, 0);
  return { residentMb, committedMb };
}

const idle = new Map<number, number>();

/**
 * The committed memory (VmData, MB) of a Node process that has done nothing, with the heap limit a submission gets:
 * about 80 MB on Node 20, 560 MB on Node 24 (whose V8 commits its heap's reservation up front). Measured once per
 * limit; the committed-memory watchdog counts what a submission commits beyond it. 0 where /proc is not.
 */
export function idleCommittedMb(heapMb: number): number {
  const known = idle.get(heapMb);
  if (known !== undefined) return known;
  let mb = 0;
  if (process.platform === 'linux') {
    const probe = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, '-e', "process.stdout.write(/^VmData:\\s+(\\d+)/m.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1])"], { encoding: 'utf8', timeout: 10_000, env: {} });
    mb = Number(probe.stdout) / 1024 || 0;
  }
  idle.set(heapMb, mb);
  return mb;
}

/**
 * Ends what an earlier grader left running in its staging folder: where no PID namespace ties a submission's
 * process to the grader's life (macOS, Linux without user namespaces), a grader killed with SIGKILL leaves its
 * running submissions behind; the next start finds them by the staged copy on their command line. Returns how
 * many it ended.
 */
export function endLeftovers(staging: string): number {
  const marker = `${staging}/`;
  let pids: number[] = [];
  if (process.platform === 'linux') {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          return pid !== process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
        } catch {
          return false;
        }
      });
  } else {
    const listed = spawnSync('ps', ['-axo', 'pid=,command='], { encoding: 'utf8' });
    pids = (listed.stdout ?? '').split('\n').filter((line) => line.includes(marker)).map((line) => Number(line.trim().split(/\s+/)[0])).filter((pid) => pid > 0 && pid !== process.pid);
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return pids.length;
}
