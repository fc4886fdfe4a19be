import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { registerUser } from './accounts';

// A project a team has used for a day, for specs that look at every page (#60): issues with a trace and a release,
// transactions of several names, log lines (one with a long URL), a session replay, a transaction profile recorded
// by sentry-python, a cron monitor, user feedback and an alert rule. Sent as the SDKs send them, to the envelope
// endpoint.

const PROFILE_FIXTURE = path.join(
  import.meta.dirname,
  '../../tests/fixtures/profiles/sentry-python-1.9.10-transaction-profile.envelope',
);

export type BusyProject = {
  user: { name: string; email: string; password: string };
  organizationName: string;
  project: { id: string; number: number; name: string };
  issueId: string;
  eventId: string;
  traceId: string;
  replayId: string;
  profileId: string;
  release: string;
  transaction: string;
};

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

type Item = { header: Record<string, unknown>; payload: string | object };

/** Logs `request` in as a new verified account with one project named `projectName`, and fills the project. */
export async function seedBusyProject(
  request: APIRequestContext,
  names: { person: string; project: string },
): Promise<BusyProject> {
  const user = await registerUser(request, { name: names.person, verify: true });
  const login = await request.post('/api/v1/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/v1/projects', { data: { name: names.project, platform: 'javascript' } });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()).data as BusyProject['project'] & { keys: { publicKey: string }[] };

  const send = async (items: Item[]) => {
    const lines = [JSON.stringify({ sent_at: new Date().toISOString() })];
    for (const { header, payload } of items) {
      const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
      lines.push(JSON.stringify({ ...header, length: Buffer.byteLength(body) }), body);
    }
    const res = await request.post(`/api/${project.number}/envelope/`, {
      headers: { 'x-sentry-auth': `Sentry sentry_key=${project.keys[0].publicKey}, sentry_version=7` },
      data: lines.join('\n'),
    });
    expect(res.status(), await res.text()).toBe(200);
  };

  const now = Date.now() / 1000;
  const traceId = hex(16);
  const replayId = hex(16);
  const release = 'storefront@2.4.1';
  const transaction = '/checkout/:cartId/payment';
  const frames = [
    { filename: 'https://shop.example/static/js/cart.js', function: 'submitOrder', lineno: 118, in_app: true },
    { filename: 'https://shop.example/static/js/checkout.js', function: 'applyCoupon', lineno: 42, in_app: true },
  ];
  const context = {
    release,
    environment: 'production',
    platform: 'javascript',
    request: { url: 'https://shop.example/checkout/8812/payment?step=card&coupon=WINTER-SALE-2026' },
    contexts: { trace: { trace_id: traceId, span_id: hex(8) }, browser: { name: 'Chrome', version: '131.0' } },
    tags: { replayId },
  };
  for (const [type, value] of [
    ['TypeError', "Cannot read properties of undefined (reading 'discount')"],
    ['RangeError', 'Invalid array length while splitting the order into parcels for international delivery'],
    ['NetworkError', 'Failed to fetch https://payments.example/api/v2/intents/pi_3Nc8sKLkdIwHu7ix0qV2b5Zr'],
  ])
    await send([
      {
        header: { type: 'event' },
        payload: {
          event_id: hex(16),
          timestamp: now - 120,
          level: 'error',
          exception: { values: [{ type, value, stacktrace: { frames } }] },
          breadcrumbs: { values: [{ timestamp: now - 121, category: 'ui.click', message: 'button#pay' }] },
          ...context,
        },
      },
    ]);

  for (const [i, name] of [transaction, '/checkout', 'GET /api/products/:id/recommendations', '/'].entries())
    await send([
      {
        header: { type: 'transaction' },
        payload: {
          type: 'transaction',
          event_id: hex(16),
          transaction: name,
          start_timestamp: now - 60 - i,
          timestamp: now - 59.4 - i,
          release,
          environment: 'production',
          contexts: { trace: { trace_id: i === 0 ? traceId : hex(16), span_id: hex(8), op: 'pageload' } },
          spans: [],
        },
      },
    ]);

  await send([
    {
      header: { type: 'log', item_count: 3, content_type: 'application/vnd.sentry.items.log+json' },
      payload: {
        items: [
          {
            timestamp: now - 30,
            level: 'info',
            trace_id: traceId,
            body: 'Payment intent confirmed for the order after the customer completed the card challenge in the bank popup',
          },
          {
            timestamp: now - 29,
            level: 'warn',
            trace_id: traceId,
            body: 'Retrying https://payments.example/api/v2/intents/pi_3Nc8sKLkdIwHu7ix0qV2b5Zr/confirm?expand[]=latest_charge&idempotency_key=7f1c2a9e-44b1-4c6e-9a0f-3c2d1e0b9a87',
          },
          { timestamp: now - 28, level: 'error', trace_id: traceId, body: 'Order 8812 failed' },
        ],
      },
    },
  ]);

  const replayEvent = {
    type: 'replay_event',
    replay_id: replayId,
    segment_id: 0,
    replay_type: 'session',
    timestamp: now - 100,
    replay_start_timestamp: now - 130,
    urls: ['https://shop.example/checkout/8812/payment'],
    error_ids: [],
    trace_ids: [traceId],
    release,
    environment: 'production',
    platform: 'javascript',
    user: { id: 'u-42', email: 'ada@example.com' },
    contexts: { browser: { name: 'Chrome', version: '131.0' }, os: { name: 'Android' }, device: { model: 'Pixel 8' } },
    sdk: { name: 'sentry.javascript.browser', version: '11.0.0' },
  };
  const rrweb = [
    {
      type: 4,
      timestamp: (now - 130) * 1000,
      data: { href: 'https://shop.example/checkout', width: 390, height: 844 },
    },
    { type: 2, timestamp: (now - 130) * 1000 + 5, data: { node: { type: 0, childNodes: [], id: 1 } } },
  ];
  await send([
    { header: { type: 'replay_event' }, payload: replayEvent },
    { header: { type: 'replay_recording' }, payload: `${JSON.stringify({ segment_id: 0 })}\n${JSON.stringify(rrweb)}` },
  ]);

  // A transaction profile as sentry-python 1.9.10 recorded it, moved to now.
  const [, , profileText, , txText] = fs.readFileSync(PROFILE_FIXTURE, 'utf8').split('\n');
  const profile = JSON.parse(profileText);
  const tx = JSON.parse(txText);
  const shift = Date.now() - 90_000 - Date.parse(tx.timestamp);
  const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  profile.timestamp = moved(profile.timestamp);
  tx.timestamp = moved(tx.timestamp);
  tx.start_timestamp = moved(tx.start_timestamp);
  for (const sp of tx.spans) {
    sp.start_timestamp = moved(sp.start_timestamp);
    sp.timestamp = moved(sp.timestamp);
  }
  await send([
    { header: { type: 'profile' }, payload: profile },
    { header: { type: 'transaction' }, payload: tx },
  ]);

  await send([
    {
      header: { type: 'check_in' },
      payload: {
        check_in_id: hex(16),
        monitor_slug: 'nightly-invoice-export',
        status: 'ok',
        duration: 12.5,
        monitor_config: { schedule: { type: 'crontab', value: '0 3 * * *' }, timezone: 'UTC' },
      },
    },
    {
      header: { type: 'feedback' },
      payload: {
        event_id: hex(16),
        timestamp: now - 20,
        contexts: {
          feedback: {
            message: 'The pay button does nothing on my phone after I enter the coupon code.',
            contact_email: 'ada@example.com',
            name: 'Ada',
            url: 'https://shop.example/checkout/8812/payment',
            replay_id: replayId,
          },
          trace: { trace_id: traceId, span_id: hex(8) },
        },
      },
    },
  ]);

  const rule = await request.post(`/api/v1/projects/${project.id}/alerts`, {
    data: { name: 'Every new checkout error', type: 'NEW_ISSUE', notifyEmail: 'oncall@example.com' },
  });
  expect(rule.status(), await rule.text()).toBe(201);

  const ids = async <T>(url: string, pick: (data: unknown) => T[]) => {
    let found: T[] = [];
    await expect
      .poll(
        async () => {
          found = pick((await (await request.get(url)).json()).data);
          return found.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    return found;
  };
  const base = `/api/v1/projects/${project.id}`;
  const [issue] = await ids(`${base}/issues`, (d) => (d as { issues: { id: string }[] }).issues);
  const [event] = await ids(`${base}/issues/${issue.id}/events`, (d) => (d as { events: { id: string }[] }).events);
  const [prof] = await ids(`${base}/profiles`, (d) => (d as { profiles: { id: string }[] }).profiles);
  await ids(`${base}/replays`, (d) => (d as { replays: unknown[] }).replays);
  const me = (await (await request.get('/api/v1/auth/me')).json()).data as { organization: { name: string } };
  return {
    user,
    organizationName: me.organization.name,
    project: { id: project.id, number: project.number, name: project.name },
    issueId: issue.id,
    eventId: event.id,
    traceId,
    replayId,
    profileId: prof.id,
    release,
    transaction,
  };
}
