/**
 * The pieces of the WebAssembly binary format both kernels are written with (kernel.ts for the constellations'
 * inner search, join-kernel.ts for the half-board join): LEB128 integers, sections, vectors and names.
 */

/** Unsigned LEB128, as WebAssembly writes lengths, indices and offsets. */
export const uleb = (value: number): number[] => {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
};

/** Signed LEB128 of an `i32.const` (a number, taken as 32 bits: 0xffffffff is -1) or an `i64.const` (a bigint). */
export const sleb = (value: number | bigint): number[] => {
  const out: number[] = [];
  let v = typeof value === 'number' ? BigInt(value | 0) : value;
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (byte & 0x40) === 0) || (v === -1n && (byte & 0x40) !== 0)) return [...out, byte];
    out.push(byte | 0x80);
  }
};

// Joined with concat, not spread: a module's code is thousands of numbers, and a command builds it cold, once (a
// spread of them cost the 16-queens count several milliseconds).
/** A section: its id, then its contents' length. */
export const section = (id: number, bytes: number[]): number[] => [id].concat(uleb(bytes.length), bytes);
/** A vector: its length, then its items. */
export const vector = (items: number[][]): number[] => uleb(items.length).concat(...items);
/** A name (ASCII): its length, then its bytes. */
export const name = (s: string) => [...uleb(s.length), ...Array.from(s, (ch) => ch.charCodeAt(0))];
