import { describe, expect, it } from 'vitest';
import { isNativeDsnSegment } from './resolve-sentry-key';

// Where a Sentry SDK sends when given the native DSN of project `id`: @sentry/* keep the id's leading digits as the
// project number (tests/api/native-dsn.test.ts drives the real SDK), sentry-ruby keeps the whole id.
describe('isNativeDsnSegment', () => {
  const id = '3f2a1b4c-9d8e-4f00-8a00-000000000001';
  it.each([
    ['3', id, true],
    [id, id, true],
    ['31', '31f2a1b4-9d8e-4f00-8a00-000000000001', true],
    ['3', '31f2a1b4-9d8e-4f00-8a00-000000000001', false],
    ['4', id, false],
    ['0', '0a2a1b4c-9d8e-4f00-8a00-000000000001', false],
    ['00', '00a2a1b4-9d8e-4f00-8a00-000000000001', false],
    ['3f2a1b4c', id, false],
    ['', id, false],
    ['7', 'ab2a1b4c-9d8e-4f00-8a00-000000000001', false],
    ['12345678', '12345678-9d8e-4f00-8a00-000000000001', true],
  ])('%j for project %s: %s', (segment, projectId, expected) => {
    expect(isNativeDsnSegment(segment, projectId)).toBe(expected);
  });
});
