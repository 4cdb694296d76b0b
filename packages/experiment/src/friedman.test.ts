import { describe, expect, it } from 'vitest';
import { chiSquareSurvival, friedman, fRaceTest, logGamma, midranks, regularizedBeta, regularizedGamma, studentTCdf, studentTQuantile } from './friedman.js';

/** Relative closeness: |a − b| ≤ tol·|b|. */
const near = (actual: number, expected: number, tolerance = 1e-10) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));

describe('logGamma', () => {
  it('is ln (n − 1)! at whole numbers and ln √π at ½', () => {
    expect(Math.abs(logGamma(1))).toBeLessThan(1e-14);
    near(logGamma(5), Math.log(24), 1e-14);
    near(logGamma(21), Math.log(2432902008176640000), 1e-14);
    near(logGamma(0.5), Math.log(Math.sqrt(Math.PI)), 1e-14);
    near(logGamma(1e-3), Math.log(999.4237724845955), 1e-12);
  });
});

describe('regularizedGamma', () => {
  // SciPy 1.17 special.gammainc and gammaincc, both tails as printed (17 digits).
  it.each([
    [0.5, 0.1, 0.34527915398142317, 0.6547208460185768],
    [1, 1, 0.6321205588285577, 0.36787944117144245],
    [3, 2.5, 0.45618688411667035, 0.5438131158833297],
    [10, 5, 0.03182805730620481, 0.9681719426937951],
    [10, 15, 0.9301463393005901, 0.06985366069940986],
    [100, 90, 0.15822098918643007, 0.84177901081357],
    [0.01, 0.001, 0.9385706525261288, 0.06142934747387101],
    [50.5, 60, 0.9044593699297465, 0.09554063007025347],
    [1000, 1050, 0.9413288886226819, 0.05867111137731806],
    [0.001, 1e-5, 0.9891230446957835, 0.010876955304217334],
  ])('P(%d, %d) and Q as SciPy gives them', (a, x, lower, upper) => {
    const g = regularizedGamma(a, x);
    near(g.lower, lower, 1e-11);
    near(g.upper, upper, 1e-11);
  });

  it('is 1 − e^(−x) for a = 1 and erf(√x) for a = ½, on both sides of a + 1', () => {
    for (const x of [0.01, 0.5, 1.9, 2.1, 7, 30]) near(regularizedGamma(1, x).upper, Math.exp(-x), 1e-12);
    // Q(n, x) = e^(−x) Σ_{i<n} x^i/i! for whole n.
    for (const x of [0.3, 4, 12, 40]) {
      let term = 1;
      let sum = 0;
      for (let i = 0; i < 6; i++) (sum += term), (term *= x / (i + 1));
      near(regularizedGamma(6, x).upper, Math.exp(-x) * sum, 1e-12);
    }
  });

  it('keeps a tiny upper tail, and has the edges right', () => {
    // Q(5, 100) = e^(−100)(1 + 100 + 100²/2 + 100³/6 + 100⁴/24) ≈ 1.6139e−37: not 1 − (1 − ε).
    near(regularizedGamma(5, 100).upper, Math.exp(-100) * (1 + 100 + 5000 + 1e6 / 6 + 1e8 / 24), 1e-11);
    expect(regularizedGamma(2, 0)).toEqual({ lower: 0, upper: 1 });
    expect(regularizedGamma(2, Infinity)).toEqual({ lower: 1, upper: 0 });
    expect(regularizedGamma(0, 1).lower).toBeNaN();
    expect(regularizedGamma(1, -1).upper).toBeNaN();
  });
});

describe('chiSquareSurvival', () => {
  it.each([
    [3.841458820694124, 1, 0.05],
    [5.991464547107979, 2, 0.05],
    [1, 1, 0.31731050786291115],
    [100, 100, 0.48119168452795674],
    [11.143, 2, 0.0038047689965910437],
    [0.5, 3, 0.9188914116546758],
    [200, 10, 1.6139305336977317e-37],
    [40, 4, 4.328422607120966e-8],
  ])('P(χ² ≥ %d; %d df) as SciPy gives it', (x, df, p) => near(chiSquareSurvival(x, df), p, 1e-9));
  it('is 1 at 0', () => expect(chiSquareSurvival(0, 3)).toBe(1));
});

describe("Student's t", () => {
  it.each([
    [2, 5, 0.9490302605850708],
    [-1.5, 3, 0.11529193262241147],
    [0.3, 1, 0.5927735790777423],
    [10, 2, 0.9950737714883372],
  ])('P(T ≤ %d; %d df) as SciPy gives it', (t, df, p) => near(studentTCdf(t, df), p, 1e-11));
  it.each([
    [0.975, 10, 2.228138851986274],
    [0.975, 1, 12.706204736174694],
    [0.975, 2, 4.302652729749462],
    [0.975, 60, 2.0002978220142604],
    [0.995, 3, 5.840909309733355],
    [0.95, 1000, 1.6463788172854643],
  ])('its %d quantile with %d df as SciPy gives it', (p, df, t) => {
    near(studentTQuantile(p, df), t, 1e-10);
    near(studentTQuantile(1 - p, df), -t, 1e-10);
  });
  it('I_x(a, b) at known points', () => {
    near(regularizedBeta(0.5, 2, 2), 0.5, 1e-14);
    // I_x(1, b) = 1 − (1 − x)^b.
    near(regularizedBeta(0.3, 1, 4), 1 - 0.7 ** 4, 1e-14);
    near(regularizedBeta(0.9, 3, 1), 0.9 ** 3, 1e-14);
  });
});

describe('friedman', () => {
  // R's documentation of friedman.test: Hollander & Wolfe's rounding first base, 22 players × 3 methods.
  const roundingTimes = [
    [5.4, 5.5, 5.55], [5.85, 5.7, 5.75], [5.2, 5.6, 5.5], [5.55, 5.5, 5.4], [5.9, 5.85, 5.7], [5.45, 5.55, 5.6],
    [5.4, 5.4, 5.35], [5.45, 5.5, 5.35], [5.25, 5.15, 5.0], [5.85, 5.8, 5.7], [5.25, 5.2, 5.1], [5.65, 5.55, 5.45],
    [5.6, 5.35, 5.45], [5.05, 5.0, 4.95], [5.5, 5.5, 5.4], [5.45, 5.55, 5.5], [5.55, 5.55, 5.35], [5.45, 5.5, 5.55],
    [5.5, 5.45, 5.25], [5.65, 5.6, 5.4], [5.7, 5.65, 5.55], [6.3, 6.3, 6.25],
  ];

  it("gives R's and SciPy's chi-squared = 11.143, df = 2, p = 0.003805 on RoundingTimes (ties corrected)", () => {
    const test = friedman(roundingTimes);
    near(test.statistic, 11.142857142857132, 1e-12);
    expect(test.df).toBe(2);
    near(test.p, 0.003805040775511383, 1e-9);
    expect(test.rankSums).toEqual([53, 47, 32]);
  });

  it('ranks ties by midranks, and Infinity (a run that never solved) above every finite cost', () => {
    expect(midranks([3, 1, 3, Infinity, Infinity])).toEqual([2.5, 1, 2.5, 4.5, 4.5]);
    // No evidence at all: every block one tie.
    const flat = friedman([[Infinity, Infinity], [2, 2]]);
    expect(flat.statistic).toBeNaN();
    expect(flat.p).toBeNaN();
  });

  it('F-race eliminates by Conover against the best: on RoundingTimes only method 3 survives', () => {
    const test = fRaceTest(roundingTimes, 0.95);
    expect(test.best).toBe(2);
    // t(0.975, 42) · √(2(22·306 − (53² + 47² + 32²)) / 42), worked with SciPy: 11.5679.
    near(test.criticalDifference, 11.567876485136612, 1e-9);
    expect(test.survivors).toEqual([2]);
  });

  it('F-race eliminates nothing when the Friedman test does not reject', () => {
    const test = fRaceTest([[1, 2, 3], [3, 1, 2], [2, 3, 1], [1, 3, 2]], 0.95);
    expect(test.p).toBeGreaterThan(0.05);
    expect(test.criticalDifference).toBe(Infinity);
    expect(test.survivors).toEqual([0, 1, 2]);
  });
});
