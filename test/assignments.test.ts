// The shipped assignments (assignments/*): each teacher's reference graded by the command, as a teacher runs it on
// one submission, to full marks; with Gradescope's results.json beside the leaderboard.
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bezzelProcess, root } from './support/cli.js';

const assignments = join(root, 'assignments');
const names = readdirSync(assignments, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
const work = mkdtempSync(join(tmpdir(), 'bezzel-assignments-'));

describe('the shipped assignments', () => {
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('are at least four, each with its README, spec, starter and a reference kept in teacher/', () => {
    expect(names).toEqual(['csp-ordering', 'fairy-piece', 'local-search', 'tour-heuristic']);
    for (const name of names) {
      const files = readdirSync(join(assignments, name), { recursive: true, encoding: 'utf8' });
      for (const file of ['README.md', 'assignment.yaml', join('starter', 'package.json'), join('starter', 'src', 'index.ts'), join('teacher', 'NOTES.md'), join('teacher', 'reference', 'package.json')]) expect(files, `${name}/${file}`).toContain(file);
    }
  });

  it('grades each reference solution to full marks', async () => {
    const graded = await Promise.all(
      names.map(async (name) => {
        const out = join(work, name);
        const run = await bezzelProcess('grade', join(assignments, name, 'teacher', 'reference'), '--spec', join(assignments, name, 'assignment.yaml'), '--out-dir', out, '--format', 'gradescope');
        return { name, out, run };
      }),
    );
    for (const { name, out, run } of graded) {
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      const leaderboard = JSON.parse(readFileSync(join(out, 'leaderboard.json'), 'utf8')) as { maxPoints: number; students: { points: number; verdict: { kind: string } }[] };
      expect(leaderboard.students, name).toHaveLength(1);
      expect(leaderboard.students[0]!.verdict.kind, name).toBe('ok');
      expect(leaderboard.students[0]!.points, name).toBe(leaderboard.maxPoints);
      // What stdout shows with --format gradescope is the results.json written for Gradescope.
      const results = JSON.parse(run.stdout) as { score: number; tests: { status: string }[] };
      expect(results).toEqual(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')));
      expect(results.score).toBe(leaderboard.maxPoints);
      expect(results.tests.every((t) => t.status === 'passed')).toBe(true);
    }
  });

  it("runs the GitHub Classroom workflow's grading command as written, on a repository that is one plugin", async () => {
    const workflow = readFileSync(join(root, 'docs/classroom/autograde.yml'), 'utf8');
    const line = /^\s*bezzel (grade submission .*) > junit\.xml$/m.exec(workflow)![1]!;
    const repo = join(work, 'classroom');
    cpSync(join(assignments, 'csp-ordering', 'teacher', 'reference'), join(repo, 'submission'), { recursive: true });
    cpSync(join(assignments, 'csp-ordering', 'assignment.yaml'), join(repo, 'assignment.yaml'));
    const args = line.split(/\s+/).map((word) => (['submission', 'assignment.yaml', 'grades'].includes(word) ? join(repo, word) : word));
    const run = await bezzelProcess(...args);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="CSP ordering, n queens in 500 nodes" tests="4" failures="0" errors="0">/);
    const results = JSON.parse(readFileSync(join(repo, 'grades', 'results.json'), 'utf8')) as { score: number; tests: { max_score: number }[] };
    // The workflow's pass test: the score is every test's maximum.
    expect(results.score).toBe(results.tests.reduce((sum, t) => sum + t.max_score, 0));
  });
});
