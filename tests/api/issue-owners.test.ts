// #60: an issue shows whom the ownership rules name for it, whether or not it was auto-assigned: here the rules are
// saved after the issue came (so nobody assigned it), and its page reads each owner by name with the rule.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { setPlan } from '../support/fixtures';
import { inviteAndJoin } from '../support/teams';
import { NOW, id, setup } from '../support/replay-envelopes';

const error = (value: string, filename: string, tags: Record<string, string> = {}) => ({
  event_id: id(),
  timestamp: NOW / 1000,
  level: 'error',
  platform: 'node',
  tags,
  exception: {
    values: [
      {
        type: 'Error',
        value,
        stacktrace: { frames: [{ filename, abs_path: `/app/${filename}`, function: 'run', lineno: 3, in_app: true }] },
      },
    ],
  },
});

describe('issue owners (#60)', () => {
  it('names the owners of the matching rules, most precedent first; none when no rule matches; 404 elsewhere', async () => {
    const t = await setup('Shop');
    await setPlan(t.project.orgId, 'PRO');
    const alice = await inviteAndJoin(t.client, 'MEMBER', 'Alice Smith');
    await db.team.create({ data: { orgId: t.project.orgId, name: 'Payments', slug: 'payments' } });
    const sent = [error('card declined', 'src/billing/pay.js', { region: 'eu' }), error('no route', 'src/router.js')];
    for (const e of sent) {
      const res = await t.post({ event_id: e.event_id }, [{ header: { type: 'event' }, payload: e }]);
      expect(res.status, res.text).toBe(200);
    }
    const raw = ['path:src/billing/* #payments', `tags.region:eu ${alice.email}`, 'path:src/reports/* #payments'].join(
      '\n',
    );
    const saved = await t.client.request('PUT', `/api/v1/projects/${t.project.id}/ownership`, { body: { raw } });
    expect(saved.status, saved.text).toBe(200);

    const issues = (await t.client.get(`/api/v1/projects/${t.project.id}/issues`)).body.data.issues as {
      id: string;
      title: string;
      assignee: unknown;
    }[];
    const byTitle = Object.fromEntries(issues.map((i) => [i.title, i]));
    expect(
      await db.issue.findUnique({
        where: { id: byTitle['Error: card declined'].id },
        select: { assigneeId: true, assignedTeamId: true },
      }),
    ).toEqual({ assigneeId: null, assignedTeamId: null });
    const owners = (issueId: string, client = t.client) =>
      client.get(`/api/v1/projects/${t.project.id}/issues/${issueId}/owners`);

    const billing = await owners(byTitle['Error: card declined'].id);
    expect(billing.status, billing.text).toBe(200);
    // The last matching rule wins: Alice's (the region) first, then the payments team.
    expect(billing.body.data.owners).toEqual([
      {
        type: 'user',
        id: alice.userId,
        name: 'Alice Smith',
        rule: `tags.region:eu ${alice.email}`,
        source: 'ownership',
      },
      {
        type: 'team',
        id: expect.any(String),
        name: '#payments',
        rule: 'path:src/billing/* #payments',
        source: 'ownership',
      },
    ]);
    expect((await owners(byTitle['Error: no route'].id)).body.data).toEqual({ owners: [] });

    const other = await setup('Other');
    for (const [client, issueId, message] of [
      [other.client, byTitle['Error: card declined'].id, 'Project not found'],
      [t.client, 'no-such-issue', 'Issue not found'],
    ] as const) {
      const res = await owners(issueId, client);
      expect([res.status, res.body]).toEqual([404, { statusCode: 404, status: 'failed', message }]);
    }
    // Another project's issue through this project: 404.
    const theirs = other.project.id;
    const res = await other.client.get(
      `/api/v1/projects/${theirs}/issues/${byTitle['Error: card declined'].id}/owners`,
    );
    expect([res.status, res.body.message]).toEqual([404, 'Issue not found']);
  });
});
