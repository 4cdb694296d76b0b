import { memorySize } from '../packages/cli/src/options/common-options.js';
import { totalmem } from 'node:os';
import { describe, expect, it } from 'vitest';
import { bezzel } from './support/cli.js';

describe('--memory: the memory a run may use', () => {
  it('reads a size by one rule: a number and K, M, G or T, powers of 1024, any case, B or iB allowed', () => {
    const machine = 64 * 2 ** 30;
    expect(memorySize('512M', machine)).toBe(512 * 2 ** 20);
    expect(memorySize('12G', machine)).toBe(12 * 2 ** 30);
    expect(memorySize('12gb', machine)).toBe(12 * 2 ** 30);
    expect(memorySize(' 12 GiB ', machine)).toBe(12 * 2 ** 30);
    expect(memorySize('1.5G', machine)).toBe(1.5 * 2 ** 30);
    expect(memorySize('64K', machine)).toBe(65_536);
    expect(() => memorySize('12', machine)).toThrow('a memory size needs a unit, like 512M, 12G or 1.5T (powers of 1024), not "12"; say 12G or 12M');
    expect(() => memorySize('lots', machine)).toThrow(/needs a unit/);
    expect(() => memorySize('0G', machine)).toThrow(/more than 0/);
    expect(() => memorySize('0', machine)).toThrow('a memory size must be more than 0, not "0"');
    expect(() => memorySize('65G', machine)).toThrow("65G is more than this machine's 64.0 GiB of memory");
  });

  it('refuses more than the machine has in one line, before any run', async () => {
    const tooMuch = `${Math.ceil(totalmem() / 2 ** 30) + 1}G`;
    const run = await bezzel('place', 'knight', '-n', '15', '--k', 'all', '--goal', 'count', '--memory', tooMuch);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/is more than this machine's [\d.]+ GiB of memory/);
  });

  it('is the limit every strategy checks its estimate against: knights 15×15 every k is refused at 1 GiB and at 2G, saying so', async () => {
    const plain = await bezzel('place', 'knight', '-n', '15', '--k', 'all', '--goal', 'count');
    expect(plain.code).not.toBe(0);
    expect(plain.stderr).toMatch(/the 3,496,900 row states with a polynomial each would need about 3\.05 GiB, more than the 1 GiB a run may use/);
    const two = await bezzel('place', 'knight', '-n', '15', '--k', 'all', '--goal', 'count', '--memory', '2G');
    expect(two.stderr).toMatch(/would need about 3\.05 GiB, more than the 2\.00 GiB this run may use/);
    // Tours and domination read it too: a zebra's Warnsdorff walk on 20000×20000 needs about 2 GiB.
    const tour = await bezzel('tour', 'zebra', '-n', '20000', '--strategy', 'warnsdorff', '--memory', '512M');
    expect(tour.stderr).toMatch(/more than the 512 MiB this run may use/);
  });

  it('goes into an experiment spec as budget.maxMemoryBytes', async () => {
    const run = await bezzel('experiment', 'queen', '-n', '8', '--strategies', 'backtracking', '--runs', '1', '--memory', '512M', '--print-spec');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).budget).toEqual({ maxMemoryBytes: 512 * 2 ** 20 });
  });
});
