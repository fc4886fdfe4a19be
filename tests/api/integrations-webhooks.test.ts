// The providers' signed webhooks (#64), table-driven: each refusal's exact status and body, and nothing changed by
// any of them (the issue stays unresolved, the link's state open); then the one that is right resolves the issue.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { TestClient } from '../support/client';
import { signUp } from '../support/accounts';
import { postWebhook, projectWithIssue } from '../support/integrations';

const SECRET = 'whsec-0123456789abcdef';
const hmac = (body: string, secret = SECRET) => crypto.createHmac('sha256', secret).update(body).digest('hex');
const hook = new TestClient();

type Setup = { integrationId: string; projectId: string; issueId: string; linkId: string };
const setups: Record<string, Setup> = {};

const PROVIDERS = {
  github: { config: {}, secrets: { token: 't', webhookSecret: SECRET } },
  gitlab: { config: {}, secrets: { token: 't', webhookSecret: SECRET } },
  jira: {
    config: { baseUrl: 'https://jira.example.com', deployment: 'datacenter' },
    secrets: { apiToken: 't', webhookSecret: SECRET },
  },
  linear: { config: {}, secrets: { apiKey: 't', webhookSecret: SECRET } },
} as const;

beforeAll(async () => {
  for (const [provider, p] of Object.entries(PROVIDERS)) {
    const owner = await signUp({ name: `${provider} hooks` });
    const { project, issue } = await projectWithIssue(owner.client);
    const res = await owner.client.post('/api/v1/organization/integrations', { provider, ...p });
    expect(res.status, res.text).toBe(201);
    // A linked ticket whose provider id is 1001 (set directly: these tests are about the webhook only).
    const link = await db.externalIssue.create({
      data: {
        integrationId: res.body.data.id,
        issueId: issue.id,
        status: 'linked',
        externalId: '1001',
        key: 'T-1',
        state: 'open',
      },
    });
    setups[provider] = { integrationId: res.body.data.id, projectId: project.id, issueId: issue.id, linkId: link.id };
  }
});

const github = (o: {
  action?: string;
  id?: number;
  event?: string;
  delivery?: string;
  sign?: (b: string) => string | null;
}) => {
  const body = JSON.stringify({
    action: o.action ?? 'closed',
    issue: { id: o.id ?? 1001, number: 1 },
    repository: { full_name: 'a/b' },
  });
  const sig = o.sign ? o.sign(body) : `sha256=${hmac(body)}`;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-github-event': o.event ?? 'issues',
      'x-github-delivery': o.delivery ?? crypto.randomUUID(),
      ...(sig === null ? {} : { 'x-hub-signature-256': sig }),
    },
  };
};
const gitlab = (o: { token?: string | null; id?: number; action?: string; kind?: string }) => ({
  body: JSON.stringify({
    object_kind: o.kind ?? 'issue',
    object_attributes: { id: o.id ?? 1001, iid: 1, action: o.action ?? 'close' },
  }),
  headers: {
    'content-type': 'application/json',
    'x-gitlab-event-uuid': crypto.randomUUID(),
    ...(o.token === null ? {} : { 'x-gitlab-token': o.token ?? SECRET }),
  },
});
const jira = (o: { id?: string; sign?: (b: string) => string | null; status?: boolean }) => {
  const body = JSON.stringify({
    webhookEvent: 'jira:issue_updated',
    issue: { id: o.id ?? '1001', key: 'T-1', fields: { status: { statusCategory: { key: 'done' } } } },
    changelog: { items: o.status === false ? [{ field: 'summary' }] : [{ field: 'status' }] },
  });
  const sig = o.sign ? o.sign(body) : `sha256=${hmac(body)}`;
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-atlassian-webhook-identifier': crypto.randomUUID(),
      ...(sig === null ? {} : { 'x-hub-signature': sig }),
    },
  };
};
const linear = (o: {
  id?: string;
  at?: number;
  sign?: (b: string) => string | null;
  delivery?: string;
  type?: string;
}) => {
  const body = JSON.stringify({
    action: 'update',
    type: o.type ?? 'Issue',
    data: { id: o.id ?? '1001', state: { type: 'completed' } },
    updatedFrom: { stateId: 'before' },
    webhookTimestamp: o.at ?? Date.now(),
  });
  const sig = o.sign ? o.sign(body) : hmac(body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'linear-delivery': o.delivery ?? crypto.randomUUID(),
      ...(sig === null ? {} : { 'linear-signature': sig }),
    },
  };
};

type Row = [
  provider: keyof typeof PROVIDERS,
  label: string,
  req: () => { body: string; headers: Record<string, string>; token?: string },
  status: number,
  message: string,
];
const ROWS: Row[] = [
  ['github', 'no signature', () => github({ sign: () => null }), 401, 'Missing signature'],
  ['github', 'a wrong signature', () => github({ sign: () => `sha256=${'0'.repeat(64)}` }), 401, 'Invalid signature'],
  [
    'github',
    'signed with another secret',
    () => github({ sign: (b) => `sha256=${hmac(b, 'other')}` }),
    401,
    'Invalid signature',
  ],
  [
    'github',
    'a body that is not JSON',
    () => ({
      body: 'not json',
      headers: { 'x-github-event': 'issues', 'x-hub-signature-256': `sha256=${hmac('not json')}` },
    }),
    400,
    'Malformed webhook body',
  ],
  ['github', 'an unknown ticket', () => github({ id: 999 }), 404, 'No issue is linked to this ticket'],
  ['github', 'a ping', () => github({ event: 'ping' }), 200, 'Ignored: ping event'],
  ['github', 'a label change', () => github({ action: 'labeled' }), 200, 'Ignored: issues.labeled'],
  ['gitlab', 'no token', () => gitlab({ token: null }), 401, 'Missing X-Gitlab-Token'],
  ['gitlab', 'a wrong token', () => gitlab({ token: 'guess' }), 401, 'Invalid X-Gitlab-Token'],
  ['gitlab', 'an unknown ticket', () => gitlab({ id: 999 }), 404, 'No issue is linked to this ticket'],
  ['gitlab', 'a push event', () => gitlab({ kind: 'push' }), 200, 'Ignored: push event'],
  ['jira', 'no signature', () => jira({ sign: () => null }), 401, 'Missing signature'],
  ['jira', 'a wrong signature', () => jira({ sign: (b) => `sha256=${hmac(b, 'other')}` }), 401, 'Invalid signature'],
  [
    'jira',
    'a wrong secret in the URL',
    () => ({ ...jira({ sign: () => null }), token: 'guess' }),
    401,
    'Invalid secret',
  ],
  ['jira', 'an unknown ticket', () => jira({ id: '999' }), 404, 'No issue is linked to this ticket'],
  ['jira', 'no status change', () => jira({ status: false }), 200, 'Ignored: no status change'],
  ['linear', 'no signature', () => linear({ sign: () => null }), 401, 'Missing Linear-Signature'],
  ['linear', 'a wrong signature', () => linear({ sign: (b) => hmac(b, 'other') }), 401, 'Invalid Linear-Signature'],
  [
    'linear',
    'a timestamp 2 minutes old',
    () => linear({ at: Date.now() - 120_000 }),
    400,
    'Webhook timestamp outside the replay window',
  ],
  [
    'linear',
    'a timestamp 2 minutes ahead',
    () => linear({ at: Date.now() + 120_000 }),
    400,
    'Webhook timestamp outside the replay window',
  ],
  ['linear', 'an unknown ticket', () => linear({ id: 'nope' }), 404, 'No issue is linked to this ticket'],
  ['linear', 'a comment', () => linear({ type: 'Comment' }), 200, 'Ignored: Comment update'],
];

async function unchanged(provider: keyof typeof PROVIDERS) {
  const s = setups[provider];
  const issue = await db.issue.findUniqueOrThrow({ where: { id: s.issueId }, select: { status: true } });
  const link = await db.externalIssue.findUniqueOrThrow({ where: { id: s.linkId }, select: { state: true } });
  return [issue.status, link.state];
}

describe('inbound webhooks', () => {
  it.each(ROWS)('%s: %s', async (provider, _label, req, status, message) => {
    const r = req();
    const res = await postWebhook(hook, { integrationId: setups[provider].integrationId, ...r });
    expect([res.status, res.body]).toEqual([
      status,
      { statusCode: status, status: status < 400 ? 'success' : 'failed', message },
    ]);
    expect(await unchanged(provider)).toEqual(['UNRESOLVED', 'open']);
  });

  it('refuses an unknown integration, a body over 1 MiB and a replayed delivery, changing nothing', async () => {
    const unknown = await postWebhook(hook, { integrationId: crypto.randomUUID(), ...github({}) });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Integration not found']);
    const big = JSON.stringify({ action: 'closed', issue: { id: 1001 }, pad: 'x'.repeat(1024 * 1024) });
    const tooLarge = await postWebhook(hook, {
      integrationId: setups.github.integrationId,
      body: big,
      headers: { 'x-github-event': 'issues', 'x-hub-signature-256': `sha256=${hmac(big)}` },
    });
    expect([tooLarge.status, tooLarge.body.message]).toEqual([413, 'Request body too large']);
    expect(await unchanged('github')).toEqual(['UNRESOLVED', 'open']);

    // A delivery applied once (a label change, ignored) and sent again: refused as a replay.
    const delivery = crypto.randomUUID();
    const first = await postWebhook(hook, {
      integrationId: setups.github.integrationId,
      ...github({ action: 'labeled', delivery }),
    });
    expect(first.status).toBe(200);
    const again = await postWebhook(hook, { integrationId: setups.github.integrationId, ...github({ delivery }) });
    expect([again.status, again.body.message]).toEqual([400, 'Delivery already received']);
    expect(await unchanged('github')).toEqual(['UNRESOLVED', 'open']);
  });

  it.each(Object.keys(PROVIDERS) as (keyof typeof PROVIDERS)[])(
    '%s: the right webhook resolves the issue, once',
    async (provider) => {
      const build = {
        github: () => github({}),
        gitlab: () => gitlab({}),
        jira: () => jira({}),
        linear: () => linear({}),
      }[provider];
      const r = build();
      const res = await postWebhook(hook, { integrationId: setups[provider].integrationId, ...r });
      expect([res.status, res.body.message]).toEqual([200, 'Issue resolved']);
      expect(await unchanged(provider)).toEqual(['RESOLVED', 'closed']);
      // The very same request again: its delivery id was seen (Linear's timestamp is still fresh).
      const replay = await postWebhook(hook, { integrationId: setups[provider].integrationId, ...r });
      expect([replay.status, replay.body.message]).toEqual([400, 'Delivery already received']);
    },
  );
});
