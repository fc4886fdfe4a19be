// Helpers of the integration tests (#64): the key, the workers, an issue with in-app frames, and waiting for a
// ticket link to settle.
import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { pool } from '@/lib/pg';
import { stopJobs } from '@/lib/jobs/boss';
import { startJob } from '@/lib/boot/jobs';
import { QUEUES } from '@/lib/jobs/queues';
import type { TestClient } from './client';
import { createProject } from './fixtures';
import { waitUntil } from './wait';
import { errorEnvelope, send } from '../api/ingest-helpers';

export const TEST_KEY = crypto.randomBytes(32).toString('base64');
process.env.INTEGRATIONS_ENCRYPTION_KEY ??= TEST_KEY;

/** The integration and workflow workers for the whole file, with short retry delays and fast polling. */
export function useIntegrationWorkers() {
  beforeAll(async () => {
    process.env.INTEGRATION_RETRY_DELAYS_MS = '50,100';
    process.env.JOBS_POLL_INTERVAL_SECONDS = '0.5';
    await startJob(QUEUES.integrationDelivery);
    await startJob(QUEUES.workflow);
  });
  afterAll(() => stopJobs());
}

/** A project with one issue whose event has in-app frames; returns both. */
export async function projectWithIssue(client: TestClient, name = 'Shop') {
  const project = await createProject(client, name);
  const body = errorEnvelope({
    release: 'shop@1.2.0',
    exception: {
      type: 'TypeError',
      value: 'cart is undefined',
      stacktrace: {
        frames: [
          { filename: 'webpack:///./src/cart/total.js', lineno: 42, function: 'total', in_app: true },
          { filename: 'webpack:///./src/pages/checkout.js', lineno: 7, function: 'submit', in_app: true },
          { filename: 'webpack:///./node_modules/react-dom/index.js', lineno: 900, function: 'invoke', in_app: false },
        ],
      },
    },
  });
  const res = await send({ client, projectId: project.id, key: project.keys[0].publicKey, body });
  if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${res.text}`);
  const issues = await client.get(`/api/v1/projects/${project.id}/issues`);
  return { project, issue: issues.body.data.issues[0] as { id: string; title: string; status: string } };
}

/** Waits until the issue's link to the integration is no longer pending, and returns it. */
export async function settledLink(
  client: TestClient,
  a: { projectId: string; issueId: string; integrationId: string },
) {
  let link: any;
  await waitUntil(async () => {
    const res = await client.get(`/api/v1/projects/${a.projectId}/issues/${a.issueId}/external-issues`);
    link = res.body.data.find((l: any) => l.integrationId === a.integrationId);
    return link && link.status !== 'pending';
  }, 20_000);
  return link;
}

/** Waits until no integration job of the issue is waiting, running or due for a retry. */
export async function integrationJobsSettled(issueId: string) {
  await waitUntil(async () => {
    const { rows } = await pool().query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM pgboss.job
       WHERE name IN ('integration-delivery', 'workflow') AND data->>'issueId' = $1 AND state IN ('created', 'retry', 'active')`,
      [issueId],
    );
    return rows[0].pending === 0;
  }, 20_000);
}

/** POSTs a webhook as the provider would: the raw body and its headers, no session. */
export function postWebhook(
  client: TestClient,
  a: { integrationId: string; token?: string; body: string; headers: Record<string, string> },
) {
  const path = `/api/webhooks/integrations/${encodeURIComponent(a.integrationId)}${a.token ? `/${encodeURIComponent(a.token)}` : ''}`;
  return client.post(path, a.body, { headers: a.headers });
}

export const put = (client: TestClient, path: string, body: unknown) => client.request('PUT', path, { body });
