import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetsOf, ecdfAt, fixedTargetEcdf, hittingStep, qualityAt, targetsOf, type QualityRun } from './fixed-target.js';

/** A run as a strategy records it: improvements with rising steps and falling quality, solved when it ends at 0. */
const runArbitrary: fc.Arbitrary<QualityRun> = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 6 })), { minLength: 0, maxLength: 8 })
  .chain((moves) => fc.tuple(fc.constant(moves), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 30 }), fc.boolean()))
  .map(([moves, start, extra, recorded]) => {
    const steps: number[] = [];
    const quality: number[] = [];
    let step = 0;
    let q = start;
    steps.push(0);
    quality.push(q);
    for (const [gap, drop] of moves) {
      if (q === 0) break;
      step += gap + 1;
      q = Math.max(0, q - drop);
      steps.push(step);
      quality.push(q);
    }
    const solved = q === 0;
    // Some runs recorded nothing (a strategy that answered without reporting): solved ones then reach 0 at their end.
    return recorded ? { steps: step + extra, solved, trajectory: { steps, quality } } : { steps: step + extra, solved };
  });

/** The share of runs that reached `target` within `x` steps, counted run by run from their records. */
function directCount(runs: readonly QualityRun[], target: number, x: number): number {
  let reached = 0;
  for (const run of runs) {
    const t = run.trajectory;
    const early = t ? t.steps.some((s, i) => s <= x && t.quality[i]! <= target) : false;
    const atEnd = run.solved && run.steps <= x;
    if (early || atEnd) reached++;
  }
  return reached / runs.length;
}

describe('fixed-target ECDFs', () => {
  it('read first hitting steps and best-so-far qualities off a trajectory', () => {
    const run = { steps: 30, solved: true, trajectory: { steps: [0, 4, 9, 17], quality: [12, 5, 2, 0] } };
    expect([12, 6, 5, 2, 1, 0].map((t) => hittingStep(run, t))).toEqual([0, 4, 4, 9, 17, 17]);
    expect([0, 3, 4, 16, 17, 100].map((b) => qualityAt(run, b))).toEqual([12, 12, 5, 2, 0, 0]);
    // A solved run that did not report its last improvement reached 0 when it ended; an unsolved one never did.
    expect(hittingStep({ steps: 8, solved: true, trajectory: { steps: [0], quality: [3] } }, 0)).toBe(8);
    expect(hittingStep({ steps: 8, solved: false, trajectory: { steps: [0, 5], quality: [3, 1] } }, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(qualityAt({ steps: 8, solved: false }, 100)).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts runs that reached each target, censored runs never', () => {
    const runs: QualityRun[] = [
      { steps: 5, solved: true, trajectory: { steps: [0, 5], quality: [4, 0] } },
      { steps: 9, solved: true, trajectory: { steps: [0, 2, 9], quality: [6, 2, 0] } },
      { steps: 9, solved: true, trajectory: { steps: [0, 9], quality: [2, 0] } },
      { steps: 20, solved: false, trajectory: { steps: [0, 3], quality: [8, 2] } },
    ];
    expect(fixedTargetEcdf(runs, [2, 0])).toEqual([
      { target: 2, reached: 4, points: [{ effort: 0, fraction: 0.25 }, { effort: 2, fraction: 0.5 }, { effort: 3, fraction: 0.75 }, { effort: 5, fraction: 1 }] },
      { target: 0, reached: 3, points: [{ effort: 5, fraction: 0.25 }, { effort: 9, fraction: 0.75 }] },
    ]);
    // Targets: 0 and powers of two up to the worst start (8); budgets: powers of ten to the longest run (20).
    expect(targetsOf(runs)).toEqual([8, 4, 2, 1, 0]);
    expect(targetsOf([{ steps: 1, solved: true, trajectory: { steps: [0], quality: [300] } }])).toEqual([256, 32, 8, 1, 0]);
    expect(budgetsOf(runs)).toEqual([1, 10, 100]);
    expect(budgetsOf([{ steps: 3e7, solved: false }])).toEqual([1, 100, 10_000, 1_000_000, 100_000_000]);
  });

  it('is non-decreasing in x and in the target, and equals a direct count over the runs (property)', () => {
    fc.assert(
      fc.property(fc.array(runArbitrary, { minLength: 1, maxLength: 12 }), fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 4 }), (runs, rawTargets) => {
        const targets = [...new Set(rawTargets)].sort((a, b) => b - a);
        const ecdfs = fixedTargetEcdf(runs, targets);
        for (const [i, ecdf] of ecdfs.entries()) {
          for (let k = 1; k < ecdf.points.length; k++) {
            expect(ecdf.points[k]!.effort).toBeGreaterThan(ecdf.points[k - 1]!.effort);
            expect(ecdf.points[k]!.fraction).toBeGreaterThan(ecdf.points[k - 1]!.fraction);
          }
          expect(ecdf.reached / runs.length).toBe(ecdf.points.length === 0 ? 0 : ecdf.points[ecdf.points.length - 1]!.fraction);
          for (const x of [0, 1, 3, 10, 50, 200, 1000]) {
            expect(ecdfAt(ecdf, x)).toBeCloseTo(directCount(runs, ecdf.target, x), 12);
            // A looser target is reached at least as often.
            if (i > 0) expect(ecdfAt(ecdf, x)).toBeLessThanOrEqual(ecdfAt(ecdfs[i - 1]!, x));
            // Fixed budget agrees with fixed target: the best quality by x is at the target exactly when the target was reached.
            const reachedByQuality = runs.filter((r) => qualityAt(r, x) <= ecdf.target).length / runs.length;
            expect(reachedByQuality).toBeCloseTo(ecdfAt(ecdf, x), 12);
          }
        }
      }),
    );
  });
});
