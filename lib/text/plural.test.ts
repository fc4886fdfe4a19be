import { expect, it } from 'vitest';
import { plural } from './plural';

it.each([
  [0, 'issue', undefined, '0 issues'],
  [1, 'issue', undefined, '1 issue'],
  [3, 'issue', undefined, '3 issues'],
  [1204, 'event', undefined, '1,204 events'],
  [2, 'match', 'matches', '2 matches'],
])('plural(%i, %s)', (n, noun, nouns, expected) => {
  expect(plural(n, noun, nouns)).toBe(expected);
});
