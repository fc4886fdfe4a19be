import { describe, expect, it } from 'vitest';
import {
  addToSketch,
  mergeSketches,
  SKETCH_ACCURACY,
  sketchKey,
  sketchLiteral,
  sketchOfPairs,
  sketchPairs,
  sketchQuantile,
  sketchValue,
  type Sketch,
} from './sketch';

const within = (estimate: number, exact: number) =>
  exact === 0 ? estimate === 0 : Math.abs(estimate - exact) / Math.abs(exact) <= SKETCH_ACCURACY + 1e-12;

/** A generator of values spread over many magnitudes, both signs and zero (deterministic). */
function values(n: number): number[] {
  let x = 12345;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const m = 10 ** ((x % 1800) / 100 - 6); // 1e-6 … 1e12
    out.push(i % 97 === 0 ? 0 : i % 3 === 0 ? -m : m);
  }
  return out;
}

describe('the metric sketch (DDSketch, 1 % relative accuracy)', () => {
  it('a bucket stands for each of its values within 1 %, whatever the magnitude or sign', () => {
    for (const v of values(20_000)) expect(within(sketchValue(sketchKey(v)), v), String(v)).toBe(true);
    expect(sketchKey(1e-12)).toBe(0);
    expect(sketchValue(0)).toBe(0);
  });

  it('orders its keys as their values: negative below zero below positive', () => {
    const sorted = [...values(5000)].sort((a, b) => a - b);
    const keys = sorted.map(sketchKey);
    for (let i = 1; i < keys.length; i++) expect(keys[i]).toBeGreaterThanOrEqual(keys[i - 1]);
  });

  it.each([0.5, 0.75, 0.9, 0.95, 0.99])('answers the %s quantile within 1 % of the value of its rank', (q) => {
    const xs = values(10_000);
    const s: Sketch = new Map();
    for (const v of xs) addToSketch(s, v);
    const sorted = [...xs].sort((a, b) => a - b);
    expect(within(sketchQuantile(s, q)!, sorted[Math.floor(q * (sorted.length - 1))])).toBe(true);
  });

  it('merges as the union of what was added; negative counts take values back out; empty is null', () => {
    const a: Sketch = new Map();
    const b: Sketch = new Map();
    const both: Sketch = new Map();
    values(3000).forEach((v, i) => {
      addToSketch(i % 2 ? a : b, v);
      addToSketch(both, v);
    });
    expect(mergeSketches(new Map(a), b)).toEqual(both);
    expect(mergeSketches(mergeSketches(new Map(a), b), b, -1)).toEqual(a);
    expect(sketchQuantile(new Map(), 0.5)).toBeNull();
  });

  it('keeps an estimate inside the exact extremes, and round-trips its stored pairs', () => {
    const s: Sketch = new Map();
    for (const v of [100, 100, 100]) addToSketch(s, v);
    expect(sketchQuantile(s, 0.99, { min: 100, max: 100 })).toBe(100);
    expect(sketchOfPairs(sketchPairs(s))).toEqual(s);
    expect(sketchOfPairs(sketchPairs(s)!.map(String))).toEqual(s);
    expect(sketchLiteral(s)).toBe(`{${sketchKey(100)},3}`);
    expect(sketchPairs(new Map())).toBeNull();
  });
});
