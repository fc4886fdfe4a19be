import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, type ErrorEnvelope } from '@/lib/envelope/schemas';
import { defaultFingerprint } from './fingerprint';
import { groupingOf } from './group-event';

const envelope = (e: Record<string, unknown>): ErrorEnvelope => errorEnvelopeSchema.parse(e);
const exc = (frames: Record<string, unknown>[], type = 'TypeError', value = 'boom') => ({
  exception: { type, value, stacktrace: { frames } },
});
const app = (fn: string, extra: Record<string, unknown> = {}) => ({
  filename: '/app/src/billing.py',
  function: fn,
  lineno: 10,
  in_app: true,
  ...extra,
});
const lib = (fn: string, file = '/usr/lib/python3/dist-packages/requests/api.py') => ({
  filename: file,
  function: fn,
  lineno: 99,
  in_app: false,
});

const sentry = (e: Record<string, unknown>, stackless = false) =>
  groupingOf({ envelope: envelope(e), grouping: 'sentry', stackless, message: stackless });
const native = (e: Record<string, unknown>) =>
  groupingOf({ envelope: envelope(e), grouping: 'native', stackless: false, message: false });
/** Grouping version 2 (projects created from #28 to #43). `message`: no exception, or only a synthetic one. */
const v2 = (e: Record<string, unknown>, message = false) =>
  groupingOf({ envelope: envelope(e), grouping: 'sentry', stackless: false, message }, 2);
/** Grouping version 3 (projects created since #43). */
const v3 = (e: Record<string, unknown>, message = false) =>
  groupingOf({ envelope: envelope(e), grouping: 'sentry', stackless: false, message }, 3);

describe('native envelopes: the contract hash, exactly as before', () => {
  it('type + every frame, in_app ignored, title and culprit from frame 0', () => {
    const frames = [lib('get'), app('charge')];
    const g = native(exc(frames));
    expect(g.fingerprint).toBe(
      defaultFingerprint({ type: 'TypeError', frames: frames.map(({ in_app: _, ...f }) => f) }),
    );
    expect(g.title).toBe('TypeError: boom');
    expect(g.culprit).toBe('/usr/lib/python3/dist-packages/requests/api.py in get');
  });
  it('the hash is SHA-256 of [type, [[normalised file, function] | [file, line, column]]], byte for byte', () => {
    const frames = [
      { filename: 'https://x.com/main.3f9a1c2b.js', function: 'f', lineno: 1, in_app: true },
      { filename: 'vendor.js', lineno: 7, colno: 3 },
    ];
    const expected = crypto
      .createHash('sha256')
      .update(
        JSON.stringify([
          'TypeError',
          [
            ['/main.js', 'f'],
            ['vendor.js', 7, 3],
          ],
        ]),
      )
      .digest('hex');
    expect(native(exc(frames)).fingerprint).toBe(expected);
  });
});

describe('Sentry events with a stack', () => {
  it.each([
    [
      'a library upgrade (other library frames) keeps the issue',
      [lib('get'), app('charge'), app('main')],
      [lib('request', '/site-packages/requests/sessions.py'), lib('get'), app('charge'), app('main')],
      true,
    ],
    ['another in-app function is another issue', [lib('get'), app('charge')], [lib('get'), app('refund')], false],
    ['another exception type is another issue', [app('charge')], [app('charge')], 'type'],
  ])('%s', (_name, a, b, same) => {
    const ga = sentry(exc(a));
    const gb = sentry(exc(b, same === 'type' ? 'ValueError' : 'TypeError'));
    if (same === true) expect(ga.fingerprint).toBe(gb.fingerprint);
    else expect(ga.fingerprint).not.toBe(gb.fingerprint);
  });

  it('no frame in-app (or none flagged): every frame counts, as the contract hash', () => {
    const frames = [lib('get'), lib('main', '/usr/lib/python3.11/runpy.py')];
    expect(sentry(exc(frames)).fingerprint).toBe(native(exc(frames)).fingerprint);
    const unflagged = [{ filename: 'a.js', function: 'f', lineno: 1 }];
    expect(sentry(exc(unflagged)).fingerprint).toBe(native(exc(unflagged)).fingerprint);
  });

  it('culprit: the innermost in-app frame; title "<type>: <value>"', () => {
    const g = sentry(exc([lib('get'), app('charge')]));
    expect([g.title, g.culprit]).toEqual(['TypeError: boom', '/app/src/billing.py in charge']);
  });

  it('custom fingerprint parts still replace the default, {{ default }} standing for the in-app hash', () => {
    const frames = [lib('get'), app('charge')];
    const a = sentry({ ...exc(frames), fingerprint: ['{{ default }}', 'tenant-a'] });
    const b = sentry({ ...exc([lib('other'), app('charge')]), fingerprint: ['{{ default }}', 'tenant-a'] });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(sentry({ ...exc(frames), fingerprint: ['x'] }).fingerprint).toBe(
      sentry({ ...exc([app('y')]), fingerprint: ['x'] }).fingerprint,
    );
  });
});

describe('Sentry events without a stack (captureMessage, logging)', () => {
  const message = (value: string, extra: Record<string, unknown> = {}) => ({
    ...exc([{ filename: '<unknown>', lineno: 1 }], 'Message', value),
    ...extra,
  });
  it.each([
    ['two different messages → two issues', message('Disk almost full'), message('Cache warmed'), false],
    [
      'the same log template with other params → one issue',
      message('Payment p_1 failed', { logentry: { message: 'Payment %s failed', params: ['p_1'] } }),
      message('Payment p_2 failed', { logentry: { message: 'Payment %s failed', params: ['p_2'] } }),
      true,
    ],
    [
      'the same template from another logger → another issue',
      message('x', { logentry: { message: 'retry %d' }, logger: 'a' }),
      message('x', { logentry: { message: 'retry %d' }, logger: 'b' }),
      false,
    ],
    ['no template: numbers normalised → one issue', message('User 42 logged in'), message('User 7 logged in'), true],
    [
      'no template: quoted strings and UUIDs normalised → one issue',
      message("key 'a' of 3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
      message("key 'b' of 00000000-0000-0000-0000-000000000000"),
      true,
    ],
    ['no template: other words → two issues', message('User 42 logged in'), message('User 42 logged out'), false],
  ])('%s', (_name, a, b, same) => {
    const fa = sentry(a, true).fingerprint;
    const fb = sentry(b, true).fingerprint;
    if (same) expect(fa).toBe(fb);
    else expect(fa).not.toBe(fb);
  });

  it('title: the formatted message (first line, 200 characters); culprit: the logger, else the transaction', () => {
    expect(sentry(message('Payment p_1 failed\nsecond line', { logger: 'billing' }), true)).toMatchObject({
      title: 'Payment p_1 failed',
      culprit: 'billing',
    });
    expect(sentry(message('x'.repeat(300), { transaction: '/checkout' }), true)).toMatchObject({
      title: 'x'.repeat(200),
      culprit: '/checkout',
    });
  });

  it('a stackless message never groups with an exception of the same text', () => {
    expect(sentry(message('boom'), true).fingerprint).not.toBe(
      sentry(exc([{ filename: '<unknown>', lineno: 1 }], 'Message', 'boom')).fingerprint,
    );
  });
});

describe('grouping version 3 (2 but for call sites): messages with a stack, and source lines of non-JavaScript frames', () => {
  const sdkMessage = (text: string, frames: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
    ...exc(frames, 'Error', text),
    ...extra,
  });
  const rubyFrames = (line = 'Sentry.capture_message(msg)') => [
    {
      filename: '/usr/lib/ruby/vendor_ruby/sentry/hub.rb',
      function: 'capture_message',
      lineno: 120,
      in_app: false,
      context_line: 'event = ...',
    },
    {
      filename: 'app/jobs/report.rb',
      function: 'perform',
      lineno: 12,
      in_app: true,
      context_line: line,
      platform: 'ruby',
    },
  ];
  const nodeSynthetic = (text: string, fn = 'warnDisk') => ({
    ...sdkMessage(text, [
      { filename: '/srv/app/disk.js', function: fn, lineno: 7, in_app: true },
      { filename: 'node:events', function: 'emit', lineno: 1, in_app: false },
    ]),
    exception: {
      type: 'Error',
      value: text,
      mechanism: { type: 'generic', synthetic: true, handled: true },
      stacktrace: { frames: [{ filename: '/srv/app/disk.js', function: fn, lineno: 7, in_app: true }] },
    },
    platform: 'node',
  });

  it.each([
    // [name, a, b, a is a message, same issue?, expected title of a]
    [
      'sentry-ruby: two messages from one method → two issues',
      sdkMessage('Disk almost full', rubyFrames()),
      sdkMessage('Cache warmed', rubyFrames()),
      true,
      false,
      'Disk almost full',
    ],
    [
      'sentry-ruby: the same message from the same place → one issue',
      sdkMessage('Disk almost full', rubyFrames()),
      sdkMessage('Disk almost full', rubyFrames()),
      true,
      true,
      'Disk almost full',
    ],
    [
      '@sentry/node synthetic exception: titled by the message, not "Error: …"',
      nodeSynthetic('Disk almost full'),
      nodeSynthetic('Disk almost full'),
      true,
      true,
      'Disk almost full',
    ],
    [
      '@sentry/node synthetic: two messages from one function → two issues',
      nodeSynthetic('Disk almost full'),
      nodeSynthetic('Queue stuck'),
      true,
      false,
      'Disk almost full',
    ],
    [
      '@sentry/node synthetic: one message from two places → two issues',
      nodeSynthetic('Disk almost full', 'a'),
      nodeSynthetic('Disk almost full', 'b'),
      true,
      false,
      'Disk almost full',
    ],
    [
      'sentry-ruby: one message from one method reached from two call sites (other lines, other source lines) → one issue',
      sdkMessage('Disk almost full', [
        ...rubyFrames(),
        {
          filename: 'app/jobs/disk.rb',
          function: 'check',
          lineno: 16,
          in_app: true,
          context_line: 'report if free < 1',
          platform: 'ruby',
        },
      ]),
      sdkMessage('Disk almost full', [
        ...rubyFrames(),
        {
          filename: 'app/jobs/disk.rb',
          function: 'check',
          lineno: 17,
          in_app: true,
          context_line: 'report if free < 10',
          platform: 'ruby',
        },
      ]),
      true,
      true,
      'Disk almost full',
    ],
    [
      'a message: a calling frame without a function keeps its line and column (the contract) → two issues',
      sdkMessage('Disk almost full', [...rubyFrames(), { filename: 'app/boot.rb', lineno: 3, in_app: true }]),
      sdkMessage('Disk almost full', [...rubyFrames(), { filename: 'app/boot.rb', lineno: 4, in_app: true }]),
      true,
      false,
      'Disk almost full',
    ],
    [
      'logentry with params: grouped by the template, titled by the formatted text',
      sdkMessage('Payment p_1 failed', rubyFrames(), {
        logentry: { message: 'Payment %s failed', params: ['p_1'], formatted: 'Payment p_1 failed' },
      }),
      sdkMessage('Payment p_2 failed', rubyFrames(), {
        logentry: { message: 'Payment %s failed', params: ['p_2'], formatted: 'Payment p_2 failed' },
      }),
      true,
      true,
      'Payment p_1 failed',
    ],
    [
      'python: another source line in one function → two issues',
      exc(rubyFrames('raise KeyError(k)')),
      exc(rubyFrames('raise KeyError(key)')),
      false,
      false,
      'TypeError: boom',
    ],
    [
      'python: a line added above the throw (other line number, same source line) → one issue',
      exc([{ ...app('charge', { context_line: '    total = cart["total"]', platform: 'python' }), lineno: 10 }]),
      exc([{ ...app('charge', { context_line: 'total = cart["total"]', platform: 'python' }), lineno: 11 }]),
      false,
      true,
      'TypeError: boom',
    ],
    [
      'JavaScript frames ignore the source line (minified lines say nothing)',
      {
        ...exc([{ filename: 'app.js', function: 'f', lineno: 1, in_app: true, context_line: 'a()' }]),
        platform: 'javascript',
      },
      {
        ...exc([{ filename: 'app.js', function: 'f', lineno: 1, in_app: true, context_line: 'b()' }]),
        platform: 'javascript',
      },
      false,
      true,
      'TypeError: boom',
    ],
  ])('%s', (_name, a, b, isMessage, same, title) => {
    const ga = v3(a, isMessage as boolean);
    const gb = v3(b, isMessage as boolean);
    expect(ga.title).toBe(title);
    if (same) expect(ga.fingerprint).toBe(gb.fingerprint);
    else expect(ga.fingerprint).not.toBe(gb.fingerprint);
  });

  it('version 1 (projects created before #28) groups exactly as before: stored issues keep their fingerprints', () => {
    const a = sdkMessage('Disk almost full', rubyFrames());
    const b = sdkMessage('Cache warmed', rubyFrames());
    const v1 = (e: Record<string, unknown>) =>
      groupingOf({ envelope: envelope(e), grouping: 'sentry', stackless: false, message: true }, 1);
    expect(v1(a).fingerprint).toBe(v1(b).fingerprint);
    expect(v1(a)).toEqual(sentry(a));
    expect(v1(a).title).toBe('Error: Disk almost full');
  });

  it('the culprit is the innermost in-app frame of the message’s stack', () => {
    expect(v3(sdkMessage('x', rubyFrames()), true).culprit).toBe('app/jobs/report.rb in perform');
  });

  it('version 2 keeps its keys (stored issues never regroup): only the call sites differ from version 3', () => {
    const site = (lineno: number, line: string) =>
      sdkMessage('Disk almost full', [
        ...rubyFrames(),
        { filename: 'app/jobs/disk.rb', function: 'check', lineno, in_app: true, context_line: line, platform: 'ruby' },
      ]);
    expect(v2(site(16, 'report if free < 1'), true).fingerprint).not.toBe(
      v2(site(17, 'report if free < 10'), true).fingerprint,
    );
    expect(v3(site(16, 'report if free < 1'), true).fingerprint).toBe(
      v3(site(17, 'report if free < 10'), true).fingerprint,
    );
    const exception = exc(rubyFrames('raise KeyError(k)'));
    expect(v3(exception)).toEqual(v2(exception));
  });
});
