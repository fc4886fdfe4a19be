// Alert delivery (#6): ERROR_RATE rules fire when the count of the window reaches the threshold, exactly at its edges
// and once under concurrent events, then cool down for one window.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxFor, uniqueEmail } from '../support/accounts';
import { alertProject as setup, settle } from '../support/alerts';
import { useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';
import { clock } from '@/lib/clock';
import { db } from '@/lib/db';

const receiver = useAlertWorkers();
afterEach(() => clock.reset());

describe('ERROR_RATE alerts', () => {
  it('fires when the window count reaches the threshold, with the spec body and email, then cools down for one window', async () => {
    const hook = await receiver();
    const s = await setup('Shop');
    const email = uniqueEmail('rate');
    const rule = await s.rule({
      name: 'Spike',
      type: 'ERROR_RATE',
      threshold: 3,
      windowMinutes: 5,
      webhookUrl: hook.url,
      notifyEmail: email,
    });
    clock.set(Date.now());

    await s.ingest();
    clock.advance(1_000);
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
    clock.advance(1_000);
    await s.ingest();
    const [req] = await hook.waitFor(1);
    expect(req.json).toEqual({
      type: 'error_rate',
      projectName: 'Shop',
      count: 3,
      threshold: 3,
      windowMinutes: 5,
      issuesUrl: `http://localhost:3000/projects/${s.project.id}/issues`,
    });
    expect(req.headers['x-webhook-signature']).toBe(
      `sha256=${crypto.createHmac('sha256', rule.webhookSecret).update(req.body).digest('hex')}`,
    );
    await waitUntil(() => outboxFor(email, 'error-rate').length === 1);
    const mail = outboxFor(email, 'error-rate')[0];
    expect(mail.data).toEqual({
      projectName: 'Shop',
      ruleName: 'Spike',
      count: 3,
      threshold: 3,
      windowMinutes: 5,
      issuesUrl: `http://localhost:3000/projects/${s.project.id}/issues`,
    });
    expect(mail.html).toContain(`/projects/${s.project.id}/issues`);
    expect(mail.text).toMatch(/3 error events arrived in the last 5 minutes/);
    const firedAt = clock.now();
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).lastTriggeredAt).toEqual(firedAt);

    // Within the cooldown: more events, no more alerts.
    clock.advance(4 * 60_000);
    for (let i = 0; i < 4; i++) await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(1);

    // One full window after firing, with the threshold reached again inside the new window: fires again.
    clock.set(firedAt.getTime() + 5 * 60_000 + 1_000);
    await s.ingest();
    await hook.waitFor(2);
    expect(hook.requests[1].json).toMatchObject({ type: 'error_rate', count: 5, threshold: 3, windowMinutes: 5 });
    await waitUntil(() => outboxFor(email, 'error-rate').length === 2);
    await settle();
    expect(hook.requests).toHaveLength(2);
  });

  it('counts exactly the events received after now - window, to the millisecond, across minute buckets', async () => {
    const hook = await receiver();
    const s = await setup();
    const fire = Date.parse('2026-06-01T12:07:30.500Z');
    const since = fire - 5 * 60_000; // 12:02:30.500, inside the minute bucket 12:02
    // Received: one ms before the window (out), its first ms (out: the window is > since), one ms after (in),
    // the last ms of the partial minute (in), a whole minute (in) and the current minute (in).
    for (const at of [
      since - 1,
      since,
      since + 1,
      Date.parse('2026-06-01T12:02:59.999Z'),
      Date.parse('2026-06-01T12:03:00.000Z'),
      fire - 1_000,
    ]) {
      clock.set(at);
      await s.ingest();
    }
    await s.rule({ name: 'Exact', type: 'ERROR_RATE', threshold: 5, windowMinutes: 5, webhookUrl: hook.url });
    clock.set(fire);
    await s.ingest();
    const [req] = await hook.waitFor(1);
    expect(req.json).toMatchObject({ type: 'error_rate', count: 5, threshold: 5, windowMinutes: 5 });
  });

  it("one event short of the threshold at the window's edge does not fire", async () => {
    const hook = await receiver();
    const s = await setup();
    const fire = Date.parse('2026-06-01T12:07:30.500Z');
    for (const at of [fire - 5 * 60_000, fire - 5 * 60_000 + 1]) {
      clock.set(at);
      await s.ingest();
    }
    await s.rule({ name: 'Edge', type: 'ERROR_RATE', threshold: 3, windowMinutes: 5, webhookUrl: hook.url });
    clock.set(fire);
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
  });

  it('after the window passes with too few new events, it does not fire', async () => {
    const hook = await receiver();
    const s = await setup();
    await s.rule({ name: 'Spike', type: 'ERROR_RATE', threshold: 2, windowMinutes: 1, webhookUrl: hook.url });
    clock.set(Date.now());
    await s.ingest();
    clock.advance(61_000);
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
  });

  it('fires exactly once under 50 concurrent events', async () => {
    const hook = await receiver();
    const s = await setup();
    const rule = await s.rule({
      name: 'Flood',
      type: 'ERROR_RATE',
      threshold: 10,
      windowMinutes: 10,
      webhookUrl: hook.url,
    });
    await Promise.all(Array.from({ length: 50 }, (_, i) => s.ingest(`g${i % 5}`)));
    expect(await db.event.count({ where: { projectId: s.project.id } })).toBe(50);
    await hook.waitFor(1);
    await settle();
    expect(hook.requests).toHaveLength(1);
    expect(hook.requests[0].json.count).toBeGreaterThanOrEqual(10);
    expect(hook.requests[0].json.count).toBeLessThanOrEqual(50);
    expect(await s.logs(rule.id)).toHaveLength(1);
  });
});
