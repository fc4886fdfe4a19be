// #45: the home page's project cards: each project's open issues and the events it received in the last 24 hours.
import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { OPEN_ISSUES_CAP } from '@/lib/projects/project-activity';
import { TestClient } from '../support/client';
import { signUp } from '../support/accounts';
import { createProject, setPlan } from '../support/fixtures';
import { errorEnvelope, send, transactionEnvelope } from './ingest-helpers';

const HOUR_MS = 3_600_000;

describe('GET /api/v1/projects/activity', () => {
  it('open issues (not resolved, not ignored) and the last 24 hours’ events of each project, zeros for a quiet one', async () => {
    const s = await signUp({ name: 'Activity owner' });
    await setPlan(s.orgId, 'PRO');
    const web = await createProject(s.client, 'Web');
    const quiet = await createProject(s.client, 'Quiet');
    const key = web.keys[0].publicKey;
    // Four issues from six error events (any level), and a transaction, which is no event here.
    const fingerprints = ['a', 'a', 'a', 'b', 'c', 'd'];
    for (const [i, f] of fingerprints.entries()) {
      const level = i === 5 ? 'warning' : 'error';
      const res = await send({
        client: s.client,
        projectId: web.id,
        key,
        body: errorEnvelope({ fingerprint: [f], level }),
      });
      expect(res.status).toBe(200);
    }
    expect((await send({ client: s.client, projectId: web.id, key, body: transactionEnvelope() })).status).toBe(200);
    const issues = await db.issue.findMany({ where: { projectId: web.id }, orderBy: { fingerprint: 'asc' } });
    expect(issues).toHaveLength(4);
    await db.issue.update({ where: { id: issues[1].id }, data: { status: 'RESOLVED' } });
    await db.issue.update({ where: { id: issues[2].id }, data: { status: 'IGNORED' } });
    // Events received 25 hours ago are outside the window.
    await db.projectMinuteCount.create({
      data: {
        projectId: web.id,
        minute: new Date(Math.floor((Date.now() - 25 * HOUR_MS) / 60_000) * 60_000),
        count: 40,
      },
    });

    const res = await s.client.get('/api/v1/projects/activity');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, status: 'success', message: 'Project activity fetched' });
    expect(res.body.data).toEqual([
      { projectId: web.id, openIssues: 2, openIssuesCapped: false, eventsLast24h: 6 },
      { projectId: quiet.id, openIssues: 0, openIssuesCapped: false, eventsLast24h: 0 },
    ]);
  });

  it(`counts open issues up to ${OPEN_ISSUES_CAP.toLocaleString('en-US')} and says when there are more`, async () => {
    const s = await signUp({ name: 'Backlog owner' });
    const p = await createProject(s.client, 'Backlog');
    await db.$executeRaw`
      INSERT INTO issues (project_id, fingerprint, title, first_seen, last_seen)
      SELECT ${p.id}, 'fp-' || g, 'Error ' || g, now(), now() FROM generate_series(1, ${OPEN_ISSUES_CAP + 1}) AS g`;
    const [row] = (await s.client.get('/api/v1/projects/activity')).body.data;
    expect(row).toEqual({ projectId: p.id, openIssues: OPEN_ISSUES_CAP, openIssuesCapped: true, eventsLast24h: 0 });
    await db.$executeRaw`DELETE FROM issues WHERE project_id = ${p.id} AND fingerprint = 'fp-1'`;
    const [exact] = (await s.client.get('/api/v1/projects/activity')).body.data;
    expect(exact).toMatchObject({ openIssues: OPEN_ISSUES_CAP, openIssuesCapped: false });
  });

  it('another organization’s projects never appear; no session is 401', async () => {
    const owner = await signUp({ name: 'Activity A' });
    const theirs = await createProject(owner.client, 'Theirs');
    await send({ client: owner.client, projectId: theirs.id, key: theirs.keys[0].publicKey, body: errorEnvelope() });
    const stranger = await signUp({ name: 'Activity B' });
    const mine = await createProject(stranger.client, 'Mine');
    const res = await stranger.client.get('/api/v1/projects/activity');
    expect(res.body.data).toEqual([{ projectId: mine.id, openIssues: 0, openIssuesCapped: false, eventsLast24h: 0 }]);
    const anonymous = await new TestClient().get('/api/v1/projects/activity');
    expect([anonymous.status, anonymous.body.message]).toEqual([401, 'You need to be logged in!']);
  });
});
