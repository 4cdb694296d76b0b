import type { Vector } from '@bezzel/core';

/**
 * Betza's direction modifiers, read as XBetza does. Forward is +dy (towards higher ranks: White's view), left is
 * -dx. For an oblique atom such as N, a single letter names the narrow pair (`f` = the two moves most forward),
 * `fs`/`bs`/`lv`/`rv` the wide pairs, `fh`/`bh`/`lh`/`rh` a half (four moves), and two letters such as `lf` or `fl`
 * one move. For orthogonal atoms two letters that cannot meet (`fl` on W) mean both directions, as XBetza says.
 */
type Test = (v: Vector) => boolean;

const fwd: Test = (v) => v.dy > 0;
const back: Test = (v) => v.dy < 0;
const left: Test = (v) => v.dx < 0;
const right: Test = (v) => v.dx > 0;
const vert: Test = (v) => Math.abs(v.dy) > Math.abs(v.dx);
const side: Test = (v) => Math.abs(v.dx) > Math.abs(v.dy);
const diag: Test = (v) => Math.abs(v.dx) === Math.abs(v.dy);
const both = (a: Test, b: Test): Test => (v) => a(v) && b(v);

/** Single-letter directions: on an oblique atom the narrow pair, elsewhere the whole side. */
const LETTERS: Record<string, Test> = {
  f: (v) => fwd(v) && (diag(v) || vert(v)),
  b: (v) => back(v) && (diag(v) || vert(v)),
  l: (v) => left(v) && (diag(v) || side(v)),
  r: (v) => right(v) && (diag(v) || side(v)),
  v: (v) => vert(v),
  s: (v) => side(v),
};

/** Two-letter directions. The first letter is the main direction, the second narrows it. */
const PAIRS: Record<string, Test> = {
  ff: LETTERS.f!,
  bb: LETTERS.b!,
  ll: LETTERS.l!,
  rr: LETTERS.r!,
  fs: both(fwd, side),
  bs: both(back, side),
  lv: both(left, vert),
  rv: both(right, vert),
  fh: fwd,
  bh: back,
  lh: left,
  rh: right,
  // One move each on oblique atoms: fl is the forward-left move closer to the rank, lf the one closer to the file.
  fl: (v) => fwd(v) && left(v) && !vert(v),
  fr: (v) => fwd(v) && right(v) && !vert(v),
  bl: (v) => back(v) && left(v) && !vert(v),
  br: (v) => back(v) && right(v) && !vert(v),
  lf: (v) => fwd(v) && left(v) && !side(v),
  rf: (v) => fwd(v) && right(v) && !side(v),
  lb: (v) => back(v) && left(v) && !side(v),
  rb: (v) => back(v) && right(v) && !side(v),
};

export const DIRECTION_LETTERS = new Set(Object.keys(LETTERS).concat('h'));

/**
 * Splits a run of direction letters into tokens, two letters where they form a pair. On an orthogonal atom a pair
 * of crossing letters (fl) selects nothing as a unit, so it is read as two single letters (f or l).
 */
export function selectVectors(modifiers: string, vectors: readonly Vector[]): Vector[] | { error: string } {
  if (modifiers === '') return [...vectors];
  const orthogonal = vectors.every((v) => v.dx === 0 || v.dy === 0);
  const tests: Test[] = [];
  for (let i = 0; i < modifiers.length; ) {
    const pair = modifiers.slice(i, i + 2);
    const pairTest = PAIRS[pair];
    if (pairTest && !(orthogonal && vectors.every((v) => !pairTest(v)) && pair[0] !== pair[1] && pair[1] !== 'h')) {
      tests.push(pairTest);
      i += 2;
      continue;
    }
    const letter = modifiers[i]!;
    const single = LETTERS[letter];
    if (!single) return { error: letter === 'h' ? `direction "h" must follow f, b, l or r (fh, bh, lh, rh)` : `"${letter}" is not a direction` };
    tests.push(single);
    i += 1;
  }
  const chosen = vectors.filter((v) => tests.some((t) => t(v)));
  if (chosen.length === 0) return { error: `directions "${modifiers}" select none of its moves` };
  return chosen;
}
