import { describe, expect, it } from 'vitest';
import { chartSvg, Series } from './series.js';

describe('Series', () => {
  it('keeps the whole curve in bounded memory, evenly thinned', () => {
    const s = new Series(100);
    for (let i = 0; i < 10_000; i++) s.add(i, i * 2);
    expect(s.length).toBeLessThan(100);
    expect(s.length).toBeGreaterThan(30);
    expect(s.xs[0]).toBe(0);
    expect(s.xs[s.length - 1]).toBeGreaterThan(9000);
    const steps = new Set(s.xs.slice(1).map((x, i) => x - s.xs[i]!));
    expect(steps.size).toBe(1);
    expect(s.ys.every((y, i) => y === 2 * s.xs[i]!)).toBe(true);
  });

  it('draws one polyline per named series, none for a series of fewer than two points', () => {
    const best = new Series();
    const mean = new Series();
    for (let g = 0; g < 20; g++) {
      best.add(g, 28 - g);
      mean.add(g, 40 - g);
    }
    const svg = chartSvg(new Map([['best', best], ['mean', mean]]));
    expect(svg.match(/<polyline/g)).toHaveLength(2);
    expect(svg).toContain('best');
    expect(svg).not.toContain('marker');
    expect(chartSvg(new Map([['best', best]]), 7)).toContain('class="marker"');
    expect(chartSvg(new Map([['best', best]]), 70)).not.toContain('marker');
    const single = new Series();
    single.add(0, 5);
    expect(chartSvg(new Map([['h', new Series()], ['longest', single]]))).toBe('');
  });

  it('starts the y-axis at 0 (or a round number), ends it at a round one, titles both axes, in 12 px labels (issue 26: 12.76, 10 px, no titles)', () => {
    const best = new Series();
    for (let g = 0; g < 30; g++) best.add(g, 12.76 + g * 1.5);
    const svg = chartSvg(new Map([['best', best]]), undefined, 280, 150, { x: 'generation', y: 'fitness' });
    const ticks = [...svg.matchAll(/class="tick"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(ticks.slice(0, 3)).toEqual(['0', '30', '60']);
    expect(svg).toContain('>generation</text>');
    expect(svg).toContain('>fitness</text>');
    expect(svg).not.toContain('font-size="10"');
    const low = new Series();
    for (let i = 0; i < 5; i++) low.add(i, -7 + i);
    expect([...chartSvg(new Map([['h', low]])).matchAll(/class="tick"[^>]*>([^<]+)</g)].map((m) => m[1]).slice(0, 3)).toEqual(['-8', '-5', '-2']);
  });
});
