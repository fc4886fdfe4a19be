// Browser security reports (#58) are error events counted apart: the project's scrubbing rules, the extension filter,
// the key's rate limit (a token per report), the monthly quota and the Stats page's `security` category.
import { afterEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { clock, monthOf } from '@/lib/clock';
import { monthlyEventLimit } from '@/lib/billing/plans';
import { TestClient } from '../support/client';
import {
  CSP,
  cspReport,
  eventsOf,
  failed,
  issuesOf,
  latestEvent,
  outcomesOf,
  REPORTS,
  setup,
  UA,
  violation,
  type Setup,
} from './security-report-helpers';

afterEach(() => {
  clock.reset();
  delete process.env.INGEST_RATE_LIMIT_PER_SECOND;
});

describe('security reports: privacy, filters, rate limit, quota and Stats', () => {
  const post = (t: Setup, body: unknown, type = CSP) =>
    new TestClient().post(`/api/${t.project.number}/security/`, body, {
      headers: { 'content-type': type, 'user-agent': UA },
      query: { sentry_key: t.key },
    });

  it("the project's scrubbing rules apply to the report's URLs, the request and the tags", async () => {
    const t = await setup();
    const url = 'https://shop.example/pay?token=s3cr3t-value&step=2';
    const res = await post(
      t,
      cspReport({
        'document-uri': url,
        referrer: 'https://shop.example/?session=abc123',
        'blocked-uri': 'https://evil.example.com/steal?card=4111 1111 1111 1111',
      }),
    );
    expect(res.status).toBe(200);
    const [issue] = await issuesOf(t);
    const event = await latestEvent(t, issue.id);
    expect(event.request.url).toBe('https://shop.example/pay?token=[Filtered]&step=2');
    expect(event.request.headers.Referer).toBe('https://shop.example/?session=[Filtered]');
    expect(event.security.report).toMatchObject({
      document_uri: 'https://shop.example/pay?token=[Filtered]&step=2',
      referrer: 'https://shop.example/?session=[Filtered]',
      blocked_uri: 'https://evil.example.com/steal?card=[Filtered]',
    });
    // A tag never carries the query string (nor, then, what was in it).
    expect(event.tags['blocked-uri']).toBe('https://evil.example.com/steal');
    expect(JSON.stringify(event)).not.toMatch(/s3cr3t|abc123|4111/);
  });

  it('with the browser-extensions filter on (the default), what extensions make a policy block is filtered', async () => {
    const t = await setup();
    const fromExtension = [
      violation({ effectiveDirective: 'script-src-elem', blockedURL: 'chrome-extension://abcdefgh/inject.js' }),
      violation({
        effectiveDirective: 'img-src',
        blockedURL: 'https://x.example/a.png',
        sourceFile: 'moz-extension://1234/c.js',
      }),
      violation({ effectiveDirective: 'img-src', blockedURL: 'https://cdn.example/a.png' }),
    ];
    expect((await post(t, fromExtension, REPORTS)).status).toBe(200);
    expect((await issuesOf(t)).map((i) => i.title)).toEqual(["Blocked 'image' from 'cdn.example'"]);
    expect(await outcomesOf(t.project.id)).toEqual({
      'security/accepted/': 1,
      'security/filtered/browser_extensions': 2,
    });
    expect(
      (await t.client.patch(`/api/v1/projects/${t.project.id}/filters`, { browserExtensions: false })).status,
    ).toBe(200);
    expect((await post(t, fromExtension.slice(0, 1), REPORTS)).status).toBe(200);
    expect((await issuesOf(t)).map((i) => i.title)).toContain("Blocked 'script' from 'chrome-extension://abcdefgh'");
  });

  it("each report takes a token of the key's rate limit, all or none", async () => {
    const t = await setup();
    // 0.1 a second: a burst of one token.
    process.env.INGEST_RATE_LIMIT_PER_SECOND = '0.1';
    const two = [
      violation({ effectiveDirective: 'img-src', blockedURL: 'https://a.example/1.png' }),
      violation({ effectiveDirective: 'img-src', blockedURL: 'https://b.example/2.png' }),
    ];
    const res = await post(t, two, REPORTS);
    expect([res.status, res.body]).toEqual([429, failed(429, 'Rate limit exceeded')]);
    expect(res.headers.get('x-sentry-rate-limits')).toBe('10::key');
    expect(await eventsOf(t.project.id)).toBe(0);
    expect(await outcomesOf(t.project.id)).toEqual({ 'security/rate_limited/key_rate_limit': 2 });
    const refused = await post(t, cspReport());
    expect(refused.status).toBe(429);
    expect(await outcomesOf(t.project.id)).toEqual({ 'security/rate_limited/key_rate_limit': 3 });
  });

  it("reports count against the month's quota as events; over it, refused 429 and counted over_quota", async () => {
    const t = await setup();
    expect((await post(t, cspReport())).status).toBe(200);
    const usage = (await t.client.get('/api/v1/usage')).body.data;
    expect(usage.used).toBe(1);
    const limit = monthlyEventLimit('FREE');
    await db.monthlyUsage.update({
      where: { orgId_month: { orgId: t.orgId, month: monthOf(clock.now()) } },
      data: { used: limit, errors: limit },
    });
    const res = await post(t, cspReport({ 'blocked-uri': 'https://other.example/' }));
    expect([res.status, res.body]).toEqual([429, failed(429, 'Monthly event quota exceeded')]);
    expect(res.headers.get('x-sentry-rate-limits')).toBe(
      '60:error;default;security;transaction;span:organization:usage_exceeded',
    );
    expect(await outcomesOf(t.project.id)).toEqual({
      'security/accepted/': 1,
      'security/over_quota/usage_exceeded': 1,
    });
  });

  it('the Stats page counts them in their own category; with errors they are the events the quota counts', async () => {
    const t = await setup();
    expect(
      (await post(t, [violation({ effectiveDirective: 'img-src', blockedURL: 'https://a.example/' })], REPORTS)).status,
    ).toBe(200);
    expect((await post(t, cspReport())).status).toBe(200);
    expect((await post(t, 'nope')).status).toBe(400);
    const stats = (await t.client.get(`/api/v1/projects/${t.project.id}/stats`)).body.data;
    expect(
      stats.categories.map((c: { category: string; totals: Record<string, number> }) => [
        c.category,
        c.totals.accepted,
        c.totals.invalid,
      ]),
    ).toEqual([['security', 2, 1]]);
    expect(stats.month.accepted).toMatchObject({ error: 0, security: 2 });
    const usage = (await t.client.get('/api/v1/usage')).body.data;
    expect(stats.month.accepted.error + stats.month.accepted.security).toBe(usage.used);
    const only = (await t.client.get(`/api/v1/projects/${t.project.id}/stats`, { query: { category: 'security' } }))
      .body.data;
    expect(only.totals).toMatchObject({ accepted: 2, invalid: 1 });
  });
});
