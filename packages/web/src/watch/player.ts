import type { Replay } from '../run/replay.js';

/** Steps per second the speed slider offers, slow enough to follow by eye up to fast enough to skim a big run. */
export const SPEEDS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 20000, 100000] as const;

/** Most steps replayed in one frame, so a fast speed on a slow machine never blocks a frame for long. */
const MAX_STEPS_PER_FRAME = 50_000;

/**
 * Play, pause and step over a Replay, driven by requestAnimationFrame: each frame advances by speed × elapsed
 * time, then draws once. Events may still be arriving from the worker; playing waits at the end for more.
 */
export class Player {
  playing = false;
  speed: number = SPEEDS[5];
  #carry = 0;
  #last = 0;
  #frame = 0;

  constructor(
    public replay: Replay,
    private readonly draw: () => void,
    private readonly onPlayingChange: (playing: boolean) => void,
  ) {}

  play(): void {
    if (this.playing) return;
    if (this.replay.position >= this.replay.length && this.replay.length > 0) this.replay.seek(0);
    this.playing = true;
    this.#last = performance.now();
    this.#carry = 0;
    this.onPlayingChange(true);
    this.#frame = requestAnimationFrame(this.#tick);
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.#frame);
    this.onPlayingChange(false);
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  step(delta: number): void {
    this.pause();
    this.replay.seek(this.replay.position + delta);
    this.draw();
  }

  seek(position: number): void {
    this.pause();
    this.replay.seek(position);
    this.draw();
  }

  #tick = (now: number): void => {
    if (!this.playing) return;
    this.#carry += ((now - this.#last) / 1000) * this.speed;
    this.#last = now;
    const steps = Math.min(Math.floor(this.#carry), MAX_STEPS_PER_FRAME);
    this.#carry -= steps;
    if (this.#carry > MAX_STEPS_PER_FRAME) this.#carry = 0;
    const before = this.replay.position;
    this.replay.seek(before + steps);
    if (this.replay.position !== before) this.draw();
    this.#frame = requestAnimationFrame(this.#tick);
  };
}
