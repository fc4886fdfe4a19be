// Alert delivery (#6): NEW_ISSUE rules fire once per brand-new issue, by webhook (signed) and email; the ingest seam
// costs nothing while no rule is enabled and never throws into ingest.
import crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { outboxFor, uniqueEmail } from '../support/accounts';
import { alertProject as setup, settle } from '../support/alerts';
import { useAlertWorkers } from '../support/alert-workers';
import { waitUntil } from '../support/wait';
import { db } from '@/lib/db';
import { pool } from '@/lib/pg';
import { afterIngest } from '@/lib/alerts/after-ingest';
import { getBoss, jobsPool } from '@/lib/jobs/boss';
import { logger } from '@/lib/log';
import { flushOutcomes } from '@/lib/outcomes/record-outcome';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const receiver = useAlertWorkers();

describe('NEW_ISSUE alerts', () => {
  it('fire once per brand-new issue: webhook body exactly as the spec, signed; email with title, level, culprit and link', async () => {
    const hook = await receiver();
    const s = await setup('Checkout');
    const email = uniqueEmail('oncall');
    const rule = await s.rule({ name: 'New issues', webhookUrl: `${hook.url}/hooks/new`, notifyEmail: email });

    await s.ingest('a');
    const [req] = await hook.waitFor(1);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id } });
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/hooks/new');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toEqual({
      type: 'new_issue',
      projectName: 'Checkout',
      issue: {
        id: issue.id,
        title: "TypeError: Cannot read properties of undefined (reading 'id')",
        culprit: issue.culprit,
        level: 'ERROR',
        status: 'UNRESOLVED',
        eventCount: 1,
        firstSeen: issue.firstSeen.toISOString(),
        projectId: s.project.id,
      },
      issueUrl: `http://localhost:3000/projects/${s.project.id}/issues/${issue.id}`,
    });
    expect(issue.culprit).toBeTruthy();
    const expected = crypto.createHmac('sha256', rule.webhookSecret).update(req.body).digest('hex');
    expect(req.headers['x-webhook-signature']).toBe(`sha256=${expected}`);
    const wrong = crypto.createHmac('sha256', 'another-secret').update(req.body).digest('hex');
    expect(req.headers['x-webhook-signature']).not.toBe(`sha256=${wrong}`);

    await waitUntil(() => outboxFor(email, 'new-issue').length === 1);
    const mail = outboxFor(email, 'new-issue')[0];
    expect(mail.data).toEqual({
      projectName: 'Checkout',
      title: issue.title,
      level: 'ERROR',
      culprit: issue.culprit,
      issueUrl: `http://localhost:3000/projects/${s.project.id}/issues/${issue.id}`,
    });
    for (const part of [
      issue.title.replace(/'/g, '&#x27;'),
      'ERROR',
      issue.culprit!,
      `/projects/${s.project.id}/issues/${issue.id}`,
    ]) {
      expect(mail.html).toContain(part);
    }
    expect(mail.text).toContain(issue.title);

    // More events of the same issue: nothing more. A second new issue fires again.
    await s.ingest('a');
    await s.ingest('a');
    await settle();
    expect(hook.requests).toHaveLength(1);
    await s.ingest('b');
    await hook.waitFor(2);
    const second = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id, NOT: { id: issue.id } } });
    expect(hook.requests[1].json.issue.id).toBe(second.id);
    await waitUntil(() => outboxFor(email, 'new-issue').length === 2);
    await settle();
    expect(hook.requests).toHaveLength(2);
    expect(outboxFor(email, 'new-issue')).toHaveLength(2);

    const logs = await s.logs(rule.id);
    expect(logs).toHaveLength(4);
    for (const l of logs) {
      expect(l).toEqual({
        id: expect.any(String),
        ruleId: rule.id,
        channel: expect.any(String),
        target: expect.any(String),
        success: true,
        error: null,
        triggeredAt: expect.stringMatching(ISO),
      });
    }
    expect(logs.filter((l) => l.channel === 'webhook').map((l) => l.target)).toEqual([
      `${hook.url}/hooks/new`,
      `${hook.url}/hooks/new`,
    ]);
    expect(logs.filter((l) => l.channel === 'email').map((l) => l.target)).toEqual([email, email]);
    const stored = await db.alertRule.findUniqueOrThrow({ where: { id: rule.id } });
    expect(stored.lastTriggeredAt).not.toBeNull();
  });

  it('disabled rules stay silent (created disabled, or paused by PATCH) while an enabled one fires', async () => {
    const quiet = await receiver();
    const control = await receiver();
    const s = await setup();
    const off = await s.rule({ name: 'off', webhookUrl: quiet.url, enabled: false });
    const paused = await s.rule({ name: 'paused', webhookUrl: quiet.url });
    expect(
      (await s.client.patch(`/api/v1/projects/${s.project.id}/alerts/${paused.id}`, { enabled: false })).status,
    ).toBe(200);
    await s.rule({ name: 'on', webhookUrl: control.url });

    await s.ingest('x');
    await control.waitFor(1);
    await settle();
    expect(quiet.requests).toHaveLength(0);
    expect(control.requests).toHaveLength(1);
    for (const id of [off.id, paused.id]) {
      expect(await s.logs(id)).toEqual([]);
      expect((await db.alertRule.findUniqueOrThrow({ where: { id } })).lastTriggeredAt).toBeNull();
    }
  });
});

describe('the ingest seam', () => {
  it('costs no query while a project has no enabled rule (a new issue: one read of who listens, no job), and sees a new rule at once', async () => {
    const hook = await receiver();
    const s = await setup();
    await s.ingest('first');
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: s.project.id } });
    const event = { projectId: s.project.id, issueId: issue.id, isNewIssue: false, receivedAt: new Date() };
    // pg-boss started before counting: its own start-up is not the event's cost. The ingest's outcomes written now,
    // so the outcomes timer has nothing to flush while the queries are counted (a flush landed in the window once,
    // in a clean-clone run on a loaded machine).
    await getBoss();
    await flushOutcomes();
    const query = vi.spyOn(pool(), 'query');
    const connect = vi.spyOn(pool(), 'connect');
    try {
      await afterIngest([event]);
      await afterIngest([event]);
      expect(query).not.toHaveBeenCalled();
      expect(connect).not.toHaveBeenCalled();
      // A new issue in a project nothing listens to (no ownership rules, teams, suspect-commit assignment or
      // webhooks for new issues): one read to tell, and no workflow job.
      await afterIngest([{ ...event, isNewIssue: true }]);
      const sql = query.mock.calls.map(([q]) => String(typeof q === 'string' ? q : (q as { text: string }).text));
      expect(
        sql.filter((q) => !/pgboss/.test(q)),
        sql.join('\n'),
      ).toHaveLength(1);
      expect(sql.filter((q) => /INSERT INTO/i.test(q))).toEqual([]);
      expect(
        await db.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'workflow' AND data->>'issueId' = ${issue.id}`,
      ).toEqual([{ n: 0 }]);
    } finally {
      query.mockRestore();
      connect.mockRestore();
    }
    // Creating a rule drops the cached "no rules" at once (well within the cache's lifetime).
    await s.rule({ name: 'r', webhookUrl: hook.url });
    await s.ingest('second');
    const [req] = await hook.waitFor(1);
    expect(req.json.type).toBe('new_issue');
  });

  it('never throws into ingest', async () => {
    const s = await setup();
    await s.rule({ name: 'r', webhookUrl: 'https://example.com/hook' });
    // Rules cached first, so the failure hits the firing transaction.
    await afterIngest([{ projectId: s.project.id, issueId: 'x', isNewIssue: false, receivedAt: new Date() }]);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const connect = vi.spyOn(pool(), 'connect').mockRejectedValue(new Error('database unavailable') as never);
    // Queries, not only connect: a pool's query would wait on the mocked connect's callback. The listeners' lookup goes
    // through the shared pool, the workflow job's insert through pg-boss's own.
    const query = vi.spyOn(pool(), 'query').mockRejectedValue(new Error('database unavailable') as never);
    const jobsQuery = vi.spyOn(jobsPool(), 'query').mockRejectedValue(new Error('database unavailable') as never);
    try {
      await expect(
        afterIngest([{ projectId: s.project.id, issueId: 'x', isNewIssue: true, receivedAt: new Date() }]),
      ).resolves.toBeUndefined();
      expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, '[alerts] rule evaluation failed');
      expect(error).toHaveBeenCalledWith(
        { err: expect.any(Error), events: ['NEW_ISSUE x'] },
        '[workflow] could not queue events',
      );
    } finally {
      query.mockRestore();
      jobsQuery.mockRestore();
      connect.mockRestore();
      error.mockRestore();
    }
  });
});
