import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './parse-replay';

describe('nestsDeeperThan', () => {
  it.each([
    ['at the limit', '[{"a":1},{"b":[2]}]', 3, false],
    ['one level past', '[{"a":[[1]]}]', 3, true],
    ['brackets inside strings do not count', '[{"t":"[[[[{{{{"}]', 2, false],
    ['an escaped quote does not end the string', '[{"t":"\\"[[[["}]', 2, false],
    ['an escaped backslash before the closing quote', '[{"t":"\\\\"},[[1]]]', 2, true],
  ])('%s', (_name, json, max, deeper) => {
    expect(nestsDeeperThan(Buffer.from(json), max)).toBe(deeper);
  });

  it('a recording nested 100,000 deep is refused without recursion', () => {
    expect(nestsDeeperThan(Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`), 400)).toBe(true);
  });
});
