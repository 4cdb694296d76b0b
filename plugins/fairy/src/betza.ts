import { combine, fail, ok, symmetricVectors, type Movement, type Parsed, type Ride, type Vector } from '@bezzel/core';
import { DIRECTION_LETTERS, selectVectors } from './directions.js';

/** The leaper atoms and the step each stands for (x ≤ y). */
const ATOMS: Record<string, readonly [number, number]> = {
  W: [0, 1],
  F: [1, 1],
  D: [0, 2],
  N: [1, 2],
  A: [2, 2],
  H: [0, 3],
  C: [1, 3],
  L: [1, 3],
  Z: [2, 3],
  J: [2, 3],
  G: [3, 3],
};

/** Shorthands: K = WF, R = W0, B = F0, Q = W0F0; a range written after them applies to every part. */
const SHORTHANDS: Record<string, { atoms: string; rider: boolean }> = {
  K: { atoms: 'WF', rider: false },
  R: { atoms: 'W', rider: true },
  B: { atoms: 'F', rider: true },
  Q: { atoms: 'WF', rider: true },
};

/** Modifiers we recognise but cannot express as attacks on an empty board, each with what it means. */
const UNSUPPORTED: Record<string, string> = {
  p: 'a hopper (p) attacks only by jumping over another piece',
  g: 'a grasshopper-style hopper (g) attacks only by jumping over another piece',
  n: 'a lame leaper (n) can be blocked on its way',
  j: 'a jumping (j) move depends on other pieces',
  a: 'a multi-leg (a) move is not a single leap or ride',
  i: 'an initial-move-only (i) move is not part of a placement',
  e: 'an en-passant (e) capture is not an attack on a square',
  o: 'a cylinder (o) move is not supported',
  t: 'a bent (t) move is not supported',
  z: 'a crooked (z) ride is not supported',
  q: 'a circular (q) ride is not supported',
  u: 'an unload (u) move is not supported',
  x: 'an exchange (x) move is not supported',
  y: 'a y-bent move is not supported',
  k: 'a checking (k) move is not supported',
  d: 'a capture-own (d) move is not supported',
};

/** One term of the notation: its modifiers, the steps of its atom, and how far it rides (1 = a leap, 0 = no limit). */
interface Term {
  readonly modifiers: string;
  readonly steps: readonly (readonly [number, number])[];
  readonly range: number;
}

const bad = (message: string) => fail<Movement>('ERR_PIECE', message);

/**
 * Reads a Betza description into the attacks it makes. Terms are unions (`QN` = amazon); a doubled leaper or a
 * range after an atom makes a rider (`NN`, `W0` unlimited, `R4` at most four squares); direction modifiers make
 * one-way attacks; move-only (`m`) terms attack nothing and are dropped; capture-only (`c`) terms are kept.
 */
export function fromBetza(text: string): Parsed<Movement> {
  const source = String(text).trim();
  if (source === '') return bad('a Betza description is empty: write atoms such as N, QN or fW');
  // Messages quote the text, and a message is one line.
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(source)) return bad('a Betza description cannot contain line breaks or other control characters');
  if (source.length > 200) return bad(`a Betza description of ${source.length} characters is too long (at most 200)`);
  const terms: Term[] = [];
  let i = 0;
  let capturing = 0;
  while (i < source.length) {
    const start = i;
    while (i < source.length && /[a-z]/.test(source[i]!)) i++;
    const prefix = source.slice(start, i);
    const exotic = [...prefix].find((c) => !DIRECTION_LETTERS.has(c) && c !== 'm' && c !== 'c');
    if (exotic !== undefined) {
      const why = UNSUPPORTED[exotic];
      return bad(why ? `Betza modifier "${exotic}" is not supported: ${why}` : `unknown Betza modifier "${exotic}" in "${source}"`);
    }
    if (i >= source.length) return bad(`Betza modifiers "${prefix}" at the end of "${source}" have no atom`);
    const atom = readAtom(source, i);
    if ('error' in atom) return bad(atom.error);
    i = atom.next;
    const range = readRange(source, i, atom.text);
    if ('error' in range) return bad(range.error);
    i = range.next;
    const moveOnly = prefix.includes('m') && !prefix.includes('c');
    if (!moveOnly) capturing++;
    const modifiers = prefix.replace(/[mc]/g, '');
    if (!moveOnly) terms.push({ modifiers, steps: atom.steps, range: atom.rider && range.range === 1 && !range.written ? 0 : range.range });
  }
  if (capturing === 0) return bad(`"${source}" only moves (m) and never attacks, so no placement can involve it`);
  const parts: Movement[] = [];
  for (const term of terms) {
    const vectors = term.steps.flatMap(([x, y]) => symmetricVectors(x, y));
    const chosen = selectVectors(term.modifiers, vectors);
    if ('error' in chosen) return bad(`in "${source}": ${chosen.error}`);
    parts.push(term.range === 1 ? { leaps: chosen, rides: [] } : { leaps: [], rides: chosen.map((v) => ride(v, term.range)) });
  }
  return ok(combine(...parts));
}

function ride(v: Vector, range: number): Ride {
  return range === 0 ? { dx: v.dx, dy: v.dy } : { dx: v.dx, dy: v.dy, range };
}

type Atom = { text: string; steps: (readonly [number, number])[]; rider: boolean; next: number } | { error: string };

function readAtom(source: string, i: number): Atom {
  const c = source[i]!;
  if (c === '(') {
    const close = source.indexOf(')', i);
    if (close < 0) return { error: `unbalanced parenthesis in "${source}": "(" at position ${i + 1} is never closed` };
    const body = source.slice(i + 1, close);
    const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(body);
    if (!match) return { error: `"(${body})" is not a leap: write two whole numbers, such as (4,1)` };
    const x = Number(match[1]);
    const y = Number(match[2]);
    if (x === 0 && y === 0) return { error: 'the leap (0,0) goes nowhere' };
    return { text: source.slice(i, close + 1), steps: [[Math.min(x, y), Math.max(x, y)]], rider: false, next: close + 1 };
  }
  if (c === ')') return { error: `unbalanced parenthesis in "${source}": ")" at position ${i + 1} has no "("` };
  const leap = ATOMS[c];
  if (leap) return { text: c, steps: [leap], rider: false, next: i + 1 };
  const short = SHORTHANDS[c];
  if (short) return { text: c, steps: [...short.atoms].map((a) => ATOMS[a]!), rider: short.rider, next: i + 1 };
  if (c === 'O') return { error: 'Betza atom "O" (castling) is a move, not an attack' };
  if (c === '[' || c === ']' || c === '-') return { error: `"${c}" (multi-leg XBetza moves) is not supported` };
  return { error: `unknown Betza atom "${c}" in "${source}" (atoms: W F D N A H C L Z J G K R B Q and (x,y))` };
}

/** A range after an atom: digits (0 = unlimited), or the atom doubled (NN = nightrider). */
function readRange(source: string, i: number, atom: string): { range: number; written: boolean; next: number } | { error: string } {
  const digits = /^\d+/.exec(source.slice(i))?.[0];
  if (digits !== undefined) {
    if (digits.length > 1 && digits.startsWith('0')) return { error: `"${atom}${digits}": exact-distance rides (${digits}) are not supported` };
    if (digits.length > 4) return { error: `range ${digits} after ${atom} is too long` };
    return { range: Number(digits), written: true, next: i + digits.length };
  }
  if (atom.length === 1 && ATOMS[atom] && source[i] === atom) return { range: 0, written: true, next: i + 1 };
  if (atom.startsWith('(') && source.startsWith(atom, i)) return { range: 0, written: true, next: i + atom.length };
  return { range: 1, written: false, next: i };
}
