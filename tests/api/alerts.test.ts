import { describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { TestClient } from '../support/client';
import { db } from '@/lib/db';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const alertsPath = (projectId: string) => `/api/v1/projects/${projectId}/alerts`;

async function owner() {
  const account = await signUp();
  const project = await createProject(account.client);
  return { ...account, project, base: alertsPath(project.id) };
}

async function createRule(client: TestClient, projectId: string, body: Record<string, unknown>) {
  const res = await client.post(alertsPath(projectId), body);
  if (res.status !== 201) throw new Error(`create alert failed: ${res.status} ${res.text}`);
  return res.body.data;
}

const NO_CHANNEL = { path: ['notifyEmail'], message: 'Give an email address or a webhook URL (or both)' };
const BAD_EMAIL = { path: ['notifyEmail'], message: 'Must be a valid email address' };
const BAD_URL = { path: ['webhookUrl'], message: 'Must be a valid http(s) URL' };
const BAD_THRESHOLD = { path: ['threshold'], message: 'Threshold must be a positive integer' };
const BAD_WINDOW = { path: ['windowMinutes'], message: 'Window must be a positive integer of minutes' };
const NEED_THRESHOLD = {
  path: ['threshold'],
  message: 'Give a threshold: the number of errors that triggers an error-rate rule',
};
const NEED_WINDOW = {
  path: ['windowMinutes'],
  message: 'Give a window: the number of minutes an error-rate rule counts over',
};
const BAD_TYPE = { path: ['type'], message: 'Type must be NEW_ISSUE, ERROR_RATE, REGRESSION, CRASH_FREE or MONITOR' };
const BAD_FORMAT = { path: ['webhookFormat'], message: 'Webhook format must be json, slack or discord' };

describe('alert rules CRUD', () => {
  it('creates a NEW_ISSUE rule with defaults and returns the webhook secret once', async () => {
    const { client, project, base } = await owner();
    const res = await client.post(base, {
      name: 'New issues',
      webhookUrl: 'https://hooks.example.com/x',
      threshold: 5,
      windowMinutes: 10,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ statusCode: 201, status: 'success', message: 'Alert created' });
    const rule = res.body.data;
    expect(rule).toEqual({
      id: expect.any(String),
      projectId: project.id,
      name: 'New issues',
      type: 'NEW_ISSUE',
      threshold: null,
      windowMinutes: null,
      notifyEmail: null,
      webhookUrl: 'https://hooks.example.com/x',
      webhookFormat: 'json',
      enabled: true,
      lastTriggeredAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      webhookSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const stored = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id }, omit: { webhookSecret: false } });
    expect(stored.webhookSecret).toBe(rule.webhookSecret);

    const list = await client.get(base);
    expect(list.status).toBe(200);
    expect(list.body.message).toBe('Alerts fetched');
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty('webhookSecret');
    const { webhookSecret: _secret, ...withoutSecret } = rule;
    expect(list.body.data[0]).toEqual(withoutSecret);

    const patched = await client.patch(`${base}/${rule.id}`, { name: 'Renamed' });
    expect(patched.status).toBe(200);
    expect(patched.body.message).toBe('Alert updated');
    expect(patched.body.data).not.toHaveProperty('webhookSecret');
    expect(patched.text).not.toContain(rule.webhookSecret);
    expect(list.text).not.toContain(rule.webhookSecret);
  });

  it('creates an ERROR_RATE rule with both channels, disabled on request', async () => {
    const { client, project } = await owner();
    const rule = await createRule(client, project.id, {
      name: 'Spike',
      type: 'ERROR_RATE',
      threshold: 50,
      windowMinutes: 5,
      notifyEmail: 'oncall@example.com',
      webhookUrl: 'http://hooks.example.com/spike',
      enabled: false,
    });
    expect(rule).toMatchObject({
      type: 'ERROR_RATE',
      threshold: 50,
      windowMinutes: 5,
      notifyEmail: 'oncall@example.com',
      enabled: false,
    });
  });

  it('creates a REGRESSION rule (no threshold or window kept) with a Discord webhook; PATCH switches the format and back to json', async () => {
    const { client, project, base } = await owner();
    const rule = await createRule(client, project.id, {
      name: 'Came back',
      type: 'REGRESSION',
      threshold: 3,
      windowMinutes: 4,
      webhookUrl: 'https://discord.example.com/api/webhooks/1/x',
      webhookFormat: 'discord',
    });
    expect(rule).toMatchObject({
      projectId: project.id,
      type: 'REGRESSION',
      threshold: null,
      windowMinutes: null,
      webhookFormat: 'discord',
      enabled: true,
    });
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).webhookFormat).toBe('discord');
    const slack = await client.patch(`${base}/${rule.id}`, { webhookFormat: 'slack' });
    expect(slack.status).toBe(200);
    expect(slack.body.data).toMatchObject({ type: 'REGRESSION', webhookFormat: 'slack' });
    const renamed = await client.patch(`${base}/${rule.id}`, { name: 'Still slack' });
    expect(renamed.body.data).toMatchObject({ name: 'Still slack', webhookFormat: 'slack' });
    const json = await client.patch(`${base}/${rule.id}`, { webhookFormat: 'json', type: 'NEW_ISSUE' });
    expect(json.body.data).toMatchObject({ type: 'NEW_ISSUE', webhookFormat: 'json' });
    // A rule created without the field posts the spec's JSON.
    const plain = await createRule(client, project.id, { name: 'plain', webhookUrl: 'https://example.com/h' });
    expect(plain.webhookFormat).toBe('json');
  });

  it('lists rules by createdAt descending', async () => {
    const { client, project, base } = await owner();
    const ids = [];
    for (const name of ['first', 'second', 'third']) {
      ids.push((await createRule(client, project.id, { name, notifyEmail: 'a@example.com' })).id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const list = await client.get(base);
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual(ids.reverse());
  });

  it('PATCH merges: switching to ERROR_RATE needs threshold and window, back to NEW_ISSUE clears them; lastTriggeredAt is read-only', async () => {
    const { client, project, base } = await owner();
    const rule = await createRule(client, project.id, { name: 'r', notifyEmail: 'a@example.com' });
    const toRate = await client.patch(`${base}/${rule.id}`, { type: 'ERROR_RATE', threshold: 3, windowMinutes: 2 });
    expect(toRate.status).toBe(200);
    expect(toRate.body.data).toMatchObject({
      type: 'ERROR_RATE',
      threshold: 3,
      windowMinutes: 2,
      notifyEmail: 'a@example.com',
    });
    const onlyThreshold = await client.patch(`${base}/${rule.id}`, { threshold: 7 });
    expect(onlyThreshold.body.data).toMatchObject({ threshold: 7, windowMinutes: 2 });
    const swap = await client.patch(`${base}/${rule.id}`, {
      notifyEmail: null,
      webhookUrl: 'https://example.org/hook',
      enabled: false,
    });
    expect(swap.body.data).toMatchObject({ notifyEmail: null, webhookUrl: 'https://example.org/hook', enabled: false });
    const back = await client.patch(`${base}/${rule.id}`, {
      type: 'NEW_ISSUE',
      lastTriggeredAt: '2030-01-01T00:00:00.000Z',
    });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      type: 'NEW_ISSUE',
      threshold: null,
      windowMinutes: null,
      lastTriggeredAt: null,
    });
    const empty = await client.patch(`${base}/${rule.id}`, {});
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ name: 'r', type: 'NEW_ISSUE', enabled: false });
  });

  it('DELETE removes the rule and its log entries', async () => {
    const { client, project, base } = await owner();
    const rule = await createRule(client, project.id, { name: 'r', notifyEmail: 'a@example.com' });
    await db.alertLog.create({
      data: { ruleId: rule.id, channel: 'email', target: 'a@example.com', success: true, triggeredAt: new Date() },
    });
    const logs = await client.get(`${base}/${rule.id}/logs`);
    expect(logs.status).toBe(200);
    expect(logs.body.data).toEqual([
      {
        id: expect.any(String),
        ruleId: rule.id,
        channel: 'email',
        target: 'a@example.com',
        success: true,
        error: null,
        triggeredAt: expect.stringMatching(ISO),
      },
    ]);
    const del = await client.delete(`${base}/${rule.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ statusCode: 200, status: 'success', message: 'Alert deleted' });
    expect(await db.alertRule.count({ where: { id: rule.id } })).toBe(0);
    expect(await db.alertLog.count({ where: { ruleId: rule.id } })).toBe(0);
    expect((await client.delete(`${base}/${rule.id}`)).status).toBe(404);
  });

  it('logs are listed newest first', async () => {
    const { client, project, base } = await owner();
    const rule = await createRule(client, project.id, { name: 'r', notifyEmail: 'a@example.com' });
    const t = Date.now();
    for (const [i, ok] of [true, false, true].entries()) {
      await db.alertLog.create({
        data: {
          ruleId: rule.id,
          channel: 'webhook',
          target: 'u',
          success: ok,
          error: ok ? null : 'HTTP 500',
          triggeredAt: new Date(t + i * 1000),
        },
      });
    }
    const logs = await client.get(`${base}/${rule.id}/logs`);
    expect(logs.body.data.map((l: { triggeredAt: string }) => l.triggeredAt)).toEqual(
      [2, 1, 0].map((i) => new Date(t + i * 1000).toISOString()),
    );
    expect(logs.body.data[1]).toMatchObject({ success: false, error: 'HTTP 500' });
  });

  it('requires a session', async () => {
    const { project, base } = await owner();
    const anon = new TestClient();
    for (const res of [await anon.get(base), await anon.post(base, { name: 'x', notifyEmail: 'a@example.com' })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ statusCode: 401, status: 'failed', message: 'You need to be logged in!' });
    }
    expect(await db.alertRule.count({ where: { projectId: project.id } })).toBe(0);
  });
});

describe('alert rule validation', () => {
  const ok = { name: 'r', notifyEmail: 'a@example.com' };
  const rate = { ...ok, type: 'ERROR_RATE', threshold: 10, windowMinutes: 5 };
  const createCases: [string, unknown, { path: (string | number)[]; message: string }[]][] = [
    ['no channel', { name: 'r' }, [NO_CHANNEL]],
    ['both channels null', { name: 'r', notifyEmail: null, webhookUrl: null }, [NO_CHANNEL]],
    ['bad email', { name: 'r', notifyEmail: 'not-an-email' }, [BAD_EMAIL]],
    ['empty email', { name: 'r', notifyEmail: '' }, [BAD_EMAIL]],
    ['bad URL', { name: 'r', webhookUrl: 'not a url' }, [BAD_URL]],
    ['ftp URL', { name: 'r', webhookUrl: 'ftp://example.com/hook' }, [BAD_URL]],
    ['javascript: URL', { name: 'r', webhookUrl: 'javascript:alert(1)' }, [BAD_URL]],
    ['ERROR_RATE without threshold', { ...rate, threshold: undefined }, [NEED_THRESHOLD]],
    ['ERROR_RATE without windowMinutes', { ...rate, windowMinutes: undefined }, [NEED_WINDOW]],
    ['ERROR_RATE without either', { ...ok, type: 'ERROR_RATE' }, [NEED_THRESHOLD, NEED_WINDOW]],
    ['threshold null', { ...rate, threshold: null }, [NEED_THRESHOLD]],
    ['threshold 0', { ...rate, threshold: 0 }, [BAD_THRESHOLD]],
    ['threshold -1', { ...rate, threshold: -1 }, [BAD_THRESHOLD]],
    ['threshold 1.5', { ...rate, threshold: 1.5 }, [BAD_THRESHOLD]],
    ['threshold as a string', { ...rate, threshold: '10' }, [BAD_THRESHOLD]],
    ['windowMinutes 0', { ...rate, windowMinutes: 0 }, [BAD_WINDOW]],
    ['windowMinutes -1', { ...rate, windowMinutes: -1 }, [BAD_WINDOW]],
    ['windowMinutes 1.5', { ...rate, windowMinutes: 1.5 }, [BAD_WINDOW]],
    [
      'windowMinutes above 30 days',
      { ...rate, windowMinutes: 43_201 },
      [{ path: ['windowMinutes'], message: 'Window must be at most 43200 minutes' }],
    ],
    ['unknown type', { ...ok, type: 'SLOW_PAGE' }, [BAD_TYPE]],
    ['missing name', { notifyEmail: 'a@example.com' }, [{ path: ['name'], message: 'Name is required' }]],
    ['blank name', { ...ok, name: '   ' }, [{ path: ['name'], message: 'Name is required' }]],
    ['enabled not boolean', { ...ok, enabled: 'yes' }, [{ path: ['enabled'], message: 'Enabled must be a boolean' }]],
    ['malformed JSON', '{"name":', [{ path: [], message: 'Malformed JSON body' }]],
    [
      'unknown webhook format',
      { name: 'r', webhookUrl: 'https://example.com/h', webhookFormat: 'teams' },
      [BAD_FORMAT],
    ],
    [
      'webhook format in capitals',
      { name: 'r', webhookUrl: 'https://example.com/h', webhookFormat: 'SLACK' },
      [BAD_FORMAT],
    ],
    ['webhook format null', { name: 'r', webhookUrl: 'https://example.com/h', webhookFormat: null }, [BAD_FORMAT]],
    ['webhook format a number', { name: 'r', webhookUrl: 'https://example.com/h', webhookFormat: 1 }, [BAD_FORMAT]],
    ['REGRESSION type in lower case', { ...ok, type: 'regression' }, [BAD_TYPE]],
    ['REGRESSION without a channel', { name: 'r', type: 'REGRESSION' }, [NO_CHANNEL]],
  ];
  it.each(createCases)('POST 400 for %s, nothing created', async (_label, body, error) => {
    const { client, project, base } = await owner();
    const res = await client.post(base, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message: 'Validation error', error });
    expect(await db.alertRule.count({ where: { projectId: project.id } })).toBe(0);
  });

  const patchCases: [string, 'NEW_ISSUE' | 'ERROR_RATE', unknown, { path: (string | number)[]; message: string }[]][] =
    [
      ['removing the only channel', 'NEW_ISSUE', { notifyEmail: null }, [NO_CHANNEL]],
      ['bad email', 'NEW_ISSUE', { notifyEmail: 'nope@' }, [BAD_EMAIL]],
      ['bad URL', 'NEW_ISSUE', { webhookUrl: 'http//missing-colon' }, [BAD_URL]],
      ['ftp URL', 'NEW_ISSUE', { webhookUrl: 'ftp://example.com/hook' }, [BAD_URL]],
      [
        'switch to ERROR_RATE without threshold and window',
        'NEW_ISSUE',
        { type: 'ERROR_RATE' },
        [NEED_THRESHOLD, NEED_WINDOW],
      ],
      ['switch to ERROR_RATE without window', 'NEW_ISSUE', { type: 'ERROR_RATE', threshold: 5 }, [NEED_WINDOW]],
      ['clearing the threshold of ERROR_RATE', 'ERROR_RATE', { threshold: null }, [NEED_THRESHOLD]],
      ['clearing the window of ERROR_RATE', 'ERROR_RATE', { windowMinutes: null }, [NEED_WINDOW]],
      ['threshold 0', 'ERROR_RATE', { threshold: 0 }, [BAD_THRESHOLD]],
      ['threshold -1', 'ERROR_RATE', { threshold: -1 }, [BAD_THRESHOLD]],
      ['threshold 1.5', 'ERROR_RATE', { threshold: 1.5 }, [BAD_THRESHOLD]],
      ['windowMinutes 0', 'ERROR_RATE', { windowMinutes: 0 }, [BAD_WINDOW]],
      ['windowMinutes -1', 'ERROR_RATE', { windowMinutes: -1 }, [BAD_WINDOW]],
      ['windowMinutes 1.5', 'ERROR_RATE', { windowMinutes: 1.5 }, [BAD_WINDOW]],
      ['unknown type', 'NEW_ISSUE', { type: 'SLOW_PAGE' }, [BAD_TYPE]],
      ['blank name', 'NEW_ISSUE', { name: '' }, [{ path: ['name'], message: 'Name is required' }]],
      [
        'enabled not boolean',
        'NEW_ISSUE',
        { enabled: 'false' },
        [{ path: ['enabled'], message: 'Enabled must be a boolean' }],
      ],
      ['unknown webhook format', 'NEW_ISSUE', { webhookFormat: 'teams' }, [BAD_FORMAT]],
      ['webhook format null', 'ERROR_RATE', { webhookFormat: null }, [BAD_FORMAT]],
    ];
  it.each(patchCases)('PATCH 400 for %s (on a %s rule), nothing changed', async (_label, type, body, error) => {
    const { client, project, base } = await owner();
    const rule = await createRule(client, project.id, type === 'ERROR_RATE' ? rate : ok);
    const before = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } });
    const res = await client.patch(`${base}/${rule.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, status: 'failed', message: 'Validation error', error });
    expect(await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).toEqual(before);
  });
});

describe('alert rules across tenants', () => {
  it('another organization gets 404 on every alerts route and changes nothing', async () => {
    const a = await owner();
    const rule = await createRule(a.client, a.project.id, { name: 'mine', notifyEmail: 'a@example.com' });
    await db.alertLog.create({
      data: { ruleId: rule.id, channel: 'email', target: 'a@example.com', success: true, triggeredAt: new Date() },
    });
    const before = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } });
    const b = await owner();
    const ruleOfB = await createRule(b.client, b.project.id, { name: 'theirs', notifyEmail: 'b@example.com' });

    const projectNotFound = { statusCode: 404, status: 'failed', message: 'Project not found' };
    const ruleNotFound = { statusCode: 404, status: 'failed', message: 'Alert rule not found' };
    const attempts: [Promise<{ status: number; body: unknown }>, unknown][] = [
      [b.client.get(a.base), projectNotFound],
      [b.client.post(a.base, { name: 'intruder', notifyEmail: 'b@example.com' }), projectNotFound],
      [b.client.patch(`${a.base}/${rule.id}`, { enabled: false }), projectNotFound],
      [b.client.delete(`${a.base}/${rule.id}`), projectNotFound],
      [b.client.get(`${a.base}/${rule.id}/logs`), projectNotFound],
      // Their own project with a foreign rule id: the rule is not theirs either.
      [b.client.patch(`${b.base}/${rule.id}`, { enabled: false }), ruleNotFound],
      [b.client.delete(`${b.base}/${rule.id}`), ruleNotFound],
      [b.client.get(`${b.base}/${rule.id}/logs`), ruleNotFound],
      // And the owner cannot reach B's rule through A's project.
      [a.client.patch(`${a.base}/${ruleOfB.id}`, { name: 'x' }), ruleNotFound],
      [a.client.get(alertsPath('no-such-project')), projectNotFound],
      [a.client.patch(`${a.base}/no-such-rule`, { name: 'x' }), ruleNotFound],
    ];
    for (const [pending, body] of attempts) {
      const res = await pending;
      expect(res.status).toBe(404);
      expect(res.body).toEqual(body);
    }
    expect(await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).toEqual(before);
    expect(await db.alertRule.count({ where: { projectId: a.project.id } })).toBe(1);
    expect(await db.alertLog.count({ where: { ruleId: rule.id } })).toBe(1);
    expect((await db.alertRule.findUniqueOrThrow({ where: { id: ruleOfB.id } })).name).toBe('theirs');
  });
});
