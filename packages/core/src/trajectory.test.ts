import { describe, expect, it } from 'vitest';
import { TrajectoryRecorder } from './trajectory.js';

describe('TrajectoryRecorder', () => {
  it('keeps only improvements, the later one where two fall on one step', () => {
    const recorder = new TrajectoryRecorder();
    for (const [step, quality] of [[0, 9], [1, 9], [2, 7], [3, 8], [3, 6], [3, 5], [7, 5], [9, 0], [10, 0]] as const) recorder.improve(step, quality);
    expect(recorder.trajectory()).toEqual({ steps: [0, 2, 3, 9], quality: [9, 7, 5, 0] });
    expect(recorder.best).toBe(0);
    expect(recorder.length).toBe(4);
  });

  it('grows past its first arrays', () => {
    const recorder = new TrajectoryRecorder();
    for (let i = 0; i < 1000; i++) recorder.improve(i, 1000 - i);
    const { steps, quality } = recorder.trajectory();
    expect(steps.length).toBe(1000);
    expect(steps[999]).toBe(999);
    expect(quality[999]).toBe(1);
    expect(new TrajectoryRecorder().trajectory()).toEqual({ steps: [], quality: [] });
  });
});
