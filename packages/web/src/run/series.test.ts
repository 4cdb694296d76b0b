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
});
