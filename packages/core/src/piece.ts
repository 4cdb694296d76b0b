import type { Board } from './board.js';
import type { Movement } from './movement.js';

/** What a piece plugin supplies: who it is and how it attacks. Nothing else. */
export interface Piece {
  /** Lower-case id used on the command line: `queen`, `knight`. */
  readonly id: string;
  /** The name in sentences: "8 queens on 8×8" (bezzel adds the plural s). */
  readonly name: string;
  /** How boards draw it. */
  readonly symbols: {
    /** With `♛`-style symbols (the default). */
    readonly unicode: string;
    /** With `--ascii`: one letter. */
    readonly ascii: string;
  };
  /** How it attacks: leaps and rides, as vectors (`leaper`, `rider`, `combine`, `fromBetza` make them). */
  readonly movement: Movement;
  /** Betza notation, where the piece has one (shown by `bezzel list`). */
  readonly betza?: string;
  /**
   * Optional rule the vectors cannot say. Receives the board, the square and an occupancy test, and lists the
   * squares attacked. Strategies that need vectors decline such a piece in `supports`.
   */
  readonly attacks?: (board: Board, from: number, occupied: (sq: number) => boolean) => Iterable<number>;
}

/** Checks a piece's shape at bind time, so a malformed plugin fails at start-up with its name. */
export function assertPiece(value: unknown): asserts value is Piece {
  const p = value as Partial<Piece> | null;
  const what = `piece ${JSON.stringify((p as { id?: unknown } | null)?.id ?? '?')}`;
  if (!p || typeof p !== 'object') throw new Error('a piece plugin bound something that is not an object');
  if (typeof p.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(p.id)) {
    throw new Error(`${what}: id must be lower-case letters, digits and dashes`);
  }
  if (typeof p.name !== 'string') throw new Error(`${what}: name is missing`);
  if (!p.symbols || typeof p.symbols.ascii !== 'string' || typeof p.symbols.unicode !== 'string') {
    throw new Error(`${what}: symbols.unicode and symbols.ascii are required`);
  }
  for (const [field, text] of [['name', p.name], ['symbols.unicode', p.symbols.unicode], ['symbols.ascii', p.symbols.ascii]] as const) {
    if (hasControl(text)) throw new Error(`${what}: ${field} holds control characters, which would act on a terminal that prints it`);
  }
  if (!p.movement || !Array.isArray(p.movement.leaps) || !Array.isArray(p.movement.rides)) {
    throw new Error(`${what}: movement needs leaps and rides arrays`);
  }
  if (p.movement.leaps.length + p.movement.rides.length === 0 && !p.attacks) {
    throw new Error(`${what}: a piece must attack something`);
  }
  for (const [kind, vectors] of [['leap', p.movement.leaps], ['ride', p.movement.rides]] as const) {
    for (const v of vectors as readonly { dx?: unknown; dy?: unknown; range?: unknown }[]) {
      const whole = (x: unknown) => Number.isSafeInteger(x);
      if (!v || !whole(v.dx) || !whole(v.dy) || (v.dx === 0 && v.dy === 0)) {
        throw new Error(`${what}: a ${kind} must be a step of whole numbers, not both 0 (got ${JSON.stringify(v)})`);
      }
      if (v.range !== undefined && (!whole(v.range) || (v.range as number) < 1)) {
        throw new Error(`${what}: a ride's range must be a whole number of at least 1 (got ${JSON.stringify(v.range)})`);
      }
    }
  }
}

/**
 * Whether text holds control characters (escapes, bells, carriage returns…; a line end is allowed only where the
 * caller allows it): what a plugin's names and descriptions may not hold, since every command prints them.
 */
export function hasControl(text: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f]/.test(text);
}
