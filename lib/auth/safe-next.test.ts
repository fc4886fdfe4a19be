import { describe, expect, it } from 'vitest';
import { safeNext, withNext } from './safe-next';

describe('safeNext', () => {
  it.each([
    ['/projects/p1/issues/i1', '/projects/p1/issues/i1'],
    ['/projects/p1/issues?status=RESOLVED&page=2', '/projects/p1/issues?status=RESOLVED&page=2'],
    ['/settings/billing#plan', '/settings/billing#plan'],
    ['/', '/'],
    ['/projects/p%2F1', '/projects/p%2F1'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeNext(input)).toBe(expected);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/projects'],
    ['backslash host', '/\\evil.example'],
    ['backslash anywhere', '/projects\\..\\//evil'],
    ['absolute http', 'http://evil.example/'],
    ['absolute https', 'https://evil.example/projects'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['relative without slash', 'projects/p1'],
    ['tab after slash', '/\t/evil.example'],
    ['newline after slash', '/\n/evil.example'],
    ['space', '/ /evil.example'],
    ['empty', ''],
    ['the login page', '/login?next=/x'],
    ['the sign-up page', '/signup'],
    ['the verify page', '/verify'],
    ['too long', `/${'a'.repeat(2001)}`],
  ])('rejects %s', (_name, input) => {
    expect(safeNext(input)).toBeNull();
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an array (repeated parameter)', ['/a', '/b']],
  ])('rejects %s', (_name, input) => {
    expect(safeNext(input)).toBeNull();
  });
});

describe('withNext', () => {
  it.each([
    ['/login', '/projects/p1/issues/i1', '/login?next=%2Fprojects%2Fp1%2Fissues%2Fi1'],
    ['/login?verified=1', '/a?b=c', '/login?verified=1&next=%2Fa%3Fb%3Dc'],
    ['/login', '/', '/login'],
    ['/login', '//evil.example', '/login'],
    ['/login', null, '/login'],
  ])('%s with next %s is %s', (path, next, expected) => {
    expect(withNext(path, next)).toBe(expected);
  });
});
