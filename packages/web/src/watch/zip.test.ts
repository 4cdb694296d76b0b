import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from './zip.js';

describe('zipStore', () => {
  it('CRC-32 of the check string is the standard one', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('stores each file whole, named, with its CRC, and a central directory that finds them', () => {
    const files = [
      { name: 'a-01.png', bytes: new Uint8Array([1, 2, 3]) },
      { name: 'a-02.png', bytes: new TextEncoder().encode('hello') },
    ];
    const zip = zipStore(files);
    const view = new DataView(zip.buffer);
    // The end record points at the central directory, which points at each local header.
    const end = zip.length - 22;
    expect(view.getUint32(end, true)).toBe(0x06054b50);
    expect(view.getUint16(end + 10, true)).toBe(2);
    let at = view.getUint32(end + 16, true);
    for (const file of files) {
      expect(view.getUint32(at, true)).toBe(0x02014b50);
      const nameLength = view.getUint16(at + 28, true);
      expect(new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength))).toBe(file.name);
      expect(view.getUint32(at + 16, true)).toBe(crc32(file.bytes));
      const local = view.getUint32(at + 42, true);
      expect(view.getUint32(local, true)).toBe(0x04034b50);
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      expect([...zip.subarray(start, start + file.bytes.length)]).toEqual([...file.bytes]);
      at += 46 + nameLength;
    }
  });
});
