// #60: a new project starts with its default alert rules (every new issue and every regression, emailed to the
// project's members) unless it is created with `defaultRules: false`; the create answer and its errors are the
// contract's. The first issue emails each member once; a regression emails them again; a turned-off rule, or a
// project made without the rules, emails nobody. A project that teams look after emails those teams' members.
import { describe, expect, it } from 'vitest';
import { outboxFor, signUp } from '../support/accounts';
import { setPlan } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';
import { useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';
import { errorEnvelope, send } from './ingest-helpers';

useAlertWorkers();
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const settle = () => new Promise((r) => setTimeout(r, 1_500));

type Created = { id: string; keys: { publicKey: string }[] };

async function world(body: Record<string, unknown> = {}) {
  const owner = await signUp({ name: 'Olga Owner' });
  const member = await inviteAndJoin(owner.client, 'MEMBER', 'Mo Member');
  const res = await owner.client.post('/api/v1/projects', { name: 'Checkout', ...body });
  expect(res.status, res.text).toBe(201);
  const project = res.body.data as Created;
  const ingest = async (group: string) => {
    const r = await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: errorEnvelope({ fingerprint: [group] }),
    });
    expect(r.status, r.text).toBe(200);
  };
  const alerts = `/api/v1/projects/${project.id}/alerts`;
  return { owner, member, project, res, ingest, alerts };
}

describe('default alert rules', () => {
  it('a project created without the flag has both rules; the answer is the contract’s project, nothing added', async () => {
    const w = await world();
    expect(Object.keys(w.res.body).sort()).toEqual(['data', 'message', 'status', 'statusCode']);
    expect(Object.keys(w.res.body.data).sort()).toEqual(
      ['createdAt', 'id', 'keys', 'name', 'notifyFeedback', 'number', 'orgId', 'platform', 'slug', 'updatedAt'].sort(),
    );
    const list = await w.owner.client.get(w.alerts);
    expect(list.status).toBe(200);
    const common = {
      projectId: w.project.id,
      threshold: null,
      windowMinutes: null,
      notifyEmail: null,
      webhookUrl: null,
      webhookFormat: 'json',
      enabled: true,
      targetType: 'PROJECT_MEMBERS',
      targetTeamId: null,
      targetUserId: null,
      lastTriggeredAt: null,
    };
    expect(list.body.data).toEqual([
      {
        id: expect.any(String),
        name: 'Every new issue',
        type: 'NEW_ISSUE',
        ...common,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
      {
        id: expect.any(String),
        name: 'Every regression',
        type: 'REGRESSION',
        ...common,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      },
    ]);
    // Nobody's secret is in the list.
    expect(JSON.stringify(list.body)).not.toContain('webhookSecret');
  });

  it('defaultRules: false makes none; defaultRules: true as the default', async () => {
    const off = await world({ defaultRules: false });
    expect((await off.owner.client.get(off.alerts)).body.data).toEqual([]);
    await setPlan(off.owner.orgId, 'PRO');
    const on = await off.owner.client.post('/api/v1/projects', { name: 'Other', defaultRules: true });
    expect(on.status).toBe(201);
    const rules = (await off.owner.client.get(`/api/v1/projects/${on.body.data.id}/alerts`)).body.data;
    expect(rules.map((r: { name: string }) => r.name)).toEqual(['Every new issue', 'Every regression']);
  });

  it.each<[string, unknown]>([
    ['a string', 'yes'],
    ['a number', 1],
    ['null', null],
  ])('defaultRules as %s: 400 on that field, no project made', async (_l, value) => {
    const { client } = await signUp();
    const res = await client.post('/api/v1/projects', { name: 'Checkout', defaultRules: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [{ path: ['defaultRules'], message: 'Must be true or false' }],
    });
    expect((await client.get('/api/v1/projects')).body.data).toEqual([]);
  });

  it('the first issue emails each member once; a regression again; turned off, nobody', async () => {
    const w = await world();
    const mails = (template: string) => [
      outboxFor(w.owner.email, template).length,
      outboxFor(w.member.email, template).length,
    ];
    await w.ingest('a');
    await waitUntil(() => mails('new-issue').every((n) => n === 1));
    // More events of the issue: nothing more.
    await w.ingest('a');
    await settle();
    expect(mails('new-issue')).toEqual([1, 1]);
    const mail = outboxFor(w.member.email, 'new-issue')[0];
    expect(mail.subject).toContain('[Checkout]');
    expect(mail.data.title).toBe("TypeError: Cannot read properties of undefined (reading 'id')");

    // Resolved, then seen again: a regression, once to each.
    const issues = (await w.owner.client.get(`/api/v1/projects/${w.project.id}/issues`)).body.data.issues;
    await w.owner.client.patch(`/api/v1/projects/${w.project.id}/issues/${issues[0].id}`, { status: 'RESOLVED' });
    await w.ingest('a');
    await waitUntil(() => mails('regression').every((n) => n === 1));

    // Both rules turned off: a new issue emails nobody.
    for (const r of (await w.owner.client.get(w.alerts)).body.data)
      expect((await w.owner.client.patch(`${w.alerts}/${r.id}`, { enabled: false })).status).toBe(200);
    await w.ingest('b');
    await settle();
    expect(mails('new-issue')).toEqual([1, 1]);
    expect(mails('regression')).toEqual([1, 1]);
  });

  it("one email a person: a rule's own address that is also a member's is not emailed twice for one issue", async () => {
    const w = await world();
    const own = await w.owner.client.post(w.alerts, { name: 'Mine', notifyEmail: w.owner.email });
    expect(own.status).toBe(201);
    await w.ingest('a');
    await waitUntil(() => outboxFor(w.member.email, 'new-issue').length === 1);
    await waitUntil(() => outboxFor(w.owner.email, 'new-issue').length === 1);
    await settle();
    expect(outboxFor(w.owner.email, 'new-issue')).toHaveLength(1);
    // The owner's email is the rule that names them; the member's is the default rule's.
    const logs = async (id: string) =>
      ((await w.owner.client.get(`${w.alerts}/${id}/logs`)).body.data as { target: string }[]).map((l) => l.target);
    expect(await logs(own.body.data.id)).toEqual([w.owner.email]);
    const everyNew = (await w.owner.client.get(w.alerts)).body.data.find(
      (r: { name: string }) => r.name === 'Every new issue',
    );
    expect(await logs(everyNew.id)).toEqual([w.member.email]);
  });

  it('a project made without the rules emails nobody of its first issue', async () => {
    const w = await world({ defaultRules: false });
    await w.ingest('a');
    await settle();
    expect(outboxFor(w.owner.email, 'new-issue')).toEqual([]);
    expect(outboxFor(w.member.email, 'new-issue')).toEqual([]);
  });

  it("a project a team looks after: the project's members are the team's", async () => {
    const w = await world();
    const team = (await w.owner.client.post('/api/v1/organization/teams', { name: 'Payments' })).body.data;
    await w.owner.client.request('PUT', `/api/v1/organization/teams/${team.id}/members/${w.member.userId}`);
    await w.owner.client.request('PUT', `/api/v1/organization/teams/${team.id}/projects/${w.project.id}`);
    await w.ingest('a');
    await waitUntil(() => outboxFor(w.member.email, 'new-issue').length === 1);
    await settle();
    expect(outboxFor(w.owner.email, 'new-issue')).toEqual([]);
  });

  it('PROJECT_MEMBERS on any rule that can name people; refused on the others', async () => {
    const w = await world({ defaultRules: false });
    const rate = await w.owner.client.post(w.alerts, {
      name: 'Spike',
      type: 'ERROR_RATE',
      threshold: 10,
      windowMinutes: 5,
      targetType: 'PROJECT_MEMBERS',
    });
    expect(rate.status, rate.text).toBe(201);
    expect(rate.body.data).toMatchObject({ targetType: 'PROJECT_MEMBERS', targetTeamId: null, targetUserId: null });
    const crash = await w.owner.client.post(w.alerts, {
      name: 'Crash',
      type: 'CRASH_FREE',
      crashFreeBelow: 99,
      windowMinutes: 60,
      targetType: 'PROJECT_MEMBERS',
    });
    expect(crash.status).toBe(400);
    expect(crash.body).toEqual({
      statusCode: 400,
      status: 'failed',
      message: 'Validation error',
      error: [
        {
          path: ['targetType'],
          message: 'Only NEW_ISSUE, REGRESSION and ERROR_RATE rules can notify owners, a team or a member',
        },
      ],
    });
  });
});
