import { describe, expect, it } from 'vitest';
import { buildProgram, commandsByName } from './program.js';

describe('the program', () => {
  it('files each command under the name it answers to (a run builds the one it names)', () => {
    for (const [name, make] of Object.entries(commandsByName)) expect(make(() => {}).name()).toBe(name);
  });

  it('builds only the command a run names, and all of them for anything else', () => {
    const names = (only?: string) => buildProgram(() => {}, undefined, only).commands.map((c) => c.name());
    expect(names('place')).toEqual(['place']);
    expect(names('tour')).toEqual(['tour']);
    for (const other of [undefined, '--help', 'help', 'plase', '--version', 'constructor', '__proto__']) expect(names(other)).toEqual(Object.keys(commandsByName));
  });
});
