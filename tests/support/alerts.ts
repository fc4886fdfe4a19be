// A project that alert rules watch, for the tests of alert delivery (#6) and regressions (#20).
import { setTimeout as sleep } from 'node:timers/promises';
import { signUp } from './accounts';
import { createProject } from './fixtures';
import { errorEnvelope, send } from '../api/ingest-helpers';

/** A new account's project, with its key, how to send it events and add alert rules, and a rule's delivery log. */
export async function alertProject(name = 'Checkout') {
  const account = await signUp();
  const project = await createProject(account.client, name);
  const key = project.keys[0].publicKey;
  /** One error event through the real ingest route; `group` picks the issue (fingerprint), optionally of a release. */
  const ingest = async (group = 'a', release?: string) => {
    const res = await send({
      client: account.client,
      projectId: project.id,
      key,
      body: errorEnvelope({ fingerprint: [group], ...(release ? { release } : {}) }),
    });
    if (res.status !== 200) throw new Error(`ingest failed: ${res.status} ${res.text}`);
  };
  const rule = async (body: Record<string, unknown>) => {
    const res = await account.client.post(`/api/v1/projects/${project.id}/alerts`, body);
    if (res.status !== 201) throw new Error(`create alert failed: ${res.status} ${res.text}`);
    return res.body.data as { id: string; webhookSecret: string };
  };
  const logs = async (ruleId: string) =>
    (await account.client.get(`/api/v1/projects/${project.id}/alerts/${ruleId}/logs`)).body.data as any[];
  return { ...account, project, key, ingest, rule, logs };
}

/** Long enough for any further (wrongly enqueued) delivery to have arrived: several polls and all retries. */
export const settle = () => sleep(1_500);
