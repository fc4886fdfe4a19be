import { describe, expect, it } from 'vitest';
import { formatMessage, normaliseMessage } from './message';

describe('formatMessage', () => {
  it.each([
    ['printf %s and %d', 'Payment %s failed for user %d', ['p_1', 7], 'Payment p_1 failed for user 7'],
    ['%i truncates a float', 'took %i ms', [12.7], 'took 12 ms'],
    ['%f', 'ratio %f', [0.5], 'ratio 0.5'],
    ['%r quotes a string (Python repr)', 'key %r missing', ['id'], "key 'id' missing"],
    ['%% is a literal percent', '100%% done by %s', ['ada'], '100% done by ada'],
    ['{} in order', 'user {} bought {}', ['ada', 3], 'user ada bought 3'],
    ['{0} {1} by index', '{1} then {0}', ['a', 'b'], 'b then a'],
    ['None for null', 'value %s', [null], 'value None'],
    ['booleans', 'flag %s', [true], 'flag true'],
    ['too few params: the placeholder stays', '%s and %s', ['one'], 'one and %s'],
    ['no params: unchanged', 'Hello %s', [], 'Hello %s'],
    ['undefined params: unchanged', 'Hello {}', undefined, 'Hello {}'],
  ])('%s', (_name, template, params, expected) => {
    expect(formatMessage(template, params)).toBe(expected);
  });
});

describe('normaliseMessage', () => {
  it.each([
    ['numbers', 'User 42 logged in after 3.5 s', 'User <num> logged in after <num> s'],
    ['negative numbers', 'balance -12', 'balance <num>'],
    ['double-quoted strings', 'no such key "abc"', 'no such key <str>'],
    ['single-quoted strings', "no such key 'abc'", 'no such key <str>'],
    ['UUIDs', 'order 3f2504e0-4f89-11d3-9a0c-0305e82c3301 failed', 'order <uuid> failed'],
    ['0x hex', 'segfault at 0x7ffd1234', 'segfault at <hex>'],
    ['hex ids', 'commit deadbeef1234 not found', 'commit <hex> not found'],
    ['words stay', 'Disk almost full', 'Disk almost full'],
    ['a hex-looking word without digits stays', 'cafebabe decaf', 'cafebabe decaf'],
  ])('%s', (_name, text, expected) => {
    expect(normaliseMessage(text)).toBe(expected);
  });

  it('the same line with other values is one template; another line is another', () => {
    expect(normaliseMessage('User 42 logged in')).toBe(normaliseMessage('User 7 logged in'));
    expect(normaliseMessage('User 42 logged in')).not.toBe(normaliseMessage('User 42 logged out'));
  });
});
