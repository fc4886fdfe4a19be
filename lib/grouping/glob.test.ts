import { describe, expect, it } from 'vitest';
import { compileGlob, GlobError } from './glob';

// Relay's own glob table (relay-cabi/src/glob.rs), then the cases Sentry's rules rely on.
const CASES: [string, string, boolean, { doubleStar?: boolean; ignoreCase?: boolean }][] = [
  ['hello.py', '*.py', true, {}],
  ['hello.py', '*.js', false, {}],
  ['foo/hello.py', '*.py', true, {}],
  ['foo/hello.py', '*.py', false, { doubleStar: true }],
  ['foo/hello.py', '**/*.py', true, { doubleStar: true }],
  ['foo/hello.PY', '**/*.py', false, { doubleStar: true }],
  ['foo/hello.PY', '**/*.py', true, { doubleStar: true, ignoreCase: true }],
  ['1.18.4.2153-2aa83397b', '1.18.[0-4].*', true, {}],
  ['1.18.5.2153-2aa83397b', '1.18.[0-4].*', false, {}],
  ['foo\nbar', 'foo*', true, {}],
  ['hello.py', '**/hello.py', true, { doubleStar: true }],
  ['/srv/app/node_modules/pg/lib/client.js', '**/node_modules/**', true, { doubleStar: true }],
  ['node_modules/pg/lib/client.js', 'node_modules/**', true, {}],
  ['node_modules/pg/lib/client.js', 'node_modules/**', true, { doubleStar: true }],
  ['app/node_modules', 'node_modules/**', false, { doubleStar: true }],
  ['a/b', 'a/**/b', true, { doubleStar: true }],
  ['a/x/y/b', 'a/**/b', true, { doubleStar: true }],
  ['a/x/y/c', 'a/**/b', false, { doubleStar: true }],
  // `**` inside a segment is two one-segment stars, as globset reads it.
  ['abx/c', 'a**/c', true, { doubleStar: true }],
  ['a/b/c', 'a**/c', false, { doubleStar: true }],
  ['assertEqual', 'assert*', true, {}],
  ['Assert', 'assert*', false, {}],
  ['x', '?', true, {}],
  ['/', '?', false, { doubleStar: true }],
  ['[tag]', '\\[tag\\]', true, {}],
  ['*', '\\*', true, {}],
  ['x', '\\*', false, {}],
  ['b', '[!a]', true, {}],
  ['a', '[!a]', false, {}],
  [']', '[]]', true, {}],
  ['read timeout', '{read,write} timeout', true, {}],
  ['write timeout', '{read,write} timeout', true, {}],
  ['open timeout', '{read,write} timeout', false, {}],
  ['Request timed out after 30s', '*timed out*', true, {}],
  ['a.b', 'a.b', true, {}],
  ['axb', 'a.b', false, {}],
  ['(x)', '(x)', true, {}],
];

describe('glob', () => {
  it.each(CASES)('%j against %j → %s %j', (value, pattern, expected, opts) => {
    expect(compileGlob(pattern, opts).test(value)).toBe(expected);
  });

  it.each([
    ['[abc', 'Unclosed "[" in the pattern: close it with ] or escape it as \\[', 0],
    ['x{a,b', 'Unclosed "{" in the pattern: close it with } or escape it as \\{', 1],
    ['a}', 'Unexpected "}" in the pattern: escape it as \\}', 1],
    ['ab\\', 'A pattern cannot end with a lone \\', 2],
    ['[z-a]', 'Invalid range "z-a" in the pattern', 1],
  ])('%j is refused: %s', (pattern, message, offset) => {
    let err: unknown;
    try {
      compileGlob(pattern);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GlobError);
    expect((err as GlobError).message).toBe(message);
    expect((err as GlobError).offset).toBe(offset);
  });
});
