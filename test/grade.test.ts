// `bezzel grade`, as a teacher runs it (the built command, in a process of its own): ten submissions, three honest
// and seven hostile, each of which must get its own verdict without touching the others or anything outside.
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bezzelProcess, root, type CliRun } from './support/cli.js';

const fixtures = join(root, 'test/fixtures/grade');
const submissions = join(fixtures, 'submissions');
const ESCAPE = '/tmp/bezzel-grade-escape.txt';

/** Every file and folder below `dir` with its size and modification time: what "nothing was written" compares. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const info = lstatSync(join(dir, name));
      return `${name} ${info.isDirectory() ? 'dir' : `${info.size} ${info.mtimeMs}`}`;
    })
    .sort();
}

interface Student {
  student: string;
  rank: number;
  points: number;
  solved: number;
  timeMs: number;
  verdict: { kind: string; text: string };
  runs: { status: string; detail: string }[];
}

describe('bezzel grade', () => {
  let work: string;
  let out: string;
  let run: CliRun;
  let students: Student[];
  let before: { fixtures: string[]; work: string[]; escapeExisted: boolean };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'bezzel-grade-'));
    writeFileSync(join(work, 'sentinel.txt'), 'untouched');
    out = join(work, 'grades');
    before = { fixtures: listing(fixtures), work: listing(work), escapeExisted: existsSync(ESCAPE) };
    run = await bezzelProcess('grade', submissions, '--spec', join(fixtures, 'assignment.yaml'), '--out-dir', out, '--jobs', '2', '--format', 'json');
    if (run.code !== 0) throw new Error(`bezzel grade exited ${run.code}: ${run.stderr}`);
    students = (JSON.parse(run.stdout) as { students: Student[] }).students;
  }, 60_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const of = (name: string) => students.find((s) => s.student === name)!;

  it('grades all ten and exits 0', () => {
    expect(run.stderr).not.toMatch(/internal error|a bug in bezzel/);
    expect(run.code).toBe(0);
    expect(students.map((s) => s.student).sort()).toEqual(readdirSync(submissions).sort());
  });

  it('ranks the three honest submissions first, each with every run solved and checked; equal points share a rank', () => {
    const honest = students.slice(0, 3);
    expect(honest.map((s) => s.student)).toEqual(['alice-min-conflicts', 'bob-backtracking', 'carol-random-restart']);
    for (const s of honest) {
      expect(s.verdict.kind).toBe('ok');
      expect(s.points).toBe(4);
      expect(s.solved).toBe(4);
    }
    // Milliseconds on a shared machine decide nothing: the three share rank 1, the next comes 4th.
    expect(honest.map((s) => s.rank)).toEqual([1, 1, 1]);
    expect(students[3]!.rank).toBe(4);
    // Every other submission scores nothing and ranks below them.
    for (const s of students.slice(3)) expect(s.points).toBe(0);
  });

  it('gives each hostile submission its own verdict', () => {
    expect(of('dave-reads-passwd').verdict.text).toMatch(/^forbidden: file read \/etc\/passwd/);
    expect(of('erin-socket').verdict.text).toMatch(/^forbidden: network/);
    expect(of('frank-spawn').verdict.text).toMatch(/^forbidden: child process/);
    expect(of('grace-endless-import').verdict.text).toMatch(/^timeout: still running after 5 s while loading the plugin/);
    expect(of('heidi-wrong-answer').verdict.text).toMatch(/^wrong answer: a1 and d4 share a diagonal/);
    expect(of('ivan-memory-hog').verdict.text).toMatch(/^out-of-memory/);
    expect(of('judy-writes-outside').verdict.text).toMatch(/^forbidden: file write .*ESCAPED-BY-JUDY\.txt.*\/tmp\/bezzel-grade-escape\.txt/);
    // Those that answered correctly despite their misbehaviour still score nothing.
    expect(of('dave-reads-passwd').runs.every((r) => r.status === 'solved')).toBe(true);
  });

  it('writes nothing outside the grader’s own folder: the submissions, the sentinel and /tmp are as they were', () => {
    expect(listing(fixtures)).toEqual(before.fixtures);
    expect(readFileSync(join(work, 'sentinel.txt'), 'utf8')).toBe('untouched');
    const now = listing(work).filter((line) => !line.startsWith('grades'));
    expect(now).toEqual(before.work);
    if (!before.escapeExisted) expect(existsSync(ESCAPE)).toBe(false);
    // The grader's folder holds the reports and nothing else (the staged copies are gone).
    const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(out, f)).isFile());
    const perStudent = (folder: string, ext: string) => students.map((s) => join(folder, `${s.student}.${ext}`));
    expect(files.sort()).toEqual(['gradebook.csv', 'junit.xml', 'leaderboard.csv', 'leaderboard.html', 'leaderboard.json', ...perStudent('feedback', 'md'), ...perStudent('gradescope', 'json')].sort());
  });

  it('writes the leaderboard as CSV, JSON and a self-contained HTML page, and feedback per student', () => {
    const csv = readFileSync(join(out, 'leaderboard.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('rank,student,points,max_points,solved,runs,time_ms,verdict_kind,verdict,how_to_fix');
    expect(csv).toHaveLength(11);
    expect(csv[1]).toMatch(/^1,(alice|bob|carol)/);
    const json = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8')) as { students: Student[]; maxPoints: number };
    expect(json.maxPoints).toBe(4);
    expect(json.students.map((s) => s.student)).toEqual(students.map((s) => s.student));
    const html = readFileSync(join(out, 'leaderboard.html'), 'utf8');
    expect(html).toContain('<table>');
    expect(html).toMatch(/<svg [^>]*role="img"/);
    // Self-contained: the only links are to each student's feedback beside it.
    expect(html).not.toMatch(/src=|url\(|@import/);
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).sort()).toEqual(students.map((s) => `feedback/${s.student}.md`).sort());
    const heidi = readFileSync(join(out, 'feedback', 'heidi-wrong-answer.md'), 'utf8');
    expect(heidi).toContain('wrong answer: a1 and d4 share a diagonal');
    expect(heidi).toMatch(/\| queens n=8 seed 1 \| heidi \| wrong answer \|/);
    const bob = readFileSync(join(out, 'feedback', 'bob-backtracking.md'), 'utf8');
    expect(bob).toMatch(/Points: 4 of 4/);
    expect(relative(out, join(out, 'feedback'))).toBe('feedback');
  });

  it('refuses a mistaken assignment before running anything (exit 2)', async () => {
    const spec = join(work, 'bad.yaml');
    writeFileSync(spec, 'tasks:\n  - piece: unicorn\n    sizes: [8]\n');
    const bad = await bezzelProcess('grade', submissions, '--spec', spec, '--out-dir', join(work, 'bad'));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown piece "unicorn"/);
    const typo = join(work, 'typo.yaml');
    writeFileSync(typo, 'limits: { seconds: 5 }\ntasks: [{ sizes: [8] }]\n');
    const refused = await bezzelProcess('grade', submissions, '--spec', typo, '--out-dir', join(work, 'bad'));
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/limits\.seconds is not a field here/);
  });
});
