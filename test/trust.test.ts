import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzelBin, bezzelProcess, childEnv, root, type CliRun } from './support/cli.js';
import { freshQueue, testRedisReachable } from './support/redis.js';

const hostile = (name: string) => join(root, 'test/fixtures/hostile', name);

/** What every refused run looks like: its exit code, one line on stderr, nothing on stdout. */
function expectOneLine(run: CliRun, code: number, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trim().split('\n');
  expect(lines, run.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('every answer is checked by the core before it is printed', () => {
  it.each([
    ['cheat-rank', ['queens', '8'], /^bezzel: strategy cheat-rank returned an invalid placement: a1 and b1 share a rank/],
    ['cheat-squares', ['queens', '8'], /^bezzel: strategy cheat-squares returned a placement with square 1\.5, which is not a square number/],
    ['cheat-nothing', ['queens', '8'], /^bezzel: strategy cheat-nothing returned no result/],
    ['cheat-status', ['queens', '8'], /^bezzel: strategy cheat-status ended "great", which is not an answer to goal one/],
    ['cheat-shape', ['queens', '8', '--goal', 'count'], /^bezzel: strategy cheat-shape returned a count that is not a whole number \(42\)/],
    ['cheat-count', ['queens', '8', '--goal', 'count'], /^bezzel: strategy cheat-count counted 42, but \S+ counts 92: the counts disagree/],
    ['cheat-fundamental', ['queens', '8', '--goal', 'count-fundamental'], /^bezzel: strategy cheat-fundamental claimed 92 solutions in 5 classes/],
    ['cheat-stream', ['queens', '8', '--goal', 'all'], /^bezzel: strategy cheat-stream returned an invalid placement: a1 and b2 share a diagonal/],
    ['cheat-all-count', ['queens', '8', '--goal', 'all'], /^bezzel: strategy cheat-all-count claimed 92 solutions but gave 0/],
    ['cheat-tour', ['tour', 'knight'], /^bezzel: strategy cheat-tour returned an invalid tour: move 1 from a1 to b1 is not a knight's move/],
    ['cheat-magic', ['tour', 'knight', '--magic', 'semi'], /^bezzel: strategy cheat-magic returned an invalid semi-magic tour: the numbering is not semi-magic: rank 1 sums to \d+, not 260/],
    ['cheat-empty', ['queens', '8'], /^bezzel: strategy cheat-empty said it solved the problem but gave no solution/],
    ['cheat-negative', ['queens', '8', '--goal', 'count'], /^bezzel: strategy cheat-negative returned a count that is not a whole number \(-5n\)/],
    ['cheat-budget', ['queens', '8'], /^bezzel: strategy cheat-budget ran out of an unknown budget \("patience"\)/],
    ['cheat-never', ['queens', '8'], /^bezzel: strategy cheat-never never answered: run\(\) returned a promise that nothing can settle/],
  ])('rejects %s: exit 5, one line naming the strategy, no answer', async (strategy, args, message) => {
    expectOneLine(await bezzelProcess(...args, '--strategy', strategy, '--plugin', hostile('cheats.mjs')), 5, message);
  });

  it('reports a strategy that throws as its bug: exit 70, one line', async () => {
    expectOneLine(await bezzelProcess('queens', '8', '--strategy', 'cheat-throws', '--plugin', hostile('cheats.mjs')), 70, /^bezzel: strategy cheat-throws failed: boom \(a bug/);
  });

  it("refuses a plugin whose texts hold control characters, and never echoes a user's raw", async () => {
    const run = await bezzelProcess('list', '--plugin', hostile('control-chars.mjs'));
    expectOneLine(run, 2, /strategy "title-thief": meta\.description holds control characters/);
    expect(run.stderr + run.stdout).not.toMatch(/\u001b|\u0007/);
    const typed = await bezzelProcess('place', 'queen', '-n', '8', '--start', '\u001b]0;pwned\u0007');
    expect(typed.stderr + typed.stdout).not.toMatch(/\u001b|\u0007/);
    expect(typed.code).toBe(2);
  });

  it('a time budget of nothing, a bare number and a word each get the line that fits them', async () => {
    for (const zero of ['0', '0s', '0ms']) expectOneLine(await bezzelProcess('queens', '8', '--max-time', zero), 2, /a time budget must be more than 0, not "0(s|ms)?" \(none means no limit\)$/);
    expectOneLine(await bezzelProcess('queens', '8', '--max-time', '15'), 2, /a time needs a unit, .*not "15"; say 15s or 15ms$/);
    expectOneLine(await bezzelProcess('queens', '8', '--max-time', 'soon'), 2, /a time needs a unit, like 15s, 500ms, 2m, 1h30m or none \(no limit\), not "soon"$/);
  });

  it('a strategy whose supports() throws is ruled out with the reason, and the others still serve', async () => {
    expectOneLine(await bezzelProcess('queens', '8', '--strategy', 'cheat-supports', '--plugin', hostile('cheats.mjs')), 2, /^bezzel: strategy cheat-supports cannot do this: its supports\(\) failed: supports boom$/);
    const auto = await bezzelProcess('place', 'queen', '-n', '6', '--goal', 'count', '--plugin', hostile('cheats.mjs'), '--format', 'json');
    // The cheats claim 8×8 only; the one whose supports() throws is passed over, and a real strategy counts 6×6.
    expect(auto.code, auto.stderr).toBe(0);
    expect(JSON.parse(auto.stdout)).toMatchObject({ status: 'complete', count: '4' });
  });

  it('cross-checks a count with a second strategy on request', async () => {
    const run = await bezzelProcess('place', 'knight', '-n', '5', '-k', '5', '--goal', 'count', '--cross-check', '--format', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'complete', count: '9386', stats: { extra: { crossCheck: expect.stringMatching(/ agrees$/) } } });
  });
});

describe("a plugin's mistakes are the user's to fix: exit 2, one line", () => {
  it.each([
    ['no-problems.mjs', /^bezzel: plugin .*no-problems\.mjs: strategy "forgetful": meta\.problems must list what it does/],
    ['syntax-error.mjs', /^bezzel: cannot load plugin .*syntax-error\.mjs: .*syntax-error\.mjs:4: Unexpected token '\}'$/],
    ['syntax-error.mts', /^bezzel: cannot load plugin .*syntax-error\.mts: .*syntax-error\.mts:4:24: Unexpected token$/],
    ['missing.mjs', /^bezzel: cannot load plugin .*missing\.mjs: file not found$/],
  ])('%s', async (file, message) => {
    expectOneLine(await bezzelProcess('queens', '8', '--plugin', hostile(file)), 2, message);
  });
});

describe('budgets hold', () => {
  it('ends a strategy that never looks at its budget a moment after it, and says so', async () => {
    const started = performance.now();
    const run = await bezzelProcess('queens', '8', '--strategy', 'endless', '--plugin', hostile('endless-run.mjs'), '--max-time', '500ms');
    expect(run.code).toBe(3);
    expect(run.stdout).toMatch(/the time budget \(--max-time\) ran out while strategy endless was still between checks of its clock; its thread was ended 100 ms after it/);
    // The budget, the grace the thread is given, and start-up (generously: CI machines are busy).
    expect(performance.now() - started).toBeLessThan(500 + 1000 + 3000);
  });

  it('stops a split count on worker threads at its budget with what it found', async () => {
    const started = performance.now();
    const run = await bezzelProcess('place', 'queen', '-n', '19', '--goal', 'count', '--workers', '2', '--max-time', '1s', '--format', 'json');
    const wall = performance.now() - started;
    expect(run.code).toBe(3);
    const json = JSON.parse(run.stdout) as { status: string; exhausted: string; partial: { count: string; coverage: number }; stats: { timeMs: number } };
    expect(json).toMatchObject({ status: 'budget', exhausted: 'time' });
    // The budget is the whole command's, from its start, and so is the time printed: what the user waited.
    expect(json.stats.timeMs).toBeGreaterThanOrEqual(1000);
    expect(json.stats.timeMs).toBeLessThanOrEqual(wall);
    expect(wall).toBeGreaterThanOrEqual(1000);
    expect(wall).toBeLessThan(1000 + 4000);
  });
});

/**
 * Starts `bezzel`, sends a signal once `ready()` says so (or after `ms`), and returns what it printed, how it
 * ended and how long it took to stop.
 */
function signalled(
  args: string[],
  when: { ms?: number; ready?: () => boolean },
  signal: NodeJS.Signals = 'SIGINT',
  /** Told what the command has printed so far, as it prints it (for a `ready` that waits on its output). */
  seen?: (sofar: { stdout: string; stderr: string }) => void,
): Promise<CliRun & { stopMs: number; killedBy: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bezzelBin, ...args], { cwd: root, env: childEnv() });
    let stdout = '';
    let stderr = '';
    let sent = 0;
    child.stdout.on('data', (chunk) => ((stdout += String(chunk)), seen?.({ stdout, stderr })));
    child.stderr.on('data', (chunk) => ((stderr += String(chunk)), seen?.({ stdout, stderr })));
    const send = () => {
      sent = performance.now();
      child.kill(signal);
    };
    if (when.ready) {
      const poll = setInterval(() => {
        if (when.ready!()) {
          clearInterval(poll);
          send();
        }
      }, 10);
      child.on('close', () => clearInterval(poll));
    } else setTimeout(send, when.ms ?? 0);
    child.on('close', (code, killedBy) => resolve({ code: code ?? -1, killedBy, stdout, stderr, stopMs: performance.now() - sent }));
  });
}

/** Lines of a file, 0 when it is not there yet. */
const linesOf = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

describe('every stop reports', () => {
  it('Ctrl-C a split count with a checkpoint, before and after sub-tasks finish: the partial count each time, then the whole count on resuming', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bezzel-stop-')), 'q.jsonl');
    // 15 queens, one worker, many small sub-tasks (bitboard's, about 640 of a millisecond or two each; the join
    // splits into eight at most): stopped when only the header is written (no sub-task done yet), then when a few
    // more and a few more are done.
    const args = ['place', 'queen', '-n', '15', '--goal', 'count', '--strategy', 'bitboard', '--workers', '1', '--parts', '400', '--checkpoint', file];
    for (const more of [1, 3, 6]) {
      const before = linesOf(file);
      const run = await signalled(args, { ready: () => linesOf(file) >= Math.max(1, before + more - 1) });
      expect(run.code, run.stderr).toBe(130);
      expect(run.stdout).toMatch(/^Stopped: \d+ found so far \(\d+\.\d% of its sub-tasks finished\)/m);
      expect(run.stopMs).toBeLessThan(1500);
      const kept = Number(/finished (\d+)/.exec(run.stdout)?.[1]);
      expect(kept).toBe(linesOf(file) - 1);
      expect(run.stderr).toContain(`bezzel: ${file} keeps ${kept} finished sub-tasks of ${/subTasks (\d+)/.exec(run.stdout)?.[1]}: the same command resumes the count\n`);
    }
    const finished = linesOf(file) - 1;
    const resumed = await bezzelProcess(...args, '--format', 'json');
    expect(JSON.parse(resumed.stdout)).toMatchObject({ status: 'complete', count: '2279184', stats: { extra: { resumed: finished } } });
  });

  // Searches whose strategies' estimates said "short": each must still be stoppable, and say what it has.
  it.each([
    [['dominate', 'knight', '-n', '16', '--goal', 'minimum'], /^Stopped; at least \d+/m],
    // (Queens 14×14 now end in about a second on two threads: 15×15 takes tens.)
    [['dominate', 'queen', '-n', '15', '--goal', 'minimum', '--workers', '2'], /^Stopped; at least \d+, at most \d+/m],
    // Open tours of 7×7 go to the frontier count, which keeps its states on disk for the same command to resume.
    [['tour', 'knight', '-n', '7', '--goal', 'count', '--workers', '1'], /^Stopped; the states are in \S+ \(square \d+ of 49 part done\); the same command with -o spill=\S+ resumes from there$/m],
    [['place', 'queen', '-n', '1500', '--strategy', 'hill-climbing'], /^Stopped; h = \d+ attacking pairs/m],
    [['place', 'queen', '-n', '1500', '--strategy', 'portfolio', '-o', 'members=hill-climbing,random'], /^Stopped/m],
  ])('Ctrl-C stops %j within a second and prints what it has', async (args, said) => {
    const run = await signalled([...args, '--max-time', 'none'], { ms: 1500 });
    expect(run.code, run.stdout + run.stderr).toBe(130);
    expect(run.stdout).toMatch(said);
    expect(run.stdout).not.toMatch(/still between checks of its stop signal/);
    expect(run.stopMs).toBeLessThan(1000);
    const kept = /^Stopped; the states are in (\S+) /m.exec(run.stdout)?.[1];
    if (kept?.startsWith(tmpdir())) rmSync(kept, { recursive: true, force: true });
  });

  it('a search that must stay in this thread (a betza: piece lives only here) still ends at once on Ctrl-C', async () => {
    const run = await signalled(['place', 'betza:NN', '-n', '10', '-k', '10', '--goal', 'count', '--max-time', 'none'], { ms: 1500 });
    // Ended by the signal itself (a shell shows exit 130), since no listener can run while the search holds the thread.
    expect(run.killedBy).toBe('SIGINT');
    expect(run.stopMs).toBeLessThan(1000);
  });

  it('Ctrl-C stops a magic tour search and prints how deep it got', async () => {
    const run = await signalled(['tour', 'knight', '-n', '16', '--magic', 'semi', '--seed', '1'], { ms: 1500 });
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(/^Stopped; the deepest walk numbered \d+ of 256 squares with every rank and file still able to reach its sum; method quartes/m);
    expect(run.stdout).toMatch(/^strategy magic-tour · nodes [\d,]+ · /m);
    expect(run.stopMs).toBeLessThan(1500);
  });

  it.each(['SIGINT', 'SIGTERM'] as const)('%s stops a long search in one thread and prints what it found', async (signal) => {
    const run = await signalled(['place', 'queen', '-n', '18', '--goal', 'count', '--workers', '1'], { ms: 1500 }, signal);
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(/^Stopped: \d+ found so far/m);
    expect(run.stopMs).toBeLessThan(1500);
  });
});

describe('files a user names', () => {
  it.each([
    ['a folder', () => mkdtempSync(join(tmpdir(), 'bezzel-dir-')), /it is a folder, not a file/],
    ['a missing folder', () => join(tmpdir(), 'no-such-folder-bezzel', 'q.jsonl'), /--checkpoint .*q\.jsonl: the folder .*no-such-folder-bezzel does not exist$/],
  ])('--checkpoint naming %s is exit 2 with one line', async (_what, path, message) => {
    expectOneLine(await bezzelProcess('place', 'queen', '-n', '10', '--goal', 'count', '--checkpoint', path()), 2, message);
  });

  it('ignores checkpoint lines that are not finished sub-tasks, and counts them again', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bezzel-cp-')), 'q.jsonl');
    const first = await bezzelProcess('place', 'queen', '-n', '10', '--goal', 'count', '--workers', '2', '--checkpoint', file);
    expect(first.code).toBe(0);
    const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
    const forged = lines.map((line, i) => (i % 2 === 0 ? JSON.stringify({ ...JSON.parse(line), count: 'x', weight: 1e9 }) : line));
    writeFileSync(file, [header, ...forged, '{"key":', 'not json'].join('\n'));
    const again = await bezzelProcess('place', 'queen', '-n', '10', '--goal', 'count', '--workers', '2', '--checkpoint', file, '--format', 'json');
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'complete', count: '724' });
  });
});

describe('refused before any work, in one line (a third hostile campaign)', () => {
  const scratch = () => mkdtempSync(join(tmpdir(), 'bezzel-refuse-'));
  const place9 = ['place', 'queen', '-n', '9', '--goal', 'count'];
  const experiment = ['experiment', 'queen', '-n', '6', '--strategies', 'min-conflicts', '--runs', '1', '-q'];
  it.each([
    // Devices that never end were read for ever (a hang), or appended to as a checkpoint.
    ['a checkpoint on /dev/full', () => [...place9, '--checkpoint', '/dev/full'], /^bezzel: --checkpoint \/dev\/full: not a regular file/],
    ['a checkpoint on /dev/zero', () => [...place9, '--checkpoint', '/dev/zero'], /^bezzel: --checkpoint \/dev\/zero: not a regular file/],
    ['a spec from /dev/zero', () => ['experiment', '--spec', '/dev/zero'], /^bezzel: cannot read \/dev\/zero: it holds more than 256 MiB/],
    ['a queue key from /dev/zero', () => [...place9, '--queue', 'redis://127.0.0.1:1/0', '--detach', '--queue-key-file', '/dev/zero'], /^bezzel: --queue-key-file: cannot read \/dev\/zero: it holds more than 16 MiB/],
    ['an assignment from /dev/zero', () => ['grade', scratch(), '--spec', '/dev/zero'], /^bezzel: cannot read \/dev\/zero: it holds more than 16 MiB/],
    // An empty name was taken as no checkpoint at all.
    ['an empty --checkpoint', () => [...place9, '--checkpoint', ''], /^bezzel: --checkpoint "" names no file/],
    // Two outputs into one file: the second overwrote the first, exit 0.
    ['--out and --runs-out the same file', () => { const d = scratch(); return [...experiment, '--out', join(d, 'r.csv'), '--runs-out', join(d, 'r.csv')]; }, /--out \S+r\.csv and --runs-out \S+r\.csv name the same file/],
    ['one --chart twice', () => { const d = scratch(); return [...experiment, '--chart', join(d, 'c.svg'), '--chart', join(d, '.', 'c.svg')]; }, /--chart \S+c\.svg and --chart \S+c\.svg name the same file/],
    // A folder was found out only after every run (exit 74).
    ['an --out that is a folder', () => { const d = scratch(); mkdirSync(join(d, 'r.json')); return [...experiment, '--out', join(d, 'r.json')]; }, /--out \S+r\.json: it is a folder, not a file$/],
    // A queue's options without a queue were dropped unseen (exit 0).
    ['--keep without a queue', () => ['queens', '8', '--keep', '12h'], /^bezzel: --keep goes with --queue/],
    ['--queue-key-file without a queue', () => ['queens', '8', '--queue-key-file', '/etc/hostname'], /^bezzel: --queue-key-file goes with --queue/],
    ['--tls-ca without a queue', () => ['place', 'queen', '-n', '8', '--goal', 'count', '--tls-ca', '/etc/hostname'], /^bezzel: --tls-ca goes with --queue/],
    ['--detach without a queue on goal one', () => ['queens', '8', '--detach'], /^bezzel: --detach goes with --queue/],
    // How tours are counted, given for a search that counts nothing, was dropped unseen.
    ['--direction on goal one', () => ['tour', 'knight', '-n', '5', '--direction', 'undirected'], /^bezzel: --direction says how tours are counted: it goes with --goal count, not one$/],
    ['--parts on goal one', () => ['queens', '8', '--parts', '5'], /^bezzel: --parts is for split counts \(--goal count or count-fundamental\), not goal one$/],
    // A grader's folder that cannot be one: exit 70 (ENOTDIR) when staging, a hang under /proc (Node's recursive
    // mkdir), or the current folder for "".
    ['grade --out-dir a file', () => ['grade', join(root, 'test/fixtures/grade/submissions'), '--spec', join(root, 'test/fixtures/grade/assignment.yaml'), '--out-dir', join(root, 'package.json')], /^bezzel: --out-dir \S+package\.json: it is not a folder$/],
    ['grade --out-dir under /proc', () => ['grade', join(root, 'test/fixtures/grade/submissions'), '--spec', join(root, 'test/fixtures/grade/assignment.yaml'), '--out-dir', '/proc/bezzel-grades'], /^bezzel: --out-dir \/proc\/bezzel-grades: no such file or folder, or it cannot be made there \(ENOENT\)$/],
    ['grade --out-dir ""', () => ['grade', join(root, 'test/fixtures/grade/submissions'), '--spec', join(root, 'test/fixtures/grade/assignment.yaml'), '--out-dir', ''], /^bezzel: --out-dir "" names no folder/],
  ])('%s', async (_what, args, message) => {
    expectOneLine(await bezzelProcess(...args()), 2, message);
  });

  it('a file name with control characters is escaped where it is said written', async () => {
    const file = join(scratch(), 'x\u001b]0;pwned\u0007.svg');
    const run = await bezzelProcess('queens', '6', '--out', file);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('wrote ');
    expect(run.stderr + run.stdout).not.toMatch(/\u001b|\u0007/);
  });

  it('BEZZEL_QUEUE in the environment names the queue for counts and does not refuse other goals', async () => {
    const run = await new Promise<CliRun>((done) =>
      execFile(process.execPath, [bezzelBin, 'queens', '8', '-q'], { cwd: root, env: { ...childEnv(), BEZZEL_QUEUE: 'redis://127.0.0.1:1/0' } }, (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })),
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Found a solution: 8 queens on 8×8/);
  });
});

describe('a Ctrl-C is never lost (a third hostile campaign)', () => {
  // Sent while the command is still starting (loading, reaching Redis): before, the first Ctrl-C was taken by
  // the command's early listener and forgotten, and the worker or the page then ran until a second one.
  it.each([
    ['worker', () => ['worker', '--queue', freshQueue(), '--workers', '1']],
    ['dashboard', () => ['dashboard', '--queue', freshQueue(), '--port', '0']],
  ])('a %s stopped while it starts exits 130', async (_what, args) => {
    if (!(await testRedisReachable())) return;
    const run = await signalled(args(), { ms: 250 });
    // Stopped before the listener was armed, the signal's default action ends it (a shell shows 130 too).
    expect(run.code === 130 || run.killedBy === 'SIGINT', run.stderr).toBe(true);
    expect(run.stopMs).toBeLessThan(3000);
  });

  it('Ctrl-C while grading ends the submissions running, writes the leaderboard of those graded, names the others, and exits 130', async () => {
    const outDir = join(mkdtempSync(join(tmpdir(), 'bezzel-grade-stop-')), 'grades');
    let run0 = { stdout: '', stderr: '' };
    // Stopped once the first submission is graded: the others are running or not started.
    const run = await signalled(['grade', join(root, 'test/fixtures/grade/submissions'), '--spec', join(root, 'test/fixtures/grade/assignment.yaml'), '--out-dir', outDir], { ready: () => run0.stderr.includes('graded ') }, 'SIGINT', (r) => (run0 = r));
    expect(run.code, run.stderr).toBe(130);
    const graded = Number(/^bezzel: stopped after grading (\d+) of 10 submissions; the leaderboard lists those and names the others as not graded/m.exec(run.stderr)?.[1]);
    expect(graded).toBeGreaterThanOrEqual(1);
    expect(graded).toBeLessThan(10);
    const csv = readFileSync(join(outDir, 'leaderboard.csv'), 'utf8').trim().split('\n');
    expect(csv).toHaveLength(11);
    expect(csv.filter((line) => line.includes(',not graded,'))).toHaveLength(10 - graded);
    // Each graded student is in the journal, so the same command grades only the rest.
    expect(readdirSync(join(outDir, '.progress')).filter((f) => f.endsWith('.json'))).toHaveLength(graded);
    expect(run.stopMs).toBeLessThan(3000);
  });

  it('Ctrl-C during a cross-check prints the count it has, says it is not cross-checked, and exits 130', async () => {
    // The fixture answers at once (the sum 1…1000); the recount of 18 queens by a bundled strategy takes far longer
    // than the signal's 1.5 s. Before, the count was printed as if checked, with exit 0.
    const run = await signalled(['place', 'queen', '-n', '18', '--goal', 'count', '--strategy', 'many-count', '--plugin', join(root, 'test/fixtures/many-count.ts'), '--cross-check', '--workers', '1', '--max-time', 'none'], { ms: 1500 });
    expect(run.code, run.stderr).toBe(130);
    expect(run.stdout).toMatch(/^500500 solutions/m);
    expect(run.stderr).toMatch(/could not cross-check the count: stopped \(Ctrl-C\) before \S+ finished/);
    expect(run.stdout).toMatch(/crossCheck stopped before it finished/);
    expect(run.stopMs).toBeLessThan(1500);
  });
});
