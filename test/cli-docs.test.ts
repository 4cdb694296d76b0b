import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bezzel, root } from './support/cli.js';
// @ts-expect-error a plain .mjs script, without types
import { writeCliDocs } from '../scripts/cli-docs.mjs';

/**
 * `bezzel docs` (issue 27, item 6) and what makes the documents ship: @bezzel/cli's `files` take the docs/ that
 * release-pack.mjs writes (test/release runs the installed command), @bezzel/experiment's its examples.
 */
describe('bezzel docs', () => {
  it('prints where the tutorial, the API reference and the experiment examples are, each a path that exists here', async () => {
    const r = await bezzel('docs', '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    const places = JSON.parse(r.stdout) as { name: string; path?: string; note: string }[];
    expect(places.map((p) => p.name)).toEqual(['tutorial', 'API reference', 'experiment examples', 'experiment guide']);
    for (const place of places) expect(existsSync(place.path!)).toBe(true);
    expect(places[0]!.path).toMatch(/docs\/tutorial\.md$/);
    expect(places[2]!.note).toContain('textbook/hill-climbing-8-queens.yaml');
    const text = await bezzel('docs');
    expect(text.stdout).toMatch(/^tutorial: +\/.*tutorial\.md\n/);
  });

  it('ships them: the packages name the folders, the release script writes the tutorial and the API introduction', () => {
    const cli = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8'));
    expect(cli.files).toEqual(expect.arrayContaining(['templates', 'docs']));
    // The scaffold's type check uses the TypeScript a plugin folder installs itself: the command does not carry one.
    expect(cli.dependencies).not.toHaveProperty('typescript');
    expect(readFileSync(join(root, 'scripts/release-pack.mjs'), 'utf8')).toContain('writeCliDocs()');
    const folder = mkdtempSync(join(tmpdir(), 'bezzel-docs-'));
    try {
      writeCliDocs(join(folder, 'docs'), { api: false });
      expect(readFileSync(join(folder, 'docs/tutorial.md'), 'utf8')).toBe(readFileSync(join(root, 'docs/tutorial.md'), 'utf8'));
      expect(existsSync(join(folder, 'docs/api.md'))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    // npm's own list of what the experiment package's tarball holds: the textbook's specs among them.
    const packed = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: join(root, 'packages/experiment'), encoding: 'utf8' })) as { files: { path: string }[] }[];
    const files = packed[0]!.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['examples/textbook/hill-climbing-8-queens.yaml', 'examples/textbook/csp-queens-nodes.yaml', 'examples/ga-mutation.yaml']));
  });
});
