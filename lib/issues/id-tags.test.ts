import { describe, expect, it } from 'vitest';
import { isIdTag } from './id-tags';

describe('isIdTag', () => {
  it.each([
    ['replayId', true],
    ['REPLAYID', true],
    ['replay_id', true],
    ['trace', true],
    ['trace_id', true],
    ['span_id', true],
    ['profile_id', true],
    ['request_id', true],
    ['environment', false],
    ['release', false],
    ['browser', false],
    ['url', false],
    ['user', false],
    ['transaction', false],
    ['replay', false],
  ])('%s → %s', (key, id) => expect(isIdTag(key)).toBe(id));
});
