import { fail, ok, type Parsed, type Piece } from '@bezzel/core';
import { fromBetza } from './betza.js';

/** A piece whose movement is read from its Betza string, so the string shown by `bezzel list` is the rule itself. */
function named(id: string, name: string, betza: string, unicode: string, ascii: string): Piece {
  const movement = fromBetza(betza);
  if (!movement.ok) throw new Error(`fairy piece ${id}: ${movement.error.message}`);
  return { id, name, betza, symbols: { unicode, ascii }, movement: movement.value };
}

export const amazon = named('amazon', 'amazon', 'QN', 'Ⓐ', 'A');
export const archbishop = named('archbishop', 'archbishop', 'BN', 'Ⓗ', 'H');
export const chancellor = named('chancellor', 'chancellor', 'RN', 'Ⓔ', 'E');
export const camel = named('camel', 'camel', 'C', 'Ⓛ', 'L');
export const zebra = named('zebra', 'zebra', 'Z', 'Ⓩ', 'Z');
export const giraffe = named('giraffe', 'giraffe', '(4,1)', 'Ⓖ', 'G');
export const nightrider = named('nightrider', 'nightrider', 'NN', 'Ⓝ', 'X');
export const ferz = named('ferz', 'ferz', 'F', 'Ⓕ', 'F');
export const wazir = named('wazir', 'wazir', 'W', 'Ⓦ', 'W');
export const alfil = named('alfil', 'alfil', 'A', 'Ⓘ', 'I');
export const dabbaba = named('dabbaba', 'dabbaba', 'D', 'Ⓓ', 'D');

export const fairyPieces: readonly Piece[] = [amazon, archbishop, chancellor, camel, zebra, giraffe, nightrider, ferz, wazir, alfil, dabbaba];

/** Short, stable digest of the exact text, so `fN` and `FN` get different ids. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * An ad-hoc piece for `place "betza:NC"`. Piece ids are lower-case, and Betza is case-sensitive (`fN` ≠ `FN`), so
 * the id is `betza-` plus the letters, with a digest of the exact text when lower-casing alone would lose something.
 */
export function betzaPiece(text: string): Parsed<Piece> {
  const betza = String(text).trim();
  const movement = fromBetza(betza);
  if (!movement.ok) return movement;
  const plain = /^[A-Z0-9]+$/.test(betza);
  const letters = betza.toLowerCase().replace(/[^a-z0-9]/g, '');
  const id = `betza-${letters || 'leap'}${plain ? '' : `-${digest(betza)}`}`;
  if (id.length > 60) return fail('ERR_PIECE', `Betza description "${betza}" is too long`);
  const ascii = /[A-Z]/.exec(betza)?.[0] ?? '*';
  return ok({ id, name: `betza:${betza} piece`, betza, symbols: { unicode: ascii, ascii }, movement: movement.value });
}
