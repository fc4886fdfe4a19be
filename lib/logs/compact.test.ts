import { describe, expect, it } from 'vitest';
import { attributeContainments, compactAttributes, restoreAttributes } from './compact';
import { copyField } from '@/lib/ingest/store/copy-rows';

const cols = (template: string | null, environment: string | null, release: string | null) => ({
  template,
  environment,
  release,
});

describe('compact log attributes', () => {
  const cases: [string, Record<string, string | number> | null, ReturnType<typeof cols>][] = [
    [
      'sentry keys equal to their columns',
      { 'sentry.environment': 'prod', 'sentry.release': '1.0', 'sentry.message.template': 'x %s', a: 1 },
      cols('x %s', 'prod', '1.0'),
    ],
    ['only duplicated keys', { 'sentry.environment': 'prod' }, cols(null, 'prod', null)],
    [
      'columns from OpenTelemetry keys',
      { 'deployment.environment.name': 'prod', 'service.version': '2' },
      cols(null, 'prod', '2'),
    ],
    [
      'both keys with one value',
      { 'sentry.environment': 'prod', 'deployment.environment': 'prod' },
      cols(null, 'prod', null),
    ],
    ['a value scrubbed in the bag only', { 'sentry.message.template': '[Filtered]' }, cols('secret %s', null, null)],
    [
      'a long environment (the column holds 200 characters)',
      { 'sentry.environment': 'e'.repeat(250) },
      cols(null, 'e'.repeat(200), null),
    ],
    [
      'an OpenTelemetry key past 200 characters',
      { 'deployment.environment': 'e'.repeat(250) },
      cols(null, 'e'.repeat(200), null),
    ],
    ['no attributes', null, cols(null, null, null)],
    ['an empty bag', {}, cols(null, null, null)],
  ];
  it.each(cases)('%s: read back exactly as sent', (_name, attributes, c) => {
    const stored = compactAttributes(attributes, c);
    expect(restoreAttributes(stored, c)).toEqual(attributes);
  });

  it('leaves out what a column holds, and nothing else', () => {
    expect(compactAttributes(cases[0][1], cases[0][2])).toEqual({ a: 1 });
    expect(compactAttributes(cases[1][1], cases[1][2])).toBeNull();
    expect(compactAttributes(cases[3][1], cases[3][2])).toEqual(cases[3][1]);
    expect(compactAttributes(cases[4][1], cases[4][2])).toEqual(cases[4][1]);
  });
});

describe('COPY text fields', () => {
  it('escapes what the text format reads specially', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(17)).toBe('17');
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
    expect(copyField('\\N')).toBe('\\\\N');
    expect(copyField('plain')).toBe('plain');
  });
});

describe('attribute containments (the GIN index of attributes)', () => {
  it.each([
    ['order.id', 'o-7', ['{"order.id":"o-7"}']],
    ['http.status', '200', ['{"http.status":"200"}', '{"http.status":200}']],
    ['ratio', '-1.5e3', ['{"ratio":"-1.5e3"}', '{"ratio":-1.5e3}']],
    ['cache.hit', 'true', ['{"cache.hit":"true"}', '{"cache.hit":true}']],
    ['tags', '["a", "b"]', ['{"tags":"[\\"a\\", \\"b\\"]"}', '{"tags":["a", "b"]}']],
    ['tags', '[not json', ['{"tags":"[not json"}']],
    ['007', '007', ['{"007":"007"}']],
    ['k"ey', 'v', ['{"k\\"ey":"v"}']],
    // A key a column may hold instead: only the equality can find it.
    ['sentry.environment', 'production', []],
    ['sentry.release', 'shop@1', []],
    ['sentry.message.template', 'Order %s', []],
    ['a', 'nul\u0000', []],
  ])('%s:%s → %j', (key, value, expected) => {
    const bags = attributeContainments(key, value);
    expect(bags).toEqual(expected);
    for (const b of bags) expect(Object.keys(JSON.parse(b))).toEqual([key]);
  });
});
