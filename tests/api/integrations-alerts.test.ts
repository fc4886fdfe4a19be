// An alert rule that creates a ticket (#64): a NEW_ISSUE rule naming a GitHub integration creates the new issue's
// ticket through the job queue; the rule's tracker is checked like its other targets.
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../support/accounts';
import { createProject } from '../support/fixtures';
import { fakeGithub } from '../support/fake-trackers/github';
import { put, settledLink, useIntegrationWorkers } from '../support/integrations';
import { errorEnvelope, send } from './ingest-helpers';

useIntegrationWorkers();
const github = await fakeGithub({ token: 'ghp_alerts' });
afterAll(() => github.close());

describe('an alert rule with a tracker', () => {
  it("creates the new issue's ticket, and refuses a tracker on other rule types or from another organization", async () => {
    const owner = await signUp({ name: 'Alert tickets' });
    const project = await createProject(owner.client, 'Alerting');
    const connected = await owner.client.post('/api/v1/organization/integrations', {
      provider: 'github',
      config: { baseUrl: github.url },
      secrets: { token: 'ghp_alerts', webhookSecret: 'w' },
    });
    const integrationId = connected.body.data.id;
    await put(owner.client, `/api/v1/organization/integrations/${integrationId}/projects/${project.id}`, {
      config: { repository: 'acme/alerts' },
    });
    const alerts = `/api/v1/projects/${project.id}/alerts`;
    const rule = await owner.client.post(alerts, {
      name: 'Ticket every new issue',
      type: 'NEW_ISSUE',
      ticketIntegrationId: integrationId,
    });
    expect(rule.status, rule.text).toBe(201);
    expect(rule.body.data.ticketIntegrationId).toBe(integrationId);

    const refused: [object, string][] = [
      [
        { name: 'Rate', type: 'ERROR_RATE', threshold: 5, windowMinutes: 5, ticketIntegrationId: integrationId },
        'Only NEW_ISSUE and REGRESSION rules can create a ticket',
      ],
      [
        { name: 'Foreign', type: 'NEW_ISSUE', ticketIntegrationId: crypto.randomUUID() },
        'Integration not found in this organization',
      ],
    ];
    for (const [body, message] of refused) {
      const res = await owner.client.post(alerts, body);
      expect([res.status, res.body.error]).toEqual([400, [{ path: ['ticketIntegrationId'], message }]]);
    }

    const ingested = await send({
      client: owner.client,
      projectId: project.id,
      key: project.keys[0].publicKey,
      body: errorEnvelope(),
    });
    expect(ingested.status).toBe(200);
    const [issue] = (await owner.client.get(`/api/v1/projects/${project.id}/issues`)).body.data.issues;
    const link = await settledLink(owner.client, { projectId: project.id, issueId: issue.id, integrationId });
    expect(link).toMatchObject({ status: 'linked', key: 'acme/alerts#1' });
    expect(github.issues.map((i) => i.title)).toEqual([issue.title]);
    expect(github.problems).toEqual([]);
  }, 90_000);
});
