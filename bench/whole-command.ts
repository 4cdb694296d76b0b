import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'packages/cli/bin/bezzel.mjs');
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

export interface Timed {
  readonly wallMs: number;
  /** User and system CPU seconds and peak resident MiB of the whole process (threads included), from GNU time. */
  readonly userS?: number;
  readonly sysS?: number;
  readonly peakMiB?: number;
  readonly stdout: string;
}

/** A program as a user's shell runs it, timed whole (start-up, worker threads and all): bezzel or an anchor. */
export function timedCommand(file: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const line = [file, ...args];
    const [run, ...rest] = gnuTime ? [gnuTime, '-f', '%U %S %M', ...line] : line;
    const started = performance.now();
    const child = spawn(run!, rest, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      if (code !== 0) return reject(new Error(`${file} ${args.join(' ')} exited ${code}: ${stderr.trim().split('\n').at(-1)}`));
      const t = gnuTime ? /([\d.]+) ([\d.]+) (\d+)\s*$/.exec(stderr) : null;
      resolve({ wallMs, stdout, ...(t ? { userS: Number(t[1]), sysS: Number(t[2]), peakMiB: Number(t[3]) / 1024 } : {}) });
    });
  });
}

/** One `bezzel …` command, timed whole. */
export const bezzelCommand = (args: readonly string[], env?: NodeJS.ProcessEnv): Promise<Timed> => timedCommand(process.execPath, [bin, ...args], env);

/**
 * Whether this Node reads NODE_EXTRA_CA_CERTS as it starts: Node 20 parses the certificates (its own roots and the
 * file's) before any code runs, about 30 ms on the 2-core machine of these figures, where the environment names the
 * system's bundle; Node 22 and later only once TLS is used. Every Node 20 command pays it there.
 */
export const startsWithCertificates = (): boolean => Boolean(process.env.NODE_EXTRA_CA_CERTS) && Number(process.versions.node.split('.')[0]) < 22;

/** The environment without NODE_EXTRA_CA_CERTS, for the figure of a machine that does not set it. */
export function withoutExtraCertificates(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}
