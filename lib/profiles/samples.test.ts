import { describe, expect, it } from 'vitest';
import { functionStats, sampleWeights, type StoredProfile } from './samples';

// main → f (line 1) → f (line 2): one function recursing through two of its lines, stored as two frame ids.
const profile: StoredProfile = {
  threads: [{ id: '0', name: 'main' }],
  frames: [100, 200, 201],
  stacks: [[2, 1, 0]],
  t: [0, 10, 20, 30],
  stack: [0, 0, 0, 0],
  thread: [0, 0, 0, 0],
  window: null,
  truncatedStacks: 0,
};
const total = sampleWeights(profile.t, profile.thread).reduce((a, b) => a + b, 0);

describe('functionStats', () => {
  it('counts each frame id once per sample without function names', () => {
    const stats = functionStats(profile);
    expect(stats.get(200)!.totalMs).toBe(total);
    expect(stats.get(201)!.totalMs).toBe(total);
    expect(stats.get(201)!.selfMs).toBe(total);
  });

  it('counts a function stored as several frames once per sample, on its outermost frame', () => {
    const functionOf = new Map([
      [100, 'main'],
      [200, 'f'],
      [201, 'f'],
    ]);
    const stats = functionStats(profile, undefined, functionOf);
    expect(stats.get(100)!.totalMs).toBe(total);
    expect(stats.get(200)!.totalMs).toBe(total);
    expect(stats.get(201)?.totalMs ?? 0).toBe(0);
    // Its time at the top of the stack stays on the line that was running.
    expect(stats.get(201)!.selfMs).toBe(total);
    // One call of f (the outermost frame's run), none counted for the inner line.
    expect(stats.get(200)!.calls).toBe(1);
    expect(stats.get(201)?.calls ?? 0).toBe(0);
  });
});
