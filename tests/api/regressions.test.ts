// Regressions (#20): a resolved issue reopened by an event is marked regressed, "resolve in next release" waits
// for a newer release, REGRESSION alert rules fire once per regression, and webhook rules choose their body format.
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { outboxFor, signUp, uniqueEmail } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';
import { errorEnvelope, send } from './ingest-helpers';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import * as alerts from '@/lib/alerts/after-ingest';
import { handleIngest } from '@/lib/ingest/protocols/native';
import { MAX_BATCH } from '@/lib/ingest/store/group-commit';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const receiver = useAlertWorkers();

/** Long enough for any further (wrongly enqueued) delivery to arrive: several polls. */
const settle = () => sleep(1_500);

async function setup(name = 'Checkout') {
  const account = await signUp();
  const project = await createProject(account.client, name);
  const key = project.keys[0].publicKey;
  const issuesPath = `/api/v1/projects/${project.id}/issues`;
  /** One error event through the real ingest route (fingerprint `group`), optionally of a release. */
  const ingest = async (group = 'a', release?: string) => {
    const res = await send({
      client: account.client,
      projectId: project.id,
      key,
      body: errorEnvelope({ fingerprint: [group], ...(release ? { release } : {}) }),
    });
    if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${res.text}`);
  };
  /** Many events at once, in-process, so they share batches (and fill several when there are more than MAX_BATCH). */
  const burst = (n: number, group = 'a') =>
    Promise.all(
      Array.from({ length: n }, () =>
        handleIngest({
          projectId: project.id,
          method: 'POST',
          headers: { 'x-ingest-auth': `ingest_key=${key}` },
          searchParams: new URLSearchParams(),
          body: Buffer.from(JSON.stringify(errorEnvelope({ fingerprint: [group] }))),
        }),
      ),
    );
  const issue = async (group = 'a') => {
    await ingest(group);
    const row = await db.issue.findFirstOrThrow({ where: { projectId: project.id }, orderBy: { createdAt: 'desc' } });
    return row.id;
  };
  const patch = (id: string, body: unknown) => account.client.patch(`${issuesPath}/${id}`, body);
  const get = async (id: string) => (await account.client.get(`${issuesPath}/${id}`)).body.data;
  const rule = async (body: Record<string, unknown>) => {
    const res = await account.client.post(`/api/v1/projects/${project.id}/alerts`, body);
    if (res.status !== 201) throw new Error(`create alert failed: ${res.status} ${res.text}`);
    return res.body.data as { id: string; webhookSecret: string };
  };
  const release = async (version: string) => {
    const res = await account.client.post(`/api/v1/projects/${project.id}/releases`, { version });
    if (res.status !== 201 && res.status !== 200) throw new Error(`create release failed: ${res.status} ${res.text}`);
  };
  const regressedEntries = (id: string) => db.issueActivity.count({ where: { issueId: id, type: 'REGRESSED' } });
  return { ...account, project, key, ingest, burst, issue, patch, get, rule, release, regressedEntries };
}

describe('regressed flag', () => {
  it('an event reopens a resolved issue: regressed + regressedAt in the API, a timeline entry; resolving again clears the mark', async () => {
    const s = await setup();
    const id = await s.issue();
    const fresh = await s.get(id);
    expect(fresh).toMatchObject({ status: 'UNRESOLVED', regressed: false, regressedAt: null, resolvedInRelease: null });

    expect((await s.patch(id, { status: 'RESOLVED' })).status).toBe(200);
    await s.ingest();
    const back = await s.get(id);
    expect(back).toMatchObject({ status: 'UNRESOLVED', regressed: true, eventCount: 2 });
    expect(back.regressedAt).toMatch(ISO);
    expect(await s.regressedEntries(id)).toBe(1);
    const activity = (await s.client.get(`/api/v1/projects/${s.project.id}/issues/${id}/activity`)).body.data;
    expect(activity.filter((a: { type: string }) => a.type === 'REGRESSED')).toEqual([
      expect.objectContaining({ type: 'REGRESSED', fromStatus: 'RESOLVED', toStatus: 'UNRESOLVED' }),
    ]);

    // More events while it is unresolved: still the same regression.
    await s.ingest();
    expect((await s.get(id)).regressedAt).toBe(back.regressedAt);
    expect(await s.regressedEntries(id)).toBe(1);
    // The list shows the same fields.
    const list = (await s.client.get(`/api/v1/projects/${s.project.id}/issues`)).body.data.issues;
    expect(list[0]).toMatchObject({ id, regressed: true, regressedAt: back.regressedAt });

    // Unresolve or ignore keep the mark; resolving clears it (the PATCH answer says so).
    expect((await s.patch(id, { status: 'IGNORED' })).body.data).toMatchObject({ status: 'IGNORED', regressed: true });
    const resolved = await s.patch(id, { status: 'RESOLVED' });
    expect(resolved.body.data).toMatchObject({ status: 'RESOLVED', regressed: false, regressedAt: null });
    await s.ingest();
    expect(await s.get(id)).toMatchObject({ status: 'UNRESOLVED', regressed: true });
    expect(await s.regressedEntries(id)).toBe(2);
  });

  it('an ignored issue stays ignored and is not marked; bulk resolve clears the mark', async () => {
    const s = await setup();
    const id = await s.issue();
    await s.patch(id, { status: 'IGNORED' });
    await s.ingest();
    expect(await s.get(id)).toMatchObject({ status: 'IGNORED', regressed: false });
    await s.patch(id, { status: 'RESOLVED' });
    await s.ingest();
    expect((await s.get(id)).regressed).toBe(true);
    const bulk = await s.client.post(`/api/v1/projects/${s.project.id}/issues/bulk`, { ids: [id], status: 'RESOLVED' });
    expect(bulk.status).toBe(200);
    expect(await s.get(id)).toMatchObject({ status: 'RESOLVED', regressed: false, regressedAt: null });
  });
});

describe('resolve in next release', () => {
  it('records the latest release; only an event of a newer one reopens the issue (older, same and no release do not)', async () => {
    const s = await setup();
    await s.release('1.0');
    await sleep(5);
    await s.release('1.1');
    const id = await s.issue();
    const res = await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Issue updated' });
    expect(res.body.data).toMatchObject({ id, status: 'RESOLVED', resolvedInRelease: '1.1', regressed: false });
    expect((await db.issue.findUniqueOrThrow({ where: { id } })).resolvedInAt).toEqual(
      (await db.release.findFirstOrThrow({ where: { projectId: s.project.id, version: '1.1' } })).createdAt,
    );

    const cases: [string, string | undefined][] = [
      ['an older release', '1.0'],
      ['the same release', '1.1'],
      ['no release', undefined],
    ];
    let count = 1;
    for (const [label, version] of cases) {
      await s.ingest('a', version);
      count++;
      const now = await s.get(id);
      expect(now, label).toMatchObject({
        status: 'RESOLVED',
        regressed: false,
        eventCount: count,
        resolvedInRelease: '1.1',
      });
    }
    expect(await s.regressedEntries(id)).toBe(0);

    // A release the project has never seen is newer.
    await s.ingest('a', '1.2');
    expect(await s.get(id)).toMatchObject({
      status: 'UNRESOLVED',
      regressed: true,
      resolvedInRelease: null,
      eventCount: count + 1,
    });
    expect(await s.regressedEntries(id)).toBe(1);
  });

  it('a release created after the resolve (by CI, before its first event) is newer too; one created before is not', async () => {
    const s = await setup();
    await s.release('2.0');
    const id = await s.issue();
    await sleep(5);
    await s.release('1.9-hotfix-created-later');
    await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    // The latest by creation order is the later one, whatever the version string says.
    expect((await s.get(id)).resolvedInRelease).toBe('1.9-hotfix-created-later');
    await s.ingest('a', '2.0');
    expect((await s.get(id)).status).toBe('RESOLVED');
    await sleep(5);
    await s.release('2.1');
    await s.ingest('a', '2.1');
    expect(await s.get(id)).toMatchObject({ status: 'UNRESOLVED', regressed: true });
  });

  it('a plain resolve afterwards drops the wait: any event reopens it', async () => {
    const s = await setup();
    await s.release('1.0');
    const id = await s.issue();
    await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    const plain = await s.patch(id, { status: 'RESOLVED' });
    expect(plain.body.data).toMatchObject({ status: 'RESOLVED', resolvedInRelease: null });
    await s.ingest('a', '1.0');
    expect(await s.get(id)).toMatchObject({ status: 'UNRESOLVED', regressed: true });
  });

  const bad: [string, unknown, { path: (string | number)[]; message: string }[]][] = [
    [
      'unknown resolveIn',
      { status: 'RESOLVED', resolveIn: 'nextWeek' },
      [{ path: ['resolveIn'], message: 'resolveIn must be nextRelease' }],
    ],
    [
      'resolveIn null',
      { status: 'RESOLVED', resolveIn: null },
      [{ path: ['resolveIn'], message: 'resolveIn must be nextRelease' }],
    ],
    [
      'resolveIn a number',
      { status: 'RESOLVED', resolveIn: 1 },
      [{ path: ['resolveIn'], message: 'resolveIn must be nextRelease' }],
    ],
    [
      'resolveIn with UNRESOLVED',
      { status: 'UNRESOLVED', resolveIn: 'nextRelease' },
      [{ path: ['resolveIn'], message: 'resolveIn is only allowed with status RESOLVED' }],
    ],
    [
      'resolveIn with IGNORED',
      { status: 'IGNORED', resolveIn: 'nextRelease' },
      [{ path: ['resolveIn'], message: 'resolveIn is only allowed with status RESOLVED' }],
    ],
    [
      'resolveIn without status',
      { resolveIn: 'nextRelease' },
      [{ path: ['status'], message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' }],
    ],
    [
      'lower-case status with resolveIn',
      { status: 'resolved', resolveIn: 'nextRelease' },
      [{ path: ['status'], message: 'Status must be one of UNRESOLVED, RESOLVED, IGNORED' }],
    ],
  ];
  it.each(bad)('PATCH 400 for %s, nothing changed', async (_label, body, error) => {
    const s = await setup();
    await s.release('1.0');
    const id = await s.issue();
    const before = await db.issue.findUniqueOrThrow({ where: { id } });
    const res = await s.patch(id, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message: 'Validation error', error });
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });

  it('PATCH 400 when the project has seen no release yet, nothing changed', async () => {
    const s = await setup();
    const id = await s.issue();
    const before = await db.issue.findUniqueOrThrow({ where: { id } });
    const res = await s.patch(id, { status: 'RESOLVED', resolveIn: 'nextRelease' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [
        {
          path: ['resolveIn'],
          message: 'No release has been seen in this project yet, so there is no next release to wait for',
        },
      ],
    });
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.issueActivity.count({ where: { issueId: id, type: 'STATUS' } })).toBe(0);
  });

  it('another organization gets 404 and changes nothing (its own project with a foreign issue id too)', async () => {
    const a = await setup();
    await a.release('1.0');
    const id = await a.issue();
    await a.patch(id, { status: 'RESOLVED' });
    await a.ingest();
    const before = await db.issue.findUniqueOrThrow({ where: { id } });
    expect(before.regressedAt).not.toBeNull();
    const b = await setup();
    await b.release('9.9');
    const attempts = [
      [
        b.client.patch(`/api/v1/projects/${a.project.id}/issues/${id}`, {
          status: 'RESOLVED',
          resolveIn: 'nextRelease',
        }),
        'Project not found',
      ],
      [
        b.client.patch(`/api/v1/projects/${b.project.id}/issues/${id}`, {
          status: 'RESOLVED',
          resolveIn: 'nextRelease',
        }),
        'Issue not found',
      ],
      [b.client.get(`/api/v1/projects/${b.project.id}/issues/${id}`), 'Issue not found'],
    ] as const;
    for (const [pending, message] of attempts) {
      const res = await pending;
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, status: 'failed', message });
    }
    expect(await db.issue.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });
});

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
