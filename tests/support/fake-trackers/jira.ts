// Jira's REST API on loopback: Cloud's v3 (Basic email:API token, descriptions in Atlassian Document Format) and
// Data Center's v2 (a personal access token as Bearer, descriptions in wiki markup). Issues, their transitions
// (To Do → Done and back), as Jira documents them.
import crypto from 'node:crypto';
import { loopback, type Answer, type Received } from './loopback';

export type FakeJiraIssue = { id: string; key: string; summary: string; description: unknown; status: 'new' | 'done' };

const TRANSITIONS = {
  new: [{ id: '31', name: 'Done', to: { name: 'Done', statusCategory: { key: 'done' } } }],
  done: [{ id: '11', name: 'Reopen', to: { name: 'To Do', statusCategory: { key: 'new' } } }],
};

export async function fakeJira(opts: { email?: string; token: string; version: '2' | '3' }) {
  const issues: FakeJiraIssue[] = [];
  const problems: string[] = [];
  let next = 10_000;
  const authorized = (req: Received) =>
    opts.version === '3'
      ? req.headers.authorization === `Basic ${Buffer.from(`${opts.email}:${opts.token}`).toString('base64')}`
      : req.headers.authorization === `Bearer ${opts.token}`;
  const view = (base: string, i: FakeJiraIssue) => ({
    id: i.id,
    key: i.key,
    self: `${base}/rest/api/${opts.version}/issue/${i.id}`,
    fields: {
      summary: i.summary,
      status: { name: i.status === 'done' ? 'Done' : 'To Do', statusCategory: { key: i.status } },
    },
  });
  const server = await loopback((req): Answer => {
    if (!authorized(req)) return { status: 401, body: { errorMessages: ['You are not authenticated'] } };
    const prefix = `/rest/api/${opts.version}/issue`;
    if (!req.path.startsWith(prefix)) return { status: 404, body: { errorMessages: ['Not found'] } };
    const rest = req.path.slice(prefix.length);
    if (req.method === 'POST' && rest === '') {
      const f = req.body?.fields ?? {};
      const adf = f.description?.type === 'doc' && f.description?.version === 1 && Array.isArray(f.description.content);
      if (!f.project?.key || !f.issuetype?.name || !f.summary)
        problems.push('create without project, issue type or summary');
      if (opts.version === '3' ? !adf : typeof f.description !== 'string')
        problems.push(`v${opts.version} description of the wrong format`);
      const issue = {
        id: String(next++),
        key: `${f.project?.key}-${issues.length + 1}`,
        summary: f.summary,
        description: f.description,
        status: 'new' as const,
      };
      issues.push(issue);
      return { status: 201, body: { id: issue.id, key: issue.key, self: `${server.url}${prefix}/${issue.id}` } };
    }
    const m = /^\/([^/]+)(\/transitions)?$/.exec(rest);
    const issue = m && issues.find((i) => i.id === m[1] || i.key === m[1]);
    if (!issue)
      return {
        status: 404,
        body: { errorMessages: ['Issue does not exist or you do not have permission to see it.'] },
      };
    if (!m![2]) return { status: 200, body: view(server.url, issue) };
    if (req.method === 'GET') return { status: 200, body: { transitions: TRANSITIONS[issue.status] } };
    const t = TRANSITIONS[issue.status].find((x) => x.id === req.body?.transition?.id);
    if (!t) return { status: 400, body: { errorMessages: ['Transition id is not valid for this issue.'] } };
    issue.status = t.to.statusCategory.key as 'new' | 'done';
    return { status: 204 };
  });
  return { ...server, issues, problems };
}

/** Jira's `jira:issue_updated` webhook with a status change, signed as Jira Cloud signs admin webhooks with a secret. */
export function jiraIssueWebhook(a: {
  secret: string;
  issue: FakeJiraIssue;
  status: 'new' | 'done';
  delivery?: string;
  signed?: boolean;
}) {
  const body = JSON.stringify({
    timestamp: Date.now(),
    webhookEvent: 'jira:issue_updated',
    issue_event_type_name: 'issue_generic',
    issue: {
      id: a.issue.id,
      key: a.issue.key,
      fields: {
        summary: a.issue.summary,
        status: { name: a.status === 'done' ? 'Done' : 'To Do', statusCategory: { key: a.status } },
      },
    },
    changelog: { id: '555', items: [{ field: 'status', fieldtype: 'jira', fromString: 'To Do', toString: 'Done' }] },
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-atlassian-webhook-identifier': a.delivery ?? crypto.randomUUID(),
      ...(a.signed === false
        ? {}
        : { 'x-hub-signature': `sha256=${crypto.createHmac('sha256', a.secret).update(body).digest('hex')}` }),
    },
  };
}
