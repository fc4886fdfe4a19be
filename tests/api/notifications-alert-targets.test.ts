// Alert rules that notify issue owners, a team or a member (#49): each firing emails the right people (read from the
// outbox); bad targets and another organization's team or member get exact answers.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { outboxFor, signUp } from '../support/accounts';
import { useAlertWorkers } from '../support/alert-workers';
import { world } from '../support/notifications';
import { waitUntil } from '../support/wait';
import { useWorkflowWorker } from '../support/workflow';
import { errorEnvelope, send } from './ingest-helpers';

useWorkflowWorker();
useAlertWorkers();

describe('alert rules that notify issue owners, a team or a member', () => {
  it('each firing emails the member, every member of the team, or the owners by the ownership rules (falling through to the project teams)', async () => {
    const w = await world();
    const alerts = `/api/v1/projects/${w.project.id}/alerts`;
    const key = w.project.keys[0].publicKey;
    const ingest = async (group: string, tags?: Record<string, string>) => {
      const body = errorEnvelope({ fingerprint: [group], ...(tags ? { tags } : {}) });
      const res = await send({ client: w.owner.client, projectId: w.project.id, key, body });
      expect(res.status, res.text).toBe(200);
    };
    const newIssueMails = (email: string) => outboxFor(email, 'new-issue').length;

    const created = await w.owner.client.post(alerts, {
      name: 'To Pat',
      type: 'NEW_ISSUE',
      targetType: 'MEMBER',
      targetUserId: w.pat.userId,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      notifyEmail: null,
      webhookUrl: null,
      targetType: 'MEMBER',
      targetTeamId: null,
      targetUserId: w.pat.userId,
    });
    const ruleId = created.body.data.id as string;
    await ingest('member');
    await waitUntil(() => newIssueMails(w.pat.email) === 1);
    expect(newIssueMails(w.mo.email)).toBe(0);

    const toTeam = await w.owner.client.request('PATCH', `${alerts}/${ruleId}`, {
      body: { targetType: 'TEAM', targetTeamId: w.team.id },
    });
    expect(toTeam.body.data).toMatchObject({ targetType: 'TEAM', targetTeamId: w.team.id, targetUserId: null });
    await ingest('team');
    await waitUntil(() => newIssueMails(w.pat.email) === 2 && newIssueMails(w.mo.email) === 1);

    // Owners: Mo owns EU issues; an issue no rule matches falls through to the project's teams (Mo and Pat).
    await db.projectOwnership.create({
      data: { projectId: w.project.id, raw: `tags.region:eu ${w.mo.email}`, autoAssignment: false },
    });
    await w.owner.client.request('PATCH', `${alerts}/${ruleId}`, { body: { targetType: 'ISSUE_OWNERS' } });
    await ingest('owned', { region: 'eu' });
    await waitUntil(() => newIssueMails(w.mo.email) === 2);
    await ingest('unowned', { region: 'us' });
    await waitUntil(() => newIssueMails(w.mo.email) === 3 && newIssueMails(w.pat.email) === 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(newIssueMails(w.pat.email)).toBe(3);
    expect(newIssueMails(w.owner.email)).toBe(0);
    const logs = (await w.owner.client.get(`${alerts}/${ruleId}/logs`)).body.data as { target: string }[];
    expect(logs.map((l) => l.target).sort()).toEqual(
      [w.pat.email, w.pat.email, w.mo.email, w.mo.email, w.mo.email, w.pat.email].sort(),
    );
  });

  it('bad targets: exact 400s; a team or member of another organization is refused and nothing changes', async () => {
    const w = await world();
    const alerts = `/api/v1/projects/${w.project.id}/alerts`;
    const stranger = await signUp({ name: 'Stranger' });
    const theirTeam = await db.team.create({ data: { orgId: stranger.orgId, name: 'Theirs', slug: 'theirs' } });
    const invalid = (error: unknown) => ({ statusCode: 400, status: 'failed', message: 'Validation error', error });
    const cases: [string, Record<string, unknown>, unknown][] = [
      [
        'unknown target type',
        { targetType: 'EVERYONE' },
        [{ path: ['targetType'], message: 'Target type must be ISSUE_OWNERS, PROJECT_MEMBERS, TEAM or MEMBER' }],
      ],
      ['team without id', { targetType: 'TEAM' }, [{ path: ['targetTeamId'], message: 'Give the team to notify' }]],
      [
        'member without id',
        { targetType: 'MEMBER' },
        [{ path: ['targetUserId'], message: 'Give the member to notify' }],
      ],
      [
        'owners of an error rate',
        { targetType: 'ISSUE_OWNERS', type: 'ERROR_RATE', threshold: 5, windowMinutes: 5 },
        [{ path: ['targetType'], message: 'Issue owners can be notified by NEW_ISSUE and REGRESSION rules only' }],
      ],
      [
        'a team on a crash-free rule',
        { targetType: 'TEAM', targetTeamId: w.team.id, type: 'CRASH_FREE', crashFreeBelow: 99, windowMinutes: 60 },
        [
          {
            path: ['targetType'],
            message: 'Only NEW_ISSUE, REGRESSION and ERROR_RATE rules can notify owners, a team or a member',
          },
        ],
      ],
      [
        "another organization's team",
        { targetType: 'TEAM', targetTeamId: theirTeam.id },
        [{ path: ['targetTeamId'], message: 'Team not found in this organization' }],
      ],
      [
        "another organization's member",
        { targetType: 'MEMBER', targetUserId: stranger.user.id },
        [{ path: ['targetUserId'], message: 'Member not found in this organization' }],
      ],
    ];
    for (const [label, extra, error] of cases) {
      const res = await w.owner.client.post(alerts, { name: 'r', ...extra });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(invalid(error));
    }
    expect(await db.alertRule.count({ where: { projectId: w.project.id } })).toBe(0);

    const rule = (await w.owner.client.post(alerts, { name: 'r', targetType: 'TEAM', targetTeamId: w.team.id })).body
      .data;
    for (const [label, body, error] of [
      [
        "another organization's team",
        { targetTeamId: theirTeam.id },
        [{ path: ['targetTeamId'], message: 'Team not found in this organization' }],
      ],
      [
        "another organization's member",
        { targetType: 'MEMBER', targetUserId: stranger.user.id },
        [{ path: ['targetUserId'], message: 'Member not found in this organization' }],
      ],
      [
        'no target and no address',
        { targetType: null },
        [{ path: ['notifyEmail'], message: 'Give an email address or a webhook URL (or both)' }],
      ],
    ] as const) {
      const res = await w.owner.client.request('PATCH', `${alerts}/${rule.id}`, { body });
      expect(res.status, label).toBe(400);
      expect(res.body, label).toEqual(invalid(error));
    }
    expect(await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } })).toMatchObject({
      targetType: 'TEAM',
      targetTeamId: w.team.id,
      targetUserId: null,
    });
  });
});
