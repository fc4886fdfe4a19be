// Regressions (#20): REGRESSION alert rules fire once per regression, and webhook rules choose their body format.
import crypto from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { outboxFor, uniqueEmail } from '../support/accounts';
import { useAlertWorkers } from '../support/alert-workers';
import { settle } from '../support/alerts';
import { setup } from '../support/regressions';
import { waitUntil } from '../support/wait';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import * as alerts from '@/lib/alerts/after-ingest';
import { MAX_BATCH } from '@/lib/ingest/store/group-commit';

const receiver = useAlertWorkers();

describe('REGRESSION alert rules', () => {
  it('fire once per regression: webhook (our JSON, signed) and email; NEW_ISSUE rules stay quiet on a regression', async () => {
    const hook = await receiver();
    const s = await setup('Checkout');
    const email = uniqueEmail('oncall');
    const id = await s.issue();
    const rule = await s.rule({
      name: 'Came back',
      type: 'REGRESSION',
      webhookUrl: `${hook.url}/hooks/regression`,
      notifyEmail: email,
    });
    const newIssue = await s.rule({ name: 'New', webhookUrl: `${hook.url}/hooks/new` });

    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);

    await s.patch(id, { status: 'RESOLVED' });
    await s.ingest();
    const [req] = await hook.waitFor(1);
    const issue = await db.issue.findUniqueOrThrow({ where: { id } });
    expect(req.path).toBe('/hooks/regression');
    expect(req.json).toEqual({
      type: 'regression',
      projectName: 'Checkout',
      issue: {
        id,
        title: issue.title,
        culprit: issue.culprit,
        level: 'ERROR',
        status: 'UNRESOLVED',
        eventCount: 3,
        firstSeen: issue.firstSeen.toISOString(),
        projectId: s.project.id,
        regressedAt: issue.regressedAt!.toISOString(),
      },
      issueUrl: `http://localhost:3000/projects/${s.project.id}/issues/${id}`,
    });
    expect(req.headers['x-webhook-signature']).toBe(
      `sha256=${crypto.createHmac('sha256', rule.webhookSecret).update(req.body).digest('hex')}`,
    );
    await waitUntil(() => outboxFor(email, 'regression').length === 1);
    const mail = outboxFor(email, 'regression')[0];
    expect(mail.subject).toBe(`[Checkout] Regression: ${issue.title}`);
    expect(mail.data).toEqual({
      projectName: 'Checkout',
      title: issue.title,
      level: 'ERROR',
      culprit: issue.culprit,
      issueUrl: req.json.issueUrl,
    });

    // More events of the reopened issue: nothing more.
    await s.ingest();
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(1);
    expect(outboxFor(email, 'regression')).toHaveLength(1);
    const logs = (await s.client.get(`/api/v1/projects/${s.project.id}/alerts/${rule.id}/logs`)).body.data;
    expect(logs.map((l: { channel: string; success: boolean }) => [l.channel, l.success]).sort()).toEqual([
      ['email', true],
      ['webhook', true],
    ]);
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).lastTriggeredAt).not.toBeNull();
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: newIssue.id } })).lastTriggeredAt).toBeNull();

    // Resolved again and reopened again: a second regression, a second alert.
    await s.patch(id, { status: 'RESOLVED' });
    await s.ingest();
    await hook.waitFor(2);
    await settle();
    expect(hook.requests).toHaveLength(2);
  });

  it('fire once when many events of the regressed issue arrive together, in several batches at once', async () => {
    const hook = await receiver();
    const s = await setup();
    const id = await s.issue();
    await s.rule({ name: 'Came back', type: 'REGRESSION', webhookUrl: hook.url });
    await s.patch(id, { status: 'RESOLVED' });
    const spy = vi.spyOn(alerts, 'afterIngest');
    try {
      const n = MAX_BATCH * 2 + 50;
      const results = await s.burst(n);
      expect(results.every((r) => r.status === 200)).toBe(true);
      // Several batches did run (more than one afterIngest call), and exactly one event was the regression.
      expect(spy.mock.calls.length).toBeGreaterThan(1);
      expect(spy.mock.calls.flatMap((c) => c[0]).filter((e) => e.isRegression)).toHaveLength(1);
      expect((await db.issue.findUniqueOrThrow({ where: { id } })).eventCount).toBe(1 + n);
    } finally {
      spy.mockRestore();
    }
    await hook.waitFor(1);
    await settle();
    expect(hook.requests).toHaveLength(1);
    expect(await s.regressedEntries(id)).toBe(1);
  });

  it('a batch that waited on the issue row while a resolve committed reopens it (it reads the row it locked, not its snapshot), once', async () => {
    const hook = await receiver();
    const s = await setup();
    const id = await s.issue();
    await s.rule({ name: 'Came back', type: 'REGRESSION', webhookUrl: hook.url });
    // Another transaction resolves the issue and holds its row: the batch's snapshot still says unresolved.
    const other = await pool().connect();
    try {
      await other.query('BEGIN');
      await other.query(`UPDATE issues SET status = 'RESOLVED' WHERE id = $1`, [id]);
      const pending = s.burst(30);
      await sleep(400);
      await other.query('COMMIT');
      expect((await pending).every((r) => r.status === 200)).toBe(true);
    } finally {
      other.release();
    }
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'UNRESOLVED', eventCount: 31 });
    expect((await db.issue.findUniqueOrThrow({ where: { id } })).regressedAt).not.toBeNull();
    await hook.waitFor(1);
    // Later events of the reopened issue: no second alert.
    await s.burst(30);
    await settle();
    expect(hook.requests).toHaveLength(1);
    expect(await s.regressedEntries(id)).toBe(1);
  });

  it('another organization cannot read, change or delete a REGRESSION rule (404, nothing changed)', async () => {
    const a = await setup();
    const rule = await a.rule({
      name: 'Came back',
      type: 'REGRESSION',
      webhookUrl: 'https://hooks.example.com/a',
      webhookFormat: 'discord',
    });
    const before = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } });
    const b = await setup();
    const base = (projectId: string) => `/api/v1/projects/${projectId}/alerts`;
    const attempts = [
      [b.client.patch(`${base(a.project.id)}/${rule.id}`, { webhookFormat: 'slack' }), 'Project not found'],
      [
        b.client.patch(`${base(b.project.id)}/${rule.id}`, { webhookFormat: 'slack', type: 'NEW_ISSUE' }),
        'Alert rule not found',
      ],
      [b.client.get(`${base(b.project.id)}/${rule.id}/logs`), 'Alert rule not found'],
      [b.client.delete(`${base(b.project.id)}/${rule.id}`), 'Alert rule not found'],
    ] as const;
    for (const [pending, message] of attempts) {
      const res = await pending;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message });
    }
    expect(await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).toEqual(before);
    expect((await b.client.get(base(b.project.id))).body.data).toEqual([]);
  });

  it('a disabled REGRESSION rule does not fire', async () => {
    const hook = await receiver();
    const s = await setup();
    const id = await s.issue();
    await s.rule({ name: 'Paused', type: 'REGRESSION', webhookUrl: hook.url, enabled: false });
    await s.patch(id, { status: 'RESOLVED' });
    await s.ingest();
    await settle();
    expect(hook.requests).toHaveLength(0);
  });
});

describe('webhook body formats', () => {
  async function regressionOf(format: 'json' | 'slack' | 'discord') {
    const hook = await receiver();
    const s = await setup('Shop <&> "front"');
    const id = await s.issue();
    const rule = await s.rule({
      name: format,
      type: 'REGRESSION',
      webhookUrl: `${hook.url}/${format}`,
      webhookFormat: format,
    });
    await s.patch(id, { status: 'RESOLVED' });
    await s.ingest();
    const [req] = await hook.waitFor(1);
    const issue = await db.issue.findUniqueOrThrow({ where: { id } });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-webhook-signature']).toBe(
      `sha256=${crypto.createHmac('sha256', rule.webhookSecret).update(req.body).digest('hex')}`,
    );
    return { req, issue, url: `http://localhost:3000/projects/${s.project.id}/issues/${id}` };
  }

  it('slack: text plus blocks with the title linked to the issue, level, culprit and a button', async () => {
    const { req, issue, url } = await regressionOf('slack');
    const title = issue.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(req.json).toEqual({
      text: `Regression in Shop &lt;&amp;&gt; "front": ${title}`,
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Regression in Shop <&> "front"', emoji: false } },
        {
          type: 'section',
          text: { type: 'mrkdwn', text: `*<${url}|${title}>*` },
          fields: [
            { type: 'mrkdwn', text: '*Project*\nShop &lt;&amp;&gt; "front"' },
            { type: 'mrkdwn', text: '*Level*\nERROR' },
          ],
        },
        {
          type: 'context',
          elements: [
            { type: 'mrkdwn', text: `Culprit: \`${issue.culprit}\`` },
            { type: 'mrkdwn', text: 'A resolved issue received a new event and is unresolved again.' },
          ],
        },
        { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open the issue' }, url }] },
      ],
    });
  });

  it('discord: content plus an embed with title, culprit, level field, colour and url; mentions disabled', async () => {
    const { req, issue, url } = await regressionOf('discord');
    expect(req.json).toEqual({
      content: 'Regression in Shop <&> "front"',
      embeds: [
        {
          title: issue.title,
          description: `Culprit: ${issue.culprit}\nA resolved issue received a new event and is unresolved again.`,
          url,
          color: 0xdc2626,
          fields: [
            { name: 'Level', value: 'ERROR', inline: true },
            { name: 'Project', value: 'Shop <&> "front"', inline: true },
          ],
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  it('json (the default) keeps our body, byte for byte what JSON.stringify gives', async () => {
    const { req, issue, url } = await regressionOf('json');
    expect(req.body).toBe(
      JSON.stringify({
        type: 'regression',
        projectName: 'Shop <&> "front"',
        issue: {
          id: issue.id,
          title: issue.title,
          culprit: issue.culprit,
          level: 'ERROR',
          status: 'UNRESOLVED',
          eventCount: 2,
          firstSeen: issue.firstSeen.toISOString(),
          projectId: issue.projectId,
          regressedAt: issue.regressedAt!.toISOString(),
        },
        issueUrl: url,
      }),
    );
  });

  it('a NEW_ISSUE rule with the Discord format posts the new issue as a Discord message', async () => {
    const hook = await receiver();
    const s = await setup('Checkout');
    await s.rule({ name: 'new', webhookUrl: hook.url, webhookFormat: 'discord' });
    await s.ingest('fresh');
    const [req] = await hook.waitFor(1);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id } });
    expect(req.json).toMatchObject({
      content: 'New issue in Checkout',
      embeds: [
        {
          title: issue.title,
          description: `Culprit: ${issue.culprit}`,
          url: `http://localhost:3000/projects/${s.project.id}/issues/${issue.id}`,
          color: 0xdc2626,
        },
      ],
    });
  });
});
