import { afterEach, describe, expect, it, vi } from 'vitest';
import { armStops, withDefaultStops } from './interrupt.js';

describe('withDefaultStops', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a Ctrl-C that came before in-thread work starts ends the command (exit 130) instead of being lost', async () => {
    armStops();
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code: number) => {
      throw new Error(`exit ${code}`);
    }) as never);
    // Before any stop, the work runs.
    expect(await withDefaultStops(async () => 'ran')).toBe('ran');
    expect(exit).not.toHaveBeenCalled();
    process.emit('SIGINT');
    let ran = false;
    await expect(
      withDefaultStops(async () => {
        ran = true;
      }),
    ).rejects.toThrow('exit 130');
    expect(ran).toBe(false);
    expect(exit).toHaveBeenCalledWith(130);
  });
});
