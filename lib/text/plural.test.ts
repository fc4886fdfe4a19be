import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it.each<[number, string, string | undefined, string]>([
    [0, 'event', undefined, '0 events'],
    [1, 'event', undefined, '1 event'],
    [2, 'event', undefined, '2 events'],
    [1204, 'event', undefined, '1,204 events'],
    [1, 'reply', 'replies', '1 reply'],
    [3, 'reply', 'replies', '3 replies'],
    [-1, 'event', undefined, '-1 events'],
  ])('%i %s', (count, singular, pluralForm, expected) => {
    expect(plural(count, singular, pluralForm)).toBe(expected);
  });
});
