import { describe, expect, it } from 'vitest';
import { eventTitle } from './event-title';

describe('eventTitle', () => {
  it.each<[string, { message: string; details: unknown }, string]>([
    [
      'an exception',
      { message: 'x is undefined', details: { exception: { type: 'TypeError' } } },
      'TypeError: x is undefined',
    ],
    ['the first line only', { message: 'one\ntwo', details: { exception: { type: 'Error' } } }, 'Error: one'],
    ['an empty value', { message: '', details: { exception: { type: 'Error' } } }, 'Error'],
    ['a message without a stack', { message: 'Payment declined', details: {} }, 'Payment declined'],
    [
      'a message with a synthetic stack',
      {
        message: 'Payment %s declined',
        details: {
          exception: { type: 'Error', mechanism: { synthetic: true } },
          logentry: { formatted: 'Payment 42 declined' },
        },
      },
      'Payment 42 declined',
    ],
    ['an event stored before details were kept', { message: 'boom', details: null }, 'boom'],
  ])('%s', (_l, e, title) => expect(eventTitle(e)).toBe(title));
});
