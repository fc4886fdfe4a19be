// Browser security reports (#58) at Sentry's `/api/<number>/security/` (and its older `/csp-report/`), through the App
// Router's route and the node:http adapter `npm start` serves, which answer alike: what is stored of each report and
// how it is grouped, every bad body with its exact answer, another project's key, the preflight. The rate limit,
// quota, scrubbing, filters and Stats: ./security-reports-limits.test.ts; Chromium's own reports:
// ./security-reports-chromium.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveIngest } from '@/lib/ingest/protocols/node-adapter';
import { UNKNOWN_SHAPE } from '@/lib/envelope/security/read-reports';
import { UNSUPPORTED_SECURITY_CONTENT_TYPE } from '@/lib/ingest/protocols/sentry/prepare-security';
import { TestClient } from '../support/client';
import {
  CSP,
  cspReport,
  eventsOf,
  failed,
  invalid,
  issuesOf,
  outcomesOf,
  REPORTS,
  setup,
  UA,
  violation,
  type Setup,
} from './security-report-helpers';

let server: http.Server;
let nodeClient: TestClient;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (!serveIngest(req, res)) res.writeHead(404, { 'x-handled-by': 'next' }).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  nodeClient = new TestClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const ADAPTERS: [string, () => TestClient][] = [
  ['App Router', () => new TestClient()],
  ['node adapter', () => nodeClient],
];

describe.each(ADAPTERS)('security endpoint (%s)', (_name, clientOf) => {
  const report = (
    t: Setup,
    body: unknown,
    opts: { type?: string; query?: Record<string, string>; headers?: Record<string, string>; path?: string } = {},
  ) =>
    clientOf().post(`/api/${t.project.number}/${opts.path ?? 'security'}/`, body, {
      headers: { 'content-type': opts.type ?? CSP, 'user-agent': UA, ...opts.headers },
      query: { sentry_key: t.key, ...opts.query },
    });

  it('a CSP report becomes an error event of an issue titled and grouped as Sentry does, every field kept', async () => {
    const t = await setup();
    const res = await report(t, cspReport(), {
      query: { sentry_environment: 'production', sentry_release: 'shop@2.1.0' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // The same directive and host from another page and script: the same issue.
    const again = cspReport({
      'document-uri': 'https://shop.example/cart',
      'blocked-uri': 'https://evil.example.com/y.js',
    });
    expect((await report(t, again)).status).toBe(200);

    const [issue] = await issuesOf(t);
    expect(issue).toMatchObject({
      title: "Blocked 'script' from 'evil.example.com'",
      culprit: 'script-src-elem',
      eventCount: 2,
    });
    const first = (
      await t.client.get(`/api/v1/projects/${t.project.id}/issues/${issue.id}/events`)
    ).body.data.events.at(-1);
    expect(first).toMatchObject({
      level: 'ERROR',
      message: "Blocked 'script' from 'evil.example.com'",
      environment: 'production',
      release: 'shop@2.1.0',
      stacktrace: null,
      tags: {
        'effective-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example.com/x.js',
        'blocked-host': 'evil.example.com',
      },
      request: { url: 'https://shop.example/checkout', headers: { 'User-Agent': UA } },
      contexts: { browser: { name: 'Chrome', version: '140.0.0.0' }, os: { name: 'Linux' } },
      security: {
        type: 'csp',
        report: {
          effective_directive: 'script-src-elem',
          violated_directive: 'script-src-elem',
          blocked_uri: 'https://evil.example.com/x.js',
          document_uri: 'https://shop.example/checkout',
          original_policy: "default-src 'self'; report-uri /api/1/security/",
          referrer: '',
          status_code: 200,
          script_sample: '',
          disposition: 'enforce',
        },
      },
    });
    // The sender's address, as Sentry keeps it for a report.
    expect(first.userContext.ip_address).toEqual(expect.any(String));
    expect(await outcomesOf(t.project.id)).toEqual({ 'security/accepted/': 2 });
  });

  it('a Reporting API list: one issue per directive and host; other report types and a bad report counted apart', async () => {
    const t = await setup();
    const list = [
      violation({ effectiveDirective: 'script-src-elem', blockedURL: 'https://evil.example.com/a.js' }),
      violation({ effectiveDirective: 'img-src', blockedURL: 'https://images.example.net/a.png' }),
      violation({ effectiveDirective: 'img-src', blockedURL: 'https://images.example.net/b.png' }),
      { type: 'deprecation', age: 0, url: 'https://shop.example/', body: { id: 'unload', message: 'unload' } },
      violation({ effectiveDirective: 'img-src', lineNumber: 'seven' }),
    ];
    const res = await report(t, list, { type: REPORTS });
    expect(res.status).toBe(200);
    expect((await issuesOf(t)).map((i) => [i.title, i.eventCount])).toEqual([
      ["Blocked 'image' from 'images.example.net'", 2],
      ["Blocked 'script' from 'evil.example.com'", 1],
    ]);
    expect(await outcomesOf(t.project.id)).toEqual({
      'security/accepted/': 3,
      'security/unsupported/not_stored': 1,
      'security/invalid/validation: body.lineNumber': 1,
    });
  });

  it('Expect-CT and HPKP reports: grouped by hostname; the older /csp-report/ path and X-Sentry-Auth serve too', async () => {
    const t = await setup();
    const ct = { 'expect-ct-report': { hostname: 'www.example.com', port: 443, 'date-time': '2026-01-02T03:04:05Z' } };
    const hpkp = { hostname: 'www.example.com', port: 443, 'known-pins': ['pin-sha256="abc="'] };
    expect((await report(t, ct, { type: 'application/expect-ct-report+json', path: 'csp-report' })).status).toBe(200);
    expect((await report(t, ct, { type: 'application/expect-ct-report+json' })).status).toBe(200);
    const viaHeader = await clientOf().post(`/api/${t.project.number}/security/`, hpkp, {
      headers: { 'content-type': 'application/json', 'x-sentry-auth': `Sentry sentry_key=${t.key}, sentry_version=7` },
    });
    expect(viaHeader.status).toBe(200);
    expect((await issuesOf(t)).map((i) => [i.title, i.culprit, i.eventCount])).toEqual([
      ["Expect-CT failed for 'www.example.com'", 'www.example.com', 2],
      ["Public key pinning validation failed for 'www.example.com'", 'www.example.com', 1],
    ]);
  });

  const tooLarge = `{"csp-report":{"effective-directive":"img-src","blocked-uri":"${'x'.repeat(1024 * 1024)}"}}`;
  const BAD: [string, number, unknown, { type?: string; headers?: Record<string, string> }, unknown, string][] = [
    ['not JSON', 400, '{"csp-report":', {}, invalid([{ path: [], message: 'Body must be JSON' }]), 'validation'],
    ['an empty body', 400, '', {}, invalid([{ path: [], message: 'Body is empty' }]), 'validation'],
    ['another shape', 400, { message: 'hi' }, {}, invalid([{ path: [], message: UNKNOWN_SHAPE }]), 'validation'],
    [
      'an empty list',
      400,
      [],
      { type: REPORTS },
      invalid([{ path: [], message: 'Body holds no report' }]),
      'validation',
    ],
    [
      'no directive',
      400,
      { 'csp-report': { 'blocked-uri': 'https://x.example/' } },
      {},
      invalid([
        {
          path: ['csp-report', 'effective-directive'],
          message: 'A CSP report must name its effective or violated directive',
        },
      ]),
      'validation: csp-report.effective-directive',
    ],
    [
      'a field of the wrong type',
      400,
      cspReport({ 'line-number': 'twelve' }),
      {},
      invalid([{ path: ['csp-report', 'line-number'], message: 'Must be a non-negative integer' }]),
      'validation: csp-report.line-number',
    ],
    [
      'Expect-CT without a hostname',
      400,
      { 'expect-ct-report': { port: 443 } },
      { type: 'application/expect-ct-report+json' },
      invalid([{ path: ['expect-ct-report', 'hostname'], message: 'A certificate report must name its hostname' }]),
      'validation: expect-ct-report.hostname',
    ],
    [
      'a list of bad reports only',
      400,
      [{ type: 'csp-violation' }, 'x'],
      { type: REPORTS },
      invalid([
        { path: [0, 'body'], message: 'Must be an object' },
        { path: [1], message: 'Must be a report object' },
      ]),
      'validation: body',
    ],
    [
      'a body that is not what its Content-Encoding says',
      400,
      'not gzip',
      { headers: { 'content-encoding': 'gzip' } },
      invalid([{ path: [], message: 'Body is not valid compressed data' }]),
      'invalid_compression',
    ],
    [
      'a media type browsers do not send reports as',
      415,
      cspReport(),
      { type: 'text/plain' },
      failed(415, UNSUPPORTED_SECURITY_CONTENT_TYPE),
      'unsupported_content_type',
    ],
    ['past 1 MiB', 413, tooLarge, {}, failed(413, 'Request body too large (limit 1 MiB)'), 'too_large'],
  ];

  it.each(BAD)(
    '%s → %i with its exact answer, nothing stored, counted invalid',
    async (_n, status, body, opts, answer, reason) => {
      const t = await setup();
      const res = await report(t, body, opts);
      expect([res.status, res.body]).toEqual([status, answer]);
      expect(await eventsOf(t.project.id)).toBe(0);
      const quantity = Array.isArray(body) && body.length > 0 ? body.length : 1;
      expect(await outcomesOf(t.project.id)).toEqual({ [`security/invalid/${reason}`]: quantity });
    },
  );

  it('a gzipped report is read like a plain one', async () => {
    const t = await setup();
    const res = await report(t, new Uint8Array(gzipSync(JSON.stringify(cspReport()))), {
      headers: { 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(await eventsOf(t.project.id)).toBe(1);
  });

  it("another project's key → 401, nothing stored in either project; no key → 401 saying how to send one", async () => {
    const mine = await setup('Mine');
    const theirs = await setup('Theirs');
    const res = await report({ ...mine, key: theirs.key }, cspReport());
    expect([res.status, res.body]).toEqual([401, failed(401, 'Invalid ingest key for this project')]);
    const none = await clientOf().post(`/api/${mine.project.number}/security/`, cspReport(), {
      headers: { 'content-type': CSP },
    });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/^Missing Sentry key/);
    expect([await eventsOf(mine.project.id), await eventsOf(theirs.project.id)]).toEqual([0, 0]);
  });

  it('a control character in the query is refused before anything is looked up', async () => {
    const t = await setup();
    const res = await report(t, cspReport(), { query: { sentry_environment: 'prod\u0000' } });
    expect([res.status, res.body]).toEqual([
      400,
      invalid([{ path: ['query', 'sentry_environment'], message: 'Must not contain control characters' }]),
    ]);
    expect(await eventsOf(t.project.id)).toBe(0);
  });

  it('OPTIONS preflight: any origin, the headers a Reporting API upload sends, as the other Sentry endpoints answer', async () => {
    const t = await setup();
    const res = await clientOf().request('OPTIONS', `/api/${t.project.number}/security/`, {
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    const envelope = await clientOf().request('OPTIONS', `/api/${t.project.number}/envelope/`, {
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    for (const h of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers'])
      expect(res.headers.get(h), h).toBe(envelope.headers.get(h));
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
  });
});
