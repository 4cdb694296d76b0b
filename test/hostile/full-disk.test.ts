import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bezzelBin, childEnv, type CliRun } from '../support/cli.js';
import { fullDisk, type FullDisk } from '../support/full-disk.js';

/**
 * Every file bezzel writes, on a full disk: exit code 74, one line naming the file and the system's reason in
 * words (never Node's "no space left on device, write"), and nothing left behind — no 0-byte file, no partial
 * one, no folder the run made. The disk is a real full tmpfs where the tests run as root (CI), else writes are
 * refused by a file size limit of 0 (see support/full-disk.ts).
 */
let disk: FullDisk;
beforeAll(() => {
  disk = fullDisk();
});
afterAll(() => disk.close());

const FULL = /(no space left on the device \(ENOSPC\)|the file would be too large \(EFBIG\))/;

function expectFailedWrite(run: CliRun, what: RegExp): void {
  expect(run.code, run.stderr).toBe(74);
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(what);
  expect(lines[0]).toMatch(FULL);
  expect(run.stderr).not.toMatch(/\n\s+at |no space left on device, write|ENOSPC: /);
  expect(disk.left()).toEqual([]);
}

describe('a full disk: exit 74, one line, nothing left', () => {
  it.each([
    ['a drawing (--out c.png)', ['queens', '8', '--out', 'c.png'], /^bezzel: cannot write c\.png: /],
    ['a drawing (--out c.svg)', ['queens', '40', '--out', 'c.svg'], /^bezzel: cannot write c\.svg: /],
    ['a chart (--chart c.svg)', ['experiment', 'queen', '-n', '6', '--strategies', 'min-conflicts,random', '--runs', '3', '--seed', '1', '--chart', 'c.svg', '-q'], /^bezzel: cannot write c\.svg: /],
    ['the runs (--runs-out runs.csv)', ['experiment', 'queen', '-n', '6', '--strategies', 'min-conflicts,random', '--runs', '3', '--seed', '1', '--runs-out', 'runs.csv', '-q'], /^bezzel: cannot write runs\.csv: /],
    ['a checkpoint (--checkpoint ck.jsonl)', ['place', 'queen', '-n', '9', '--goal', 'count', '--workers', '2', '--checkpoint', 'ck.jsonl'], /^bezzel: cannot write ck\.jsonl: /],
    ['a spilled count (-o spill=sp)', ['tour', 'knight', '-n', '6', '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', 'spill=sp'], /^bezzel: cannot write the states in sp: .*; nothing was kept: make room, or give -o spill a directory on another disk$/],
    ['a spilled count on two threads', ['tour', 'knight', '-n', '6', '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', 'spill=sp/deeper', '-o', 'threads=2'], /^bezzel: cannot write the states in sp\/deeper: /],
    ["a plugin's scaffold (init plugin)", ['init', 'plugin', 'free', '--piece', '--dir', '.'], /^bezzel: cannot write .*free.*: /],
  ])('%s', async (_what, args, message) => {
    expectFailedWrite(await disk.run(...args), message);
  });

  it('the answer to standard output on a full device (/dev/full) is one line too, exit 74', async () => {
    const run = await new Promise<CliRun>((resolve) => {
      execFile('sh', ['-c', `exec "$@" > /dev/full`, 'sh', process.execPath, bezzelBin, 'queens', '8', '--goal', 'all', '--format', 'json'], { env: childEnv() }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
    });
    expect(run.code).toBe(74);
    expect(run.stderr).toBe('bezzel: cannot write to standard output: no space left on the device (ENOSPC)\n');
  });

  it.runIf(process.getuid?.() === 0)('a read-only file system: exit 74, said so, nothing left', async () => {
    if (disk.how !== 'tmpfs') return;
    disk.readOnly(true);
    try {
      expectReadOnly(await disk.run('queens', '8', '--out', 'c.svg'), /^bezzel: cannot write c\.svg: the file system is read-only \(EROFS\)$/);
      expectReadOnly(await disk.run('tour', 'knight', '-n', '6', '--closed', '--goal', 'count', '--strategy', 'frontier', '-o', 'spill=sp'), /^bezzel: cannot write the states in sp: the file system is read-only \(EROFS\); nothing was kept: make it writable, or give -o spill a directory on another disk$/);
    } finally {
      disk.readOnly(false);
    }
  });
});

function expectReadOnly(run: CliRun, message: RegExp): void {
  expect(run.code, run.stderr).toBe(74);
  expect(run.stderr.trim()).toMatch(message);
  expect(disk.left()).toEqual([]);
}
