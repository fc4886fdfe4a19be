import { describe, expect, it } from 'vitest';
import { defaultFingerprint, fingerprintOf, issueCulprit, issueTitle, normalizeFilename } from './fingerprint';

describe('normalizeFilename', () => {
  it.each([
    ['https://cdn.example.com/static/js/main.3f9a1c2b.js', '/static/js/main.js'],
    ['https://cdn.example.com/static/js/main.js?v=12#L3', '/static/js/main.js'],
    ['http://localhost:3000/assets/chunk-AB12CD34.js', '/assets/chunk.js'],
    ['https://x.io/app.3f9a1c2b.min.js', '/app.min.js'],
    ['https://x.io/static/js/2.3f9a1c2b.chunk.js', '/static/js/2.chunk.js'],
    ['https://x.io/_next/static/chunks/app/page-3f9a1c2b4d5e6f70.js', '/_next/static/chunks/app/page.js'],
    ['https://x.io/assets/index-B2xY9zQw.js', '/assets/index.js'],
    ['webpack:///./src/app.js', '/./src/app.js'],
    ['/srv/app/lib/handler.js', '/srv/app/lib/handler.js'],
    ['app.js', 'app.js'],
    ['https://x.io/vendor/bootstrap.bundle.js', '/vendor/bootstrap.bundle.js'],
    ['https://x.io/jquery-3.6.0.min.js', '/jquery-3.6.0.min.js'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeFilename(input)).toBe(expected);
  });
});

const frames = [
  { filename: 'https://a.io/main.3f9a1c2b.js', lineno: 10, colno: 5, function: 'handleClick' },
  { filename: 'https://a.io/vendor.11aa22bb.js', lineno: 200, function: 'dispatch' },
];

describe('defaultFingerprint', () => {
  it('is a SHA-256 hex digest', () => {
    expect(defaultFingerprint({ type: 'TypeError', frames })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores line and column numbers of frames with a function, and hashes in bundle names', () => {
    const moved = [
      { filename: 'https://other-cdn.io/main.99887766.js?x=1', lineno: 99, colno: 1, function: 'handleClick' },
      { filename: 'https://a.io/vendor.deadbeef.js', lineno: 3, function: 'dispatch' },
    ];
    expect(defaultFingerprint({ type: 'TypeError', frames: moved })).toBe(
      defaultFingerprint({ type: 'TypeError', frames }),
    );
  });

  it('differs for another type, another function or another file', () => {
    const base = defaultFingerprint({ type: 'TypeError', frames });
    expect(defaultFingerprint({ type: 'RangeError', frames })).not.toBe(base);
    expect(
      defaultFingerprint({ type: 'TypeError', frames: [{ ...frames[0], function: 'onSubmit' }, frames[1]] }),
    ).not.toBe(base);
    expect(
      defaultFingerprint({
        type: 'TypeError',
        frames: [{ ...frames[0], filename: 'https://a.io/other.js' }, frames[1]],
      }),
    ).not.toBe(base);
    expect(defaultFingerprint({ type: 'TypeError', frames: [frames[0]] })).not.toBe(base);
  });

  it('uses line and column only for frames without a function', () => {
    const anon = (lineno: number, colno?: number) => [{ filename: 'https://a.io/main.js', lineno, colno }];
    expect(defaultFingerprint({ type: 'E', frames: anon(1, 2) })).toBe(
      defaultFingerprint({ type: 'E', frames: anon(1, 2) }),
    );
    expect(defaultFingerprint({ type: 'E', frames: anon(1, 2) })).not.toBe(
      defaultFingerprint({ type: 'E', frames: anon(2, 2) }),
    );
    expect(defaultFingerprint({ type: 'E', frames: anon(1, 2) })).not.toBe(
      defaultFingerprint({ type: 'E', frames: anon(1, 3) }),
    );
  });
});

describe('fingerprintOf', () => {
  const exc = { type: 'TypeError', frames };
  const def = defaultFingerprint(exc);

  it('is the default without a custom fingerprint, or with only "{{ default }}"', () => {
    expect(fingerprintOf(exc)).toBe(def);
    expect(fingerprintOf(exc, [])).toBe(def);
    expect(fingerprintOf(exc, ['{{ default }}'])).toBe(def);
    expect(fingerprintOf(exc, ['{{default}}'])).toBe(def);
  });

  it('a custom fingerprint replaces the default and ignores the stack', () => {
    const custom = fingerprintOf(exc, ['checkout-failed']);
    expect(custom).toMatch(/^[0-9a-f]{64}$/);
    expect(custom).not.toBe(def);
    expect(fingerprintOf({ type: 'Other', frames: [{ filename: 'x.js', lineno: 1 }] }, ['checkout-failed'])).toBe(
      custom,
    );
  });

  it('"{{ default }}" combines with other parts', () => {
    const combined = fingerprintOf(exc, ['{{ default }}', 'tenant-a']);
    expect(combined).not.toBe(def);
    expect(combined).not.toBe(fingerprintOf(exc, ['{{ default }}', 'tenant-b']));
    expect(fingerprintOf({ type: 'RangeError', frames }, ['{{ default }}', 'tenant-a'])).not.toBe(combined);
    expect(fingerprintOf(exc, ['tenant-a', '{{ default }}'])).not.toBe(combined);
  });
});

describe('issueTitle and issueCulprit', () => {
  it('title is "<type>: <value>", first line, at most 200 characters', () => {
    expect(issueTitle('TypeError', 'x is undefined')).toBe('TypeError: x is undefined');
    expect(issueTitle('Error', 'first line\nsecond line')).toBe('Error: first line');
    expect(issueTitle('Error', 'a'.repeat(500))).toBe(`Error: ${'a'.repeat(193)}`);
    expect(issueTitle('Error', 'a'.repeat(500))).toHaveLength(200);
    expect(issueTitle('Error', '')).toBe('Error');
    expect(issueTitle('E', `${'a'.repeat(196)}😀`)).toHaveLength(199);
  });

  it('culprit is "<filename> in <function>" of frame 0, or the filename alone', () => {
    expect(issueCulprit(frames)).toBe('https://a.io/main.3f9a1c2b.js in handleClick');
    expect(issueCulprit([{ filename: 'app.js', lineno: 1 }, frames[0]])).toBe('app.js');
    expect(issueCulprit([])).toBeNull();
  });
});
