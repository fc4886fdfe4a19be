// Case tables shared by the ingest API tests of both HTTP adapters (App Router route and node:http).
import type { TestClient } from '../support/client';
import { DELETE, errorEnvelope, mutate, send, transactionEnvelope } from './ingest-helpers';

export const ERROR_BASE = errorEnvelope();
const frame0 = ['exception', 'stacktrace', 'frames', 0];
/** Invalid error envelopes, one rule each, with the exact path of the reported issue. */
export const ERROR_VALIDATION_CASES: [string, unknown, (string | number)[]][] = [
  ['missing exception', mutate(ERROR_BASE, ['exception'], DELETE), ['exception']],
  ['exception not an object', mutate(ERROR_BASE, ['exception'], 'boom'), ['exception']],
  ['exception.type missing', mutate(ERROR_BASE, ['exception', 'type'], DELETE), ['exception', 'type']],
  ['exception.type not a string', mutate(ERROR_BASE, ['exception', 'type'], 42), ['exception', 'type']],
  ['exception.value missing', mutate(ERROR_BASE, ['exception', 'value'], DELETE), ['exception', 'value']],
  ['exception.value not a string', mutate(ERROR_BASE, ['exception', 'value'], { a: 1 }), ['exception', 'value']],
  ['stacktrace missing', mutate(ERROR_BASE, ['exception', 'stacktrace'], DELETE), ['exception', 'stacktrace']],
  [
    'frames missing',
    mutate(ERROR_BASE, ['exception', 'stacktrace', 'frames'], DELETE),
    ['exception', 'stacktrace', 'frames'],
  ],
  [
    'frames not an array',
    mutate(ERROR_BASE, ['exception', 'stacktrace', 'frames'], {}),
    ['exception', 'stacktrace', 'frames'],
  ],
  [
    'empty frames',
    mutate(ERROR_BASE, ['exception', 'stacktrace', 'frames'], []),
    ['exception', 'stacktrace', 'frames'],
  ],
  ['frame not an object', mutate(ERROR_BASE, frame0, 'at main.js:1'), frame0],
  ['frame without filename', mutate(ERROR_BASE, [...frame0, 'filename'], DELETE), [...frame0, 'filename']],
  ['filename not a string', mutate(ERROR_BASE, [...frame0, 'filename'], 7), [...frame0, 'filename']],
  ['lineno missing', mutate(ERROR_BASE, [...frame0, 'lineno'], DELETE), [...frame0, 'lineno']],
  ['lineno 0', mutate(ERROR_BASE, [...frame0, 'lineno'], 0), [...frame0, 'lineno']],
  ['lineno -1', mutate(ERROR_BASE, [...frame0, 'lineno'], -1), [...frame0, 'lineno']],
  ['lineno 1.5', mutate(ERROR_BASE, [...frame0, 'lineno'], 1.5), [...frame0, 'lineno']],
  ['lineno a string', mutate(ERROR_BASE, [...frame0, 'lineno'], '10'), [...frame0, 'lineno']],
  ['function not a string', mutate(ERROR_BASE, [...frame0, 'function'], 1), [...frame0, 'function']],
  ['colno not an integer', mutate(ERROR_BASE, [...frame0, 'colno'], 1.5), [...frame0, 'colno']],
  ['colno a string', mutate(ERROR_BASE, [...frame0, 'colno'], '15'), [...frame0, 'colno']],
  [
    'second frame invalid',
    mutate(ERROR_BASE, ['exception', 'stacktrace', 'frames', 1, 'lineno'], 0),
    ['exception', 'stacktrace', 'frames', 1, 'lineno'],
  ],
  ['level critical', mutate(ERROR_BASE, ['level'], 'critical'), ['level']],
  ['level upper-case', mutate(ERROR_BASE, ['level'], 'ERROR'), ['level']],
  ['level not a string', mutate(ERROR_BASE, ['level'], 3), ['level']],
  ['timestamp in seconds', mutate(ERROR_BASE, ['timestamp'], 1_700_000_000), ['timestamp']],
  ['timestamp below the bound', mutate(ERROR_BASE, ['timestamp'], 1_577_836_799_999), ['timestamp']],
  ['timestamp a string', mutate(ERROR_BASE, ['timestamp'], '1700000000000'), ['timestamp']],
  ['timestamp beyond any date', mutate(ERROR_BASE, ['timestamp'], 1e300), ['timestamp']],
  ['environment not a string', mutate(ERROR_BASE, ['environment'], 1), ['environment']],
  ['release not a string', mutate(ERROR_BASE, ['release'], false), ['release']],
  ['user not an object', mutate(ERROR_BASE, ['user'], 'alice'), ['user']],
  ['user.id not a string', mutate(ERROR_BASE, ['user'], { id: 42 }), ['user', 'id']],
  ['user.email not a string', mutate(ERROR_BASE, ['user'], { email: ['a@b.c'] }), ['user', 'email']],
  ['breadcrumbs not an array', mutate(ERROR_BASE, ['breadcrumbs'], {}), ['breadcrumbs']],
  [
    '101 breadcrumbs',
    mutate(
      ERROR_BASE,
      ['breadcrumbs'],
      Array.from({ length: 101 }, () => ({ type: 'click' })),
    ),
    ['breadcrumbs'],
  ],
  [
    'breadcrumb without type',
    mutate(ERROR_BASE, ['breadcrumbs'], [{ message: 'clicked' }]),
    ['breadcrumbs', 0, 'type'],
  ],
  ['breadcrumb type not a string', mutate(ERROR_BASE, ['breadcrumbs'], [{ type: 5 }]), ['breadcrumbs', 0, 'type']],
  [
    'breadcrumb message not a string',
    mutate(ERROR_BASE, ['breadcrumbs'], [{ type: 'ui', message: 1 }]),
    ['breadcrumbs', 0, 'message'],
  ],
  [
    'breadcrumb timestamp not a number',
    mutate(ERROR_BASE, ['breadcrumbs'], [{ type: 'ui', timestamp: 'now' }]),
    ['breadcrumbs', 0, 'timestamp'],
  ],
  [
    'breadcrumb data not an object',
    mutate(ERROR_BASE, ['breadcrumbs'], [{ type: 'ui', data: 'x' }]),
    ['breadcrumbs', 0, 'data'],
  ],
  ['tags not an object', mutate(ERROR_BASE, ['tags'], 'a=b'), ['tags']],
  ['tags with a number value', mutate(ERROR_BASE, ['tags'], { browser: 'chrome', build: 12 }), ['tags', 'build']],
  ['request not an object', mutate(ERROR_BASE, ['request'], 'GET /'), ['request']],
  ['request.url not a string', mutate(ERROR_BASE, ['request'], { url: 1 }), ['request', 'url']],
  ['request.method not a string', mutate(ERROR_BASE, ['request'], { method: null }), ['request', 'method']],
  [
    'request.headers non-string value',
    mutate(ERROR_BASE, ['request'], { headers: { Accept: ['a'] } }),
    ['request', 'headers', 'Accept'],
  ],
  [
    'contexts.browser.name not a string',
    mutate(ERROR_BASE, ['contexts'], { browser: { name: 1 } }),
    ['contexts', 'browser', 'name'],
  ],
  [
    'contexts.browser.version not a string',
    mutate(ERROR_BASE, ['contexts'], { browser: { version: 120 } }),
    ['contexts', 'browser', 'version'],
  ],
  [
    'contexts.os.name not a string',
    mutate(ERROR_BASE, ['contexts'], { os: { name: true } }),
    ['contexts', 'os', 'name'],
  ],
  [
    'contexts.os.version not a string',
    mutate(ERROR_BASE, ['contexts'], { os: { version: 14 } }),
    ['contexts', 'os', 'version'],
  ],
  ['event_id too short', mutate(ERROR_BASE, ['event_id'], 'abc123'), ['event_id']],
  ['event_id not hex', mutate(ERROR_BASE, ['event_id'], 'g'.repeat(32)), ['event_id']],
  ['event_id 33 hex', mutate(ERROR_BASE, ['event_id'], 'a'.repeat(33)), ['event_id']],
  ['fingerprint not an array', mutate(ERROR_BASE, ['fingerprint'], 'my-group'), ['fingerprint']],
  ['fingerprint with a number', mutate(ERROR_BASE, ['fingerprint'], ['a', 2]), ['fingerprint', 1]],
  ['fingerprint empty', mutate(ERROR_BASE, ['fingerprint'], []), ['fingerprint']],
  ['body an array', [ERROR_BASE], []],
  ['body null', null, []],
  ['body a string', 'hello', []],
  [
    'breadcrumb data nested 40 levels deep',
    mutate(ERROR_BASE, ['breadcrumbs'], [{ type: 'ui', data: nest(40) }]),
    ['breadcrumbs', 0, 'data', ...Array(29).fill('a')],
  ],
];

/** Bodies that are not JSON: 400 with path []. */
export const MALFORMED_BODY_CASES: [string, string][] = [
  ['malformed JSON', '{"exception": '],
  ['empty body', ''],
];

/** Valid error envelopes at the edges of the rules: each is stored. */
export const ACCEPTED_ERROR_CASES: [string, unknown][] = [
  [
    'the minimal envelope',
    { exception: { type: 'Error', value: 'x', stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] } } },
  ],
  ['timestamp exactly at the bound', mutate(ERROR_BASE, ['timestamp'], 1_577_836_800_000)],
  [
    '100 breadcrumbs',
    mutate(
      ERROR_BASE,
      ['breadcrumbs'],
      Array.from({ length: 100 }, (_, i) => ({
        type: 'click',
        message: `#${i}`,
        timestamp: 1_700_000_000_000,
        data: { i },
      })),
    ),
  ],
  ['unknown top-level keys', { ...ERROR_BASE, sdk: { name: 'other' }, platform: 'javascript', type: 'event' }],
  ['every level', mutate(ERROR_BASE, ['level'], 'fatal')],
  ['colno 0 and negative-free integers', mutate(ERROR_BASE, ['exception', 'stacktrace', 'frames', 0, 'colno'], 0)],
  ['upper-case event_id', mutate(ERROR_BASE, ['event_id'], 'ABCDEF0123456789ABCDEF0123456789')],
];

export const TRANSACTION_BASE = transactionEnvelope({
  status: 'ok',
  vitals: { lcp: 1200, cls: 0.05, fcp: 800, ttfb: 120 },
});
/** Invalid transaction envelopes, one rule each, with the exact path. */
export const TRANSACTION_VALIDATION_CASES: [string, unknown, (string | number)[]][] = [
  ['name missing', mutate(TRANSACTION_BASE, ['name'], DELETE), ['name']],
  ['name empty', mutate(TRANSACTION_BASE, ['name'], ''), ['name']],
  ['name 201 characters', mutate(TRANSACTION_BASE, ['name'], 'n'.repeat(201)), ['name']],
  ['name not a string', mutate(TRANSACTION_BASE, ['name'], 7), ['name']],
  ['duration missing', mutate(TRANSACTION_BASE, ['duration'], DELETE), ['duration']],
  ['duration -1', mutate(TRANSACTION_BASE, ['duration'], -1), ['duration']],
  ['duration a string', mutate(TRANSACTION_BASE, ['duration'], '12'), ['duration']],
  ['timestamp missing', mutate(TRANSACTION_BASE, ['timestamp'], DELETE), ['timestamp']],
  ['timestamp in seconds', mutate(TRANSACTION_BASE, ['timestamp'], 1_700_000_000), ['timestamp']],
  ['timestamp a string', mutate(TRANSACTION_BASE, ['timestamp'], 'yesterday'), ['timestamp']],
  ['status not a string', mutate(TRANSACTION_BASE, ['status'], 200), ['status']],
  ['vitals not an object', mutate(TRANSACTION_BASE, ['vitals'], 'fast'), ['vitals']],
  ['vitals.lcp a string', mutate(TRANSACTION_BASE, ['vitals', 'lcp'], '1200'), ['vitals', 'lcp']],
  ['vitals.cls negative', mutate(TRANSACTION_BASE, ['vitals', 'cls'], -0.1), ['vitals', 'cls']],
  ['vitals.fcp not a number', mutate(TRANSACTION_BASE, ['vitals', 'fcp'], true), ['vitals', 'fcp']],
  ['vitals.ttfb not a number', mutate(TRANSACTION_BASE, ['vitals', 'ttfb'], null), ['vitals', 'ttfb']],
];

export function nest(levels: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
}

export type KeyCaseContext = {
  /** A client without a session. */
  anonymous: TestClient;
  /** A client holding a session of the project's owner (a cookie is no ingest key). */
  withSessionOnly: TestClient;
  projectId: string;
  key: string;
  otherProjectId: string;
  otherProjectKey: string;
  disabledKey: string;
  deletedKey: string;
};

/** Requests without a usable key: each is 401 with a message starting with the given prefix. */
export function keyCases(c: KeyCaseContext): [string, () => ReturnType<typeof send>, string][] {
  const body = errorEnvelope();
  return [
    ['no key', () => send({ client: c.anonymous, projectId: c.projectId, key: null, body }), 'Missing ingest key'],
    [
      'empty query key',
      () => send({ client: c.anonymous, projectId: c.projectId, key: null, body, opts: { query: { ingest_key: '' } } }),
      'Missing ingest key',
    ],
    [
      'malformed header',
      () =>
        send({
          client: c.anonymous,
          projectId: c.projectId,
          key: null,
          body,
          opts: { headers: { 'x-ingest-auth': c.key } },
        }),
      'Missing ingest key',
    ],
    [
      'wrong key',
      () => send({ client: c.anonymous, projectId: c.projectId, key: 'f'.repeat(32), body }),
      'Invalid ingest key',
    ],
    [
      'very long key',
      () => send({ client: c.anonymous, projectId: c.projectId, key: 'f'.repeat(5000), body }),
      'Invalid ingest key',
    ],
    [
      'another project’s key',
      () => send({ client: c.anonymous, projectId: c.projectId, key: c.otherProjectKey, body }),
      'Invalid ingest key',
    ],
    [
      'own key on another project',
      () => send({ client: c.anonymous, projectId: c.otherProjectId, key: c.key, body }),
      'Invalid ingest key',
    ],
    [
      'disabled key',
      () => send({ client: c.anonymous, projectId: c.projectId, key: c.disabledKey, body }),
      'Invalid ingest key',
    ],
    [
      'deleted key',
      () => send({ client: c.anonymous, projectId: c.projectId, key: c.deletedKey, body }),
      'Invalid ingest key',
    ],
    [
      'session cookie only',
      () => send({ client: c.withSessionOnly, projectId: c.projectId, key: null, body }),
      'Missing ingest key',
    ],
    [
      'unknown project',
      () => send({ client: c.anonymous, projectId: 'no-such-project', key: c.key, body }),
      'Invalid ingest key',
    ],
  ];
}
