import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The command's tarball in a release folder: the one file a user installs. */
export function commandTarball(release: string): string {
  const found = readdirSync(release).filter((f) => /^bezzel-\d+\.\d+\.\d+\.tgz$/.test(f));
  if (found.length !== 1) throw new Error(`expected one bezzel-<version>.tgz in ${release}, found ${found.join(', ') || 'none'}`);
  return join(release, found[0]!);
}

/** `npm install -g --prefix PREFIX ./release/bezzel-<version>.tgz`, as the README says; what npm said and its exit code. */
export function installRelease(release: string, prefix: string, options: { cwd: string; env: NodeJS.ProcessEnv }): SpawnSyncReturns<string> {
  return spawnSync('npm', ['install', '--global', '--prefix', prefix, '--no-audit', '--no-fund', commandTarball(release)], { ...options, encoding: 'utf8' });
}

/** What `du -sk` says a folder takes on disk, in megabytes (1024 × 1024 bytes), as a user measures it with `du -sh`. */
export function installedMegabytes(folder: string): number {
  const kilobytes = Number(execFileSync('du', ['-sk', folder], { encoding: 'utf8' }).split(/\s/)[0]);
  return kilobytes / 1024;
}

/**
 * The environment of a user's shell: the test runner's without what pnpm and vitest add (pnpm's `npm_config_*`
 * settings, which npm would warn about as unknown, its INIT_CWD, Node options with the source condition).
 */
export function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && !['NODE_OPTIONS', 'NODE_PATH', 'INIT_CWD'].includes(name)));
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}
