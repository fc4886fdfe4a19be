import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, transactionEnvelopeSchema } from '@/lib/envelope/schemas';
import type { ErrorEnvelope, TransactionEnvelope } from '@/lib/envelope/schemas';
import { decideIpAddress } from '@/lib/ingest/enrich/scrubbing/ip-address';
import { DEFAULT_PRIVACY, scrubPolicyOf, type PrivacySettings } from '@/lib/ingest/enrich/scrubbing/policy';
import { FILTERED as F, type ScrubPolicy } from '@/lib/ingest/enrich/scrubbing/rules';
import { scrubItem } from '@/lib/ingest/enrich/scrubbing/scrub-item';
import { ERROR_FIELDS, TRANSACTION_FIELDS } from './fields';

/** What the events kind does to an error before storing it: the declared fields scrubbed, the IP address decided. */
function scrubErrorEnvelope(env: ErrorEnvelope, p: ScrubPolicy, clientAddress: string | undefined): ErrorEnvelope {
  scrubItem(env, ERROR_FIELDS, p);
  decideIpAddress(env.user, p, clientAddress);
  return env;
}
const scrubTransactionEnvelope = (t: TransactionEnvelope, p: ScrubPolicy) => scrubItem(t, TRANSACTION_FIELDS, p);

const policy = (s: Partial<PrivacySettings> = {}) => scrubPolicyOf({ ...DEFAULT_PRIVACY, ...s });

function envelope() {
  return errorEnvelopeSchema.parse({
    exception: {
      type: 'Error',
      value: 'charge failed for card 4111 1111 1111 1111',
      stacktrace: {
        frames: [
          {
            filename: 'https://admin:hunter2@shop.example/app.js',
            lineno: 1,
            function: 'pay',
            context_line: 'const key = "AKIAIOSFODNN7EXAMPLE"',
            pre_context: ['if (token==expected) {'],
          },
        ],
      },
      causes: [{ type: 'Error', value: 'upstream said Bearer abc.def' }],
    },
    user: { id: 'u1', email: 'ann@example.com', ip_address: '{{auto}}' },
    tags: { session_id: 'abc', browser: 'Chrome' },
    request: {
      url: 'https://shop.example/pay?token=t0k&step=2',
      method: 'POST',
      headers: { Authorization: 'Basic YWJj', Cookie: 'sid=1', 'User-Agent': 'UA', 'X-Api-Key': 'k' },
      query_string: 'token=t0k&step=2',
      cookies: { sid: '1', theme: 'dark' },
      data: { email: 'ann@example.com', password: 'hunter2', nested: { api_key: 'k2', note: 'card 4242424242424242' } },
    },
    breadcrumbs: [
      { type: 'http', message: 'GET /me?password=x', data: { url: '/me?password=x', Authorization: 'Bearer y' } },
    ],
    extra: { secret: { deep: 1 }, orderId: 123456789012, list: ['password=a'] },
    contexts: {
      browser: { name: 'Chrome', version: '131' },
      app: { app_token: 'abc', build: '7' },
      // A context the team set (#58), nested: the same rules as extra at any depth.
      order: { id: 'o-1', payment: { card: '4111 1111 1111 1111', password: 'p4ss' }, notes: ['token=t0k'] },
      flags: { values: [{ flag: 'new-checkout', result: true }] },
    },
    logentry: { message: 'login %s with %s', params: ['ann', 'password=x'] },
    fingerprint: ['{{ default }}', '4111111111111111'],
    modules: { 'express-session': '1.18.0', jsonwebtoken: '9.0.0' },
  });
}

describe('scrubErrorEnvelope', () => {
  it('filters by key and by value everywhere an SDK puts data, keeping keys', () => {
    const e = scrubErrorEnvelope(envelope(), policy(), '203.0.113.9');
    expect(e.exception.value).toBe(`charge failed for card ${F}`);
    expect(e.exception.stacktrace.frames[0]).toMatchObject({
      filename: `https://admin:${F}@shop.example/app.js`,
      context_line: `const key = "${F}"`,
      pre_context: ['if (token==expected) {'],
    });
    expect(e.exception.causes?.[0].value).toBe(`upstream said Bearer ${F}`);
    expect(e.user).toEqual({ id: 'u1', email: 'ann@example.com', ip_address: '203.0.113.9' });
    expect(e.tags).toEqual({ session_id: F, browser: 'Chrome' });
    expect(e.request).toEqual({
      url: `https://shop.example/pay?token=${F}&step=2`,
      method: 'POST',
      headers: { Authorization: F, Cookie: F, 'User-Agent': 'UA', 'X-Api-Key': F },
      query_string: `token=${F}&step=2`,
      cookies: { sid: F, theme: F },
      data: { email: 'ann@example.com', password: F, nested: { api_key: F, note: `card ${F}` } },
    });
    expect(e.breadcrumbs?.[0]).toEqual({
      type: 'http',
      message: `GET /me?password=${F}`,
      data: { url: `/me?password=${F}`, Authorization: F },
    });
    expect(e.extra).toEqual({ secret: F, orderId: 123456789012, list: [`password=${F}`] });
    expect(e.contexts?.app).toEqual({ app_token: F, build: '7' });
    expect(e.contexts?.browser).toEqual({ name: 'Chrome', version: '131' });
    expect(e.contexts?.order).toEqual({ id: 'o-1', payment: { card: F, password: F }, notes: [`token=${F}`] });
    expect(e.contexts?.flags).toEqual({ values: [{ flag: 'new-checkout', result: true }] });
    expect(e.logentry?.params).toEqual(['ann', `password=${F}`]);
    expect(e.fingerprint).toEqual(['{{ default }}', F]);
    // Package names are not secrets.
    expect(e.modules).toEqual({ 'express-session': '1.18.0', jsonwebtoken: '9.0.0' });
  });

  it('safe fields are kept as sent', () => {
    const e = scrubErrorEnvelope(envelope(), policy({ safeFields: ['session_id', 'sid'] }), undefined);
    expect(e.tags?.session_id).toBe('abc');
    expect(e.request?.cookies).toEqual({ sid: '1', theme: F });
  });

  it('with the defaults off nothing is filtered but the project’s own fields', () => {
    const e = scrubErrorEnvelope(
      envelope(),
      policy({ scrubDefaults: false, sensitiveFields: ['theme'] }),
      '203.0.113.9',
    );
    expect(e.exception.value).toBe('charge failed for card 4111 1111 1111 1111');
    expect(e.request?.headers?.Authorization).toBe('Basic YWJj');
    expect(e.request?.cookies).toEqual({ sid: '1', theme: F });
    expect(e.extra?.secret).toEqual({ deep: 1 });
  });

  it('IP addresses: {{auto}} is the sender’s address, dropped entirely when the project says so', () => {
    expect(scrubErrorEnvelope(envelope(), policy(), undefined).user).toEqual({ id: 'u1', email: 'ann@example.com' });
    const dropped = scrubErrorEnvelope(envelope(), policy({ scrubIpAddresses: true }), '203.0.113.9');
    expect(dropped.user).toEqual({ id: 'u1', email: 'ann@example.com' });
    const literal = errorEnvelopeSchema.parse({ ...envelope(), user: { id: 'u', ip_address: '198.51.100.4' } });
    expect(scrubErrorEnvelope(literal, policy(), '203.0.113.9').user?.ip_address).toBe('198.51.100.4');
    expect(
      scrubErrorEnvelope(literal, policy({ scrubIpAddresses: true }), '203.0.113.9').user?.ip_address,
    ).toBeUndefined();
  });
});

describe('scrubTransactionEnvelope', () => {
  it('filters secrets out of the name', () => {
    const t = transactionEnvelopeSchema.parse({
      type: 'transaction',
      name: 'GET /reset?token=abc',
      duration: 1,
      timestamp: 1_700_000_000_000,
    });
    expect(scrubTransactionEnvelope(t, policy()).name).toBe(`GET /reset?token=${F}`);
  });
});
