import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

describe('the built site (what `pnpm build` leaves in packages/web/dist)', () => {
  it('refers to its files by relative paths, so any static host can serve it from any folder', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toMatch(/src="\.\/assets\/[^"]+\.js"/);
    expect(html).toMatch(/href="\.\/assets\/[^"]+\.css"/);
    expect(html).toContain('href="./favicon.svg"');
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    expect(existsSync(join(dist, 'favicon.svg'))).toBe(true);
  });

  it('runs searches in a Web Worker of its own, and bundles no Node-only module', () => {
    const bundles = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const worker = bundles.filter((f) => f.startsWith('worker'));
    expect(worker).toHaveLength(1);
    const main = bundles.find((f) => readFileSync(join(dist, 'assets', f), 'utf8').includes(worker[0]!));
    expect(main, 'the page names the worker bundle').toBeDefined();
    for (const file of bundles) expect(readFileSync(join(dist, 'assets', file), 'utf8'), file).not.toMatch(/(from|import\(|require\()\s*["']node:/);
  });
});
