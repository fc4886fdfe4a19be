// Paging and Teams (#64): an alert rule's new issue triggers PagerDuty through @pagerduty/pdjs (its first try
// answered 500, retried, both attempts in the delivery log), creates an Opsgenie alert and posts a Teams Adaptive
// Card; resolving the issue resolves the PagerDuty incident with the same dedup_key and closes the Opsgenie alert by
// its alias. Secrets are never answered.
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { fakeOpsgenie, fakePagerDuty, fakeTeams } from '../support/fake-chat/paging';
import { useIntegrationWorkers } from '../support/integrations';
import { waitUntil } from '../support/wait';
import { errorEnvelope, send } from './ingest-helpers';

// The fake PagerDuty's certificate is self-signed: pdjs speaks only https.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
const pd = await fakePagerDuty('R0UTINGKEY0123456789');
const og = await fakeOpsgenie('genie-key-1');
const teams = await fakeTeams();
useIntegrationWorkers();
afterAll(async () => {
  delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  await Promise.all([pd.close(), og.close(), teams.close()]);
});

describe('paging and Teams', () => {
  it('trigger then resolve with one dedup_key, create then close by alias, a card posted, retries logged', async () => {
    const owner = await signUp({ name: 'Pager owner' });
    const project = await createProject(owner.client, 'Paged shop');
    const connect = async (provider: string, config: object, secrets: object) => {
      const res = await owner.client.post('/api/v1/organization/integrations', { provider, config, secrets });
      expect(res.status, res.text).toBe(201);
      const rule = await owner.client.post(`/api/v1/projects/${project.id}/alerts`, {
        name: `To ${provider}`,
        type: 'NEW_ISSUE',
        ticketIntegrationId: res.body.data.id,
      });
      expect(rule.status, rule.text).toBe(201);
      return res.body.data.id as string;
    };
    const pdId = await connect('pagerduty', { server: pd.server }, { routingKey: 'R0UTINGKEY0123456789' });
    const ogId = await connect('opsgenie', { region: 'eu', baseUrl: og.url }, { apiKey: 'genie-key-1' });
    const teamsId = await connect('teams', {}, { webhookUrl: `${teams.url}/workflows/abc?sig=s3cret` });
    const listed = await owner.client.get('/api/v1/organization/integrations');
    for (const secret of ['R0UTINGKEY0123456789', 'genie-key-1', 's3cret']) expect(listed.text).not.toContain(secret);

    pd.failures.push(500);
    const sent = await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: errorEnvelope(),
    });
    expect(sent.status).toBe(200);
    const [issue] = (await owner.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    const dedupKey = `issue-${issue.id}`;
    await waitUntil(() => pd.events().length === 2 && og.calls.length === 1 && teams.calls.length === 1, 20_000);

    const trigger = pd.events()[1].body;
    expect(trigger).toMatchObject({
      routing_key: 'R0UTINGKEY0123456789',
      event_action: 'trigger',
      dedup_key: dedupKey,
      payload: { summary: `New issue in Paged shop: ${issue.title}`, source: 'Paged shop', severity: 'error' },
    });
    expect(og.calls[0]).toMatchObject({
      method: 'POST',
      path: '/v2/alerts',
      body: { alias: dedupKey, message: issue.title, priority: 'P2' },
    });
    const card = teams.calls[0];
    expect([card.path, card.query.get('sig'), card.body.type]).toEqual(['/workflows/abc', 's3cret', 'message']);
    const attachment = card.body.attachments[0];
    expect(attachment.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect([attachment.content.type, attachment.content.version]).toEqual(['AdaptiveCard', '1.4']);
    expect(attachment.content.body.slice(0, 2).map((b: any) => [b.type, b.text])).toEqual([
      ['TextBlock', 'New issue in Paged shop'],
      ['TextBlock', issue.title],
    ]);
    expect(attachment.content.actions[0]).toMatchObject({
      type: 'Action.OpenUrl',
      url: expect.stringContaining(issue.id),
    });

    // The delivery log a person reads: the 500, then the retry that went through; never the routing key.
    await waitUntil(async () => (await db.integrationDelivery.count({ where: { integrationId: pdId } })) === 2, 20_000);
    const log = await owner.client.get(`/api/v1/organization/integrations/${pdId}/deliveries`);
    expect(log.status).toBe(200);
    expect(
      log.body.data.deliveries.map((d: any) => [d.action, d.attempt, d.success, d.responseStatus, d.target]),
    ).toEqual([
      ['alert', 1, true, 202, dedupKey],
      ['alert', 0, false, 500, dedupKey],
    ]);
    expect(log.body.data.deliveries[1].error).toMatch(/^HTTP 500/);
    expect(log.text).not.toContain('R0UTINGKEY0123456789');

    const resolved = await owner.client.request('PATCH', `/api/v1/projects/${project.id}/issues/${issue.id}`, {
      body: { status: 'RESOLVED' },
    });
    expect(resolved.status, resolved.text).toBe(200);
    await waitUntil(() => pd.events().length === 3 && og.calls.length === 2, 20_000);
    expect(pd.events()[2].body).toMatchObject({
      event_action: 'resolve',
      dedup_key: dedupKey,
      routing_key: 'R0UTINGKEY0123456789',
    });
    expect(og.calls[1]).toMatchObject({ method: 'POST', path: `/v2/alerts/${dedupKey}/close` });
    expect(og.calls[1].query.get('identifierType')).toBe('alias');
    expect(teams.calls).toHaveLength(1);
    expect(pd.problems).toEqual([]);
    const teamsLog = await owner.client.get(`/api/v1/organization/integrations/${teamsId}/deliveries`);
    expect(JSON.stringify(teamsLog.body)).not.toContain('s3cret');
    expect(teamsLog.body.data.deliveries[0].request[0].path).toBe('/workflows/abc?sig=(redacted)');
    expect(teamsLog.body.data.deliveries[0].request[0].body.attachments[0].content.version).toBe('1.4');
    expect(ogId).toBeTruthy();
  }, 120_000);
});
