import { describe, expect, it } from 'vitest';
import {
  MAX_REPORTS,
  UNKNOWN_SHAPE,
  isSecurityContentType,
  readSecurityReports,
  type ReadReports,
} from './read-reports';

const body = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36';

function ok(r: ReadReports) {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r.issues)}`);
  return r;
}
const one = (v: unknown, ctx = {}) => {
  const r = ok(readSecurityReports(body(v), ctx));
  expect(r.refused).toEqual([]);
  expect(r.reports).toHaveLength(1);
  return r.reports[0];
};
const csp = (report: Record<string, unknown>) => one({ 'csp-report': report });

// What Chromium 156 sent for `default-src 'self'; report-uri …` and a blocked script and image (captured).
const CHROMIUM_SCRIPT = {
  'csp-report': {
    'document-uri': 'http://localhost:45007/uri',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; report-uri http://localhost:33057/api/1/security/?sentry_key=abc",
    disposition: 'enforce',
    'blocked-uri': 'http://evil.example.com/x.js',
    'status-code': 200,
    'script-sample': '',
  },
};
const REPORTING_IMAGE = {
  age: 1,
  body: {
    blockedURL: 'http://images.example.net/a.png?token=abc',
    columnNumber: 127,
    disposition: 'enforce',
    documentURL: 'https://localhost:39115/rt',
    effectiveDirective: 'img-src',
    lineNumber: 1,
    originalPolicy: "default-src 'self'; report-to csp",
    referrer: 'https://shop.example/',
    sample: '',
    sourceFile: 'https://localhost:39115/rt',
    statusCode: 200,
  },
  type: 'csp-violation',
  url: 'https://localhost:39115/rt',
  user_agent: UA,
};

describe('CSP reports', () => {
  it("Chromium's report-uri body: Sentry's message, culprit, tags, fingerprint and request", () => {
    const r = one(CHROMIUM_SCRIPT, { userAgent: UA, environment: 'production', release: 'shop@1.2.0' });
    expect(r.event).toEqual({
      logentry: { formatted: "Blocked 'script' from 'evil.example.com'" },
      culprit: 'script-src-elem',
      level: 'error',
      tags: {
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'http://evil.example.com/x.js',
        'blocked-host': 'evil.example.com',
      },
      fingerprint: ['csp', 'script-src-elem', 'evil.example.com'],
      user: { ip_address: '{{auto}}' },
      request: { url: 'http://localhost:45007/uri', headers: { 'User-Agent': UA } },
      environment: 'production',
      release: 'shop@1.2.0',
    });
    expect(r.security).toEqual({
      type: 'csp',
      report: {
        effective_directive: 'script-src-elem',
        violated_directive: 'script-src-elem',
        blocked_uri: 'http://evil.example.com/x.js',
        document_uri: 'http://localhost:45007/uri',
        original_policy: "default-src 'self'; report-uri http://localhost:33057/api/1/security/?sentry_key=abc",
        referrer: '',
        status_code: 200,
        script_sample: '',
        disposition: 'enforce',
      },
    });
  });

  it('a Reporting API list: each csp-violation read with its own User-Agent; other report types are counted apart', () => {
    const r = ok(
      readSecurityReports(
        body([REPORTING_IMAGE, { type: 'deprecation', age: 0, url: 'https://x/', body: { id: 'x' } }]),
        { userAgent: 'the uploader' },
      ),
    );
    expect([r.reports.length, r.refused, r.unsupported]).toEqual([1, [], 1]);
    const [image] = r.reports;
    expect(image.path).toEqual([0]);
    expect(image.event).toMatchObject({
      logentry: { formatted: "Blocked 'image' from 'images.example.net'" },
      culprit: 'img-src',
      // The query string is no tag value (a token in it would become a facet).
      tags: { 'effective-directive': 'img-src', 'blocked-uri': 'http://images.example.net/a.png' },
      fingerprint: ['csp', 'img-src', 'images.example.net'],
      request: {
        url: 'https://localhost:39115/rt',
        headers: { 'User-Agent': UA, Referer: 'https://shop.example/' },
      },
    });
    expect(image.security.report).toMatchObject({
      blocked_uri: 'http://images.example.net/a.png?token=abc',
      line_number: 1,
      column_number: 127,
      source_file: 'https://localhost:39115/rt',
    });
  });

  it("one Reporting API report alone (as JSON), the report's URL standing for a missing documentURL", () => {
    const { documentURL: _omit, ...rest } = REPORTING_IMAGE.body;
    const r = one({ ...REPORTING_IMAGE, body: rest });
    expect((r.event.request as { url: string }).url).toBe('https://localhost:39115/rt');
  });

  it('Firefox (no effective-directive): the violated directive names it; blocked-uri missing is the page itself', () => {
    const r = csp({ 'document-uri': 'https://shop.example/', 'violated-directive': "script-src 'self'" });
    expect(r.event.fingerprint).toEqual(['csp', 'script-src', "'self'"]);
    expect(r.security.report).toMatchObject({ effective_directive: 'script-src', blocked_uri: 'self' });
  });

  it("a local script violation groups by what the policy lacked, as Sentry's csp:v1 does", () => {
    const fp = (violated: string) =>
      csp({ 'effective-directive': 'script-src', 'violated-directive': violated, 'blocked-uri': '' }).event.fingerprint;
    expect(fp("script-src 'self' 'unsafe-inline'")).toEqual(['csp', 'script-src', "'unsafe-inline'"]);
    expect(fp("script-src 'unsafe-eval'")).toEqual(['csp', 'script-src', "'unsafe-eval'"]);
    expect(fp('script-src cdn.example')).toEqual(['csp', 'script-src', "'self'"]);
  });

  it('numbers sent as strings are read (Firefox), unknown scalar fields kept, NUL made storable', () => {
    const r = csp({
      'effective-directive': 'img-src',
      'blocked-uri': 'https://a.example/\u0000x',
      'status-code': '404',
      'line-number': '12',
      'x-extra': 'kept',
      nested: { dropped: true },
    });
    expect(r.security.report).toEqual({
      effective_directive: 'img-src',
      blocked_uri: 'https://a.example/\uFFFDx',
      status_code: 404,
      line_number: 12,
      'x-extra': 'kept',
    });
  });
});

describe('certificate reports', () => {
  const chain = ['-----BEGIN CERTIFICATE-----\nABC\n-----END CERTIFICATE-----'];
  it('Expect-CT: titled and grouped by the host', () => {
    const r = one({
      'expect-ct-report': {
        'date-time': '2014-04-06T13:00:50Z',
        hostname: 'www.example.com',
        port: 443,
        'effective-expiration-date': '2014-05-01T12:40:50Z',
        'served-certificate-chain': chain,
        'validated-certificate-chain': chain,
        scts: [{ version: 1, status: 'invalid', source: 'embedded', serialized_sct: 'ABCD==' }],
      },
    });
    expect(r.event).toMatchObject({
      logentry: { formatted: "Expect-CT failed for 'www.example.com'" },
      culprit: 'www.example.com',
      fingerprint: ['expect-ct', 'www.example.com'],
      tags: { hostname: 'www.example.com', port: '443' },
    });
    expect(r.security).toEqual({
      type: 'expect-ct',
      report: {
        date_time: '2014-04-06T13:00:50Z',
        hostname: 'www.example.com',
        port: 443,
        effective_expiration_date: '2014-05-01T12:40:50Z',
        served_certificate_chain: chain,
        validated_certificate_chain: chain,
        scts: [{ version: 1, status: 'invalid', source: 'embedded', serialized_sct: 'ABCD==' }],
      },
    });
  });

  it('HPKP (fields at the top level) and Expect-Staple', () => {
    const hpkp = one({
      'date-time': '2014-04-06T13:00:50Z',
      hostname: 'www.example.com',
      port: 443,
      'include-subdomains': false,
      'served-certificate-chain': chain,
      'known-pins': ['pin-sha256="d6qzRu9zOECb90Uez27xWltNsj0e1Md7GkYYkVoZWmM="'],
    });
    expect(hpkp.event).toMatchObject({
      logentry: { formatted: "Public key pinning validation failed for 'www.example.com'" },
      fingerprint: ['hpkp', 'www.example.com'],
      tags: { hostname: 'www.example.com', port: '443', 'include-subdomains': 'false' },
    });
    expect(hpkp.security.type).toBe('hpkp');
    const staple = one({
      'expect-staple-report': {
        hostname: 'www.example.com',
        'response-status': 'ERROR_RESPONSE',
        'cert-status': 'REVOKED',
      },
    });
    expect(staple.event).toMatchObject({
      logentry: { formatted: "Expect-Staple failed for 'www.example.com'" },
      fingerprint: ['expect-staple', 'www.example.com'],
    });
    expect(staple.security.report).toEqual({
      hostname: 'www.example.com',
      response_status: 'ERROR_RESPONSE',
      cert_status: 'REVOKED',
    });
  });
});

describe('what is not a report', () => {
  it.each([
    ['an empty body', '', [{ path: [], message: 'Body is empty' }]],
    ['not JSON', '{"csp-report":', [{ path: [], message: 'Body must be JSON' }]],
    ['a JSON string', '"csp"', [{ path: [], message: UNKNOWN_SHAPE }]],
    ['an object of another shape', { message: 'hello' }, [{ path: [], message: UNKNOWN_SHAPE }]],
    ['an empty list', [], [{ path: [], message: 'Body holds no report' }]],
  ])('%s: the body is refused whole', (_name, v, issues) => {
    expect(readSecurityReports(body(v))).toEqual({ ok: false, issues });
  });

  it.each([
    ['csp-report not an object', { 'csp-report': 'x' }, [{ path: ['csp-report'], message: 'Must be an object' }]],
    [
      'no directive at all',
      { 'csp-report': { 'blocked-uri': 'https://x/' } },
      [
        {
          path: ['csp-report', 'effective-directive'],
          message: 'A CSP report must name its effective or violated directive',
        },
      ],
    ],
    [
      'a directive that is no directive',
      { 'csp-report': { 'effective-directive': "'self' x" } },
      [
        {
          path: ['csp-report', 'effective-directive'],
          message: 'A CSP report must name its effective or violated directive',
        },
      ],
    ],
    [
      'a field of the wrong type',
      { 'csp-report': { 'effective-directive': 'img-src', 'blocked-uri': 42, 'line-number': -1 } },
      [
        { path: ['csp-report', 'blocked-uri'], message: 'Must be a string' },
        { path: ['csp-report', 'line-number'], message: 'Must be a non-negative integer' },
      ],
    ],
    [
      'Expect-CT without a hostname',
      { 'expect-ct-report': { port: 443 } },
      [{ path: ['expect-ct-report', 'hostname'], message: 'A certificate report must name its hostname' }],
    ],
    [
      'HPKP with pins that are not strings',
      { hostname: 'a.example', 'known-pins': [1] },
      [{ path: ['known-pins'], message: 'Must be an array of strings' }],
    ],
    [
      'a Reporting API report without a body',
      { type: 'csp-violation', body: null },
      [{ path: ['body'], message: 'Must be an object' }],
    ],
  ])('%s: that report is refused, naming the field', (_name, v, issues) => {
    expect(readSecurityReports(body(v))).toEqual({ ok: true, reports: [], refused: [issues], unsupported: 0 });
  });

  it('in a list, each bad report is refused on its own and its siblings are read', () => {
    const r = ok(
      readSecurityReports(
        body([
          REPORTING_IMAGE,
          'x',
          { type: 7 },
          { type: 'csp-violation', body: { effectiveDirective: 'img-src', lineNumber: 'x' } },
        ]),
      ),
    );
    expect(r.reports.map((x) => x.path)).toEqual([[0]]);
    expect(r.refused).toEqual([
      [{ path: [1], message: 'Must be a report object' }],
      [{ path: [2, 'type'], message: 'Must be a string' }],
      [{ path: [3, 'body', 'lineNumber'], message: 'Must be a non-negative integer' }],
    ]);
  });

  it(`at most ${MAX_REPORTS} reports of one body are read; the rest are refused, each`, () => {
    const r = ok(readSecurityReports(body(Array.from({ length: MAX_REPORTS + 2 }, () => REPORTING_IMAGE))));
    expect([r.reports.length, r.refused.length]).toEqual([MAX_REPORTS, 2]);
    expect(r.refused[0]).toEqual([{ path: [MAX_REPORTS], message: `At most ${MAX_REPORTS} reports a request` }]);
  });

  it.each([
    ['application/csp-report', true],
    ['application/reports+json', true],
    ['application/json; charset=utf-8', true],
    ['application/expect-ct-report+json', true],
    ['Application/CSP-Report', true],
    ['text/plain', false],
    [undefined, false],
  ])('Content-Type %s accepted: %s', (type, accepted) => {
    expect(isSecurityContentType(type)).toBe(accepted);
  });
});
