// `bezzel grade` against submissions that try to get out of their process: signals to the grader and to others,
// a report hidden by replacing the IPC channel or closing the report pipe, memory allocated and never written, a
// strategy that spins, markup and escapes in what they print; beside them, honest copies under names that a file
// system could fold (é1, è1), a name with a newline and an escape, a dot-folder and a symbolic link. The grader is
// killed with SIGKILL part way and started again: the second start grades only the rest, and nothing is left running.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bezzelBin, bezzelProcess, childEnv, root, type CliRun } from './support/cli.js';

const fixtures = join(root, 'test/fixtures/grade');
const spec = join(fixtures, 'escapes/assignment.yaml');
const HONEST = join(fixtures, 'submissions/bob-backtracking');
const ODD_NAME = 'x\n\u001b[31mred';

interface Student {
  student: string;
  rank: number;
  points: number;
  elapsedMs: number;
  processes: number;
  verdict: { kind: string; text: string; fix?: string };
  runs: { status: string; detail: string; ms?: number }[];
  feedback?: string;
}

/** The grader's children still alive: any process whose command line names this test's folder. */
function leftRunning(folder: string): string[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.includes(folder) ? [`${pid} ${cmdline.replace(/\0/g, ' ').slice(0, 120)}`] : [];
      } catch {
        return [];
      }
    });
}

describe('bezzel grade: submissions that try to escape', () => {
  let work: string;
  let submissions: string;
  let out: string;
  let killedAfter: number;
  let leftAfterKill: string[];
  let run: CliRun;
  let students: Student[];
  let json: { students: Student[]; skipped: { name: string; reason: string }[] };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bezzel-grade-escapes-'));
    submissions = join(work, 'submissions');
    cpSync(join(fixtures, 'escapes/submissions'), submissions, { recursive: true });
    for (const name of ['é1', 'è1', ODD_NAME, '.hidden']) cpSync(HONEST, join(submissions, name), { recursive: true });
    symlinkSync(HONEST, join(submissions, 'linked'));
    out = join(work, 'grades');
    const args = ['grade', submissions, '--spec', spec, '--out-dir', out, '--jobs', '2', '--format', 'json'];

    // First start: SIGKILL once three students are graded (the others running or not started).
    const first = spawn(process.execPath, [bezzelBin, ...args], { env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    await new Promise<void>((resolve) => {
      first.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if ((stderr.match(/^graded /gm) ?? []).length >= 3 && first.exitCode === null) first.kill('SIGKILL');
      });
      first.on('close', () => resolve());
    });
    killedAfter = readdirSync(join(out, '.progress')).filter((f) => f.endsWith('.json')).length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    leftAfterKill = leftRunning(work);

    run = await bezzelProcess(...args);
    if (run.code !== 0) throw new Error(`bezzel grade exited ${run.code}: ${run.stderr}`);
    json = JSON.parse(run.stdout) as typeof json;
    students = json.students;
  }, 90_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const of = (name: string) => students.find((s) => s.student === name)!;

  it('SIGKILL of the grader leaves no process behind, and the next start grades only the rest', () => {
    expect(killedAfter).toBeGreaterThanOrEqual(3);
    expect(leftAfterKill).toEqual([]);
    expect(run.stderr).toMatch(new RegExp(`^bezzel: ${killedAfter} of 12 results kept from the grading stopped before`, 'm'));
    expect(students).toHaveLength(12);
    expect(existsSync(join(out, '.progress'))).toBe(false);
    expect(leftRunning(work)).toEqual([]);
  });

  it('names every signal sent to another process, whatever the route, and scores it nothing', () => {
    for (const name of ['kate-sigterm-parent', 'leo-sigkill-parent', 'mia-sigstop-parent', 'ned-signals-siblings']) {
      expect(of(name).verdict.text, name).toMatch(/^forbidden: signal SIG(TERM|KILL|STOP) to /);
      expect(of(name).points).toBe(0);
      // Refused, not sent: the runs went on and the grader was there to check them.
      expect(of(name).runs.map((r) => r.status)).toEqual(['solved', 'solved']);
    }
    expect(of('mia-sigstop-parent').verdict.text).toMatch(/SIGSTOP/);
  });

  it('hears a refusal the submission hid from the IPC channel or kept from its report pipe', () => {
    expect(of('olga-hides-report').verdict.text).toMatch(/^forbidden: file read \/etc\/shadow \(and network\)/);
    expect(of('pete-closes-witness').verdict.kind).toBe('forbidden');
    expect(of('pete-closes-witness').verdict.text).toMatch(/kept from the grader/);
  });

  it('calls memory allocated and never written out-of-memory, and ends a spinning run at its budget + 1 s in a fresh process', () => {
    expect(of('quinn-allocate-only').verdict.text).toMatch(/^out-of-memory: .* committed\)/);
    const rita = of('rita-spins');
    expect(rita.verdict.text).toMatch(/^timeout: still running 1 s past its 400 ms budget/);
    expect(rita.verdict.fix).toMatch(/ctx\.clock/);
    expect(rita.runs.map((r) => r.status)).toEqual(['timeout', 'timeout']);
    expect(rita.processes).toBe(2);
    // Two runs of 400 ms + 1 s each; the rest is starting Node twice (generous for a loaded machine).
    expect(rita.elapsedMs).toBeLessThan(2 * 1400 + 2500);
  });

  it('grades the honest copies whatever their names, ranks them together, and lists what it skipped with the reason', () => {
    for (const name of ['é1', 'è1', ODD_NAME]) {
      expect(of(name).verdict.kind, name).toBe('ok');
      expect(of(name).rank).toBe(1);
    }
    expect(json.skipped.map((s) => s.name)).toEqual(['.hidden', 'linked']);
    expect(json.skipped[0]!.reason).toMatch(/starts with a dot/);
    expect(json.skipped[1]!.reason).toMatch(/symbolic link/);
    expect(run.stderr).toMatch(/^bezzel: skipped "\.hidden": a hidden folder/m);
    expect(run.stderr).toMatch(/^bezzel: skipped "linked": a symbolic link/m);
  });

  it('keeps one feedback file per student (é1 and è1 apart), each linked from the page', () => {
    const files = readdirSync(join(out, 'feedback')).sort();
    expect(files).toHaveLength(12);
    expect(files).toContain('é1.md');
    expect(files).toContain('è1.md');
    expect(new Set(students.map((s) => s.feedback)).size).toBe(12);
    const html = readFileSync(join(out, 'leaderboard.html'), 'utf8');
    for (const s of students) expect(html).toContain(`href="${s.feedback!.split('/').map(encodeURIComponent).join('/')}"`);
  });

  it('lets no control character or markup through to feedback, CSV, XML, the page or the terminal', () => {
    const texts = [
      ...readdirSync(join(out, 'feedback')).map((f) => readFileSync(join(out, 'feedback', f), 'utf8')),
      readFileSync(join(out, 'leaderboard.csv'), 'utf8'),
      readFileSync(join(out, 'gradebook.csv'), 'utf8'),
    ];
    for (const text of texts) {
      expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
      expect(text).not.toMatch(/<(?!!--)/);
    }
    const sam = readFileSync(join(out, 'feedback', 'sam-markup-output.md'), 'utf8');
    expect(sam).toContain('&lt;script&gt;');
    expect(sam).not.toMatch(/^```\n# not a heading/m);
    const html = readFileSync(join(out, 'leaderboard.html'), 'utf8');
    expect(html).not.toMatch(/<script|\u001b/);
    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(xml).not.toMatch(/<script|[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(run.stderr + run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    // A formula a spreadsheet would run starts with a quote mark.
    expect(readFileSync(join(out, 'leaderboard.csv'), 'utf8')).not.toMatch(/,=/);
  });

  it('without a PID namespace, ends at its next start what a grader killed with SIGKILL left running', async () => {
    const alone = join(work, 'alone');
    cpSync(join(fixtures, 'escapes/submissions/rita-spins'), join(alone, 'rita-spins'), { recursive: true });
    const grades = join(work, 'alone-grades');
    const args = ['grade', alone, '--spec', spec, '--out-dir', grades];
    const env = { ...childEnv(), BEZZEL_GRADE_NO_NAMESPACE: '1' };
    const first = spawn(process.execPath, [bezzelBin, ...args], { env, stdio: 'ignore' });
    // Killed while rita spins in its first run (the run's deadline is 1.4 s after it starts).
    await new Promise((resolve) => setTimeout(resolve, 900));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.on('close', resolve));
    const again = await bezzelProcess(...args);
    expect(again.code, again.stderr).toBe(0);
    expect(leftRunning(join(grades, '.staging'))).toEqual([]);
  });
});
