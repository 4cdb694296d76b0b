import { isWriteFailure, WriteFailure } from '@bezzel/core';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendWhole, makeFolders, removeMade, writeWhole } from './index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bezzel-files-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What the system throws when the disk fills part way through a write. */
const full = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write', errno: -28 });

/** Pieces that fail after the first: a write that fills the disk part way. */
function* fillsUp(): Generator<string> {
  yield 'x'.repeat(100_000);
  throw full();
}

describe('writeWhole', () => {
  it('writes text, bytes and pieces, and replaces a file whole', () => {
    const file = join(dir, 'a.txt');
    writeWhole(file, 'one');
    expect(readFileSync(file, 'utf8')).toBe('one');
    writeWhole(file, ['t', new Uint8Array([119, 111]), 'x'.repeat(70_000)]);
    expect(readFileSync(file, 'utf8')).toBe(`two${'x'.repeat(70_000)}`);
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('a write that fails part way leaves the old file as it was, and no temporary file', () => {
    const file = join(dir, 'c.png');
    writeFileSync(file, 'old');
    let thrown: unknown;
    try {
      writeWhole(file, fillsUp(), 'c.png');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WriteFailure);
    expect((thrown as Error).message).toBe('cannot write c.png: no space left on the device (ENOSPC)');
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['c.png']);
  });

  it('a new file that cannot be written leaves nothing, not a 0-byte file', () => {
    expect(() => writeWhole(join(dir, 'runs.csv'), fillsUp(), 'runs.csv')).toThrow(/^cannot write runs\.csv: no space left on the device \(ENOSPC\)$/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("an error that is not the system's (a bug in what makes the content) goes on as it is, and still leaves nothing", () => {
    function* broken(): Generator<string> {
      yield 'half';
      throw new TypeError('a bug');
    }
    expect(() => writeWhole(join(dir, 'x.svg'), broken())).toThrow(TypeError);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps the permissions of the file it replaces, and writes through a symbolic link', () => {
    const file = join(dir, 'private.json');
    writeFileSync(file, '{}');
    chmodSync(file, 0o600);
    const link = join(dir, 'link.json');
    symlinkSync(file, link);
    writeWhole(link, '{"a":1}');
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['link.json', 'private.json']);
  });

  it('writes a device directly (it cannot be renamed over): /dev/null takes it, /dev/full is a full disk', () => {
    writeWhole('/dev/null', 'gone');
    expect(() => writeWhole('/dev/full', 'x', 'out.svg')).toThrow(/^cannot write out\.svg: no space left on the device \(ENOSPC\)$/);
  });

  it('a folder where the file should be is said so', () => {
    mkdirSync(join(dir, 'd'));
    expect(() => writeWhole(join(dir, 'd'), 'x', 'd')).toThrow(/^cannot write d: it is a folder \(EISDIR\)$/);
  });

  it('a folder that does not exist is a failed write naming the file, not a raw system message', () => {
    let thrown: unknown;
    try {
      writeWhole(join(dir, 'no', 'such.txt'), 'x', 'no/such.txt');
    } catch (error) {
      thrown = error;
    }
    expect(isWriteFailure(thrown)).toBe(true);
    expect((thrown as Error).message).toBe('cannot write no/such.txt: no such file or folder, or it cannot be made there (ENOENT)');
  });
});

describe('appendWhole', () => {
  it('adds lines, and a write that fails part way cuts the file back to its last whole line', () => {
    const file = join(dir, 'ck.jsonl');
    appendWhole(file, '{"a":1}\n');
    appendWhole(file, '{"b":2}\n');
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
    expect(() => appendWhole('/dev/full', 'x\n', 'full.jsonl')).toThrow(/^cannot write full\.jsonl: no space left on the device \(ENOSPC\)$/);
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n{"b":2}\n');
  });
});

describe('makeFolders', () => {
  it('makes the missing folders, says which, and removeMade takes them away with what is in them', () => {
    const deep = join(dir, 'a', 'b', 'c');
    const made = makeFolders(deep);
    expect(made).toEqual([join(dir, 'a'), join(dir, 'a', 'b'), deep]);
    writeFileSync(join(deep, 'f'), 'x');
    expect(makeFolders(deep)).toEqual([]);
    removeMade(made);
    expect(existsSync(join(dir, 'a'))).toBe(false);
  });

  it('a folder that cannot be made is a failed write, and what it made on the way is gone', () => {
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => makeFolders(join(dir, 'file', 'sub'), 'file/sub')).toThrow(/^cannot write file\/sub: a part of the path is not a folder \(ENOTDIR\)$/);
    // 'new' is made, then the name below it is too long: 'new' goes again.
    expect(() => makeFolders(join(dir, 'new', 'x'.repeat(300)), 'new/…')).toThrow(/^cannot write new\/…: the name is too long \(ENAMETOOLONG\)$/);
    expect(readdirSync(dir)).toEqual(['file']);
    expect(() => makeFolders('/proc/bezzel-no/such', 'x')).toThrow(/^cannot write x: no such file or folder, or it cannot be made there \(ENOENT\)$/);
  });

});
